/**
 * The client side of the daemon: a command asks the running daemon of its workspace first
 * and works in-process when there is none. Loaded by every routed command, so it uses only
 * Node built-ins and the wire format (no engine, no SQLite, no models).
 *
 * `viaDaemon` resolves undefined — "do it yourself" — when routing is off (`--no-daemon`,
 * AGENT_DAEMON=off), when no daemon listens, when it cannot answer this call (an older
 * daemon, a config changed since it started, a daemon stopping) and when it dies or stalls
 * mid-request. The daemon runs the same engine method the command would, so the answer is
 * the same object either way; an error the engine raised comes back as the same error.
 */
import { existsSync } from "node:fs";
import net from "node:net";
import type { Command } from "commander";
import { FALLBACK_CODES, LineSplitter, socketPath, type RpcErrorBody, type RpcMethod, type RpcResponse } from "../daemon/protocol.js";
import { resolveWorkspace } from "../workspace/paths.js";

export interface DaemonRouting {
  workspace?: string;
  /** false with --no-daemon. */
  daemon?: boolean;
}

/** Adds --no-daemon to a command that a running daemon can answer. */
export function withDaemonOption(cmd: Command): Command {
  return cmd.option("--no-daemon", "work in this process even when `agent daemon` runs for the workspace");
}

/** An error the daemon's engine raised: reported exactly as the same error in-process would be. */
export class DaemonAnswerError extends Error {
  readonly errorInfo: RpcErrorBody;
  constructor(info: RpcErrorBody) {
    super(info.message);
    this.name = "DaemonAnswerError";
    this.errorInfo = info;
  }
}

export interface ViaDaemonOptions {
  /** Give up and work in-process after this long (default 60 s; 0 = wait as long as it takes). */
  timeoutMs?: number;
  /** Aborting closes the connection, which cancels the call in the daemon. */
  signal?: AbortSignal;
  /** Told why the daemon did not answer when it was reached but failed (default: a warning on stderr). */
  onFallback?: (why: string) => void;
}

/**
 * AGENT_DAEMON: "off" never asks a daemon (as --no-daemon); "require" makes a command fail
 * rather than work in-process when no daemon answers (scripts that must hit the warm engine,
 * benchmarks); anything else (default) asks the daemon when one runs.
 */
function daemonMode(): "off" | "require" | "auto" {
  const v = process.env.AGENT_DAEMON?.trim().toLowerCase();
  return v === "off" || v === "require" ? v : "auto";
}

/** Whether routing is on for these options (no --no-daemon, no AGENT_DAEMON=off). */
export function routingEnabled(opts: DaemonRouting): boolean {
  return opts.daemon !== false && daemonMode() !== "off";
}

/** The workspace of a command's options, as withEngine resolves it. */
export function workspaceOf(opts: DaemonRouting): string {
  const o: { flag?: string; env?: string } = {};
  if (opts.workspace !== undefined) o.flag = opts.workspace;
  if (process.env.AGENT_WORKSPACE !== undefined) o.env = process.env.AGENT_WORKSPACE;
  return resolveWorkspace(o);
}

/** Whether a daemon may answer for these options: routing is on and the workspace's socket is there. */
export function daemonSocketThere(opts: DaemonRouting): boolean {
  return routingEnabled(opts) && existsSync(socketPath(workspaceOf(opts)));
}

/**
 * Calls `method` on the workspace's daemon. Undefined: no daemon answered, do it in-process.
 * Throws the engine's error when the daemon's engine refused the call.
 */
export async function viaDaemon<T>(opts: DaemonRouting, method: RpcMethod, params: unknown, o: ViaDaemonOptions = {}): Promise<T | undefined> {
  if (!routingEnabled(opts)) return undefined;
  const answer = await ask<T>(opts, method, params, o);
  if (answer === undefined && daemonMode() === "require") throw new Error(`no agent daemon answered ${method} for this workspace (AGENT_DAEMON=require); start one with \`agent daemon\``);
  return answer;
}

async function ask<T>(opts: DaemonRouting, method: RpcMethod, params: unknown, o: ViaDaemonOptions): Promise<T | undefined> {
  const sock = socketPath(workspaceOf(opts));
  if (!existsSync(sock)) return undefined;
  const conn = await connectDaemon(sock);
  if (conn === undefined) return undefined;
  const fallback = o.onFallback ?? ((why: string) => process.stderr.write(`agent: ${why}; working in-process\n`));
  return new Promise<T | undefined>((resolve, reject) => {
    const lines = new LineSplitter();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      conn.destroy();
      fn();
    };
    const timeoutMs = o.timeoutMs ?? 60_000;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => finish(() => (fallback(`the daemon did not answer ${method} within ${Math.round(timeoutMs / 1000)} s`), resolve(undefined))), timeoutMs)
        : undefined;
    const onAbort = () => finish(() => reject(o.signal?.reason instanceof Error ? o.signal.reason : new Error("cancelled")));
    o.signal?.addEventListener("abort", onAbort, { once: true });
    conn.on("data", (chunk: Buffer) => {
      let got: string[];
      try {
        got = lines.push(chunk);
      } catch {
        return finish(() => (fallback("the daemon sent an unreadable answer"), resolve(undefined)));
      }
      for (const line of got) {
        let msg: RpcResponse;
        try {
          msg = JSON.parse(line) as RpcResponse;
        } catch {
          return finish(() => (fallback("the daemon sent an unreadable answer"), resolve(undefined)));
        }
        if (msg.id !== 1) continue;
        if ("result" in msg) return finish(() => resolve(msg.result as T));
        const err = msg.error;
        // A config the daemon cannot apply is said on every command, never worked around silently.
        if (err.code === "config-changed") return finish(() => (fallback(err.message), resolve(undefined)));
        if (FALLBACK_CODES.has(err.code)) return finish(() => resolve(undefined));
        return finish(() => reject(new DaemonAnswerError(err)));
      }
    });
    // The daemon went away before answering (killed, crashed, stopped): the caller redoes it.
    conn.on("close", () => finish(() => (fallback(`the daemon stopped before answering ${method}`), resolve(undefined))));
    conn.on("error", () => undefined);
    conn.write(JSON.stringify({ id: 1, method, params: params ?? {} }) + "\n");
  });
}

/** A connection to the daemon's socket, or undefined when nothing listens there (a stale socket file). */
export function connectDaemon(sock: string, timeoutMs = 1_000): Promise<net.Socket | undefined> {
  return new Promise((resolve) => {
    const conn = net.createConnection(sock);
    const timer = setTimeout(() => {
      conn.destroy();
      resolve(undefined);
    }, timeoutMs);
    conn.once("connect", () => {
      clearTimeout(timer);
      conn.removeAllListeners("error");
      resolve(conn);
    });
    conn.once("error", () => {
      clearTimeout(timer);
      conn.destroy();
      resolve(undefined);
    });
  });
}

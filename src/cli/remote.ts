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
import type { Command } from "commander";
import { askDaemon, connectDaemon, DaemonAnswerError, daemonSocketExists, type AskDaemonOptions } from "../daemon/client.js";
import type { RpcMethod } from "../daemon/protocol.js";
import { resolveWorkspace } from "../workspace/paths.js";

export { connectDaemon, DaemonAnswerError };

export interface DaemonRouting {
  workspace?: string;
  /** false with --no-daemon. */
  daemon?: boolean;
}

/** Adds --no-daemon to a command that a running daemon can answer. */
export function withDaemonOption(cmd: Command): Command {
  return cmd.option("--no-daemon", "work in this process even when `agent daemon` runs for the workspace");
}

export type ViaDaemonOptions = AskDaemonOptions;

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
  return routingEnabled(opts) && daemonSocketExists(workspaceOf(opts));
}

/**
 * Calls `method` on the workspace's daemon. Undefined: no daemon answered, do it in-process.
 * Throws the engine's error when the daemon's engine refused the call.
 */
export async function viaDaemon<T>(opts: DaemonRouting, method: RpcMethod, params: unknown, o: ViaDaemonOptions = {}): Promise<T | undefined> {
  if (!routingEnabled(opts)) return undefined;
  const answer = await askDaemon<T>(workspaceOf(opts), method, params, o);
  if (answer === undefined && daemonMode() === "require") throw new Error(`no agent daemon answered ${method} for this workspace (AGENT_DAEMON=require); start one with \`agent daemon\``);
  return answer;
}

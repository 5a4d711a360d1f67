/**
 * The client side of the daemon's socket, for whatever runs beside a daemon: the CLI
 * (../cli/remote.ts adds the command's routing rules on top), and OpenClaw's plugin inside
 * OpenClaw's process. Node built-ins and the wire format only: loading it costs nothing.
 *
 * `askDaemon` resolves undefined — "do it yourself" — when no daemon listens, when it cannot
 * answer this call (an older daemon, a config changed since it started, a daemon stopping)
 * and when it dies or stalls mid-request. An error the daemon's engine raised is thrown as a
 * DaemonAnswerError carrying the engine's code and sentence.
 */
import { existsSync } from "node:fs";
import type { Socket } from "node:net";
import { nodeNet } from "../shared/lazy-builtins.js";
import type { DaemonLink } from "./link.js";
import { connectRawPipe } from "./raw-pipe.js";
import { FALLBACK_CODES, LineSplitter, socketPath, type RpcErrorBody, type RpcMethod, type RpcResponse } from "./protocol.js";

/** An error the daemon's engine raised: reported exactly as the same error in-process would be. */
export class DaemonAnswerError extends Error {
  readonly errorInfo: RpcErrorBody;
  constructor(info: RpcErrorBody) {
    super(info.message);
    this.name = "DaemonAnswerError";
    this.errorInfo = info;
  }
}

export interface AskDaemonOptions {
  /** Give up (undefined) after this long (default 60 s; 0 = wait as long as it takes). */
  timeoutMs?: number;
  /** Aborting closes the connection, which cancels the call in the daemon. */
  signal?: AbortSignal;
  /** Told why the daemon did not answer when it was reached but failed (default: a warning on stderr). */
  onFallback?: (why: string) => void;
  /**
   * The caller's process ends once it has printed the answer (the thin `agent search`): the
   * connection that brought the answer is then left to the process's exit, unref'd, instead of
   * closed. Closing a socket makes `process.stderr` on the way (Node's net compares the socket
   * with it), which for a terminal loads the tty module: a cost at every search for a stream
   * nothing writes to. Any other outcome closes the connection as always.
   */
  exiting?: boolean;
  /**
   * Connect without `node:net` when this Node allows it (raw-pipe.ts): for a process that asks
   * one question and exits, where loading net's streams is most of its own cost. `net` when not.
   */
  rawPipe?: boolean;
}

/**
 * Whether the daemon of `workspace` may be listening (its socket file is there): one stat, no
 * connection. A question that never throws: a path that is no workspace (a file, a copy
 * without its own id) has no daemon; whoever opens the engine there says what is wrong.
 */
export function daemonSocketExists(workspace: string): boolean {
  try {
    return existsSync(socketPath(workspace));
  } catch {
    return false;
  }
}

/**
 * Calls `method` on the daemon of `workspace`. Undefined: no daemon answered, do it yourself.
 * Throws the engine's error when the daemon's engine refused the call.
 */
export async function askDaemon<T>(workspace: string, method: RpcMethod, params: unknown, o: AskDaemonOptions = {}): Promise<T | undefined> {
  if (!daemonSocketExists(workspace)) return undefined;
  const sock = socketPath(workspace);
  // Date.now(), not performance.now(): the hot paths (hooks, thin search) spare loading perf_hooks.
  const started = Date.now();
  const timeoutMs = o.timeoutMs ?? 60_000;
  const conn = await openLink(sock, timeoutMs > 0 ? Math.min(1_000, timeoutMs) : 1_000, o.rawPipe === true);
  if (conn === undefined) return undefined;
  const fallback = o.onFallback ?? ((why: string) => process.stderr.write(`agent: ${why}; working in-process\n`));
  return new Promise<T | undefined>((resolve, reject) => {
    const lines = new LineSplitter();
    let settled = false;
    const finish = (fn: () => void, answered = false) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      if (answered && o.exiting === true) conn.leave();
      else conn.close();
      fn();
    };
    // The connection's own time counts: the caller's budget is the whole call's.
    const left = Math.max(1, timeoutMs - (Date.now() - started));
    const late = () => finish(() => (fallback(`the daemon did not answer ${method} within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`), resolve(undefined)));
    // A process whose event loop was blocked (OpenClaw's, building its prompt) runs its due
    // timers before it reads the socket: the answer that came in time is read first (the
    // loop's I/O comes before setImmediate's turn), and only then is the call late.
    const timer = timeoutMs > 0 ? setTimeout(() => setImmediate(late), left) : undefined;
    const onAbort = () => finish(() => reject(o.signal?.reason instanceof Error ? o.signal.reason : new Error("cancelled")));
    o.signal?.addEventListener("abort", onAbort, { once: true });
    conn.onData((chunk: Buffer) => {
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
        if ("result" in msg) return finish(() => resolve(msg.result as T), true);
        const err = msg.error;
        // A config the daemon cannot apply is said on every call, never worked around silently.
        if (err.code === "config-changed") return finish(() => (fallback(err.message), resolve(undefined)));
        if (FALLBACK_CODES.has(err.code)) return finish(() => resolve(undefined));
        return finish(() => reject(new DaemonAnswerError(err)));
      }
    });
    // The daemon went away before answering (killed, crashed, stopped): the caller redoes it.
    conn.onClose(() => finish(() => (fallback(`the daemon stopped before answering ${method}`), resolve(undefined))));
    conn.write(JSON.stringify({ id: 1, method, params: params ?? {} }) + "\n");
  });
}

/** A link to the daemon's socket (raw when asked and possible, else by net), or undefined when nothing listens there. */
async function openLink(sock: string, timeoutMs: number, raw: boolean): Promise<DaemonLink | undefined> {
  const link = raw ? await connectRawPipe(sock, timeoutMs) : undefined;
  if (link !== undefined) return link;
  const conn = await connectDaemon(sock, timeoutMs);
  return conn === undefined ? undefined : socketLink(conn);
}

function socketLink(conn: Socket): DaemonLink {
  conn.on("error", () => undefined);
  return {
    write: (text) => void conn.write(text),
    onData: (fn) => void conn.on("data", fn),
    onClose: (fn) => void conn.on("close", fn),
    close: () => void conn.destroy(),
    leave: () => void conn.unref(),
  };
}

/** A connection to the daemon's socket, or undefined when nothing listens there (a stale socket file). */
export function connectDaemon(sock: string, timeoutMs = 1_000): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const conn = nodeNet().createConnection(sock);
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

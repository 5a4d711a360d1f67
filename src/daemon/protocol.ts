/**
 * The daemon's wire format, shared by the daemon and its clients (the CLI, `agent mcp`). Kept
 * to Node built-ins: the CLI loads it on every routed command, so it must cost nothing.
 *
 * One JSON object per line over a Unix socket in .agent/:
 *   request  {"id": 1, "method": "search", "params": {...}}
 *   answer   {"id": 1, "result": ...}  or  {"id": 1, "error": {"code": "...", "message": "..."}}
 * A connection that sends method "mcp" becomes an MCP connection: after the answer, every line
 * in either direction is an MCP JSON-RPC message for an MCP server the daemon runs for it.
 */
import { nodeCrypto } from "../shared/lazy-builtins.js";
import { mkdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { agentDir } from "../workspace/paths.js";

/** The methods a client may call besides "mcp"; each is one engine method. */
export const RPC_METHODS = ["hello", "search", "context", "boot", "ask", "status", "doctor", "readFile", "appendNote", "uiLogin", "inject", "sessionStart", "capture"] as const;
export type RpcMethod = (typeof RPC_METHODS)[number] | "mcp";

export interface RpcRequest {
  id: number;
  method: string;
  params?: unknown;
}

export interface RpcErrorBody {
  /** The engine's error code ("usage", "refused"...) or the daemon's own ("unknown-method", "config-changed", "stopping", "bad-request"). */
  code: string;
  message: string;
}

export type RpcResponse = { id: number; result: unknown } | { id: number; error: RpcErrorBody };

/** Codes that mean "this daemon cannot answer this": the client works in-process instead. */
export const FALLBACK_CODES: ReadonlySet<string> = new Set(["unknown-method", "config-changed", "stopping"]);

/** What `hello` answers: enough for a client to know it reached the right daemon. */
export interface HelloResult {
  protocol: number;
  pid: number;
  workspace: string;
  /** The privacy scope MCP clients get when they do not name one (daemon.session / --session). */
  session: string;
  /** The daemon's HTTP origin (`http://127.0.0.1:7357`) when it serves HTTP (MCP, the web page, the assistants' HTTP hooks). */
  http?: string;
}

/** 2: every method's params are a request of the contract (src/contract/requests.ts), flat (`{query, limit, from}`). */
export const PROTOCOL_VERSION = 2;

/** A line longer than this is refused: no request or answer of ours comes near it. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** sun_path holds 108 bytes on Linux (104 on macOS), the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

/**
 * Where the daemon of `workspace` listens: `.agent/daemon.sock`, or, when that path is too long
 * for a Unix socket, a socket named after a hash of the workspace in a private folder of this
 * user under the system's temp folder. Daemon and clients compute the same path.
 */
export function socketPath(workspace: string, opts: { create?: boolean } = {}): string {
  const inWorkspace = path.join(agentDir(workspace), "daemon.sock");
  if (Buffer.byteLength(inWorkspace) <= MAX_SOCKET_PATH) return inWorkspace;
  const id = nodeCrypto().createHash("sha256").update(path.resolve(workspace)).digest("hex").slice(0, 24);
  return path.join(opts.create ? privateRuntimeDir() : runtimeDirPath(), `${id}.sock`);
}

function runtimeDirPath(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const base = process.env.XDG_RUNTIME_DIR && process.env.XDG_RUNTIME_DIR.length < 60 ? process.env.XDG_RUNTIME_DIR : os.tmpdir();
  return path.join(base, `agent-memory-${uid}`);
}

/** A folder only this user can enter (mode 0700), for sockets whose workspace path is too long. */
export function privateRuntimeDir(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const dir = runtimeDirPath();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  if (st.uid !== uid || (st.mode & 0o077) !== 0) {
    throw new Error(`${dir} must belong to this user and be private (mode 0700); remove it and start the daemon again`);
  }
  return dir;
}

/** The bearer token of the daemon's MCP HTTP transport (created on first start, mode 0600). */
export function httpTokenPath(workspace: string): string {
  return path.join(agentDir(workspace), "mcp-http.token");
}

/** A line dropped for being over the limit: its first bytes (to name its id) and its length. */
export interface OversizeLine {
  head: string;
  bytes: number;
}

const OVERSIZE_HEAD_BYTES = 64 * 1024;

/**
 * Splits a byte stream into lines (without the newline). A line over `max` bytes is never
 * buffered whole: without `onOversize` it is an error (the caller drops the connection);
 * with it, the line is skipped up to its newline and reported, so the stream carries on
 * with the next line (an MCP client gets an error for that one message, not a dead session).
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  /** Set while skipping an oversize line: its head and the bytes seen so far. */
  private skipping: { head: Buffer; bytes: number } | null = null;

  constructor(
    private readonly max = MAX_LINE_BYTES,
    private readonly onOversize?: (line: OversizeLine) => void,
  ) {}

  push(chunk: Buffer): string[] {
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.skipping) {
        const { head, bytes } = this.skipping;
        this.skipping = null;
        this.onOversize?.({ head: head.toString("utf8"), bytes: bytes + piece.length });
        continue;
      }
      if (this.size + piece.length > this.max && this.onOversize) {
        const head = Buffer.concat([...this.parts, piece]).subarray(0, OVERSIZE_HEAD_BYTES);
        const bytes = this.size + piece.length;
        this.parts = [];
        this.size = 0;
        this.onOversize({ head: head.toString("utf8"), bytes });
        continue;
      }
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.size = 0;
      out.push(line.toString("utf8").replace(/\r$/, ""));
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.skipping) {
        this.skipping.bytes += rest.length;
        return out;
      }
      this.size += rest.length;
      if (this.size > this.max) {
        if (!this.onOversize) throw new Error(`a line longer than ${this.max} bytes`);
        this.skipping = { head: Buffer.concat([...this.parts, rest]).subarray(0, OVERSIZE_HEAD_BYTES), bytes: this.size };
        this.parts = [];
        this.size = 0;
        return out;
      }
      // Copy: the caller's buffer may be reused.
      this.parts.push(Buffer.from(rest));
    }
    return out;
  }
}

/**
 * The id of a JSON-RPC message known only by its first bytes, when it shows before the
 * params (as every client writes it): lets the refusal of an oversize request answer it.
 */
export function idOfHead(head: string): string | number | null {
  const params = head.indexOf('"params"');
  const before = params === -1 ? head : head.slice(0, params);
  const m = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(before);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string | number;
  } catch {
    return null;
  }
}

/** The JSON-RPC error (Invalid Request) answering a message skipped for its size. */
export function oversizeError(line: OversizeLine, max: number): { jsonrpc: "2.0"; id: string | number | null; error: { code: number; message: string } } {
  const message = `message of ${line.bytes} bytes is over the ${max}-byte limit; it was not read and nothing was done (send less at a time)`;
  return { jsonrpc: "2.0", id: idOfHead(line.head), error: { code: -32600, message } };
}

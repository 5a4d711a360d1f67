/**
 * The daemon's Unix socket: newline-delimited JSON-RPC for the CLI, and MCP connections for
 * `agent mcp`. Only the owner can connect: the socket is mode 0600 inside .agent/ (0700), and
 * a stale socket left by a killed daemon is replaced (the caller holds the daemon lock).
 */
import { chmodSync, lstatSync, unlinkSync } from "node:fs";
import net from "node:net";
import { errorInfo } from "../engine/errors.js";
import { LineTransport } from "./line-transport.js";
import { daemonErrorCode } from "./methods.js";
import { LineSplitter, MAX_LINE_BYTES, oversizeError, type RpcRequest } from "./protocol.js";

export interface SocketServerOptions {
  path: string;
  /** Runs one method; `signal` aborts when the client goes away or the daemon stops. */
  call: (method: string, params: unknown, signal: AbortSignal) => Promise<unknown>;
  /** Connects an MCP server to `transport` for a client that asked for one; resolves once it is connected. */
  openMcp: (params: unknown, transport: LineTransport) => Promise<void>;
  warn: (message: string) => void;
}

export class SocketServer {
  private readonly conns = new Set<net.Socket>();
  private readonly stopping = new AbortController();

  private constructor(
    private readonly server: net.Server,
    readonly path: string,
  ) {}

  static async listen(opts: SocketServerOptions): Promise<SocketServer> {
    removeStaleSocket(opts.path);
    const server = net.createServer();
    const s = new SocketServer(server, opts.path);
    server.on("connection", (conn) => s.serve(conn, opts));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.path, () => {
        server.off("error", reject);
        resolve();
      });
    });
    chmodSync(opts.path, 0o600);
    server.on("error", (e) => opts.warn(`socket: ${e.message}`));
    return s;
  }

  /** Stops accepting, cancels the calls in flight, closes every connection and removes the socket. */
  async close(): Promise<void> {
    this.stopping.abort(new Error("the daemon is stopping"));
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const c of this.conns) c.destroy();
    await closed;
    removeStaleSocket(this.path);
  }

  private serve(conn: net.Socket, opts: SocketServerOptions): void {
    this.conns.add(conn);
    const ac = new AbortController();
    const onStop = () => ac.abort(this.stopping.signal.reason);
    this.stopping.signal.addEventListener("abort", onStop, { once: true });
    let mcp: LineTransport | null = null;
    let mcpReady: Promise<void> | null = null;
    // Answers a client does not read pile up in this process: past a quarter of the bound no
    // new request is read until they drain (back-pressure); past the bound the client is dropped.
    const sendLine = (text: string) => {
      if (conn.destroyed) return;
      conn.write(text);
      if (conn.writableLength > MAX_UNREAD_BYTES) {
        opts.warn(`socket: a client left ${conn.writableLength} bytes of answers unread (over ${MAX_UNREAD_BYTES}); connection dropped`);
        conn.destroy();
      } else if (conn.writableLength > MAX_UNREAD_BYTES / 4 && !conn.isPaused()) {
        conn.pause();
        conn.once("drain", () => conn.resume());
      }
    };
    const write = (obj: unknown) => sendLine(JSON.stringify(obj) + "\n");
    // A line too long to read is skipped and answered with an error; the connection stays.
    const lines = new LineSplitter(MAX_LINE_BYTES, (big) => {
      opts.warn(`socket: a message of ${big.bytes} bytes skipped (over ${MAX_LINE_BYTES})`);
      if (mcp !== null) {
        const t = mcp;
        if (mcpReady) mcpReady = mcpReady.then(() => t.refuse(big, MAX_LINE_BYTES));
        else t.refuse(big, MAX_LINE_BYTES);
      }
      else {
        const refused = oversizeError(big, MAX_LINE_BYTES);
        write({ id: refused.id, error: { code: "bad-request", message: refused.error.message } });
      }
    });
    conn.on("close", () => {
      this.conns.delete(conn);
      this.stopping.signal.removeEventListener("abort", onStop);
      ac.abort(new Error("the client went away"));
      mcp?.ended();
    });
    conn.on("error", () => undefined);
    conn.on("data", (chunk: Buffer) => {
      for (const line of lines.push(chunk)) {
        if (mcp !== null) {
          const t = mcp;
          // Lines that arrive while the server is being connected wait for it, in order.
          if (mcpReady) mcpReady = mcpReady.then(() => t.receive(line));
          else t.receive(line);
          continue;
        }
        if (line.trim() === "") continue;
        let req: RpcRequest;
        try {
          req = JSON.parse(line) as RpcRequest;
          if (typeof req !== "object" || req === null || typeof req.method !== "string" || typeof req.id !== "number") throw new Error("expected {id, method, params}");
        } catch (e) {
          write({ id: null, error: { code: "bad-request", message: `not a request: ${(e as Error).message}` } });
          continue;
        }
        if (req.method === "mcp") {
          const t = new LineTransport({ write: (l) => sendLine(l), end: () => conn.end() });
          mcp = t;
          mcpReady = opts.openMcp(req.params, t).then(
            () => {
              write({ id: req.id, result: { mcp: true } });
              mcpReady = null;
            },
            (e: unknown) => {
              write({ id: req.id, error: errorInfo(e) });
              conn.end();
            },
          );
          continue;
        }
        const id = req.id;
        opts.call(req.method, req.params, ac.signal).then(
          (result) => write({ id, result: result === undefined ? null : result }),
          (e: unknown) => {
            const info = errorInfo(e);
            write({ id, error: { code: daemonErrorCode(e) ?? info.code, message: info.message } });
          },
        );
      }
    });
  }
}

/** Answers one connection may leave unread before it is dropped. */
export const MAX_UNREAD_BYTES = 32 * 1024 * 1024;

/** Removes a socket file left behind; refuses to remove anything that is not a socket. */
function removeStaleSocket(file: string): void {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  if (!st.isSocket()) throw new Error(`${file} exists and is not a socket; move it away and start the daemon again`);
  unlinkSync(file);
}

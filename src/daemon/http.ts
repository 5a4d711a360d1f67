/**
 * The MCP Streamable HTTP transport of the daemon, for assistants that speak HTTP (a desktop
 * client, an editor, a local agent): several clients, each its own MCP session, share the one
 * warm engine.
 *
 * Only this machine, only the owner: it listens on 127.0.0.1 and nowhere else; every request
 * needs the bearer token from a 0600 file in .agent/ (readable by the owner only); and a Host
 * or Origin header naming anything but this machine (or a name in daemon.http.allowedHosts) is
 * refused, so a web page cannot reach it through DNS rebinding.
 */
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { readJson } from "./read-json.js";

export const MCP_HTTP_PATH = "/mcp";
/** At most this many MCP sessions at once; past it the longest-idle one is closed if idle long enough, else the new client is told to try later. */
const MAX_SESSIONS = 64;
const EVICTABLE_IDLE_MS = 10 * 60_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

export interface McpHttpOptions {
  /** 0 picks a free port (tests). */
  port: number;
  token: string;
  /** Names accepted in Host and Origin besides 127.0.0.1, localhost and [::1]. */
  allowedHosts: readonly string[];
  /** A new MCP server for a new session (same engine, the front's privacy scope). */
  createServer: () => McpServer;
  warn: (message: string) => void;
  /** Why the daemon may not answer now (its config is older than the file), or null: a request is refused with it. */
  stale?: () => string | null;
  /** Answers every other path (the web page, web.ts), after the same Host and Origin checks. */
  web?: { handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> };
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  lastSeen: number;
}

export class McpHttpServer {
  private readonly sessions = new Map<string, Session>();

  private constructor(
    private readonly http: http.Server,
    private readonly opts: McpHttpOptions,
    private readonly Transport: typeof StreamableHTTPServerTransport,
    private readonly isInitialize: (body: unknown) => boolean,
  ) {}

  get port(): number {
    const a = this.http.address();
    return typeof a === "object" && a !== null ? a.port : this.opts.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}${MCP_HTTP_PATH}`;
  }

  static async listen(opts: McpHttpOptions): Promise<McpHttpServer> {
    const [{ StreamableHTTPServerTransport: Transport }, { isInitializeRequest }] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
    const server = http.createServer();
    const s = new McpHttpServer(server, opts, Transport, isInitializeRequest);
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      s.handle(req, res).catch((e: unknown) => {
        opts.warn(`mcp http: ${e instanceof Error ? e.message : String(e)}`);
        if (!res.headersSent) reply(res, 500, "internal error");
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    return s;
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((x) => x.transport.close().catch(() => undefined)));
    await Promise.all(all.map((x) => x.server.close().catch(() => undefined)));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const allowed = [...LOCAL_HOSTS, ...this.opts.allowedHosts].map((h) => h.toLowerCase());
    const host = hostnameOf(req.headers.host);
    if (host === null || !allowed.includes(host)) return reply(res, 403, `Host ${JSON.stringify(req.headers.host ?? "")} is not allowed`);
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const o = originHostname(origin);
      if (o === null || !allowed.includes(o)) return reply(res, 403, `Origin ${JSON.stringify(origin)} is not allowed`);
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (this.opts.web && url.pathname !== MCP_HTTP_PATH) return this.opts.web.handle(req, res, url);
    if (!this.authorized(req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="agent-memory"');
      return reply(res, 401, "a valid bearer token is required (see .agent/mcp-http.token)");
    }
    if (url.pathname !== MCP_HTTP_PATH) return reply(res, 404, `not found; the MCP endpoint is ${MCP_HTTP_PATH}`);
    const stale = req.method === "POST" ? (this.opts.stale?.() ?? null) : null;
    if (stale !== null) return jsonRpcError(res, 503, -32002, stale);

    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") {
      const s = this.sessions.get(sid);
      if (!s) return jsonRpcError(res, 404, -32001, "Session not found");
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res);
    }
    if (req.method !== "POST") return jsonRpcError(res, 400, -32000, "Bad Request: No valid session ID provided");
    const body = await readJson(req, MAX_BODY_BYTES);
    if (body === undefined) return jsonRpcError(res, 400, -32700, "Parse error");
    if (!this.isInitialize(body)) return jsonRpcError(res, 400, -32000, "Bad Request: No valid session ID provided");
    if (this.sessions.size >= MAX_SESSIONS && !(await this.evictIdle())) {
      return jsonRpcError(res, 503, -32000, `too many MCP sessions (${MAX_SESSIONS}); close one and try again`);
    }
    const server = this.opts.createServer();
    const transport: StreamableHTTPServerTransport = new this.Transport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /** Closes the longest-idle session if it has been idle long enough; whether one was closed. */
  private async evictIdle(): Promise<boolean> {
    let oldest: [string, Session] | undefined;
    for (const e of this.sessions) if (!oldest || e[1].lastSeen < oldest[1].lastSeen) oldest = e;
    if (!oldest || Date.now() - oldest[1].lastSeen < EVICTABLE_IDLE_MS) return false;
    this.sessions.delete(oldest[0]);
    await oldest[1].transport.close().catch(() => undefined);
    return true;
  }

  private authorized(header: string | undefined): boolean {
    const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) return false;
    const given = Buffer.from(m[1]!);
    const want = Buffer.from(this.opts.token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
}

/** "127.0.0.1:7357" → "127.0.0.1"; "[::1]:80" → "[::1]"; lower case; null when absent or odd. */
export function hostnameOf(host: string | undefined): string | null {
  if (host === undefined || host === "") return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d+))?$/.exec(host.trim());
  return m ? m[1]!.toLowerCase() : null;
}

function originHostname(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.hostname.toLowerCase();
  } catch {
    return null;
  }
}

function reply(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(`${message}\n`);
}

function jsonRpcError(res: http.ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/**
 * The bearer token in `file`: created on first start (32 random bytes, mode 0600), else read.
 * A token file others can read is made private again, with a warning.
 */
export function ensureToken(file: string, warn: (m: string) => void): string {
  try {
    writeFileSync(file, randomBytes(32).toString("base64url") + "\n", { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const st = statSync(file);
  if (!st.isFile()) throw new Error(`${file} is not a regular file; remove it and start the daemon again`);
  if ((st.mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
    warn(`${file} was readable by others (mode ${(st.mode & 0o777).toString(8)}); made it 0600 — replace the token if others may have read it (delete the file and restart)`);
  }
  const token = readFileSync(file, "utf8").trim();
  if (token.length < 16) throw new Error(`${file} holds no usable token (at least 16 characters); delete it and start the daemon again to make a new one`);
  return token;
}

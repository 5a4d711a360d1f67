/**
 * The MCP Streamable HTTP endpoint of the daemon, for assistants that speak HTTP (a desktop
 * client, an editor, a local agent): every client shares the one warm engine.
 *
 * Both protocol eras on the one endpoint, through the SDK's handler: a 2026-07-28 request
 * (its `MCP-Protocol-Version` and `Mcp-Method` headers, the envelope in `_meta`; no handshake,
 * no session) and a 2025 one (`initialize`, then requests) are each answered by a fresh server
 * instance over the same engine, so no session state is kept between requests (a 2025 client's
 * GET stream and DELETE get 405, which the 2025 revision allows).
 *
 * Only this machine, only the owner: it listens on 127.0.0.1 and nowhere else; every request
 * needs the bearer token from a 0600 file in .agent/ (readable by the owner only); and a Host
 * or Origin header naming anything but this machine (or a name in daemon.http.allowedHosts) is
 * refused, so a web page cannot reach it through DNS rebinding.
 *
 * The same port answers an assistant's hooks (`POST /hook/<assistant>/<event>`, hook-http.ts)
 * behind the same checks and token.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { Readable } from "node:stream";
import type { McpHttpHandler, McpServer } from "@modelcontextprotocol/server";
import { hookBudget, hookRoute, HOOK_HTTP_PATH, type HookHttpAnswer } from "./hook-http.js";
import type { HookEventName } from "../workspace/harness-turns.js";
import { readJson } from "./read-json.js";

export const MCP_HTTP_PATH = "/mcp";
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

export interface McpHttpOptions {
  /** 0 picks a free port (tests). */
  port: number;
  token: string;
  /** Names accepted in Host and Origin besides 127.0.0.1, localhost and [::1]. */
  allowedHosts: readonly string[];
  /** A server instance for one request (same engine, the front's privacy scope). */
  createServer: () => McpServer;
  warn: (message: string) => void;
  /** Why the daemon may not answer now (its config is older than the file), or null: a request is refused with it. */
  stale?: () => string | null;
  /** Marks an MCP or hook request from its arrival to its answer (a big query of another client waits meanwhile: engine/turns.ts). */
  during?: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Answers every other path (the web page, web.ts), after the same Host and Origin checks. */
  web?: { handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> };
  /** Answers an assistant's hook (`POST /hook/<harness>/<event>`, hook-http.ts), after the same checks and the token. */
  hooks?: (route: { harness: string; event: HookEventName; workspace: string | null }, payload: string, budgetMs: number | undefined) => Promise<HookHttpAnswer>;
}

/**
 * What to do when the HTTP port is taken (most often a daemon of another workspace on the
 * default port): the flag and the config key that pick another, never a bare EADDRINUSE.
 */
export function portTaken(port: number): string {
  return `port ${port} on 127.0.0.1 is already in use (another daemon, perhaps of another workspace?): start this one with --port <n> (0 picks a free one) or set daemon.http.port in agent.config.json`;
}

export class McpHttpServer {
  private constructor(
    private readonly http: http.Server,
    private readonly opts: McpHttpOptions,
    private readonly mcp: McpHttpHandler,
  ) {}

  get port(): number {
    const a = this.http.address();
    return typeof a === "object" && a !== null ? a.port : this.opts.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}${MCP_HTTP_PATH}`;
  }

  static async listen(opts: McpHttpOptions): Promise<McpHttpServer> {
    const { createMcpHandler } = await import("@modelcontextprotocol/server");
    // The same factory for both eras: what a 2026 client sees cannot drift from a 2025 one.
    const mcp = createMcpHandler(() => opts.createServer(), { maxRequestBodySize: MAX_BODY_BYTES });
    const server = http.createServer();
    const s = new McpHttpServer(server, opts, mcp);
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      // The web page's requests are not marked: its event stream stays open for as long as the page.
      const marked = opts.during !== undefined && isMarked(req.url);
      (marked ? opts.during!(() => s.handle(req, res)) : s.handle(req, res)).catch((e: unknown) => {
        opts.warn(`mcp http: ${e instanceof Error ? e.message : String(e)}`);
        if (!res.headersSent) reply(res, 500, "internal error");
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", (e: NodeJS.ErrnoException) => reject(e.code === "EADDRINUSE" ? new Error(portTaken(opts.port)) : e));
      server.listen(opts.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    return s;
  }

  async close(): Promise<void> {
    await this.mcp.close().catch(() => undefined);
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
    const isHook = url.pathname.startsWith(HOOK_HTTP_PATH);
    if (this.opts.web && url.pathname !== MCP_HTTP_PATH && !isHook) return this.opts.web.handle(req, res, url);
    if (!this.authorized(req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="agent-memory"');
      return reply(res, 401, "a valid bearer token is required (see mcp-http.token in the daemon's folder for the workspace: `agent status` prints it)");
    }
    if (isHook) return this.hook(req, res, url);
    if (url.pathname !== MCP_HTTP_PATH) return reply(res, 404, `not found; the MCP endpoint is ${MCP_HTTP_PATH}`);
    // A daemon whose config is older than the file answers no request until it restarts.
    const stale = req.method === "POST" ? (this.opts.stale?.() ?? null) : null;
    if (stale !== null) return jsonRpcError(res, 503, -32002, stale);
    const { request, aborted } = webRequest(req, res, url);
    await sendWebResponse(res, await this.mcp.fetch(request), aborted);
  }

  /** An assistant's hook: its payload in, what its command hook would print out (JSON). */
  private async hook(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const route = hookRoute(url.pathname);
    if (route === null || this.opts.hooks === undefined) return reply(res, 404, `not found; a hook's path is ${HOOK_HTTP_PATH}<assistant>/<event>`);
    if (req.method !== "POST") return reply(res, 405, "a hook is sent with POST");
    // A stale or stopping daemon answers nothing: the turn goes on without memories, the next capture catches up.
    const stale = this.opts.stale?.() ?? null;
    if (stale !== null) return reply(res, 503, stale);
    const payload = await readJson(req, MAX_BODY_BYTES);
    if (payload === undefined) return reply(res, 400, "the hook payload must be JSON (at most 4 MB)");
    const a = await this.opts.hooks({ ...route, workspace: url.searchParams.get("workspace") }, JSON.stringify(payload), hookBudget(route.event, url.searchParams));
    res.writeHead(a.status, { "Content-Type": "application/json" });
    res.end(a.body);
  }

  private authorized(header: string | undefined): boolean {
    const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) return false;
    const given = Buffer.from(m[1]!);
    const want = Buffer.from(this.opts.token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
}

/**
 * The web-standard request the SDK's handler reads, its body streamed from the socket (the
 * handler caps its size). Its signal aborts when the client goes away before the answer is
 * complete: the tool call in flight is cancelled.
 */
function webRequest(req: http.IncomingMessage, res: http.ServerResponse, url: URL): { request: Request; aborted: AbortSignal } {
  const ac = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) ac.abort(new Error("the client went away"));
  });
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = { method: req.method ?? "GET", headers, signal: ac.signal };
  if (hasBody) {
    // Node's web stream type and the DOM one differ only in typing: the object is the same.
    init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return { request: new Request(new URL(url.pathname + url.search, `http://${req.headers.host ?? "127.0.0.1"}`), init), aborted: ac.signal };
}

/** Writes the handler's answer: a JSON body, or an SSE stream passed on as it comes. */
async function sendWebResponse(res: http.ServerResponse, response: Response, aborted: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  aborted.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream: nothing left to tell it.
  } finally {
    aborted.removeEventListener("abort", stop);
    res.end();
  }
}

/** An MCP or hook request (what `during` marks), from its raw URL. */
function isMarked(url: string | undefined): boolean {
  return url !== undefined && (url === MCP_HTTP_PATH || url.startsWith(`${MCP_HTTP_PATH}?`) || url.startsWith(HOOK_HTTP_PATH));
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

/** The bearer token a running daemon made (for a client's config: `agent connect --via daemon`). */
export function readToken(file: string): string {
  const token = readFileSync(file, "utf8").trim();
  if (token.length < 16) throw new Error(`${file} holds no usable token; delete it and restart the daemon to make a new one`);
  return token;
}

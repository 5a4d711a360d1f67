/**
 * The daemon's web page: a local viewer of the engine (search with its reasons, notes, SOUL and
 * its proposals, memories, personality, jobs, health), served on the MCP HTTP port.
 *
 * Safe by construction:
 *   - the HTTP server's Host/Origin checks (http.ts) run before anything here;
 *   - `agent ui` asks the daemon (over its private socket) for a one-time login link; opening it
 *     trades the link's token for a session cookie (HttpOnly, SameSite=Strict) and the token is
 *     spent; every /api call needs that cookie;
 *   - a request that changes anything is a POST with the cookie, the session's CSRF token in a
 *     header, JSON content, and an Origin naming this very server; anything else is refused;
 *   - every answer carries a strict Content-Security-Policy (default-src 'self', no inline
 *     script), so even a note's text that slipped through the page's sanitizer could not run or
 *     fetch anything;
 *   - the page only reads, except through the engine's own operations (web-api.ts).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Engine } from "../engine/engine.js";
import { errorInfo } from "../engine/errors.js";
import { apiRoute, ApiError } from "./web-api.js";
import { readJson } from "./read-json.js";

const LOGIN_TTL_MS = 10 * 60_000;
const SESSION_TTL_MS = 12 * 3600_000;
const MAX_SESSIONS = 32;
const MAX_BODY_BYTES = 256 * 1024;
const CSRF_HEADER = "x-csrf-token";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** The files of the page (built by `npm run build` into dist/web). */
const ASSETS: Record<string, { file: string; type: string } | undefined> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/app.css": { file: "app.css", type: "text/css; charset=utf-8" },
  "/favicon.svg": { file: "favicon.svg", type: "image/svg+xml" },
};

interface Session {
  csrf: string;
  expiresAt: number;
}

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

export interface WebFrontOptions {
  engine: Engine;
  /** The port the HTTP server listens on (known only once it listens). */
  port: () => number;
  /** Where the built page lives; default dist/web beside this module's folder. */
  assetsDir?: string;
  warn: (message: string) => void;
  /** Why the daemon may not answer now (its config is older than the file), or null: data routes are refused with it. */
  stale?: () => string | null;
}

/** The page's login, sessions and routes; one per daemon, in memory only (a restart logs everyone out). */
export class WebFront {
  private readonly logins = new Map<string, number>();
  private readonly sessions = new Map<string, Session>();
  private readonly assets = new Map<string, Asset>();
  private readonly assetsDir: string;

  constructor(private readonly opts: WebFrontOptions) {
    this.assetsDir = opts.assetsDir ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "web");
  }

  private get cookieName(): string {
    // Cookies are shared by every port of 127.0.0.1: one name per daemon port keeps two apart.
    return `agent_ui_${this.opts.port()}`;
  }

  /** A one-time login link (valid ten minutes): what `agent ui` prints. */
  mintLogin(): { url: string; expiresAt: number } {
    const now = Date.now();
    for (const [t, exp] of this.logins) if (exp <= now) this.logins.delete(t);
    const token = randomBytes(24).toString("base64url");
    const expiresAt = now + LOGIN_TTL_MS;
    this.logins.set(token, expiresAt);
    return { url: `http://127.0.0.1:${this.opts.port()}/login?token=${token}`, expiresAt };
  }

  /** Every request that is not for the MCP endpoint, after the Host/Origin checks. */
  async handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    if (url.pathname === "/login") return this.login(req, res, url);
    if (url.pathname.startsWith("/api/")) return this.api(req, res, url);
    if (req.method !== "GET" && req.method !== "HEAD") return text(res, 405, "only GET here");
    // Chunks the bundler split off (loaded on demand): a plain name, never a path.
    const asset = ASSETS[url.pathname] ?? (/^\/chunk-[A-Z0-9]+\.js$/.test(url.pathname) ? { file: url.pathname.slice(1), type: "text/javascript; charset=utf-8" } : undefined);
    if (!asset) return text(res, 404, "not found");
    return this.serveAsset(req, res, url.pathname, asset);
  }

  private login(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    if (req.method !== "GET") return text(res, 405, "only GET here");
    const token = url.searchParams.get("token") ?? "";
    const exp = this.logins.get(token);
    // Spent on first use, whether or not it was still valid.
    this.logins.delete(token);
    if (exp === undefined || exp <= Date.now()) return text(res, 403, "this login link was already used or has expired; run `agent ui` for a new one");
    this.dropOldSessions();
    const id = randomBytes(32).toString("base64url");
    this.sessions.set(id, { csrf: randomBytes(32).toString("base64url"), expiresAt: Date.now() + SESSION_TTL_MS });
    res.setHeader("Set-Cookie", `${this.cookieName}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_TTL_MS / 1000}`);
    res.setHeader("Cache-Control", "no-store");
    // The token leaves the address bar and the history right away.
    res.writeHead(303, { Location: "/" });
    res.end();
  }

  private dropOldSessions(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(id);
    while (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
  }

  private session(req: http.IncomingMessage): Session | undefined {
    const id = cookieValue(req.headers.cookie, this.cookieName);
    if (id === undefined) return undefined;
    const s = this.sessions.get(id);
    if (!s || s.expiresAt <= Date.now()) return undefined;
    return s;
  }

  private async api(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    const foreign = foreignRequest(req);
    if (foreign !== null) return json(res, 403, { error: { code: "refused", message: foreign } });
    const s = this.session(req);
    if (!s) return json(res, 401, { error: { code: "login", message: "not logged in: run `agent ui` and open the link it prints" } });
    if (req.method === "POST") {
      const refused = this.refusePost(req, s);
      if (refused !== null) return json(res, 403, { error: { code: "refused", message: refused } });
    } else if (req.method !== "GET") {
      return json(res, 405, { error: { code: "method", message: "only GET and POST" } });
    }
    if (url.pathname === "/api/session") return json(res, 200, { csrf: s.csrf, workspace: this.opts.engine.workspace });
    const stale = this.opts.stale?.() ?? null;
    if (stale !== null) return json(res, 503, { error: { code: stale.startsWith("the daemon is stopping") ? "stopping" : "config-changed", message: stale } });
    const body = req.method === "POST" ? await readBody(req) : undefined;
    if (body === null) return json(res, 400, { error: { code: "bad-request", message: "the body must be a JSON object (at most 256 KB)" } });
    try {
      const result = await apiRoute(this.opts.engine, req.method as "GET" | "POST", url.pathname, url.searchParams, body);
      return json(res, 200, result);
    } catch (e) {
      const { status, code, message } = describeError(e);
      if (status === 500) this.opts.warn(`web: ${url.pathname}: ${message}`);
      return json(res, status, { error: { code, message } });
    }
  }

  /** Why a state-changing request is refused, or null when it may go on. */
  private refusePost(req: http.IncomingMessage, s: Session): string | null {
    const origin = req.headers.origin;
    const host = req.headers.host;
    if (origin === undefined || host === undefined || origin.toLowerCase() !== `http://${host.toLowerCase()}`) return `a change must come from this page (Origin ${JSON.stringify(origin ?? "")} is not http://${host ?? ""})`;
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin") return `a change must come from this page (Sec-Fetch-Site: ${String(site)})`;
    const given = req.headers[CSRF_HEADER];
    if (typeof given !== "string" || !sameSecret(given, s.csrf)) return "the CSRF token is missing or wrong; reload the page";
    const type = req.headers["content-type"] ?? "";
    if (!/^application\/json\b/i.test(type)) return "a change must be sent as application/json";
    return null;
  }

  private serveAsset(req: http.IncomingMessage, res: http.ServerResponse, key: string, spec: { file: string; type: string }): void {
    let a = this.assets.get(key);
    if (!a) {
      let body: Buffer;
      try {
        body = readFileSync(path.join(this.assetsDir, spec.file));
      } catch {
        if (key.startsWith("/chunk-")) return text(res, 404, "not found");
        return text(res, 500, `the page is not built (${path.join(this.assetsDir, spec.file)} is missing); run \`npm run build\``);
      }
      a = { type: spec.type, body, gzip: gzipSync(body, { level: 9 }) };
      this.assets.set(key, a);
    }
    const gz = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gz ? a.gzip : a.body;
    res.writeHead(200, {
      "Content-Type": a.type,
      "Content-Length": body.length,
      "Cache-Control": key === "/" ? "no-cache" : "max-age=300",
      Vary: "Accept-Encoding",
      ...(gz ? { "Content-Encoding": "gzip" } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

/**
 * Why a request for the page's data comes from somewhere else, or null. Another page on this
 * machine (another port of 127.0.0.1 is the same "site", so the cookie goes along) must not
 * even be answered: its Origin, when sent, must be this server's own.
 */
function foreignRequest(req: http.IncomingMessage): string | null {
  const origin = req.headers.origin;
  const host = req.headers.host ?? "";
  if (origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) return `Origin ${JSON.stringify(origin)} is not this page`;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return `a request from another site (Sec-Fetch-Site: ${String(site)})`;
  return null;
}

function describeError(e: unknown): { status: number; code: string; message: string } {
  if (e instanceof ApiError) return { status: e.status, code: "bad-request", message: e.message };
  const info = errorInfo(e);
  const status = { usage: 400, "bad-request": 400, refused: 403, "not-found": 404 }[info.code] ?? (info.code === "error" ? 409 : 500);
  return { status, code: info.code, message: info.message };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

function text(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(`${message}\n`);
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(body);
}

/** The request's JSON object; null when it is not one or is too big. */
async function readBody(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const v = await readJson(req, MAX_BODY_BYTES, {});
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

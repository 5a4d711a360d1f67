/**
 * The daemon's web page over plain HTTP (no browser needed): `agent ui` and its one-time login
 * link, the session cookie, the headers every answer carries, note paths that try to leave the
 * workspace, and changes refused without the page's Origin, CSRF token or JSON. A real daemon
 * process on a real workspace.
 */
import { execFile } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Daemon {
  base: string | null;
  stop(): Promise<void>;
}
interface BrowserKit {
  startDaemon(ws: string, o?: { http?: boolean }): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
}
const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const CLI = path.resolve("dist/cli/main.js");

async function ui(ws: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, [CLI, "ui", "--print-url", "--workspace", ws]);
    return { code: 0, ...r };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** A raw request, so Host, Origin and Cookie are exactly what the test says. */
function request(base: string, pathname: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: pathname, method: o.method ?? "GET", headers: o.headers ?? {} }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(o.body);
  });
}

describe("agent ui without a daemon that serves the page", () => {
  let ws = "";
  beforeAll(() => {
    ws = path.join(tempDir("agent-web-ui-"), "assistant");
    initWorkspace(ws);
  });
  afterAll(() => cleanup(path.dirname(ws)));

  it("no daemon: starts nothing, says how to start one", async () => {
    const r = await ui(ws);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("agent daemon --http");
  });

  it("a daemon without HTTP: says to restart it with --http", async () => {
    const d = await kit.startDaemon(ws, { http: false });
    try {
      const r = await ui(ws);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain("agent daemon --http");
      expect(r.stdout).toBe("");
    } finally {
      await d.stop();
    }
  });
});

describe("the page's HTTP routes", () => {
  let ws = "";
  let d: Daemon;
  let base = "";
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    ws = path.join(tempDir("agent-web-http-"), "assistant");
    initWorkspace(ws);
    writeFileSync(path.join(ws, "memory", "2026-11-02.md"), "# 2026-11-02\n\n- The fridge hums at night.\n");
    mkdirSync(path.join(ws, "projects"), { recursive: true });
    symlinkSync("/etc/hostname", path.join(ws, "projects", "outside.md"));
    d = await kit.startDaemon(ws);
    base = d.base!;
    const login = await request(base, new URL(await kit.loginUrl(ws)).pathname + new URL(await kit.loginUrl(ws)).search);
    expect(login.status).toBe(303);
    cookie = String(login.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    csrf = (JSON.parse((await request(base, "/api/session", { headers: { cookie } })).body) as { csrf: string }).csrf;
  }, 120_000);
  afterAll(async () => {
    await d?.stop();
    if (ws) cleanup(path.dirname(ws));
  });

  it("a login link is spent on first use; the cookie is HttpOnly and SameSite=Strict", async () => {
    const link = new URL(await kit.loginUrl(ws));
    const first = await request(base, link.pathname + link.search);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe("/");
    expect(first.headers["set-cookie"]?.[0]).toMatch(/^agent_ui_\d+=[\w-]{40,}; HttpOnly; SameSite=Strict; Path=\//);
    expect((await request(base, link.pathname + link.search)).status).toBe(403);
    expect((await request(base, "/login?token=guess")).status).toBe(403);
  });

  it("every answer carries the strict CSP; data needs the session; the Host check covers the page too", async () => {
    for (const p of ["/", "/app.js", "/api/notes", "/nothing"]) {
      const r = await request(base, p);
      expect(r.headers["content-security-policy"], p).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self'/);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect((await request(base, "/api/notes")).status).toBe(401);
    expect((await request(base, "/api/notes", { headers: { cookie: "agent_ui_1=forged" } })).status).toBe(401);
    expect((await request(base, "/api/notes", { headers: { cookie } })).status).toBe(200);
    expect((await request(base, "/", { headers: { host: "evil.example" } })).status).toBe(403);
    expect((await request(base, "/api/notes", { headers: { cookie, origin: "http://evil.example" } })).status).toBe(403);
    // Another port of this machine is the same site (the cookie goes along): still not this page.
    expect((await request(base, "/api/notes", { headers: { cookie, origin: "http://127.0.0.1:1" } })).status).toBe(403);
    expect((await request(base, "/api/notes", { headers: { cookie, "sec-fetch-site": "same-site" } })).status).toBe(403);
    expect((await request(base, "/api/notes", { headers: { cookie, origin: base, "sec-fetch-site": "same-origin" } })).status).toBe(200);
  });

  it("a note path can never leave the workspace (the rules of MCP memory_get)", async () => {
    const note = async (p: string) => request(base, `/api/note?path=${encodeURIComponent(p)}`, { headers: { cookie } });
    const ok = await note("memory/2026-11-02.md");
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("fridge hums");
    for (const p of ["../../../../etc/passwd", "/etc/passwd", ".agent/state.db", ".agent/mcp-http.token", "projects/outside.md", "memory/../../x.md"]) {
      const r = await note(p);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.body, p).not.toMatch(/root:|[\w-]{40}/);
    }
  });

  it("a change needs the page's Origin, the CSRF token and JSON; a GET never changes anything", async () => {
    const body = JSON.stringify({ message: "by the test" });
    const post = (headers: Record<string, string>) => request(base, "/api/soul/save", { method: "POST", headers: { cookie, "content-type": "application/json", "x-csrf-token": csrf, origin: base, ...headers }, body });
    expect((await post({ origin: "" })).status).toBe(403);
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ "x-csrf-token": "" })).status).toBe(403);
    expect((await post({ "content-type": "text/plain" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await request(base, "/api/soul/save", { headers: { cookie } })).status).toBe(405);
    const log = () => request(base, "/api/soul", { headers: { cookie } }).then((r) => (JSON.parse(r.body) as { log: { versions: unknown[] } }).log.versions.length);
    expect(await log()).toBe(0);
    const saved = await post({});
    expect(saved.status).toBe(200);
    expect(await log()).toBe(1);
  });
});

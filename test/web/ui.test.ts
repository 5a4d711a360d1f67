/**
 * The daemon's web page in a real browser (Debian's chromium through playwright-core), on a
 * real daemon process and real files: search and open a result, the empty answer, a proposal
 * accepted, rolled back and rejected (SOUL.md checked on disk after each), a memory pinned and
 * forgotten, a note edited on disk showing up live, notes full of HTML that render inert, and
 * changes refused from another Origin or without the CSRF token. Every request the browser
 * makes is logged: none may go anywhere but the daemon on 127.0.0.1.
 *
 * Skipped, with the reason, when no Chromium is installed (CI installs Debian's chromium).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { Engine } from "../../src/engine/engine.js";
import { cleanup, tempDir } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

interface Daemon {
  base: string;
  log(): string;
  stop(): Promise<void>;
}
interface BrowserKit {
  findChromium(): string | null;
  launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
  startDaemon(ws: string): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
  settled(page: Page): Promise<void>;
}
interface WorkspaceKit {
  buildUiWorkspace(ws: string, o?: { now?: number }): Promise<{ proposal: string; versions: number; memories: number }>;
}

const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const chromium = kit.findChromium();
if (!chromium) console.warn("test/web/ui.test.ts skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)");

const XSS_NOTE = [
  "# Hostile note",
  "",
  "<script>window.__pwned = 'script'</script>",
  "",
  '<img src="x" onerror="window.__pwned = \'img\'">',
  "",
  "[click me](javascript:window.__pwned='link')",
  "",
  '<a href="javascript:window.__pwned=\'raw-link\'">raw link</a> <b onmouseover="window.__pwned=\'b\'">bold</b>',
  "",
  '<iframe src="https://example.com/"></iframe>',
  "",
  "![remote](https://example.com/tracker.png)",
  "",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "",
].join("\n");

describe.skipIf(!chromium)("the web page in a browser", () => {
  let ws = "";
  let daemon: Daemon;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;
  const requests: string[] = [];
  const dialogs: string[] = [];
  const soul = () => readFileSync(path.join(ws, "SOUL.md"), "utf8");
  const proposalFile = () => path.join(ws, "SOUL.proposed.md");

  beforeAll(async () => {
    ws = path.join(tempDir("agent-web-"), "assistant");
    const wk = (await import(new URL("../../scripts/lib/ui-workspace.mjs", import.meta.url).href)) as WorkspaceKit;
    const built = await wk.buildUiWorkspace(ws);
    expect(built.proposal).toBe("proposed");
    writeFileSync(path.join(ws, "memory", "hostile.md"), XSS_NOTE);
    daemon = await kit.startDaemon(ws);
    browser = await kit.launchBrowser();
    browser.context.on("request", (r) => requests.push(r.url()));
    page = await browser.context.newPage();
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(await kit.loginUrl(ws));
    await page.waitForSelector("nav");
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await daemon?.stop();
    if (ws) cleanup(path.dirname(ws));
  });

  it("the login link works once; the page's data needs the session", async () => {
    expect(page.url()).toBe(`${daemon.base}/`);
    const cookies = await browser.context.cookies(daemon.base);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: "Strict" });
    const url = await kit.loginUrl(ws);
    expect((await fetch(url, { redirect: "manual" })).status).toBe(303);
    expect((await fetch(url, { redirect: "manual" })).status).toBe(403);
    expect((await fetch(`${daemon.base}/api/notes`)).status).toBe(401);
    const html = await fetch(`${daemon.base}/`);
    expect(html.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await html.text()).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });

  it("search: results with their reasons; a result opens the note with the matched lines marked", async () => {
    await page.goto(`${daemon.base}/#/search`);
    await page.fill("input[type=search]", "VPS Hetzner Netcup");
    await page.press("input[type=search]", "Enter");
    await page.waitForSelector(".result");
    await page.click(".result >> nth=0 >> button.link");
    const why = await page.textContent(".result >> nth=0 >> .why");
    for (const factor of ["keyword", "vector", "fusion", "recency", "date boost", "when boost", "coverage", "score", "diversity"]) expect(why).toContain(factor);
    await page.click(".result >> nth=0 >> a.path");
    await page.waitForSelector("article.note .hit");
    expect(await page.locator("article.note .hit").allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("Netcup")]));
    expect(await page.locator("article.note > :not(.hit)").count()).toBe(0);
  });

  it("search: nothing relevant is said so, with the floor's reason", async () => {
    await page.goto(`${daemon.base}/#/search`);
    await page.fill("input[type=search]", "xylophone quasar");
    await page.press("input[type=search]", "Enter");
    await page.waitForSelector(".empty");
    const text = await page.textContent(".empty");
    expect(text).toContain("Nothing relevant");
    expect(text).toMatch(/floor|no note/);
  });

  it("SOUL: accept the proposal, roll back, reject a new one — the files on disk follow", async () => {
    const before = soul();
    const proposed = readFileSync(proposalFile(), "utf8");
    await page.goto(`${daemon.base}/#/soul`);
    await page.click("#proposal button:has-text('Accept')");
    await page.waitForSelector("#soul-status:has-text('proposal accepted')");
    expect(soul()).toBe(proposed);
    expect(existsSync(proposalFile())).toBe(false);

    await page.click("button:has-text('Roll back to 3')");
    await page.waitForSelector("#soul-status:has-text('rolled back to version 3')");
    expect(soul()).toBe(before);

    writeFileSync(proposalFile(), proposed);
    await page.goto(`${daemon.base}/#/notes`);
    await page.goto(`${daemon.base}/#/soul`);
    await page.waitForSelector("#proposal");
    await page.fill("#proposal input", "too playful for client work");
    await page.click("#proposal button:has-text('Reject')");
    await page.waitForSelector("#soul-status:has-text('proposal rejected')");
    expect(existsSync(proposalFile())).toBe(false);
    expect(soul()).toBe(before);
  });

  it("memories: pin one and forget another through the page; the state database has them", async () => {
    const engine = await Engine.load({ workspace: ws });
    try {
      const ev = await engine.evolution();
      const target = ev.list().find((m) => !m.pinned)!;
      await page.goto(`${daemon.base}/#/memories`);
      await page.click(`li.memory[data-id="${target.id}"] button:has-text('pin')`);
      await page.waitForSelector("#memory-status");
      expect(ev.list().find((m) => m.id === target.id)!.pinned).toBe(true);
      await page.click(`li.memory[data-id="${target.id}"] button:has-text('forget')`);
      await page.waitForSelector(`li.memory[data-id="${target.id}"]`, { state: "detached" });
      expect(ev.list().some((m) => m.id === target.id)).toBe(false);
      expect(ev.list({ faded: true }).some((m) => m.id === target.id)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it("a note edited on disk shows up without a reload", async () => {
    const rel = "memory/hostile.md";
    await page.goto(`${daemon.base}/#/note?path=${encodeURIComponent(rel)}`);
    await page.waitForSelector("article.note");
    appendFileSync(path.join(ws, rel), "\n- Added in an editor: the kiwi harvest starts Monday.\n");
    await page.waitForSelector("article.note li:has-text('kiwi harvest')");
  });

  it("a note full of HTML and script renders inert: nothing runs, nothing is fetched", async () => {
    await page.goto(`${daemon.base}/#/note?path=${encodeURIComponent("memory/hostile.md")}`);
    await page.waitForSelector("article.note h1");
    const article = page.locator("article.note");
    expect(await article.locator("script, img, iframe, [onerror], [onmouseover]").count()).toBe(0);
    expect(await article.textContent()).toContain("<script>window.__pwned = 'script'</script>");
    const hrefs = await article.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.filter((h) => h !== null && !/^https?:/.test(h))).toEqual([]);
    for (const a of await article.locator("a").all()) await a.click({ force: true }).catch(() => undefined);
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it("a change without the CSRF token, or from another Origin, is refused; MCP keeps its bearer token", async () => {
    const status = await page.evaluate(async () => (await fetch("/api/soul/save", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status);
    expect(status).toBe(403);
    const cookie = (await browser.context.cookies(daemon.base)).map((c) => `${c.name}=${c.value}`).join("; ");
    const session = (await (await fetch(`${daemon.base}/api/session`, { headers: { cookie } })).json()) as { csrf: string };
    type Listed = { memories: { id: number; pinned: boolean }[] };
    const list = async () => ((await (await fetch(`${daemon.base}/api/memories`, { headers: { cookie } })).json()) as Listed).memories;
    const target = (await list())[0]!;
    const action = target.pinned ? "unpin" : "pin";
    const post = (origin: string, csrf: string) =>
      fetch(`${daemon.base}/api/memories/change`, { method: "POST", headers: { cookie, origin, "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify({ action, id: target.id }) });
    expect((await post("http://evil.example", session.csrf)).status).toBe(403);
    expect((await post("http://127.0.0.1:1", session.csrf)).status).toBe(403);
    expect((await post(daemon.base, "wrong")).status).toBe(403);
    expect((await list()).find((m) => m.id === target.id)!.pinned).toBe(target.pinned);
    expect((await post(daemon.base, session.csrf)).status).toBe(200);
    expect((await list()).find((m) => m.id === target.id)!.pinned).toBe(!target.pinned);

    const token = readFileSync(path.join(agentDir(ws), "mcp-http.token"), "utf8").trim();
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    const mcp = (auth?: string) =>
      fetch(`${daemon.base}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(auth ? { authorization: auth } : {}) }, body: JSON.stringify(init) });
    expect((await mcp()).status).toBe(401);
    expect((await mcp(`Bearer ${cookie}`)).status).toBe(401);
    expect((await mcp(`Bearer ${token}`)).status).toBe(200);
  });

  it("every page opens, and the browser asked nothing of anyone but the daemon", async () => {
    for (const id of ["search", "notes", "soul", "memories", "personality", "jobs", "health"]) {
      await page.goto(`${daemon.base}/#/${id}`);
      await kit.settled(page);
      expect(await page.locator("main .error").count(), id).toBe(0);
      expect(await page.locator("main section").textContent(), id).not.toBe("");
    }
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((u) => !u.startsWith(`${daemon.base}/`))).toEqual([]);
  });
});

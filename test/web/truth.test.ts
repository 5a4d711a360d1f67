/**
 * What replaced what, on the web page in a real browser (Debian's chromium through
 * playwright-core) on a real daemon and real files: a search result a later note replaced
 * says "replaced on 23 Nov by memory/2026-11-23.md:3", and the Health page lists the same
 * contradictions and stale facts as `agent health`, their words shown as text (a note's HTML
 * renders inert).
 *
 * Skipped, with the reason, when no Chromium is installed.
 */
import { utimesSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Daemon {
  base: string;
  stop(): Promise<void>;
}
interface BrowserKit {
  findChromium(): string | null;
  launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
  startDaemon(ws: string): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
  settled(page: Page): Promise<void>;
}

const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const chromium = kit.findChromium();
if (!chromium) console.warn("test/web/truth.test.ts skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)");

describe.skipIf(!chromium)("what replaced what, on the page", () => {
  let ws = "";
  let daemon: Daemon;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;

  beforeAll(async () => {
    ws = path.join(tempDir("agent-web-truth-"), "assistant");
    mkdirSync(path.join(ws, "memory"), { recursive: true });
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
    writeFileSync(path.join(ws, "MEMORY.md"), "# Memory\n\n- The kitchen renovation start date is 3 December, Marek's crew.\n");
    const old = Date.parse("2026-11-10T09:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    writeFileSync(path.join(ws, "memory", "2026-11-23.md"), "# 2026-11-23\n\n- Marek called: the kitchen renovation start date moved to 10 December.\n");
    writeFileSync(path.join(ws, "memory", "2026-11-20.md"), "# 2026-11-20\n\n- Downloaded <b>Zotero</b> on March 2 to manage my citations.\n");
    writeFileSync(path.join(ws, "memory", "2026-11-24.md"), "# 2026-11-24\n\n- I've never used <b>Zotero</b> or managed citations with any software.\n");
    daemon = await kit.startDaemon(ws);
    browser = await kit.launchBrowser();
    page = await browser.context.newPage();
    await page.goto(await kit.loginUrl(ws));
    await page.waitForSelector("nav");
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await daemon?.stop();
    if (ws) cleanup(path.dirname(ws));
  });

  it("a replaced result says when and by which line", async () => {
    await page.goto(`${daemon.base}/#/search`);
    await page.fill("input[type=search]", "kitchen renovation start date");
    await page.press("input[type=search]", "Enter");
    await page.waitForSelector(".result .replaced");
    const paths = await page.locator(".result a.path").allTextContents();
    expect(paths.findIndex((p) => p.startsWith("memory/2026-11-23.md"))).toBeLessThan(paths.findIndex((p) => p.startsWith("MEMORY.md")));
    expect((await page.textContent(".result .replaced"))?.replace(/\s+/g, " ").trim()).toBe("replaced on 23 Nov by memory/2026-11-23.md:3");
  });

  it("the Health page lists the stale line and the contradiction, as `agent health` does, escaped", async () => {
    const cli = path.join(__dirname, "..", "..", "dist", "cli", "main.js");
    const { stdout } = await promisify(execFile)(process.execPath, [cli, "health", "--json", "--workspace", ws]);
    const report = JSON.parse(stdout) as { stale: unknown[]; contradictions: unknown[] };
    expect(report.stale).toHaveLength(1);
    expect(report.contradictions).toHaveLength(1);
    await page.goto(`${daemon.base}/#/health`);
    await kit.settled(page);
    await page.waitForSelector("#truth-summary");
    expect(await page.textContent("#truth-summary")).toContain("1 stale fact(s) in always-loaded files · 1 contradiction(s)");
    const stale = (await page.textContent("#truth ul.stale li"))!.replace(/\s+/g, " ");
    expect(stale).toContain("MEMORY.md:3");
    expect(stale).toContain("replaced on 23 Nov by memory/2026-11-23.md:3");
    const contradiction = (await page.textContent("#truth ul.contradictions li"))!;
    expect(contradiction).toContain("memory/2026-11-20.md:3");
    expect(contradiction).toContain("memory/2026-11-24.md:3");
    // The note's markup is shown as written, never made into elements.
    expect(contradiction).toContain("<b>Zotero</b>");
    expect(await page.locator("#truth b").count()).toBe(0);
  });
});

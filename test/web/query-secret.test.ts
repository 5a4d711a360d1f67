/**
 * A key typed into the page's search box stays out of the browser's keeping, in Debian's chromium
 * on a real daemon and real files. The page keeps an ordinary search in its address (so Back, a
 * reload and the link back from a note find it again), and every address it takes goes into the
 * browser's history and session files; a query that holds a secret is held in the page's memory
 * instead. The search with the key still answers, the way back from a note still shows its
 * results, and afterwards no byte of the browser's profile (history, sessions, cache) holds the
 * key, while an ordinary query is still found there (the scan would see one). Skipped, with the
 * reason, when no Chromium is installed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Daemon {
  base: string;
  stop(): Promise<void>;
}
interface BrowserKit {
  findChromium(): string | null;
  startDaemon(ws: string): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
}
interface WorkspaceKit {
  buildUiWorkspace(ws: string): Promise<{ proposal: string }>;
}

const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const chromium = kit.findChromium();

const KEY = "sk-proj-Qw7Zt2Lm9Xv4Rb8Nc5Hj3Kp6";
const PLAIN = "VPS Hetzner Netcup";

/** Every file under a folder whose bytes hold the text. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && readFileSync(p).includes(needle)) found.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

describe.skipIf(!chromium)(`a key typed into the search box${chromium ? "" : " [skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)]"}`, { timeout: 180_000 }, () => {
  let root = "";
  let profile = "";
  let daemon: Daemon;
  let context: BrowserContext | undefined;
  let page: Page;
  const addresses: string[] = [];

  beforeAll(async () => {
    root = tempDir("agent-web-secret-");
    const ws = path.join(root, "assistant");
    const wk = (await import(new URL("../../scripts/lib/ui-workspace.mjs", import.meta.url).href)) as WorkspaceKit;
    await wk.buildUiWorkspace(ws);
    daemon = await kit.startDaemon(ws);
    profile = mkdtempSync(path.join(os.tmpdir(), "agent-ui-secret-profile-"));
    const { chromium: browserType } = await import("playwright-core");
    context = await browserType.launchPersistentContext(profile, {
      executablePath: chromium!,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    page = await context.newPage();
    page.on("framenavigated", (f) => addresses.push(f.url()));
    await page.goto(await kit.loginUrl(ws));
    await page.waitForSelector("nav");
  }, 180_000);
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await daemon?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
    if (root) cleanup(root);
  }, 60_000);

  async function search(q: string): Promise<void> {
    await page.goto(`${daemon.base}/#/search`);
    await page.waitForSelector("input[type=search]");
    await page.fill("input[type=search]", q);
    // The earlier search's results may still be shown: wait for this one's answer, then for the page to take it.
    await Promise.all([page.waitForResponse((r) => r.url().includes("/api/search")), page.press("input[type=search]", "Enter")]);
    await page.waitForSelector("button[type=submit]:not([disabled])");
    await page.waitForSelector(".result");
  }

  it("searches with the key, goes to a note and back, and the key is in no address and no byte of the profile", async () => {
    await search(PLAIN);
    expect(page.url()).toContain("#/search?q=VPS");

    await search(`${PLAIN} ${KEY}`);
    expect(await page.locator(".result a.path").count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain(KEY);
    expect(page.url()).toContain("held=");

    // The way back from a note: the link and the browser's Back both show the query again.
    await page.locator(".result a.path").first().click();
    await page.waitForSelector("article.note");
    expect(page.url()).not.toContain(KEY);
    expect(await page.textContent("#back-to-results")).not.toContain(KEY);
    await page.click("#back-to-results");
    await page.waitForSelector(".result");
    expect(await page.inputValue("input[type=search]")).toBe(`${PLAIN} ${KEY}`);
    await page.locator(".result a.path").first().click();
    await page.waitForSelector("article.note");
    await page.goBack();
    await page.waitForSelector(".result");
    expect(await page.inputValue("input[type=search]")).toBe(`${PLAIN} ${KEY}`);

    expect(addresses.filter((a) => a.includes(KEY))).toEqual([]);
    await context!.close();
    context = undefined;
    // The scan sees what the browser keeps: the ordinary query is there (history, session files).
    expect(filesHolding(profile, "Hetzner").length).toBeGreaterThan(0);
    expect(filesHolding(profile, KEY)).toEqual([]);
  });
});

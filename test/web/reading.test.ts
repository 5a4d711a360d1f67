/**
 * Reading what the page shows, in Debian's chromium on a real daemon and real files: a note
 * opened from a search result marks the result's lines (not the whole note), brings them into
 * view and offers the way back to the same results (a link, and the browser's Back); nothing on
 * any page shows raw JSON, markdown backticks or ISO timestamps; a long path wraps at a phone's
 * 390 px without pushing the page sideways. Skipped, with the reason, when no Chromium is installed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
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
  launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
  startDaemon(ws: string): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
  settled(page: Page): Promise<void>;
  PAGES: string[];
}
interface WorkspaceKit {
  buildUiWorkspace(ws: string): Promise<{ proposal: string }>;
}

const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const chromium = kit.findChromium();

/** A packing list long enough for several chunks, one list from top to bottom; one item names the kayak. */
function packingList(): string {
  const items = Array.from({ length: 120 }, (_, i) =>
    i === 100 ? "- The inflatable kayak goes in the roof box with the paddles and the pump." : `- Item ${i + 1}: pack the spare socks, the rain jacket, the head torch and the water bottle number ${i + 1}.`,
  );
  return `# Packing list\n\n${items.join("\n")}\n`;
}

const LONG_DIR = "KitchenRenovationQuotesFromThePlumberTheElectricianAndTheTilerComparedSideBySide";
const LONG_PATH = `memory/projects/${LONG_DIR}/QuotesReceivedInNovemberWithTheirDeadlines.md`;
/** A deep path of names that each fit a phone's line: it should break between folders only. */
const DEEP_PATH = "memory/projects/garden/raised-beds/north-fence/tomatoes-and-runner-beans/planting-plan-for-spring.md";

/** The character before each line break of the element's text (a path's last letter on each line but its last). */
function lineEnds(page: Page, selector: string): Promise<string[]> {
  // Evaluated in the page (the tests are typed without the DOM): each character's line box top.
  return page.evaluate(
    `(() => { const el = document.querySelector(${JSON.stringify(selector)}); const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); const chars = []; let n;
      while ((n = walk.nextNode())) for (let i = 0; i < n.data.length; i++) { const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1); const b = r.getClientRects()[0]; if (b) chars.push([n.data[i], Math.round(b.top)]); }
      const ends = []; for (let i = 1; i < chars.length; i++) if (chars[i][1] > chars[i - 1][1]) ends.push(chars[i - 1][0]); return ends; })()`,
  ) as Promise<string[]>;
}

type Box = { getBoundingClientRect(): { top: number; bottom: number; right: number } };

/** The page is not wider than the window: nothing pushes it sideways. */
const sideways = (page: Page) => page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") as Promise<number>;

describe.skipIf(!chromium)(`reading the page${chromium ? "" : " [skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)]"}`, { timeout: 180_000 }, () => {
  let root = "";
  let ws = "";
  let daemon: Daemon;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;

  beforeAll(async () => {
    root = tempDir("agent-web-reading-");
    ws = path.join(root, "assistant");
    const wk = (await import(new URL("../../scripts/lib/ui-workspace.mjs", import.meta.url).href)) as WorkspaceKit;
    await wk.buildUiWorkspace(ws);
    writeFileSync(path.join(ws, "memory", "packing.md"), packingList());
    mkdirSync(path.join(ws, "memory", "projects", LONG_DIR), { recursive: true });
    writeFileSync(path.join(ws, LONG_PATH), "# Quotes\n\n- The zellige tiler quoted 2400 for the splashback.\n");
    mkdirSync(path.dirname(path.join(ws, DEEP_PATH)), { recursive: true });
    writeFileSync(path.join(ws, DEEP_PATH), "# Spring\n\n- Sow the borlotti beans along the north fence in April.\n");
    daemon = await kit.startDaemon(ws);
    browser = await kit.launchBrowser();
    page = await browser.context.newPage();
    await page.goto(await kit.loginUrl(ws));
    await page.waitForSelector("nav");
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await daemon?.stop();
    if (root) cleanup(root);
  }, 60_000);

  async function search(q: string): Promise<void> {
    await page.goto(`${daemon.base}/#/search`);
    await page.waitForSelector("input[type=search]");
    await page.fill("input[type=search]", q);
    await page.press("input[type=search]", "Enter");
    await page.waitForSelector(".result");
  }

  it("a note opened from a result marks the result's lines, shows them, and leads back to the same results", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await search("inflatable kayak roof box");
    const link = page.locator(".result a.path", { hasText: "memory/packing.md" }).first();
    const [, from, to] = /:(\d+)-(\d+)$/.exec((await link.textContent()) ?? "")!.map(Number) as [number, number, number];
    await link.click();
    await page.waitForSelector("article.note .hit");
    const marked = (await page.locator("article.note .hit").allTextContents()).join("\n");
    expect(marked).toContain("inflatable kayak");
    // Only the result's lines: the list's first item (line 3) and last (line 122) lie outside them.
    expect(from).toBeGreaterThan(3);
    expect(to).toBeLessThan(122);
    expect(marked).not.toContain("water bottle number 1.");
    expect(marked).not.toContain("water bottle number 120.");
    expect(await page.locator("article.note li").count()).toBe(120);
    expect(await page.locator("article.note li.hit").count()).toBe(to - from + 1);
    // Scrolled to them: the kayak's line is in the window.
    const kayak = page.locator("article.note li.hit", { hasText: "inflatable kayak" });
    await expect.poll(async () => kayak.evaluate((el) => {
          // Evaluated in the page (the tests are typed without the DOM).
          const r = (el as unknown as Box).getBoundingClientRect();
          return r.top >= 0 && r.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
        })).toBe(true);

    // The way back is in view next to the marked lines, not only at the top of the note.
    expect(await page.locator("#back-to-results").isVisible()).toBe(true);
    const backBox = await page.locator("#back-to-results").boundingBox();
    expect(backBox!.y + backBox!.height).toBeLessThanOrEqual(800);
    expect(backBox!.y).toBeGreaterThanOrEqual(0);
    await page.click("#back-to-results");
    await page.waitForSelector(".result");
    expect(await page.inputValue("input[type=search]")).toBe("inflatable kayak roof box");
    expect(await page.locator(".result a.path", { hasText: "memory/packing.md" }).count()).toBeGreaterThan(0);

    // The browser's Back does the same.
    await page.locator(".result a.path", { hasText: "memory/packing.md" }).first().click();
    await page.waitForSelector("article.note .hit");
    await page.goBack();
    await page.waitForSelector(".result");
    expect(await page.inputValue("input[type=search]")).toBe("inflatable kayak roof box");
  });

  it("no page shows raw JSON, backticks or ISO timestamps, with every job run opened", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const raw = /\{\s*"|"\w+"\s*:|`|\b\d{4}-\d\d-\d\dT\d\d:\d\d/;
    for (const id of kit.PAGES) {
      await page.goto(`${daemon.base}/#/${id}`);
      await kit.settled(page);
      if (id === "jobs") {
        for (const b of await page.locator("table.runs button.link").all()) await b.click();
        await kit.settled(page);
        for (const d of await page.locator("main details").all()) await d.evaluate((el) => void ((el as unknown as { open: boolean }).open = true));
      }
      if (id === "search") {
        await page.fill("input[type=search]", "VPS Hetzner");
        await page.press("input[type=search]", "Enter");
        await page.waitForSelector(".result");
        await page.click(".result >> nth=0 >> button.link");
      }
      // A model's reply is shown as the model wrote it (often JSON), on purpose: everything else is in words.
      const text = (await page.evaluate("(() => { const m = document.querySelector('main').cloneNode(true); m.querySelectorAll('pre.reply').forEach((r) => r.remove()); document.body.append(m); const t = m.innerText; m.remove(); return t; })()")) as string;
      const shown = text.split("\n").filter((line) => raw.test(line));
      expect(shown, id).toEqual([]);
    }
  });

  it("at 390 px a long path wraps: search results, the note and the notes page stay inside the window", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await search("zellige splashback");
    expect(await page.locator(".result a.path").first().textContent()).toContain(LONG_DIR);
    expect(await sideways(page)).toBe(0);
    const right = (await page.$$eval(".result a.path, .result .muted", (els) => Math.max(...els.map((e) => (e as unknown as Box).getBoundingClientRect().right)))) as number;
    expect(right).toBeLessThanOrEqual(390);
    await page.locator(".result a.path").first().click();
    await page.waitForSelector("article.note .hit");
    expect(await sideways(page)).toBe(0);
    await page.goto(`${daemon.base}/#/notes`);
    await page.waitForSelector("ul.recent li");
    await kit.settled(page);
    expect(await sideways(page)).toBe(0);
    const widest = (await page.$$eval("main *", (els) => Math.max(...els.map((e) => (e as unknown as Box).getBoundingClientRect().right)))) as number;
    expect(widest).toBeLessThanOrEqual(390);
  });

  it("at 390 px a deep path breaks between its folders, in the result, the note's title and the notes page", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await search("borlotti beans");
    expect(await page.locator(".result a.path").first().textContent()).toContain(DEEP_PATH);
    const inResult = await lineEnds(page, ".result a.path");
    expect(inResult.length).toBeGreaterThan(0);
    expect(inResult.every((c) => c === "/"), `the result's path broke after: ${inResult.join(" ")}`).toBe(true);
    await page.locator(".result a.path").first().click();
    await page.waitForSelector("article.note .hit");
    const inTitle = await lineEnds(page, "h2.path");
    expect(inTitle.length).toBeGreaterThan(0);
    expect(inTitle.every((c) => c === "/"), `the note's title broke after: ${inTitle.join(" ")}`).toBe(true);
    await page.goto(`${daemon.base}/#/notes`);
    await page.waitForSelector("ul.recent li");
    await kit.settled(page);
    const href = `#/note?path=${encodeURIComponent(DEEP_PATH)}`;
    const inList = await lineEnds(page, `ul.recent a.path[href^="${href}"]`);
    expect(inList.length).toBeGreaterThan(0);
    expect(inList.every((c) => c === "/"), `the notes page broke after: ${inList.join(" ")}`).toBe(true);
  });
});

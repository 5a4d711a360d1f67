/**
 * How the web page reads at a phone's width (390 px) and a desktop's (1280 px), in Debian's
 * chromium on a real daemon: badges and dates on one line, the heat map labelled with cells a
 * finger can hit, equal ×-factors drawn alike, a reflection run in words, the notes edited
 * last listed first, and a brand-new workspace whose empty pages say what will appear and
 * when. Skipped, with the reason, when no Chromium is installed.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

interface Daemon {
  base: string;
  stop(): Promise<void>;
}
interface BrowserKit {
  findChromium(): string | null;
  launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
  startDaemon(ws: string, o?: { env?: Record<string, string> }): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
  settled(page: Page): Promise<void>;
}
interface WorkspaceKit {
  buildUiWorkspace(ws: string): Promise<{ proposal: string }>;
}

const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as BrowserKit;
const chromium = kit.findChromium();

/** How many lines each matching element's text takes (a wrapped badge or date takes more than one). */
async function lineCounts(page: Page, selector: string): Promise<number[]> {
  // Evaluated in the page (the tests are typed without the DOM): the distinct tops of the text's line boxes.
  return (await page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => { const r = document.createRange(); r.selectNodeContents(el); return new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top))).size; })`,
  )) as number[];
}

async function open(page: Page, base: string, hash: string, ready: string): Promise<void> {
  await page.goto(`${base}/#/${hash}`);
  await page.waitForSelector(ready);
  await kit.settled(page);
}

describe.skipIf(!chromium)(`the web page at 390 and 1280 px${chromium ? "" : " [skipped: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)]"}`, { timeout: 180_000 }, () => {
  let root = "";
  let ws = "";
  let fresh = "";
  const daemons: Daemon[] = [];
  let demo: Daemon;
  let first: Daemon;
  let browser: { context: BrowserContext; close(): Promise<void> };
  let page: Page;

  beforeAll(async () => {
    root = tempDir("agent-web-layout-");
    ws = path.join(root, "assistant");
    const wk = (await import(new URL("../../scripts/lib/ui-workspace.mjs", import.meta.url).href)) as WorkspaceKit;
    await wk.buildUiWorkspace(ws);
    // A brand-new workspace: `agent init`, a SOUL whose lock sits above a section's heading, no model.
    fresh = path.join(root, "fresh");
    initWorkspace(fresh);
    writeFileSync(path.join(fresh, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" } }));
    writeFileSync(path.join(fresh, "SOUL.md"), "# SOUL\n\n## Voice\n\n- Brief.\n\n<!-- locked -->\n## Values\n\n- I tell the truth.\n<!-- /locked -->\n");
    demo = await kit.startDaemon(ws);
    daemons.push(demo);
    first = await kit.startDaemon(fresh);
    daemons.push(first);
    browser = await kit.launchBrowser();
    page = await browser.context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    for (const d of daemons) await d.stop();
    cleanup(root);
  }, 60_000);

  it("at 390 px: every status badge and every job's start date stays on one line; the heat map is labelled, its cells big enough", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await kit.loginUrl(ws));
    await page.waitForSelector("nav");
    await open(page, demo.base, "health", "table.checks .badge");
    expect(await lineCounts(page, "table.checks .badge")).not.toContain(2);
    expect(Math.max(...(await lineCounts(page, "table.checks .badge")))).toBe(1);
    await open(page, demo.base, "jobs", "table.runs .badge");
    expect(Math.max(...(await lineCounts(page, "table.runs .badge, table.runs td.when")))).toBe(1);
    // An opened reflection run fits the phone: no fact runs past the panel's edge.
    await page.locator("table.runs button.link", { hasText: "reflect" }).last().click();
    await page.waitForSelector(".reflection-facts");
    const overflow = (await page.evaluate(`[...document.querySelectorAll("table.runs .panel")].map((p) => p.scrollWidth - p.clientWidth)`)) as number[];
    expect(overflow).toEqual([0]);
    await open(page, demo.base, "notes", "svg.heat");
    const months = await page.$$eval("svg.heat text.month", (t) => t.map((x) => x.textContent));
    expect(months.length).toBeGreaterThanOrEqual(10);
    expect(months).toContain("Jun");
    expect(await page.$$eval("svg.heat text.weekday", (t) => t.map((x) => x.textContent))).toEqual(["Mon", "Wed", "Fri"]);
    const cell = await page.$eval("svg.heat rect", (r) => r.getBoundingClientRect().width);
    expect(cell).toBeGreaterThanOrEqual(9);
    // SOUL's versions: dates and the roll-back buttons on one line; the plot legends never split.
    await open(page, demo.base, "soul", "table.timeline td.when");
    expect(Math.max(...(await lineCounts(page, "table.timeline td.when, table.timeline button")))).toBe(1);
    await open(page, demo.base, "personality", ".legend");
    expect(Math.max(...(await lineCounts(page, ".legend")))).toBe(1);
  });

  it("at 1280 px: job dates on one line; a reflection run in words; equal ×-factors drawn alike, diversity explained", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, demo.base, "jobs", "table.runs td.when");
    expect(Math.max(...(await lineCounts(page, "table.runs td.when")))).toBe(1);
    await page.locator("table.runs button.link", { hasText: "reflect" }).last().click();
    await page.waitForSelector(".reflection-facts");
    const facts = await page.textContent(".reflection-facts");
    expect(facts).toMatch(/lines changed\d+% of SOUL\.md/);
    expect(facts).not.toMatch(/changeShare|mapped|0\.0\d{5,}/);

    await open(page, demo.base, "search", "input[type=search]");
    await page.fill("input[type=search]", "VPS Hetzner");
    await page.press("input[type=search]", "Enter");
    await page.waitForSelector(".results");
    await page.click(".result button.link");
    await page.waitForSelector(".why");
    const rows = await page.$$eval(".why table.bars tr", (trs) => trs.map((tr) => ({ text: tr.querySelector("td.num")?.textContent ?? "", width: (tr.querySelector(".bar") as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width })));
    const ones = rows.filter((r) => r.text.startsWith("×1.00"));
    expect(ones.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ones.map((r) => Math.round(r.width))).size).toBe(1);
    expect(await page.textContent(".why .diversity")).toMatch(/Not moved by diversity|Moved down by diversity/);
    expect(await page.textContent(".why")).not.toMatch(/ordered by|−0\.000/);
    // A result placed below a higher score says why.
    const metas = await page.$$eval(".result > .muted", (m) => m.map((x) => x.textContent ?? ""));
    const scores = metas.map((m) => Number(/score (\d\.\d+)/.exec(m)![1]));
    metas.forEach((m, i) => {
      if (i > 0 && scores[i]! > scores[i - 1]!) expect(m).toMatch(/placed lower: it resembles a result above/);
    });
  });

  it("Recent files: a note just edited comes first", async () => {
    await open(page, demo.base, "notes", "ul.recent li");
    appendFileSync(path.join(ws, "memory", "2026-08-05.md"), "\n- Booked the ferry for the garden fair.\n");
    // The page follows the workspace live; the note is re-indexed within moments of the save.
    await expect.poll(() => page.textContent("ul.recent li a"), { timeout: 20_000, interval: 250 }).toBe("memory/2026-08-05.md");
  });

  it("a brand-new workspace without a model: empty pages say what will appear and when; Health does not call search broken; the locked badge names its section", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await kit.loginUrl(fresh));
    await page.waitForSelector("nav");
    await open(page, first.base, "health", "#health-summary");
    expect(await page.textContent("#health-summary")).toMatch(/^search works; worth a look: .*llm/);
    await open(page, first.base, "memories", "#memories-plot-empty");
    expect(await page.$("figure.plot")).toBeNull();
    expect(await page.textContent("#memories-plot-empty")).toMatch(/nightly reflection forms them/);
    await open(page, first.base, "jobs", "h3");
    expect(await page.textContent("main")).toMatch(/the inbox is empty: what a job wants you to see/);
    await open(page, first.base, "notes", "h3");
    expect(await page.textContent("main")).toMatch(/no daily notes yet: a file memory\/YYYY-MM-DD\.md/);
    await open(page, first.base, "personality", "h2");
    expect(await page.textContent("main")).toMatch(/the weekly evolution takes one each week/);
    await open(page, first.base, "soul", ".locked .badge");
    expect(await page.textContent(".locked .badge")).toBe("locked · Values");
  });
});

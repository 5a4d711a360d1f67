#!/usr/bin/env node
// npm run bench:ui: how fast the daemon's web page is, in a real browser (Debian's chromium),
// on the bench workspace (5,120 daily notes, keyword mode unless --hybrid). Prints numbers;
// asserts nothing.
//   first load:  navigation start to the Search page ready for a query (session fetched,
//                performance mark "agent:ready"), empty cache
//   repeat load: the same with the browser's cache
//   search round trip: Enter pressed → results on screen, against the engine's own search time
// Options: --notes N (default 5120), --runs N (default 15), --hybrid.
import "./lib/state-home.mjs";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Engine } from "../dist/index.js";
import { notesWorkspace, option, pct } from "./lib/bench-kit.mjs";
import { findChromium, launchBrowser, loginUrl, startDaemon } from "./lib/ui-browser.mjs";

const args = process.argv.slice(2);
const NOTES = Number(option(args, "notes", 5120));
const RUNS = Number(option(args, "runs", 15));
const HYBRID = args.includes("--hybrid");
const QUERIES = ["VPS migration", "backup job", "garden watering schedule", "router firmware deadline", "tax return invoice"];
if (!findChromium()) {
  console.error("bench:ui: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)");
  process.exit(1);
}

const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-ui-"));
const ws = path.join(root, "ws");
notesWorkspace(ws, NOTES, 7, HYBRID ? undefined : { search: { mode: "keyword" } });
const engine = await Engine.load({ workspace: ws });
const t0 = performance.now();
engine.indexing.index();
if (HYBRID) await engine.indexing.embed();
await engine.close();
console.log(`workspace: ${NOTES} notes, indexed in ${((performance.now() - t0) / 1000).toFixed(1)} s (${HYBRID ? "hybrid" : "keyword mode"})`);

const js = readFileSync(new URL("../dist/web/app.js", import.meta.url));
const css = readFileSync(new URL("../dist/web/app.css", import.meta.url));
console.log(`shipped: app.js ${(js.length / 1024).toFixed(1)} KB (${(gzipSync(js, { level: 9 }).length / 1024).toFixed(1)} KB gzipped), app.css ${(gzipSync(css, { level: 9 }).length / 1024).toFixed(1)} KB gzipped`);

const daemon = await startDaemon(ws);
const browser = await launchBrowser();
const ms = (x) => `${x.toFixed(1)} ms`;
const summary = (xs) => `median ${ms(pct(xs, 50))}, p90 ${ms(pct(xs, 90))} (n=${xs.length})`;
try {
  const page = await browser.context.newPage();
  await page.goto(await loginUrl(ws));
  await page.waitForSelector("form.search");
  const cdp = await browser.context.newCDPSession(page);

  const load = async (clear) => {
    if (clear) await cdp.send("Network.clearBrowserCache");
    await page.goto("about:blank");
    await page.goto(`${daemon.base}/#/search`);
    await page.waitForSelector("form.search");
    return page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      return { ready: performance.getEntriesByName("agent:ready")[0].startTime, html: nav.responseEnd, dom: nav.domContentLoadedEventEnd };
    });
  };
  const first = [];
  const repeat = [];
  for (let i = 0; i < RUNS; i++) first.push(await load(true));
  for (let i = 0; i < RUNS; i++) repeat.push(await load(false));
  const show = (name, xs) => {
    console.log(`${name} ${summary(xs.map((x) => x.ready))}`);
    console.log(`  of which: HTML in at ${ms(pct(xs.map((x) => x.html), 50))}, DOMContentLoaded (app.js run) at ${ms(pct(xs.map((x) => x.dom), 50))} (medians)`);
  };
  show("first load (empty cache):", first);
  show("repeat load:             ", repeat);

  const total = [];
  const search = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const q = QUERIES[i % QUERIES.length];
    const r = await page.evaluate(async (query) => {
      const input = document.querySelector("input[type=search]");
      input.value = query;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((res) => setTimeout(res, 0));
      const shown = () => document.querySelector("#search-meta")?.textContent?.includes(`“${query}”`);
      const started = performance.now();
      input.form.requestSubmit();
      await new Promise((res) => {
        const obs = new MutationObserver(() => shown() && (obs.disconnect(), res()));
        obs.observe(document.querySelector("main"), { subtree: true, childList: true, characterData: true });
      });
      const ended = performance.now();
      await new Promise((res) => requestAnimationFrame(() => res()));
      return { total: ended - started, search: Number(/([\d.]+) ms/.exec(document.querySelector("#search-meta").textContent)[1]) };
    }, q);
    if (i === 0) continue; // the first query loads what searches share
    total.push(r.total);
    search.push(r.search);
  }
  const over = total.map((t, i) => t - search[i]);
  console.log(`search round trip:        ${summary(total)}`);
  console.log(`  engine search time:     ${summary(search)}`);
  console.log(`  page + HTTP overhead:   ${summary(over)}`);
} finally {
  await browser.close();
  await daemon.stop();
  rmSync(root, { recursive: true, force: true });
}

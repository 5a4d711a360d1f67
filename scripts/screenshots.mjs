#!/usr/bin/env node
// npm run screenshots: every page of the daemon's web page at phone (390 px) and desktop
// (1280 px) width, in light and dark mode (SHOT_SCHEMES=light for one), on the demo workspace,
// written to a temp folder (or SHOT_DIR).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium, launchBrowser, loginUrl, PAGES, settled, startDaemon } from "./lib/ui-browser.mjs";
import { buildUiWorkspace } from "./lib/ui-workspace.mjs";

if (!findChromium()) {
  console.error("screenshots: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)");
  process.exit(1);
}
const root = mkdtempSync(path.join(os.tmpdir(), "agent-ui-shots-"));
const ws = path.join(root, "assistant");
const out = process.env.SHOT_DIR ?? path.join(root, "shots");
await buildUiWorkspace(ws);
const daemon = await startDaemon(ws);
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  await page.goto(await loginUrl(ws));
  await page.waitForSelector("nav");
  for (const scheme of (process.env.SHOT_SCHEMES ?? "light,dark").split(",")) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const id of PAGES) {
        await page.goto(`${daemon.base}/#/${id}`);
        await settled(page);
        if (id === "search") {
          await page.fill("input[type=search]", "VPS Hetzner");
          await page.press("input[type=search]", "Enter");
          await page.waitForSelector(".results, .empty");
          await page.click(".result button.link");
        }
        if (id === "memories") {
          await page.click("li.memory button.link");
          await page.waitForSelector("li.memory .panel svg");
        }
        if (id === "jobs") {
          // The reflection that made the proposal: its inputs, raw replies and decision.
          await page.locator("table.runs button.link", { hasText: "reflect" }).nth(2).click();
          await page.waitForSelector("table.runs .panel details");
        }
        await settled(page);
        const file = path.join(out, `${id}-${width}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
      }
      // A note opened from a result, with the matched lines marked.
      await page.goto(`${daemon.base}/#/search`);
      await page.fill("input[type=search]", "VPS Hetzner");
      await page.press("input[type=search]", "Enter");
      await page.click(".result a.path");
      await page.waitForSelector("article.note .hit");
      await page.screenshot({ path: path.join(out, `note-${width}-${scheme}.png`), fullPage: true });
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await daemon.stop();
  if (process.env.KEEP_WORKSPACE !== "1") rmSync(ws, { recursive: true, force: true });
}

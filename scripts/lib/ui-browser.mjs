// The web page's drivers: a real daemon on a workspace (`agent daemon --http --port 0`), its
// one-time login link from `agent ui --print-url`, and Debian's chromium driven by
// playwright-core (which downloads no browser of its own). Used by `npm run screenshots`, the
// page's benchmark and the browser tests.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");
const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].filter(Boolean);

/** The system's Chromium, or null (the caller says why it skips). */
export function findChromium() {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

/** A headless Chromium with a fresh profile that talks to nothing but what the page asks for. */
export async function launchBrowser(executablePath = findChromium()) {
  if (!executablePath) throw new Error("no Chromium found (install Debian's chromium, or set CHROMIUM_PATH)");
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(path.join(os.tmpdir(), "agent-ui-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Starts `agent daemon --http --port 0` on the workspace (without --http when `http` is false) and waits until it serves. */
export async function startDaemon(workspace, { env = {}, http = true } = {}) {
  const child = spawn(process.execPath, [CLI, "daemon", ...(http ? ["--http", "--port", "0"] : []), "--workspace", workspace], {
    env: { ...process.env, AGENT_DAEMON: "auto", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const base = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(out);
      if (m || (!http && /serving the engine on/.test(out))) {
        clearInterval(timer);
        resolve(m ? m[1] : null);
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`the daemon exited (${code}) before serving HTTP:\n${out}`));
    });
  });
  // The watcher says when the index is in step; the page is usable from then on.
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (/watching for changes/.test(out)) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
  });
  return {
    base,
    pid: child.pid,
    log: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/** A fresh one-time login link, as a person gets it: `agent ui --print-url`. */
export async function loginUrl(workspace) {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, "ui", "--print-url", "--workspace", workspace]);
  return stdout.trim();
}

/** The page ids and a human name for each, in the order of the navigation. */
export const PAGES = ["search", "notes", "soul", "memories", "personality", "jobs", "health"];

/** Waits until the page in view has its data (no "loading…" left in it). */
export async function settled(page) {
  await page.waitForSelector("main h2");
  await page.waitForFunction(() => !document.querySelector("main")?.textContent?.includes("loading…"), undefined, { timeout: 120_000 });
}

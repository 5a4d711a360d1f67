#!/usr/bin/env node
// node scripts/bench-embed-pool.mjs: USE-lite's worker pool as the daemon runs it while it
// embeds a history in the background (lowerPriority as the daemon does, batches of windows
// from a synthetic Claude Code history), with a one-text query every --every ms beside it.
// Prints the process's peak RSS (sampled every 100 ms), the CPU per window (user+system of
// the whole process, so it holds on a busy machine) and the queries' wall p50/p95. Never a
// test: numbers for docs/performance.md. --dist DIR runs another build's dist/ (before/after).
// Options: --windows N (default 320), --every MS (default 1000), --threads N, --batch N,
//          --nice N (default 10; 0 skips lowerPriority).
import "./lib/state-home.mjs";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { option, pct } from "./lib/bench-kit.mjs";
import { historyQueries, writeClaudeHistory } from "./lib/history.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dist = path.resolve(option(args, "dist", path.join(HERE, "..", "dist")));
const nWindows = Number(option(args, "windows", 320));
const every = Number(option(args, "every", 1000));
const nice = Number(option(args, "nice", 10));
const threads = option(args, "threads", null);
const batch = option(args, "batch", null);

const { UseLiteEmbedder } = await import(pathToFileURL(path.join(dist, "embed", "use-lite.js")).href);
const e = new UseLiteEmbedder({ ...(threads !== null ? { threads: Number(threads) } : {}), ...(batch !== null ? { batchSize: Number(batch) } : {}) });

// Windows of real-looking transcript text: each message's content, split as the indexer would.
const store = mkdtempSync(path.join(os.tmpdir(), "agent-bench-pool-"));
const windows = [];
try {
  writeClaudeHistory(store, 12, { turns: 40 });
  const projects = path.join(store, "projects");
  for (const p of readdirSync(projects)) {
    for (const f of readdirSync(path.join(projects, p))) {
      // A session's words as one text: full 128-token windows, as a chunk's digest gives.
      const texts = readFileSync(path.join(projects, p, f), "utf8").split("\n").filter(Boolean).map((line) => {
        const c = JSON.parse(line).message?.content;
        return typeof c === "string" ? c : Array.isArray(c) ? c.map((x) => x.text ?? "").join(" ") : "";
      });
      if (windows.length < nWindows) windows.push(...e.windows(texts.join("\n")));
    }
  }
} finally {
  rmSync(store, { recursive: true, force: true });
}
windows.length = Math.min(windows.length, nWindows);

let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(" ");
console.log(`pool bench (${dist}): ${windows.length} windows, threads ${e.threads}, batch ${e.batchSize}, nice ${nice}; load ${load()}`);
if (nice > 0) e.lowerPriority?.(nice);
const tLoad = performance.now();
await e.init();
console.log(`  model loaded in ${(performance.now() - tLoad).toFixed(0)} ms; RSS ${(process.memoryUsage.rss() / 1048576).toFixed(0)} MB`);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let done = false;
// The daemon's embedding queue hands the embedder ~32 chunks' windows at a time.
const background = (async () => {
  for (let i = 0; i < windows.length; i += 56) await e.embed(windows.slice(i, i + 56));
  done = true;
})();
const latencies = [];
const queries = historyQueries(64);
for (let q = 0; !done; q++) {
  await new Promise((r) => setTimeout(r, every));
  if (done) break;
  const s = performance.now();
  await e.embed([queries[q % queries.length]], { kind: "query" });
  latencies.push(performance.now() - s);
}
await background;
const wall = (performance.now() - t0) / 1000;
const c = process.cpuUsage(cpu0);
const cpu = (c.user + c.system) / 1e6;
clearInterval(sampler);
console.log(`  embedded in ${wall.toFixed(1)} s wall: ${(windows.length / wall).toFixed(1)} windows/s; ${cpu.toFixed(1)} CPU s = ${((cpu * 1000) / windows.length).toFixed(1)} CPU ms a window`);
console.log(`  queries beside it: ${latencies.length}, p50 ${pct(latencies, 50)?.toFixed(0)} ms, p95 ${pct(latencies, 95)?.toFixed(0)} ms`);
console.log(`  peak RSS ${(peak / 1048576).toFixed(0)} MB; end load ${load()}`);
await e.close();

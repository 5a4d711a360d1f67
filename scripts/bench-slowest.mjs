#!/usr/bin/env node
// Which of `bench-peer --distinct`'s 200 distinct queries make a warm host's p95: the same
// generated workspace and queries, in process (a fresh engine's round first, then a warm
// host's, as the bench does), and the slowest N of the warm host's rounds with their CPU, the
// garbage collector's pauses during them, the candidates scored and the query terms' document
// frequencies. Prints numbers; asserts nothing.
//   node scripts/bench-slowest.mjs [--notes 5120] [--rounds 2] [--top 10]
import "./lib/state-home.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { distinctQueries, notesWorkspace, option, pct } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const NOTES = Number(option(args, "notes", 5120));
const ROUNDS = Number(option(args, "rounds", 2));
const TOP = Number(option(args, "top", 10));
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-slowest-"));
const ws = path.join(root, "ws");
notesWorkspace(ws, NOTES, 7, { search: { mode: "keyword" } });
execFileSync(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], { env: { ...process.env, AGENT_DAEMON: "off" }, stdio: "ignore" });
console.log(`== the slowest of 200 distinct queries on a warm host: ${NOTES} notes, load ${os.loadavg()[0].toFixed(1)} ==`);

// Every GC pause, as [start, end] in performance.now() time, to charge to the search it fell in.
const pauses = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push([e.startTime, e.startTime + e.duration, e.detail?.kind ?? 0]);
}).observe({ entryTypes: ["gc"] });
const gcIn = (t0, t1) => pauses.reduce((s, [a, b]) => s + Math.max(0, Math.min(b, t1) - Math.max(a, t0)), 0);
// perf_hooks' kinds: 1 minor (scavenge), 2 major (mark-compact), 4 incremental marking, 8 weak callbacks.
const KIND = { 1: "minor", 2: "major", 4: "incr", 8: "weak" };
const gcKinds = (t0, t1) => [...new Set(pauses.filter(([a, b]) => b > t0 && a < t1).map(([, , k]) => KIND[k] ?? k))].join("+");

const queries = distinctQueries();
const rows = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const warm of [false, true]) {
    const e = Engine.open({ workspace: ws, embedder: null });
    if (warm) await e.indexing.warm();
    for (const [i, q] of queries.entries()) {
      const c = process.cpuUsage();
      const m = process.threadCpuUsage();
      const t0 = performance.now();
      const res = await e.search(q, { limit: 10, refresh: false, explain: true });
      const t1 = performance.now();
      const d = process.cpuUsage(c);
      const dm = process.threadCpuUsage(m);
      if (!warm) continue;
      const floor = res.explain?.floor;
      rows.push({ round: r + 1, i, q, wall: t1 - t0, cpu: (d.user + d.system) / 1000, main: (dm.user + dm.system) / 1000, t0, t1, candidates: floor?.candidates ?? 0, passed: floor?.passed ?? 0, dfs: (floor?.terms ?? []).map((t) => `${t.term}:${t.df}`).join(" ") });
    }
    await e.close();
  }
}
// The observer's entries arrive after the searches; charge each pause to the search it fell in.
await new Promise((ok) => setTimeout(ok, 100));
for (const x of rows) {
  x.gc = gcIn(x.t0, x.t1);
  x.kinds = gcKinds(x.t0, x.t1);
}
const f = (x) => x.toFixed(1).padStart(6);
for (let r = 1; r <= ROUNDS; r++) {
  const mine = rows.filter((x) => x.round === r);
  const cpus = mine.map((x) => x.cpu);
  const mains = mine.map((x) => x.main);
  console.log(`\nround ${r}: CPU p50 ${pct(cpus, 50).toFixed(1)} p95 ${pct(cpus, 95).toFixed(1)} ms (main thread ${pct(mains, 50).toFixed(1)} / ${pct(mains, 95).toFixed(1)}, wall ${pct(mine.map((x) => x.wall), 50).toFixed(1)} / ${pct(mine.map((x) => x.wall), 95).toFixed(1)}); GC in searches ${mine.reduce((s, x) => s + x.gc, 0).toFixed(0)} ms of ${cpus.reduce((s, x) => s + x, 0).toFixed(0)}`);
  console.log(`${"#".padStart(4)} ${"CPU".padStart(6)} ${"main".padStart(6)} ${"wall".padStart(6)} ${"GC".padStart(6)} ${"GC kinds".padEnd(11)} ${"cand".padStart(6)} ${"pass".padStart(5)}  query (terms:df)`);
  for (const x of [...mine].sort((a, b) => b.cpu - a.cpu).slice(0, TOP)) {
    console.log(`${String(x.i).padStart(4)} ${f(x.cpu)} ${f(x.main)} ${f(x.wall)} ${f(x.gc)} ${(x.kinds || "-").padEnd(11)} ${String(x.candidates).padStart(6)} ${String(x.passed).padStart(5)}  ${x.q}  (${x.dfs})`);
  }
  // CPU by candidate count: is the tail the queries with many candidates?
  const byCand = [...mine].sort((a, b) => a.candidates - b.candidates);
  for (const [lo, hi] of [[0, 0.5], [0.5, 0.9], [0.9, 1]]) {
    const part = byCand.slice(Math.floor(lo * byCand.length), Math.floor(hi * byCand.length));
    console.log(`candidates ${part[0].candidates}–${part[part.length - 1].candidates}: CPU p50 ${pct(part.map((x) => x.cpu), 50).toFixed(1)} p95 ${pct(part.map((x) => x.cpu), 95).toFixed(1)} ms, GC ${(part.reduce((s, x) => s + x.gc, 0) / part.length).toFixed(2)} ms a search`);
  }
}
const kinds = {};
for (const [a, b, k] of pauses) kinds[KIND[k] ?? k] = (kinds[KIND[k] ?? k] ?? 0) + (b - a);
console.log(`\nGC pauses over the whole run, ms by kind: ${JSON.stringify(Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, Math.round(v)])))}`);
console.log(`load at the end ${os.loadavg()[0].toFixed(1)}`);
rmSync(root, { recursive: true, force: true });

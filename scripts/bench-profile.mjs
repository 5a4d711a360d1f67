#!/usr/bin/env node
// Where a warm host's distinct keyword searches spend their CPU, by stage and by function:
// `bench-peer --distinct`'s workspace and queries, a warm host (warm(), then --practice N untimed
// queries, as the bench's own process does), then --queries N distinct queries under V8's
// sampling profiler (--interval µs). Only samples taken inside a search count; each search's
// samples are charged to the innermost pipeline stage on their stack (STAGES, below). The
// searches are split by their own CPU: the middle half (p25–p75, a typical search) and the
// slowest tenth. --json FILE writes the top 10 of every query (to diff two builds' results);
// --save FILE keeps the .cpuprofile. Prints numbers; asserts nothing.
//   node scripts/bench-profile.mjs [--notes 5120] [--practice 1000] [--queries 1000] [--interval 100]
import "./lib/state-home.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { moreDistinctQueries, notesWorkspace, option, pct, practiceQueries } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const NOTES = Number(option(args, "notes", 5120));
const PRACTICE = Number(option(args, "practice", 1000));
const QUERIES = Number(option(args, "queries", 1000));
const INTERVAL = Number(option(args, "interval", 100));
const JSON_OUT = option(args, "json", "");
const SAVE = option(args, "save", "");

// The stages a sample is charged to: the innermost of these functions on its stack (by name).
const STAGES = [
  ["planSearch", "plan (query rules)"],
  ["refresh", "refresh"],
  ["indexFacts", "2 index facts"],
  ["rankByPostings", "3 postings first pass"],
  ["candidateRows", "3 candidate rows"],
  ["rescoreBm25", "3 BM25 rescoring"],
  ["itemWordsOf", "3 list item words"],
  ["bestItemScoreOf", "3 list items' best item"],
  ["termFreqs", "3 term frequencies"],
  ["gatherCandidates", "3 candidates (other)"],
  ["scoreCandidates", "4 fuse, factors"],
  ["applyFloor", "5 floor"],
  ["diversify", "6 MMR"],
  ["slotStatements", "6a slot lookup"],
  ["newestFirst", "6b newest first"],
  ["denialsBeside", "6c denial pair"],
  ["newerTwinsFirst", "6d newer twin"],
  ["announcedChangesFirst", "6d' announced change"],
  ["echoesBelowReplacement", "6f stale echo"],
  ["shortFormsBeside", "6e short forms"],
  ["present", "8 present"],
  ["recordQuietly", "recall log"],
  ["flushQuietly", "recall log"],
];
const STAGE_OF = new Map(STAGES);

const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-profile-"));
const ws = path.join(root, "ws");
notesWorkspace(ws, NOTES, 7, { search: { mode: "keyword" } });
execFileSync(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], { env: { ...process.env, AGENT_DAEMON: "off" }, stdio: "ignore" });

const e = Engine.open({ workspace: ws, embedder: null });
await e.indexing.warm();
const turn = () => new Promise((ok) => setImmediate(ok));
for (const q of practiceQueries(PRACTICE)) {
  await e.search(q, { limit: 10, refresh: false });
  await turn();
}
const queries = moreDistinctQueries(QUERIES);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: INTERVAL });
await session.post("Profiler.start");
const spans = [];
const tops = [];
for (const q of queries) {
  const c = process.threadCpuUsage();
  const t0 = process.hrtime.bigint();
  const res = await e.search(q, { limit: 10, refresh: false });
  const t1 = process.hrtime.bigint();
  const d = process.threadCpuUsage(c);
  spans.push({ q, t0: Number(t0 / 1000n), t1: Number(t1 / 1000n), cpu: (d.user + d.system) / 1000 });
  if (JSON_OUT) tops.push({ q, results: res.results });
  await turn();
}
const { profile } = await session.post("Profiler.stop");
await e.close();
if (SAVE) writeFileSync(SAVE, JSON.stringify(profile));
if (JSON_OUT) writeFileSync(JSON_OUT, tops.map((t) => JSON.stringify(t)).join("\n") + "\n");
rmSync(root, { recursive: true, force: true });

// The stack of every node, as the stage it is charged to and its own function.
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const stageOf = new Map();
function stageOfNode(id) {
  if (stageOf.has(id)) return stageOf.get(id);
  const n = byId.get(id);
  const own = STAGE_OF.get(n.callFrame.functionName);
  const p = parent.get(id);
  const s = own ?? (p === undefined ? "(outside the stages)" : stageOfNode(p));
  stageOf.set(id, s);
  return s;
}
const fnOf = (id) => {
  const f = byId.get(id).callFrame;
  // A native function (a SQLite call, a builtin) is named with the function that called it.
  if (!f.url && parent.has(id) && f.functionName !== "(garbage collector)") return `${f.functionName || "(native)"} in ${fnOf(parent.get(id))}`;
  return `${f.functionName || "(anon)"} ${f.url ? path.basename(f.url) : ""}:${f.lineNumber + 1}`;
};

// Samples to searches: the timestamps are V8's monotonic clock, the spans' process.hrtime.
const sorted = spans.map((s, i) => ({ ...s, i })).sort((a, b) => a.cpu - b.cpu);
const lo = pct(spans.map((s) => s.cpu), 25);
const hi = pct(spans.map((s) => s.cpu), 75);
const slow = pct(spans.map((s) => s.cpu), 90);
const groupOf = (s) => (s.cpu >= slow ? "slow" : s.cpu >= lo && s.cpu <= hi ? "mid" : null);
let t = profile.startTime;
let k = 0;
const bySpan = spans.map(() => []);
const order = spans.map((s, i) => i).sort((a, b) => spans[a].t0 - spans[b].t0);
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  while (k < order.length && spans[order[k]].t1 < t) k++;
  if (k < order.length && spans[order[k]].t0 <= t) bySpan[order[k]].push(profile.samples[i]);
}
const inside = bySpan.reduce((s, x) => s + x.length, 0);
console.log(`== a warm host's distinct searches: ${NOTES} notes, ${PRACTICE} practice, ${QUERIES} profiled, ${INTERVAL} µs sampling, load ${os.loadavg()[0].toFixed(1)} ==`);
console.log(`search CPU (main thread) p25 ${lo.toFixed(2)} p50 ${pct(spans.map((s) => s.cpu), 50).toFixed(2)} p75 ${hi.toFixed(2)} p90 ${slow.toFixed(2)} ms; ${inside} of ${profile.samples.length} samples inside searches`);

function table(title, keyOf, group, top) {
  const counts = new Map();
  let total = 0;
  spans.forEach((s, i) => {
    if (group !== "all" && groupOf(s) !== group) return;
    for (const id of bySpan[i]) {
      const key = keyOf(id);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      total++;
    }
  });
  const n = spans.filter((s) => group === "all" || groupOf(s) === group).length;
  console.log(`\n${title} (${group === "mid" ? "the middle half, p25–p75" : group === "slow" ? "the slowest tenth" : "all"}: ${n} searches, ${total} samples, ${((total * INTERVAL) / 1000 / n).toFixed(2)} ms of samples a search)`);
  for (const [key, c] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${((100 * c) / total).toFixed(1).padStart(5)} %  ${key}`);
}
const idle = (id) => {
  const f = byId.get(id).callFrame.functionName;
  return f === "(idle)" || f === "(program)" || f === "(garbage collector)" ? f : null;
};
for (const g of ["mid", "slow"]) {
  table("by stage", (id) => idle(id) ?? stageOfNode(id), g, 30);
  table("by function (self)", (id) => `${fnOf(id)}  [${stageOfNode(id)}]`, g, 40);
}
void sorted;

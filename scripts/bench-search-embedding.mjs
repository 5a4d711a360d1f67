#!/usr/bin/env node
// node scripts/bench-search-embedding.mjs [--cli PATH] [--before PATH] [--history N] [--queries N] [--rounds R] [--vectors V]:
// a whole hybrid `agent search` through a daemon that is embedding an imported history in the
// background (what a person asks in the first minutes after `agent import`), each search beside
// a `node -e 0` of the same moment. The history (N Claude Code sessions, default 200) is imported
// and keyword-indexed once; each build's daemon then starts from that same index with no vector,
// and its searches are timed once it has V vectors (default 100, so they run hybrid) while it
// goes on embedding the rest. --before: another build's dist/cli/main.js; the builds alternate,
// round by round, in the same minutes. Prints wall p50/p95 and the ratio to `node -e 0` for
// each build and round, with the load; never asserts.
import "./lib/state-home.mjs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { option, pct } from "./lib/bench-kit.mjs";
import { historyQueries, writeClaudeHistory } from "./lib/history.mjs";

const args = process.argv.slice(2);
const cli = path.resolve(option(args, "cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))));
const before = option(args, "before", null);
const sessions = Number(option(args, "history", 200));
const nQueries = Number(option(args, "queries", 20));
const rounds = Number(option(args, "rounds", 2));
const wantVectors = Number(option(args, "vectors", 100));
const load = () => `load ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-search-embedding-"));
const ws = path.join(root, "ws");
const snapshot = path.join(root, "state-snapshot");
// The daemons' state lives apart from the bench's own (state-home.mjs), restored before each daemon.
const state = path.join(root, "state");
const env = { ...process.env, AGENT_STATE_HOME: state, AGENT_DAEMON: "require" };
try {
  writeClaudeHistory(path.join(root, "claude"), sessions);
  execFileSync(process.execPath, [cli, "init", ws], { env, stdio: "ignore" });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite" } }));
  execFileSync(process.execPath, [cli, "import", "claude-code", path.join(root, "claude", "projects"), "--workspace", ws], { env, stdio: "ignore" });
  execFileSync(process.execPath, [cli, "index", "--no-embed", "--workspace", ws], { env, stdio: "ignore" });
  cpSync(state, snapshot, { recursive: true });
  const indexDb = () => path.join(state, "workspaces", readdirSync(path.join(state, "workspaces"))[0], "index.db");
  const vectorsNow = () => {
    try {
      const db = new Database(indexDb(), { readonly: true });
      try {
        return db.prepare("SELECT count(*) AS n FROM chunk_vectors").get().n;
      } finally {
        db.close();
      }
    } catch {
      return 0;
    }
  };
  const timed = (argv) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, argv, { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    return performance.now() - t;
  };
  const queries = historyQueries(nQueries * rounds * 2);
  let asked = 0;

  /** One build's round: a fresh daemon from the snapshot, its searches once it has the first vectors. */
  async function round(build) {
    rmSync(state, { recursive: true, force: true });
    cpSync(snapshot, state, { recursive: true });
    const daemon = spawn(process.execPath, [build, "daemon", "--workspace", ws], { env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    daemon.stdout.on("data", (d) => (log += d));
    daemon.stderr.on("data", (d) => (log += d));
    try {
      while (!/daemon started on /.test(log)) {
        if (daemon.exitCode !== null) throw new Error(`the daemon stopped: ${log}`);
        await sleep(100);
      }
      while (vectorsNow() < wantVectors) await sleep(500);
      const v0 = vectorsNow();
      const node = [];
      const search = [];
      for (let i = 0; i < nQueries; i++) {
        node.push(timed(["-e", "0"]));
        search.push(timed([build, "search", queries[asked++ % queries.length], "--workspace", ws, "--json"]));
      }
      return { node, search, vectors: [v0, vectorsNow()], load: load() };
    } finally {
      const gone = new Promise((r) => daemon.once("exit", r));
      daemon.kill("SIGTERM");
      await gone;
    }
  }

  const builds = { ...(before ? { before: path.resolve(before) } : {}), this: cli };
  console.log(`hybrid \`agent search\` through a daemon embedding ${sessions} imported sessions, ${nQueries} distinct queries a round, each beside \`node -e 0\`; ${os.availableParallelism()} cores, ${load()}`);
  for (let r = 0; r < rounds; r++) {
    const order = Object.entries(builds);
    for (const [name, build] of r % 2 === 0 ? order : order.reverse()) {
      const x = await round(build);
      const [n50, n95, s50, s95] = [pct(x.node, 50), pct(x.node, 95), pct(x.search, 50), pct(x.search, 95)];
      console.log(`  round ${r + 1} ${name.padEnd(6)} search p50 ${s50.toFixed(0)} ms, p95 ${s95.toFixed(0)} ms; node -e 0 p50 ${n50.toFixed(0)}, p95 ${n95.toFixed(0)}: ${(s50 / n50).toFixed(2)}x at p50, ${(s95 / n95).toFixed(2)}x at p95 (vectors ${x.vectors[0]} -> ${x.vectors[1]}; ${x.load})`);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

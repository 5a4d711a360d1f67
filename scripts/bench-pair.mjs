#!/usr/bin/env node
// Paired A/B of two builds' warm distinct searches, in one process, so the other load on the
// machine falls on both alike: `node scripts/bench-pair.mjs --base DIR [--notes 5120]
// [--practice 1000] [--new-first]`, DIR a built copy of another commit (its dist/, scripts/ and
// node_modules). Both open the same generated workspace, each with its own index (its own state
// home: a schema of its own), warm() as the daemon does, answer the practice queries, then the
// 200 distinct queries twice; each query is asked of both back to back, the order alternating,
// the event loop turning between searches, CPU per search. Prints each build's p50/p95/mean per
// round and the ratios (this build / base). Give the same DIR as a second copy of this build for
// an A/A control. Prints numbers; asserts nothing.
import "./lib/state-home.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { distinctQueries, notesWorkspace, option, pct, practiceQueries } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const BASE = option(args, "base", "");
const NOTES = Number(option(args, "notes", 5120));
const PRACTICE = Number(option(args, "practice", 1000));
const ROUNDS = 2;
if (BASE === "") {
  console.log("usage: node scripts/bench-pair.mjs --base DIR (a built copy of the commit to compare with)");
  process.exit(0);
}
const here = fileURLToPath(new URL("..", import.meta.url));
const builds = { base: path.resolve(BASE), new: here };
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-pair-"));
const ws = path.join(root, "ws");
notesWorkspace(ws, NOTES, 7, { search: { mode: "keyword" } });

const engines = {};
const order = args.includes("--new-first") ? ["new", "base"] : ["base", "new"];
for (const name of order) {
  // Each build keeps its index in a state home of its own, read when the engine opens.
  const state = path.join(root, `state-${name}`);
  execFileSync(process.execPath, [path.join(builds[name], "dist/cli/main.js"), "index", "--workspace", ws, "--no-embed"], { env: { ...process.env, AGENT_STATE_HOME: state, AGENT_DAEMON: "off" }, stdio: "ignore" });
  process.env.AGENT_STATE_HOME = state;
  const { Engine } = await import(new URL(`file://${path.join(builds[name], "dist/index.js")}`).href);
  engines[name] = Engine.open({ workspace: ws, embedder: null });
  await engines[name].indexing.warm();
}
console.log(`== paired: ${builds.new} / ${builds.base}, ${NOTES} notes, ${order[0]} opened first, load ${os.loadavg()[0].toFixed(1)} ==`);

const turn = () => new Promise((ok) => setImmediate(ok));
let flip = 0;
const both = () => (flip++ & 1 ? ["new", "base"] : ["base", "new"]);
for (const q of practiceQueries(PRACTICE)) {
  for (const name of both()) {
    await engines[name].search(q, { limit: 10, refresh: false });
    await turn();
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (xs) => `p50 ${pct(xs, 50).toFixed(2)} p95 ${pct(xs, 95).toFixed(2)} mean ${mean(xs).toFixed(2)}`;
for (let r = 0; r < ROUNDS; r++) {
  const cpu = { base: [], new: [] };
  for (const q of distinctQueries()) {
    for (const name of both()) {
      const c = process.cpuUsage();
      await engines[name].search(q, { limit: 10, refresh: false });
      const d = process.cpuUsage(c);
      cpu[name].push((d.user + d.system) / 1000);
      await turn();
    }
  }
  const ratio = (p) => (pct(cpu.new, p) / pct(cpu.base, p)).toFixed(3);
  console.log(`round ${r + 1}: base ${f(cpu.base)} | this ${f(cpu.new)} | this / base: mean ${(mean(cpu.new) / mean(cpu.base)).toFixed(3)} p50 ${ratio(50)} p95 ${ratio(95)}`);
}
console.log(`load at the end ${os.loadavg()[0].toFixed(1)}`);
for (const name of order) await engines[name].close();
rmSync(root, { recursive: true, force: true });
process.exit(0);

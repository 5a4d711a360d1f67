#!/usr/bin/env node
// node scripts/bench-daemons-ab.mjs --before PATH [--cli PATH] [--queries N] [--notes N]: two daemons,
// another build's (--before: its dist/cli/main.js) and this one's, each on its own workspace of the
// same notes, asked the same distinct hybrid queries from this warm process in alternating rounds
// of 10. Prints each daemon's CPU an answer (all its threads, from /proc, 10 ms ticks) and wall
// p50 / p95, and whether every result (path, score, line) was the same; never asserts.
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { option, pct } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const before = option(args, "before", null);
if (!before) throw new Error("--before PATH (another build's dist/cli/main.js) is needed");
const builds = { before: path.resolve(before), this: path.resolve(option(args, "cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url)))) };
const N = Number(option(args, "queries", 100));
const notes = Number(option(args, "notes", 60));
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-daemons-"));
const topics = ["canoe trip", "garden tulips", "tax return", "dentist", "kitchen renovation", "python script", "marathon training", "book club", "car repair", "birthday party"];
for (const [name, cli] of Object.entries(builds)) {
  const ws = path.join(root, name);
  mkdirSync(path.join(ws, "memory"), { recursive: true });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite" }, search: { mode: "hybrid" } }));
  for (let i = 0; i < notes; i++) writeFileSync(path.join(ws, "memory", `2025-03-${String(1 + (i % 28)).padStart(2, "0")}-${i}.md`), `# Note ${i}\n\nToday about the ${topics[i % 10]}: step ${i}, we talked about ${topics[(i * 3) % 10]} and planned the next ${topics[(i * 7) % 10]}.\n`);
  for (let i = 0; i < 2; i++) execFileSync(process.execPath, [cli, "index", "--workspace", ws], { stdio: "ignore" });
}
const d = {};
for (const [name, cli] of Object.entries(builds)) {
  const ws = path.join(root, name);
  const p = spawn(process.execPath, [cli, "daemon", "--workspace", ws, "--no-watch"], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise((res, rej) => { let out = ""; const seen = (c) => { out += c; if (/search warmed in|vectors kept in memory/.test(out)) res(); }; p.stdout.on("data", seen); p.stderr.on("data", seen); setTimeout(() => rej(new Error("no warm line: " + out)), 240_000).unref(); p.once("exit", () => rej(new Error("exited: " + out))); });
  // The CLI may relaunch itself with heap flags: the daemon is the process holding the socket; take the deepest child.
  const pid = p.pid; // the launcher re-executes itself (execve): the same pid
  const { askDaemon } = await import(path.join(path.dirname(cli), "..", "daemon", "client.js"));
  d[name] = { p, pid, ws, askDaemon, cpu: 0, ms: [], out: [] };
}
const cpuOf = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
await new Promise((r) => setTimeout(r, 2000));
for (const x of Object.values(d)) await x.askDaemon(x.ws, "search", { query: "a first search" }, { timeoutMs: 0 });
const qs = Array.from({ length: N }, (_, i) => `what happened with the ${topics[i % 10]} number ${i} last ${["week", "month", "year"][i % 3]}`);
const per = 10;
for (let r = 0; r * per < N; r++) {
  const order = r % 2 === 0 ? ["before", "this"] : ["this", "before"];
  for (const name of order) {
    const x = d[name]; const c0 = cpuOf(x.pid);
    for (const q of qs.slice(r * per, (r + 1) * per)) {
      const t = performance.now();
      const a = await x.askDaemon(x.ws, "search", { query: q }, { timeoutMs: 0 });
      x.ms.push(performance.now() - t); x.out.push(JSON.stringify(a.results.map((z) => [z.path, z.score, z.line])));
    }
    x.cpu += cpuOf(x.pid) - c0;
  }
}
console.log(`${N} distinct hybrid queries each, ${notes} notes, load ${os.loadavg().map((x) => x.toFixed(1)).join(" / ")}`);
for (const [name, x] of Object.entries(d)) console.log(`  ${name.padEnd(6)} daemon CPU ${(x.cpu / N).toFixed(2)} ms an answer; wall p50 ${pct(x.ms, 50).toFixed(1)} ms, p95 ${pct(x.ms, 95).toFixed(1)} ms`);
console.log(`  results ${d.before.out.every((o, i) => o === d.this.out[i]) ? "identical" : "DIFFERENT"}`);
for (const x of Object.values(d)) { const e = new Promise((r) => x.p.once("exit", r)); x.p.kill("SIGTERM"); await e; }
rmSync(root, { recursive: true, force: true });

#!/usr/bin/env node
// node scripts/bench-search-client.mjs [--cli PATH] [--before PATH] [--queries N] [--load N] [--again]: a whole
// `agent search` process through a running daemon (USE-lite, hybrid) against `node -e 0`, each
// query's processes started in turn so they share the moment's load. Prints wall and
// user+system CPU p50 (CPU from /usr/bin/time, 10 ms resolution) and the ratios; never asserts.
// --before: another build's dist/cli/main.js, asked the same queries of the same daemon.
// --load N: N busy loops (processes of `node -e "for(;;);"`) run while the processes are timed,
// a load of the bench's own on top of whatever else the machine runs (the "loaded machine").
import "./lib/state-home.mjs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { option, pct } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const cli = path.resolve(option(args, "cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))));
const before = option(args, "before", null);
const nQueries = Number(option(args, "queries", 10));
const busyLoops = Number(option(args, "load", 0));
// --again: every timed query was asked once before, untimed (an assistant asking the same thing again).
const again = args.includes("--again");
if (!existsSync("/usr/bin/time")) throw new Error("needs /usr/bin/time for the CPU figures");

const ws = mkdtempSync(path.join(os.tmpdir(), "agent-bench-client-"));
const topics = ["canoe trip", "garden tulips", "tax return", "dentist", "kitchen renovation", "python script", "marathon training", "book club", "car repair", "birthday party"];
writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite" }, search: { mode: "hybrid" } }));
mkdirSync(path.join(ws, "memory"));
for (let i = 0; i < 60; i++) {
  const day = `2025-03-${String(1 + (i % 28)).padStart(2, "0")}`;
  writeFileSync(path.join(ws, "memory", `${day}-${i}.md`), `# Note ${i}\n\nToday about the ${topics[i % 10]}: step ${i}, we talked about ${topics[(i * 3) % 10]} and planned the next ${topics[(i * 7) % 10]}.\n`);
}
// The first pass indexes; the second embeds whatever the first left (it may defer to a daemon).
for (let i = 0; i < 2; i++) execFileSync(process.execPath, [cli, "index", "--workspace", ws], { stdio: "ignore" });

const daemon = spawn(process.execPath, [cli, "daemon", "--workspace", ws, "--no-watch"], { stdio: ["ignore", "pipe", "pipe"] });
await new Promise((resolve, reject) => {
  let out = "";
  const seen = (c) => {
    out += c;
    // A host's searches are timed once it has warmed (as a daemon that has been up a while).
    if (/search warmed in|vectors kept in memory/.test(out)) resolve();
  };
  daemon.stdout.on("data", seen);
  daemon.stderr.on("data", seen);
  daemon.once("exit", () => reject(new Error(`the daemon stopped: ${out}`)));
});

/** One whole process: wall ms, user+system CPU ms, its stdout. */
function run(argv, env = {}) {
  const t = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, ...argv], { encoding: "utf8", env: { ...process.env, ...env } });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(r.stderr);
  const cpu = r.stderr.trim().split("\n").pop().split(" ").reduce((a, b) => a + Number(b) * 1000, 0);
  return { ms, cpu, out: r.stdout };
}

const viaDaemon = { AGENT_DAEMON: "require" };
const { askDaemon } = await import(path.join(path.dirname(cli), "..", "daemon", "client.js"));
try {
  const mode = JSON.parse(run([cli, "search", "warm up", "--workspace", ws, "--json"], viaDaemon).out).mode;
  const builds = { "node -e 0": null, ...(before ? { before: path.resolve(before) } : {}), this: cli };
  const times = Object.fromEntries(Object.keys(builds).map((k) => [k, []]));
  const queries = Array.from({ length: nQueries }, (_, i) => `what did we plan for the ${topics[i % 10]} ${i >= 10 ? i : ""}`.trim());
  if (again) for (const q of queries) await askDaemon(ws, "search", { query: q }, { timeoutMs: 0 });
  const busy = Array.from({ length: busyLoops }, () => spawn(process.execPath, ["-e", "for(;;);"], { stdio: "ignore" }));
  try {
    // Each round runs the builds in turn, in an order that alternates, so neither always goes first.
    for (const [i, q] of queries.entries()) {
      const order = Object.entries(builds);
      for (const [name, build] of i % 2 === 0 ? order : order.reverse()) {
        times[name].push(build === null ? run(["-e", "0"]) : run([build, "search", q, "--workspace", ws], viaDaemon));
      }
    }
  } finally {
    for (const b of busy) b.kill("SIGKILL");
  }
  const floor = times["node -e 0"];
  const f = { ms: pct(floor.map((r) => r.ms), 50), cpu: pct(floor.map((r) => r.cpu), 50) };
  console.log(`agent search through the daemon (${mode}), ${nQueries} distinct queries${again ? " each asked once before" : ""}, whole processes, p50; ${busyLoops} busy loop(s) of the bench's own; load ${os.loadavg().map((x) => x.toFixed(1)).join(" / ")}`);
  for (const [name, rs] of Object.entries(times)) {
    const ms = pct(rs.map((r) => r.ms), 50);
    const cpu = pct(rs.map((r) => r.cpu), 50);
    const mean = rs.reduce((a, r) => a + r.cpu, 0) / rs.length;
    console.log(`  ${name.padEnd(10)} wall ${ms.toFixed(0)} ms (${(ms / f.ms).toFixed(2)}x node -e 0)  CPU ${cpu.toFixed(0)} ms (${(cpu / Math.max(1, f.cpu)).toFixed(2)}x), mean ${mean.toFixed(1)} ms`);
  }
  // The daemon's answer alone, asked from this warm process (no Node start, no client load):
  // what the whole command costs beyond it is the client's.
  // Its CPU (all its threads, from /proc: the model's worker included) is what the load does not inflate.
  const daemonCpu = () => {
    const f = readFileSync(`/proc/${daemon.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, clock ticks of 10 ms
  };
  // "hybrid again": the hybrid queries asked a second time (a daemon remembers its recent query vectors).
  for (const label of ["hybrid", "keyword", "hybrid again"]) {
    const mode = label.split(" ")[0];
    const ms = [];
    const c0 = existsSync(`/proc/${daemon.pid}/stat`) ? daemonCpu() : NaN;
    for (const q of queries) {
      const t = performance.now();
      await askDaemon(ws, "search", { query: `${q} again`, mode }, { timeoutMs: 0 });
      ms.push(performance.now() - t);
    }
    const cpu = (daemonCpu() - c0) / queries.length;
    console.log(`  the daemon's answer alone (${label}, from a warm client): wall p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms; daemon CPU ${cpu.toFixed(1)} ms an answer (mean)`);
  }
  if (before) {
    const same = times.before.every((r, i) => r.out === times.this[i].out);
    console.log(`  the two builds printed ${same ? "the same" : "DIFFERENT"} results`);
  }
} finally {
  // The daemon writes its last state as it stops: the folder goes once it has exited.
  if (daemon.exitCode === null && daemon.signalCode === null) {
    const exited = new Promise((resolve) => daemon.once("exit", resolve));
    daemon.kill("SIGTERM");
    await exited;
  }
  rmSync(ws, { recursive: true, force: true });
}

#!/usr/bin/env node
// node scripts/bench-daemon.mjs: what the daemon buys. Prints numbers; never asserts on time.
//   cold `agent search` (a new process) without a daemon and with one running;
//   the daemon's own search latency over its socket (freshness included: no stat scan);
//   the first MCP search of an assistant started after the daemon, and without a daemon.
// Options: --notes N (default 5120 daily notes), --runs N (cold runs each, default 9),
//          --hybrid (also the hybrid cold search, USE-lite; its vectors fill in first),
//          --busy N (with --hybrid: write N fresh notes, index their text, and measure the cold
//          hybrid search through a daemon that does not embed, then one that embeds them),
//          --cli PATH (another build's dist/cli/main.js, to compare before and after).
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { buildPaths, notesWorkspace, option, pct } from "./lib/bench-kit.mjs";
import { dailyNote, isoDate, rng } from "./sample-notes.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => option(args, name, def);
const NOTES = Number(opt("notes", 5120));
const RUNS = Number(opt("runs", 9));
const HYBRID = args.includes("--hybrid");
const BUSY = Number(opt("busy", 0));
const cli = path.resolve(opt("cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))));
const { socketPath } = await buildPaths(cli);
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-daemon-"));
const QUERIES = ["VPS migration", "backup job", "garden watering schedule", "router firmware deadline", "tax return invoice"];

const median = (xs) => pct(xs, 50);
const ms = (x) => `${x.toFixed(1)} ms`;

function makeWorkspace(notes, config) {
  const ws = path.join(root, "ws");
  notesWorkspace(ws, notes, 7, config);
  return ws;
}

function timeCli(argv, env = {}) {
  const t = process.hrtime.bigint();
  execFileSync(process.execPath, [cli, ...argv], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

function coldSearches(ws, extra, env) {
  const out = [];
  timeCli(["search", QUERIES[0], "--workspace", ws, "--json", ...extra], env); // page cache warm, not the process
  for (let i = 0; i < RUNS; i++) out.push(timeCli(["search", QUERIES[i % QUERIES.length], "--workspace", ws, "--json", ...extra], env));
  return out;
}

function startDaemon(ws, extra = []) {
  const child = spawn(process.execPath, [cli, "daemon", "--workspace", ws, ...extra], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, AGENT_WORKSPACE: "" } });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const ready = new Promise((resolve, reject) => {
    const t = setInterval(() => {
      if (/watching for changes/.test(out)) {
        clearInterval(t);
        resolve();
      }
    }, 20);
    child.once("exit", (c) => {
      clearInterval(t);
      reject(new Error(`daemon exited (${c}):\n${out}`));
    });
  });
  return { child, ready, output: () => out };
}

/** The daemon's own latency: one connection, sequential searches over the socket. */
async function socketLatency(ws, n, options = {}) {
  const sock = socketPath(ws);
  const conn = net.createConnection(sock);
  await new Promise((r) => conn.once("connect", r));
  let buf = "";
  const waiters = [];
  conn.on("data", (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      waiters.shift()?.(JSON.parse(line));
    }
  });
  const times = [];
  for (let k = 0; k < n; k++) {
    const t = process.hrtime.bigint();
    const answer = new Promise((r) => waiters.push(r));
    conn.write(JSON.stringify({ id: k + 1, method: "search", params: { query: QUERIES[k % QUERIES.length], ...options } }) + "\n");
    const a = await answer;
    if (a.error) throw new Error(a.error.message);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  conn.destroy();
  return times;
}

async function firstMcpSearch(ws, extraEnv = {}) {
  const t0 = process.hrtime.bigint();
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, "mcp", "--workspace", ws], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", ...extraEnv }, stderr: "ignore" });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  const t1 = process.hrtime.bigint();
  await client.callTool({ name: "memory_search", arguments: { query: QUERIES[1] } });
  const t2 = process.hrtime.bigint();
  await client.close();
  return { total: Number(t2 - t0) / 1e6, call: Number(t2 - t1) / 1e6 };
}

/**
 * What freshness costs inside one process: the stat scan of every file (no watcher) against
 * trusting a healthy watcher (cut its debounce short, wait for what it has seen).
 */
async function freshnessCost(ws) {
  const { Engine } = await import("../dist/index.js");
  const engine = Engine.open({ workspace: ws });
  const ac = new AbortController();
  const times = async (opts) => {
    const xs = [];
    for (let k = 0; k < 120; k++) {
      const t = process.hrtime.bigint();
      await engine.search(QUERIES[k % QUERIES.length], { mode: "keyword", ...opts });
      if (k >= 20) xs.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    return xs;
  };
  const scan = await times({});
  const none = await times({ refresh: false });
  const watcher = await engine.indexing.watch({ embed: false, signal: ac.signal });
  const trusted = await times({});
  ac.abort();
  await watcher.close();
  await engine.close();
  return { scan, none, trusted };
}

/** Chunks without vectors, asked of the index itself (no daemon, no embedder). */
function pendingChunks(ws) {
  const out = execFileSync(process.execPath, [cli, "status", "--workspace", ws, "--json"], { env: { ...process.env, AGENT_DAEMON: "off" }, stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(out.toString()).vectors.missing;
}

/**
 * The cold hybrid search through the daemon while it embeds, against the same index with the
 * daemon idle: BUSY fresh notes are written and their text indexed (`--no-embed`), then the
 * searches run once with a daemon that does not embed (`daemon --no-embed`) and once with one
 * that embeds them in the background. Same index, same pending chunks: only the embedding
 * differs. The run says whether embedding was still under way at the end.
 */
async function busyComparison(ws) {
  const r = rng(99);
  for (let i = 0; i < BUSY; i++) {
    const date = isoDate("2030-01-01", i);
    writeFileSync(path.join(ws, "memory", `${date}.md`), dailyNote(date, r));
  }
  execFileSync(process.execPath, [cli, "index", "--workspace", ws, "--no-embed"], { stdio: "ignore" });
  const stop = async (d) => {
    d.child.kill("SIGTERM");
    await new Promise((res) => d.child.once("exit", res));
  };
  const quiet = startDaemon(ws, ["--no-embed"]);
  await quiet.ready;
  const idle = coldSearches(ws, [], { AGENT_DAEMON: "require" });
  await stop(quiet);
  const busyDaemon = startDaemon(ws);
  await busyDaemon.ready;
  const before = pendingChunks(ws);
  // Let the embedding get going (model loaded, workers busy).
  await new Promise((res) => setTimeout(res, 2000));
  const busy = coldSearches(ws, [], { AGENT_DAEMON: "require" });
  const after = pendingChunks(ws);
  await stop(busyDaemon);
  console.log(`same index (${BUSY} fresh notes, ${before} chunk(s) without vectors):`);
  console.log(`${"  cold `agent search`, hybrid, daemon not embedding".padEnd(52)} median ${ms(median(idle))}  min ${ms(Math.min(...idle))}  max ${ms(Math.max(...idle))}`);
  console.log(`${"  cold `agent search`, hybrid, daemon embedding".padEnd(52)} median ${ms(median(busy))}  min ${ms(Math.min(...busy))}  max ${ms(Math.max(...busy))}`);
  console.log(`  embedding under way: ${before} chunk(s) pending when the daemon started, ${after} after the busy runs${after === 0 ? " (it finished: use a larger --busy)" : ""}`);
  console.log(`  busy / idle (medians): ${(median(busy) / median(idle)).toFixed(2)}×`);
}

async function main() {
  console.log(`workspace: ${NOTES} daily notes in ${root}; ${RUNS} cold runs each; ${os.cpus().length} cores`);
  const ws = makeWorkspace(NOTES, { embed: { provider: HYBRID ? "use-lite" : "none" }, heartbeat: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false }, flush: { enabled: false } });
  let t = process.hrtime.bigint();
  execFileSync(process.execPath, [cli, "index", "--workspace", ws, ...(HYBRID ? [] : [])], { stdio: "ignore" });
  console.log(`index (in-process): ${ms(Number(process.hrtime.bigint() - t) / 1e6)}`);

  const f = await freshnessCost(ws);
  for (const [name, xs] of [["warm keyword search, stat scan (no watcher)", f.scan], ["warm keyword search, trusting the watcher", f.trusted], ["warm keyword search, no freshness at all", f.none]]) {
    console.log(`${name.padEnd(48)} p50 ${ms(pct(xs, 50))}  p95 ${ms(pct(xs, 95))}  (in-process, 100 searches)`);
  }

  const rows = [];
  const cold = coldSearches(ws, ["--mode", "keyword"], { AGENT_DAEMON: "off" });
  rows.push(["cold `agent search`, keyword, no daemon", cold]);
  const mcpCold = [];
  for (let i = 0; i < 3; i++) mcpCold.push(await firstMcpSearch(ws, { AGENT_DAEMON: "off" }));

  t = process.hrtime.bigint();
  const d = startDaemon(ws);
  await d.ready;
  console.log(`daemon ready (lock, engine, socket, watcher, index check): ${ms(Number(process.hrtime.bigint() - t) / 1e6)}`);
  try {
    rows.push(["cold `agent search`, keyword, daemon running", coldSearches(ws, ["--mode", "keyword"], { AGENT_DAEMON: "require" })]);
    if (HYBRID) {
      rows.push(["cold `agent search`, hybrid, daemon running", coldSearches(ws, [], { AGENT_DAEMON: "require" })]);
      rows.push(["cold `agent search`, hybrid, no daemon", coldSearches(ws, [], { AGENT_DAEMON: "off" })]);
    }
    const mcpWarm = [];
    for (let i = 0; i < 3; i++) mcpWarm.push(await firstMcpSearch(ws));
    await socketLatency(ws, 20, { mode: "keyword" });
    const warm = await socketLatency(ws, 200, { mode: "keyword" });
    for (const [name, xs] of rows) console.log(`${name.padEnd(48)} median ${ms(median(xs))}  min ${ms(Math.min(...xs))}  max ${ms(Math.max(...xs))}`);
    console.log(`${"daemon socket search, keyword, freshness incl.".padEnd(48)} p50 ${ms(pct(warm, 50))}  p95 ${ms(pct(warm, 95))}  (200 sequential)`);
    const fm = (xs) => `median ${ms(median(xs.map((x) => x.total)))} (spawn + handshake + call; the call alone ${ms(median(xs.map((x) => x.call)))})`;
    console.log(`${"first MCP search, no daemon".padEnd(48)} ${fm(mcpCold)}`);
    console.log(`${"first MCP search, assistant after the daemon".padEnd(48)} ${fm(mcpWarm)}`);
  } finally {
    d.child.kill("SIGTERM");
    await new Promise((r) => d.child.once("exit", r));
  }
  try {
    if (HYBRID && BUSY > 0) await busyComparison(ws);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  rmSync(root, { recursive: true, force: true });
  process.exit(1);
});

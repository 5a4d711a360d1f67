// `npm run bench -- --history N`: a heavy user's first day. Generates a Claude Code store of N
// sessions (scripts/lib/history.mjs), then times what the person waits for, each as a whole
// `agent` process: the import, the keyword index, the time until every chunk has its vector
// (the daemon embedding in the background, as after `agent connect`), searches cold and
// through the daemon, the daemon's memory while it embeds, and the size of .agent/.
// Prints numbers; never asserts on time. On a shared machine the wall clock says as much
// about the neighbours as about the code: CPU seconds and the load average are printed too.
// Options (after --history N):
//   --turns N          messages per session (default 40)
//   --cli PATH         another build's dist/cli/main.js (before/after on one machine)
//   --config JSON      merged into the workspace's agent.config.json
//   --max-wait S       stop waiting for vectors after S seconds and extrapolate (default 3600)
//   --queries N        distinct searches per measure (default 20)
//   --keep DIR         build the workspace in DIR and keep it
//   --sample N         chunks embedded to time the embedding's CPU cost (default 150)
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { buildPaths, option, pct } from "./lib/bench-kit.mjs";
import { historyQueries, writeClaudeHistory } from "./lib/history.mjs";

const ms = (x) => `${x.toFixed(1)} ms`;
const s = (x) => `${(x / 1000).toFixed(1)} s`;
const load = () => `load ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")} on ${os.availableParallelism()} cores`;

function duBytes(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n += statSync(path.join(e.parentPath, e.name)).size;
  return n;
}

/** user+system CPU seconds of a /proc stat file (a process's, all its threads; or one thread's). */
function statCpu(file) {
  const stat = readFileSync(file, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const tick = 100; // USER_HZ on Linux
  return (Number(f[11]) + Number(f[12])) / tick;
}

/**
 * user+system CPU seconds of a process and all its threads, of its main thread alone (the
 * engine: reading chunks, writing vectors, the event loop; the rest is the model's workers
 * and V8's and libuv's helpers), and its resident set, from /proc.
 */
function procSample(pid) {
  try {
    const cpu = statCpu(`/proc/${pid}/stat`);
    const main = statCpu(`/proc/${pid}/task/${pid}/stat`);
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
    return { cpu, main, rss };
  } catch {
    return null;
  }
}

function timed(argv, env) {
  const t = performance.now();
  const out = execFileSync(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - t, out: String(out) };
}

async function startDaemon(cli, ws) {
  const child = spawn(process.execPath, [cli, "daemon", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const t0 = performance.now();
  while (!/daemon started on /.test(log)) {
    if (child.exitCode !== null || performance.now() - t0 > 120_000) {
      child.kill("SIGKILL");
      throw new Error(`daemon did not start: ${log.trim().split("\n").slice(-3).join(" | ")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

/**
 * What embedding the whole history costs, each way `embed.transcripts` allows, in CPU seconds:
 * every chunk's windows counted with the model's tokenizer, a sample of them embedded in
 * this thread (USE-lite, threads 0) and timed by CPU, not by the clock, so the figure holds
 * on a busy machine. On 2 idle cores the two workers take about half of it in wall time
 * (docs/performance.md: 1.9x the calling thread).
 */
async function embeddingCost(db, sample) {
  const { UseLiteEmbedder } = await import("../dist/embed/use-lite.js");
  const { vectorInput } = await import("../dist/indexer/vector-text.js");
  const rows = db.prepare("SELECT c.heading, c.text, f.kind FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY c.id").all();
  const e = new UseLiteEmbedder({ threads: 0 });
  const step = Math.max(1, Math.floor(rows.length / sample));
  await e.embed(["warm up the model"]);
  console.log(`embedding cost (USE-lite in this thread, ${Math.ceil(rows.length / step)} sampled chunks timed by CPU; ${load()}):`);
  // "digest:2": the digest in up to two windows a chunk (embed.transcriptWindows 2).
  for (const choice of ["whole", "digest:2", "digest"]) {
    let windows = 0;
    const picked = [];
    const [transcripts, most] = choice.split(":");
    rows.forEach((r, i) => {
      const input = most ? vectorInput(r, transcripts, Number(most)) : vectorInput(r, transcripts);
      const w = e.windows(input.text).slice(0, input.maxWindows ?? Infinity);
      windows += w.length;
      if (i % step === 0) picked.push(...w);
    });
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < picked.length; i += 32) await e.embed(picked.slice(i, i + 32));
    const c = process.cpuUsage(cpu0);
    const perWindow = (c.user + c.system) / 1e6 / picked.length;
    const total = perWindow * windows;
    console.log(`  ${choice.padEnd(8)}: ${windows} windows (${(windows / rows.length).toFixed(2)} per chunk), ${(perWindow * 1000).toFixed(1)} CPU ms each: ${total.toFixed(0)} CPU s in all, ~${(total / 1.9 / 60).toFixed(1)} min on 2 idle cores`);
  }
  await e.close();
}

export async function benchHistory(args) {
  const opt = (name, def) => option(args, name, def);
  const sessions = Number(opt("history", 100));
  const turns = Number(opt("turns", 40));
  const cli = path.resolve(opt("cli", fileURLToPath(new URL("../dist/cli/main.js", import.meta.url))));
  const maxWait = Number(opt("max-wait", 3600)) * 1000;
  const nQueries = Number(opt("queries", 20));
  const keep = opt("keep", null);
  const root = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), "agent-bench-history-"));
  mkdirSync(root, { recursive: true });
  const store = path.join(root, "claude");
  const ws = path.join(root, "ws");
  rmSync(store, { recursive: true, force: true });
  rmSync(ws, { recursive: true, force: true });

  console.log(`== history: ${sessions} Claude Code sessions x ${turns} messages (${cli}) ==`);
  const floor = pct([0, 1, 2, 3, 4].map(() => timed(["-e", "0"]).ms), 50);
  console.log(`start: ${load()}; node -e 0 ${ms(floor)}`);
  const gen = writeClaudeHistory(store, sessions, { turns });
  console.log(`store: ${(gen.bytes / 1024 / 1024).toFixed(1)} MB, ${gen.turns} messages`);

  timed([cli, "init", ws]);
  const config = { embed: { provider: "use-lite" }, ...JSON.parse(opt("config", "{}")) };
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(config));
  const imp = timed([cli, "import", "claude-code", path.join(store, "projects"), "--workspace", ws]);
  console.log(`agent import claude-code:   ${s(imp.ms)}  (${imp.out.trim()})`);
  const idx = timed([cli, "index", "--no-embed", "--workspace", ws]);
  console.log(`agent index --no-embed:     ${s(idx.ms)}  (${idx.out.trim().split("\n").pop()})`);

  const { agentDir } = await buildPaths(cli);
  const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true });
  const chunks = db.prepare("SELECT count(*) AS n FROM chunks").get().n;
  const lastDay = db.prepare("SELECT max(date) AS d FROM chunks").get().d;
  const weekAgo = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 6 * 86400000).toISOString().slice(0, 10);
  const pendingSql = "SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)";
  const pending = () => {
    try {
      return { all: db.prepare(pendingSql).get().n, week: db.prepare(`${pendingSql} AND c.date >= ?`).get(weekAgo).n };
    } catch {
      return null; // the vector tables are created by the first embedding pass
    }
  };
  const weekChunks = db.prepare("SELECT count(*) AS n FROM chunks WHERE date >= ?").get(weekAgo).n;
  console.log(`chunks: ${chunks} (${weekChunks} from the last 7 days, ${weekAgo}..${lastDay})`);

  await embeddingCost(db, Number(opt("sample", 150)));

  // The daemon embeds in the background (its workers niced below searches), as it does for a
  // person who just ran `agent import` with the daemon running.
  const t0 = performance.now();
  const daemon = await startDaemon(cli, ws);
  let peakRss = 0;
  let tWeek = null;
  let tAll = null;
  let last = null;
  let cpuAtEnd = 0;
  let mainAtEnd = 0;
  while (performance.now() - t0 < maxWait) {
    await new Promise((r) => setTimeout(r, 1000));
    const p = procSample(daemon.pid);
    if (p) {
      peakRss = Math.max(peakRss, p.rss);
      cpuAtEnd = p.cpu;
      mainAtEnd = p.main;
    }
    const now = pending();
    if (!now) continue;
    last = now;
    if (tWeek === null && now.week === 0) tWeek = performance.now() - t0;
    if (now.all === 0) {
      tAll = performance.now() - t0;
      break;
    }
  }
  const windows = db.prepare("SELECT count(*) AS n FROM chunk_vectors").get().n;
  const done = chunks - (last?.all ?? chunks);
  const wall = performance.now() - t0;
  console.log(`vectors, the daemon embedding (${load()}):`);
  console.log(`  last 7 days ready after:  ${tWeek === null ? "not yet" : s(tWeek)}`);
  if (tAll !== null) console.log(`  every chunk ready after:  ${s(tAll)}  (${done} chunks, ${windows} windows; daemon CPU ${cpuAtEnd.toFixed(0)} s = ${(windows / cpuAtEnd).toFixed(1)} windows per CPU s)`);
  else console.log(`  not done after ${s(wall)}: ${done}/${chunks} chunks, ${windows} windows; at this rate all in ~${s((wall * chunks) / Math.max(1, done))} (daemon CPU ${cpuAtEnd.toFixed(0)} s)`);
  // Load-robust, unlike the wall clock: what the daemon spent a window, its main thread apart.
  if (windows > 0) console.log(`  daemon CPU a window: ${((cpuAtEnd * 1000) / windows).toFixed(1)} ms (main thread ${((mainAtEnd * 1000) / windows).toFixed(1)} ms, the other threads ${(((cpuAtEnd - mainAtEnd) * 1000) / windows).toFixed(1)} ms)`);
  console.log(`  daemon peak RSS while embedding: ${peakRss.toFixed(0)} MB (sampled each second)`);

  const queries = historyQueries(nQueries * 2);
  // Each search beside a `node -e 0` of the same moment: the ratio is to Node's start under the same load.
  const nodeNow = [];
  const through = queries.slice(0, nQueries).map((q) => {
    nodeNow.push(timed(["-e", "0"]).ms);
    return timed([cli, "search", q, "--workspace", ws, "--json"]).ms;
  });
  const floorNow = pct(nodeNow, 50);
  console.log(`hybrid \`agent search\` through the daemon, whole process: p50 ${ms(pct(through, 50))} p95 ${ms(pct(through, 95))}  (node -e 0 beside them p50 ${ms(floorNow)}: ${(pct(through, 50) / floorNow).toFixed(2)}x; ${load()})`);
  const gone = new Promise((r) => daemon.once("exit", r));
  daemon.kill("SIGTERM");
  await gone;
  const cold = queries.slice(nQueries).map((q) => timed([cli, "search", q, "--workspace", ws, "--json", "--no-daemon"]).ms);
  console.log(`hybrid \`agent search\` cold, no daemon:       p50 ${ms(pct(cold, 50))} p95 ${ms(pct(cold, 95))}`);
  const coldKw = queries.slice(nQueries).map((q) => timed([cli, "search", q, "--workspace", ws, "--json", "--no-daemon", "--mode", "keyword"]).ms);
  console.log(`keyword \`agent search\` cold, no daemon:      p50 ${ms(pct(coldKw, 50))} p95 ${ms(pct(coldKw, 95))}`);
  db.close();
  console.log(`index and state size: ${(duBytes(agentDir(ws)) / 1024 / 1024).toFixed(1)} MB (sessions/ ${(duBytes(path.join(ws, "sessions")) / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`end: ${load()}`);
  if (!keep && existsSync(root)) rmSync(root, { recursive: true, force: true });
}

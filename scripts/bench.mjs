#!/usr/bin/env node
// npm run bench: indexing and search performance on generated workspaces. Prints numbers
// and ratios; never asserts on time. Options:
//   --notes N        daily notes for the keyword part (default 5000)
//   --embed-notes N  notes for the embedding-throughput part (default 60)
//   --scales a,b,c   chunk counts for the hybrid latency part (default 1000,10000,50000)
//   --skip-vectors   keyword part only
//   --peer qmd       ours and qmd 2.8.3 side by side instead (scripts/bench-peer.mjs)
//   --skip-hooks     leave out the assistant hooks' latency part (scripts/bench-hooks.mjs)
//   --skip-turn      leave out the whole `claude -p` turn with and without the engine (scripts/bench-turn.mjs)
//   --history N      a Claude Code history of N sessions instead: import, index, time until
//                    every vector exists, searches, daemon memory (scripts/bench-history.mjs)
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { embedText } from "../dist/indexer/vector-text.js";
import { notesWorkspace, option, pct } from "./lib/bench-kit.mjs";
import { isoDate, rng } from "./sample-notes.mjs";

const args = process.argv.slice(2);
if (args.includes("--history")) {
  // `npm run bench -- --history N`: a heavy user's imported history (scripts/bench-history.mjs).
  await (await import("./bench-history.mjs")).benchHistory(args);
  process.exit(0);
}
if (args.includes("--peer")) {
  // `npm run bench -- --peer qmd`: the side-by-side with qmd lives beside this script.
  await import("./bench-peer.mjs");
  process.exit(0);
}
const opt = (name, def) => option(args, name, def);
const NOTES = Number(opt("notes", 5000));
const EMBED_NOTES = Number(opt("embed-notes", 60));
const SCALES = String(opt("scales", "1000,10000,50000")).split(",").map(Number);
const QUERIES = 100;
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-"));

const ms = (x) => `${x.toFixed(1)} ms`;
const s = (x) => `${(x / 1000).toFixed(2)} s`;
const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const WORDS = ["VPS migration", "backup job", "Ana cafe", "router firmware deadline", "decided automate DNS records", "tax return invoice", "garden watering schedule", "follow up Grace reading list", "zeppelin hangar", "what did we decide about the deploy script last week"];

function makeWorkspace(name, notes, seed, config) {
  const ws = path.join(root, name);
  return { ws, bytes: notesWorkspace(ws, notes, seed, config) };
}

async function latencies(engine, opts) {
  for (let i = 0; i < 10; i++) await engine.search(WORDS[i % WORDS.length], opts); // warm up
  const lat = [];
  for (let i = 0; i < QUERIES; i++) {
    const t = performance.now();
    await engine.search(WORDS[i % WORDS.length], opts);
    lat.push(performance.now() - t);
  }
  return lat;
}

function coldCli(ws, extra = []) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [cli, "search", "zeppelin hangar lease", "--workspace", ws, "--json", ...extra], { stdio: ["ignore", "pipe", "pipe"] });
    times.push(performance.now() - t);
  }
  return times;
}

/**
 * The daemon's memory with USE-lite loaded: `agent daemon` on the workspace (watcher and
 * engine warm), 20 hybrid searches through it from the CLI (the query is embedded in the
 * daemon), then its peak resident set from /proc (Linux only).
 */
async function daemonRss(ws, chunks) {
  const child = spawn(process.execPath, [cli, "daemon", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stdout.on("data", (d) => (err += d));
  child.stderr.on("data", (d) => (err += d));
  const started = performance.now();
  while (!/daemon started on /.test(err)) {
    if (child.exitCode !== null || performance.now() - started > 120_000) {
      console.log(`daemon did not start (exit ${child.exitCode}): ${err.trim().split("\n").slice(-3).join(" | ")}`);
      child.kill("SIGKILL");
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const lat = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [cli, "search", WORDS[i % WORDS.length], "--workspace", ws, "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    lat.push(performance.now() - t);
  }
  let status = "";
  try {
    status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  } catch {
    // Not Linux: no /proc.
  }
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  console.log(`daemon (USE-lite loaded, ${chunks} chunks): peak RSS ${(kb("VmHWM") / 1024).toFixed(0)} MB, now ${(kb("VmRSS") / 1024).toFixed(0)} MB; \`agent search\` through it p50 ${ms(pct(lat, 50))} (whole CLI process)`);
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
}

/** Median wall time of a whole process, `runs` times. */
function processMs(argv, runs = 10, env = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    execFileSync(argv[0], argv.slice(1), { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    times.push(performance.now() - t);
  }
  return pct(times, 50);
}

/** The packages a command loads (from the module-trace loader hooks). */
function packagesLoaded(cliArgs) {
  const trace = path.join(root, `trace-${Math.random().toString(36).slice(2)}.txt`);
  execFileSync(process.execPath, ["--import", fileURLToPath(new URL("./lib/module-trace.mjs", import.meta.url)), cli, ...cliArgs], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, AGENT_MODULE_TRACE: trace } });
  const urls = readFileSync(trace, "utf8").split("\n").filter(Boolean);
  const ours = new Set(urls.filter((u) => u.includes("/dist/") && !u.includes("node_modules")));
  const pkgs = new Set(
    urls
      .filter((u) => u.includes("node_modules/"))
      .map((u) => {
        const parts = u.split("node_modules/").pop().split("/");
        return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
      }),
  );
  return { ours: ours.size, pkgs: [...pkgs].sort() };
}

/** CLI start-up: whole processes, median of 10, against a bare `node -e 0` in the same run. */
function startup(ws) {
  const floor = processMs([process.execPath, "-e", "0"]);
  const help = processMs([process.execPath, cli, "--help"]);
  const search = processMs([process.execPath, cli, "search", "zeppelin hangar lease", "--workspace", ws, "--json", "--no-daemon"]);
  console.log(`node -e 0 (the floor):                    ${ms(floor)}`);
  console.log(`agent --help:                             ${ms(help)}  (${(help / floor).toFixed(2)}x the floor; target <= 2x)`);
  console.log(`cold \`agent search\` (keyword, no daemon): ${ms(search)}  (${(search / floor).toFixed(2)}x the floor; target <= 150 ms)`);
  const heavy = ["@modelcontextprotocol/server", "@modelcontextprotocol/core", "@energetic-ai/core", "@huggingface/transformers", "node-llama-cpp", "ollama"];
  for (const [what, argv] of [["--help", ["--help"]], ["keyword search", ["search", "zeppelin", "--workspace", ws, "--no-daemon"]]]) {
    const l = packagesLoaded(argv);
    const bad = l.pkgs.filter((p) => heavy.includes(p));
    console.log(`  ${what}: ${l.ours} of our modules; packages: ${l.pkgs.join(", ") || "none"}${bad.length ? `  (HEAVY: ${bad.join(", ")})` : ""}`);
  }
}

// ---------- 1. Keyword index at scale ----------
console.log(`== keyword index: ${NOTES} daily notes ==`);
{
  const { ws, bytes } = makeWorkspace("keyword", NOTES, 7, { search: { mode: "keyword" } });
  const engine = Engine.open({ workspace: ws, embedder: null });
  const cpu0 = process.cpuUsage();
  let t = performance.now();
  const full = engine.indexing.index();
  const fullMs = performance.now() - t;
  const fullCpu = process.cpuUsage(cpu0);
  console.log(`markdown:              ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`full index:            ${s(fullMs)}  (${full.indexed.length} files, ${full.chunks} chunks, ${(full.indexed.length / (fullMs / 1000)).toFixed(0)} files/s; ${((fullCpu.user + fullCpu.system) / 1e6).toFixed(2)} CPU s)`);
  t = performance.now();
  const noop = engine.indexing.index();
  const noopMs = performance.now() - t;
  console.log(`no-change reindex:     ${ms(noopMs)}  (${noop.unchanged} files: one stat each)`);
  {
    // Files written in the last 2 s are "racy" (indexer.ts): each pass reads and hashes them
    // again until they are older. Every note rewritten just now is the worst case.
    const memory = path.join(ws, "memory");
    const nowDate = new Date();
    for (const f of readdirSync(memory)) utimesSync(path.join(memory, f), nowDate, nowDate);
    engine.indexing.index();
    t = performance.now();
    const racy = engine.indexing.index();
    console.log(`  within 2 s of a write: ${ms(performance.now() - t)}  (${racy.unchanged} files, every one just written: each read and hashed again; ${racy.indexed.length} re-indexed)`);
    // Back to notes written on their day, so what follows measures the usual case.
    for (const f of readdirSync(memory)) {
      const noon = new Date(`${f.slice(0, 10)}T12:00:00Z`);
      utimesSync(path.join(memory, f), noon, noon);
    }
    engine.indexing.index();
  }
  appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", Math.floor(NOTES / 2))}.md`), "- One-line edit: the zeppelin hangar lease was renewed.\n");
  t = performance.now();
  const edit = engine.indexing.index();
  const editMs = performance.now() - t;
  console.log(`reindex after 1 edit:  ${ms(editMs)}  (${edit.indexed.length} file re-chunked; ${(fullMs / editMs).toFixed(0)}x faster than a full index)`);
  // Whole processes, as a person or a hook runs them: edit one note, then `agent index
  // --no-embed` (text only), median of 5; beside it the bare node start-up of the same run.
  const editRuns = [];
  for (let k = 0; k < 5; k++) {
    appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", 10 + k)}.md`), `- One-line edit ${k}: the hangar roof leaks.\n`);
    const t1 = performance.now();
    execFileSync(process.execPath, [cli, "index", "--no-embed", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
    editRuns.push(performance.now() - t1);
  }
  const nodeFloor = processMs([process.execPath, "-e", "0"], 5);
  console.log(`edit + \`agent index --no-embed\`, whole process: p50 ${ms(pct(editRuns, 50))}  (node -e 0: ${ms(nodeFloor)}; load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`);
  const lat = await latencies(engine, { limit: 10 });
  const bare = await latencies(engine, { limit: 10, refresh: false });
  console.log(`keyword search, warm, in process: p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  (with the freshness check over ${NOTES} files)`);
  console.log(`                 without freshness: p50 ${ms(pct(bare, 50))}  p95 ${ms(pct(bare, 95))}  (freshness check = ${(pct(lat, 50) / pct(bare, 50)).toFixed(1)}x the query)`);
  {
    // The recall log (dream.recall.enabled) on and off, interleaved in rounds on the same
    // engine so load on the machine hits both alike; without the freshness check, so the
    // row writes are compared with the query alone.
    const on = [];
    const off = [];
    for (let round = 0; round < 3; round++) {
      off.push(...(await latencies(engine, { limit: 10, refresh: false, recall: false })));
      on.push(...(await latencies(engine, { limit: 10, refresh: false })));
    }
    const rows = engine.state().prepare("SELECT count(*) AS n FROM recalls").get().n;
    console.log(`recall log on:  p50 ${ms(pct(on, 50))}  p95 ${ms(pct(on, 95))}  (${rows} recall rows written)`);
    console.log(`recall log off: p50 ${ms(pct(off, 50))}  p95 ${ms(pct(off, 95))}  (on/off p50 = ${(pct(on, 50) / pct(off, 50)).toFixed(2)}x)`);
  }
  engine.close();
  startup(ws);
  console.log(`peak RSS so far: ${rssMb()} MB\n`);
}

if (!args.includes("--skip-vectors")) {
  // ---------- 2. Embedding throughput: index pipeline vs raw embedder ----------
  console.log(`== embedding: ${EMBED_NOTES} daily notes, use-lite ==`);
  let modelId;
  {
    const { ws } = makeWorkspace("embed", EMBED_NOTES, 11, { embed: { provider: "use-lite" } });
    const engine = Engine.open({ workspace: ws });
    const idx = engine.indexing.index();
    const sel = await engine.embedder();
    const e = sel.embedder;
    await e.init?.();
    modelId = e.modelId;
    // Raw: the same windows straight through the model, no index, no cache.
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(path.join(ws, ".agent/index.db"), { readonly: true });
    const chunks = db.prepare("SELECT heading, text FROM chunks").all();
    db.close();
    const windows = chunks.flatMap((c) => e.windows(embedText(c)));
    // The model in the calling thread (TF.js WASM runs one thread in Node) against the worker
    // pool the engine uses, after a warm-up call each: same windows, same calls of 64. CPU
    // seconds are printed too: on a shared machine the wall clock says more about the
    // neighbours than about the code.
    const { UseLiteEmbedder } = await import("../dist/embed/use-lite.js");
    const rawRate = async (embedder) => {
      // Warm-up: enough texts that every worker starts and loads its model first.
      await embedder.embed(windows.slice(0, 4 * Math.max(1, embedder.threads)));
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const out = [];
      for (let i = 0; i < windows.length; i += 64) out.push(...(await embedder.embed(windows.slice(i, i + 64))));
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      return { wall, cpu: (cpu.user + cpu.system) / 1000, out };
    };
    const inThread = new UseLiteEmbedder({ threads: 0 });
    const one = await rawRate(inThread);
    await inThread.close();
    const pooled = await rawRate(e);
    let minCos = 1;
    one.out.forEach((v, i) => {
      let d = 0;
      for (let j = 0; j < v.length; j++) d += v[j] * pooled.out[i][j];
      minCos = Math.min(minCos, d);
    });
    const rawMs = pooled.wall;
    let t = performance.now();
    const res = await engine.indexing.embed({ batchChunks: 64 });
    const pipeMs = performance.now() - t;
    const line = (r) => `${s(r.wall)}  (${(windows.length / (r.wall / 1000)).toFixed(1)} windows/s; ${(r.cpu / 1000).toFixed(1)} CPU s = ${(windows.length / (r.cpu / 1000)).toFixed(1)} windows per CPU s)`;
    console.log(`chunks ${idx.chunks}, windows ${windows.length}, load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
    console.log(`raw, calling thread: ${line(one)}`);
    console.log(`raw, ${e.threads ?? 1} worker(s):   ${line(pooled)}  speed-up ${(one.wall / pooled.wall).toFixed(2)}x; min cosine to the calling thread's vectors ${minCos.toFixed(6)}`);
    console.log(`index pipeline:     ${s(pipeMs)}  (${(res.computed / (pipeMs / 1000)).toFixed(1)} windows/s; ${res.computed} computed, ${res.cacheHits} cached; pipeline/raw = ${(pipeMs / rawMs).toFixed(2)}x)`);
    appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", 3)}.md`), "- One-line edit: the zeppelin hangar lease was renewed.\n");
    t = performance.now();
    engine.indexing.index();
    const re = await engine.indexing.embed();
    console.log(`one-line edit:      ${s(performance.now() - t)}  (reindex + re-embed: ${re.embedded} chunk(s), ${re.computed} window(s) computed, ${re.cacheHits} from cache)`);
    engine.indexing.rebuild();
    t = performance.now();
    const rb = await engine.indexing.embed({ batchChunks: 64 });
    console.log(`rebuild + embed:    ${s(performance.now() - t)}  (${rb.computed} windows computed, ${rb.cacheHits} from cache)`);
    engine.close();
    console.log(`peak RSS so far: ${rssMb()} MB\n`);
  }

  // ---------- 3. Hybrid search latency at scale ----------
  // Embedding 50k chunks with USE-lite takes hours on 2 cores, so at scale the stored
  // vectors are random unit vectors under the real model id; the query is embedded by the
  // real model and every search runs the real path (FTS5 + vec0 KNN + fusion + MMR).
  console.log(`== hybrid search latency (stored vectors synthetic, query embedded for real) ==`);
  const { VectorStore } = await import("../dist/store/vectors.js");
  for (const target of SCALES) {
    const notes = Math.ceil(target / 3); // about 3 chunks per generated note
    const { ws } = makeWorkspace(`hybrid-${target}`, notes, 13, { embed: { provider: "use-lite" }, search: { autoEmbedLimit: 0 } });
    const engine = Engine.open({ workspace: ws });
    const idx = engine.indexing.index();
    const vs = new VectorStore(engine["index_"]().db);
    vs.useModel(modelId, 512);
    const r = rng(target);
    for (;;) {
      const pending = vs.pending(2000);
      if (pending.length === 0) break;
      vs.insert(pending.map((c) => {
        const v = new Float32Array(512);
        let n = 0;
        for (let j = 0; j < 512; j++) n += (v[j] = r() - 0.5) ** 2;
        n = Math.sqrt(n);
        for (let j = 0; j < 512; j++) v[j] /= n;
        return { chunkId: c.id, hash: c.hash, heading: c.heading, vectors: [v] };
      }));
    }
    const lat = await latencies(engine, { limit: 10, refresh: false });
    const kw = await latencies(engine, { limit: 10, refresh: false, mode: "keyword" });
    // What the daemon and a lone MCP server do: the vectors kept in memory (engine.warm).
    const t0 = performance.now();
    await engine.indexing.warm();
    const loadMs = performance.now() - t0;
    const mem = await latencies(engine, { limit: 10, refresh: false });
    const kwMem = await latencies(engine, { limit: 10, refresh: false, mode: "keyword" });
    console.log(`${String(idx.chunks).padStart(6)} chunks: hybrid p50 ${ms(pct(lat, 50))} p95 ${ms(pct(lat, 95))} | keyword p50 ${ms(pct(kw, 50))} | hybrid/keyword ${(pct(lat, 50) / pct(kw, 50)).toFixed(1)}x  (one-off process: exact vec0 scan)`);
    console.log(`${String(idx.chunks).padStart(6)} chunks: hybrid p50 ${ms(pct(mem, 50))} p95 ${ms(pct(mem, 95))} | keyword p50 ${ms(pct(kwMem, 50))} | hybrid/keyword ${(pct(mem, 50) / pct(kwMem, 50)).toFixed(1)}x  (warm engine: vectors in memory, loaded in ${ms(loadMs)})`);
    engine.close();
    if (target === SCALES[SCALES.length - 1]) {
      const cold = coldCli(ws, ["--no-daemon"]);
      console.log(`cold \`agent search\` (hybrid, new process, ${idx.chunks} chunks): p50 ${ms(pct(cold, 50))}`);
      await daemonRss(ws, idx.chunks);
    }
  }
  console.log(`peak RSS: ${rssMb()} MB`);
}
if (!args.includes("--skip-hooks")) await (await import("./bench-hooks.mjs")).benchHooks(root);
if (!args.includes("--skip-turn")) await (await import("./bench-turn.mjs")).benchTurn(root);
rmSync(root, { recursive: true, force: true });

#!/usr/bin/env node
// npm run bench: indexing and search performance on generated workspaces. Prints numbers
// and ratios; never asserts on time. Options:
//   --notes N        daily notes for the keyword part (default 5000)
//   --embed-notes N  notes for the embedding-throughput part (default 60)
//   --scales a,b,c   chunk counts for the hybrid latency part (default 1000,10000,50000)
//   --skip-vectors   keyword part only
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine, initWorkspace } from "../dist/index.js";
import { embedText } from "../dist/indexer/embed-pending.js";
import { dailyNote, isoDate, rng } from "./sample-notes.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const NOTES = Number(opt("notes", 5000));
const EMBED_NOTES = Number(opt("embed-notes", 60));
const SCALES = String(opt("scales", "1000,10000,50000")).split(",").map(Number);
const QUERIES = 100;
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-"));

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;
const s = (x) => `${(x / 1000).toFixed(2)} s`;
const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const WORDS = ["VPS migration", "backup job", "Ana cafe", "router firmware deadline", "decided automate DNS records", "tax return invoice", "garden watering schedule", "follow up Grace reading list", "zeppelin hangar", "what did we decide about the deploy script last week"];

function makeWorkspace(name, notes, seed, config) {
  const ws = path.join(root, name);
  initWorkspace(ws);
  if (config) writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(config));
  const r = rng(seed);
  let bytes = 0;
  for (let i = 0; i < notes; i++) {
    const date = isoDate("2012-01-01", i);
    const text = dailyNote(date, r);
    bytes += Buffer.byteLength(text);
    writeFileSync(path.join(ws, "memory", `${date}.md`), text);
  }
  return { ws, bytes };
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

// ---------- 1. Keyword index at scale ----------
console.log(`== keyword index: ${NOTES} daily notes ==`);
{
  const { ws, bytes } = makeWorkspace("keyword", NOTES, 7, { search: { mode: "keyword" } });
  const engine = Engine.open({ workspace: ws, embedder: null });
  let t = performance.now();
  const full = engine.index();
  const fullMs = performance.now() - t;
  console.log(`markdown:              ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`full index:            ${s(fullMs)}  (${full.indexed.length} files, ${full.chunks} chunks, ${(full.indexed.length / (fullMs / 1000)).toFixed(0)} files/s)`);
  t = performance.now();
  const noop = engine.index();
  const noopMs = performance.now() - t;
  console.log(`no-change reindex:     ${ms(noopMs)}  (${noop.unchanged} files: one stat each)`);
  appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", Math.floor(NOTES / 2))}.md`), "- One-line edit: the zeppelin hangar lease was renewed.\n");
  t = performance.now();
  const edit = engine.index();
  const editMs = performance.now() - t;
  console.log(`reindex after 1 edit:  ${ms(editMs)}  (${edit.indexed.length} file re-chunked; ${(fullMs / editMs).toFixed(0)}x faster than a full index)`);
  const lat = await latencies(engine, { limit: 10 });
  const bare = await latencies(engine, { limit: 10, refresh: false });
  console.log(`keyword search, warm, in process: p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  (with the freshness check over ${NOTES} files)`);
  console.log(`                 without freshness: p50 ${ms(pct(bare, 50))}  p95 ${ms(pct(bare, 95))}  (freshness check = ${(pct(lat, 50) / pct(bare, 50)).toFixed(1)}x the query)`);
  engine.close();
  const cold = coldCli(ws);
  const t0 = performance.now();
  execFileSync(process.execPath, [cli, "--version"], { stdio: ["ignore", "pipe", "pipe"] });
  console.log(`cold \`agent search\` (keyword, new process): p50 ${ms(pct(cold, 50))}  (node + CLI start alone: ${ms(performance.now() - t0)})`);
  console.log(`peak RSS so far: ${rssMb()} MB\n`);
}

if (!args.includes("--skip-vectors")) {
  // ---------- 2. Embedding throughput: index pipeline vs raw embedder ----------
  console.log(`== embedding: ${EMBED_NOTES} daily notes, use-lite ==`);
  let modelId;
  {
    const { ws } = makeWorkspace("embed", EMBED_NOTES, 11, { embed: { provider: "use-lite" } });
    const engine = Engine.open({ workspace: ws });
    const idx = engine.index();
    const sel = await engine.embedder();
    const e = sel.embedder;
    await e.init?.();
    modelId = e.modelId;
    // Raw: the same windows straight through the model, no index, no cache.
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(path.join(ws, ".agent/index.db"), { readonly: true });
    const chunks = db.prepare("SELECT heading, text FROM chunks").all();
    db.close();
    // Sorted by length, like the pipeline does, and after a warm-up call: a fair raw rate.
    const windows = chunks.flatMap((c) => e.windows(embedText(c))).sort((a, b) => a.length - b.length);
    await e.embed(["warm up"]);
    let t = performance.now();
    for (let i = 0; i < windows.length; i += e.batchSize) await e.embed(windows.slice(i, i + e.batchSize));
    const rawMs = performance.now() - t;
    t = performance.now();
    const res = await engine.embed({ batchChunks: 64 });
    const pipeMs = performance.now() - t;
    console.log(`chunks ${idx.chunks}, windows ${windows.length}`);
    console.log(`raw embedder:       ${s(rawMs)}  (${(windows.length / (rawMs / 1000)).toFixed(1)} windows/s)`);
    console.log(`index pipeline:     ${s(pipeMs)}  (${res.computed} computed, ${res.cacheHits} cached; pipeline/raw = ${(pipeMs / rawMs).toFixed(2)}x)`);
    appendFileSync(path.join(ws, "memory", `${isoDate("2012-01-01", 3)}.md`), "- One-line edit: the zeppelin hangar lease was renewed.\n");
    t = performance.now();
    engine.index();
    const re = await engine.embed();
    console.log(`one-line edit:      ${s(performance.now() - t)}  (reindex + re-embed: ${re.embedded} chunk(s), ${re.computed} window(s) computed, ${re.cacheHits} from cache)`);
    engine.rebuild();
    t = performance.now();
    const rb = await engine.embed({ batchChunks: 64 });
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
    const idx = engine.index();
    const vs = new VectorStore(engine["db"]);
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
        return { chunkId: c.id, vectors: [v] };
      }));
    }
    const lat = await latencies(engine, { limit: 10, refresh: false });
    const kw = await latencies(engine, { limit: 10, refresh: false, mode: "keyword" });
    console.log(`${String(idx.chunks).padStart(6)} chunks: hybrid p50 ${ms(pct(lat, 50))} p95 ${ms(pct(lat, 95))} | keyword p50 ${ms(pct(kw, 50))} | hybrid/keyword ${(pct(lat, 50) / pct(kw, 50)).toFixed(1)}x`);
    engine.close();
    if (target === SCALES[SCALES.length - 1]) {
      const cold = coldCli(ws);
      console.log(`cold \`agent search\` (hybrid, new process, ${idx.chunks} chunks): p50 ${ms(pct(cold, 50))}`);
    }
  }
  console.log(`peak RSS: ${rssMb()} MB`);
}
rmSync(root, { recursive: true, force: true });

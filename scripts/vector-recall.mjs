#!/usr/bin/env node
// The in-memory quantized vector pass against sqlite-vec's exact scan, on an index that
// already has vectors: recall@10 of the vector list (chunks), and the time of each.
//   node scripts/vector-recall.mjs --index PATH [--queries FILE.jsonl] [--k 10] [--pool 120]
// Queries come from a JSONL file ("query" or "text" field), embedded by the index's model
// (USE-lite); without one, stored vectors of the index itself serve as queries.
//   --settings a:b,...  first-pass settings to compare: minBitCandidates:bitFactor
// Prints numbers; never asserts.
import "./lib/state-home.mjs";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { VectorStore } from "../dist/store/vectors.js";
import { MemoryVectorIndex } from "../dist/store/vector-memory.js";
import { option, pct } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const indexPath = option(args, "index", null);
if (!indexPath) {
  console.error("usage: node scripts/vector-recall.mjs --index PATH/.agent/index.db [--queries FILE.jsonl]");
  process.exit(2);
}
const K = Number(option(args, "k", 10));
const POOL = Number(option(args, "pool", 120));
const LIMIT = Number(option(args, "limit", 500));
// Opened read-only and as it is: the engine's opener would rebuild an index of another
// schema version, and this script must not change the index it measures.
const db = new Database(indexPath, { readonly: true, fileMustExist: true });
sqliteVec.load(db);
const vs = new VectorStore(db);
const model = vs.model();
if (!model) throw new Error(`${indexPath}: no vectors`);

let queries = [];
const qfile = option(args, "queries", null);
if (qfile) {
  const { UseLiteEmbedder } = await import("../dist/embed/use-lite.js");
  const e = new UseLiteEmbedder();
  await e.init?.();
  const texts = readFileSync(qfile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).map((q) => q.query ?? q.text).filter(Boolean).slice(0, LIMIT);
  for (const t of texts) queries.push((await e.embed([t]))[0]);
  await e.close?.();
} else {
  const rows = db.prepare("SELECT embedding FROM vec_chunks ORDER BY rowid LIMIT ?").pluck().all(LIMIT * 7);
  for (let i = 0; i < rows.length && queries.length < LIMIT; i += 7) {
    const b = rows[i];
    const v = new Float32Array(b.byteLength / 4);
    new Uint8Array(v.buffer).set(b);
    // A little noise, so a query is near its own window but not identical to it.
    for (let j = 0; j < v.length; j++) v[j] += (Math.sin(i * 31 + j) * 0.5) / Math.sqrt(v.length);
    queries.push(v);
  }
}

const settings = String(option(args, "settings", "2048:16,1024:8,4096:16")).split(",").map((s) => s.split(":").map(Number));
const exactTimes = [];
const exact = queries.map((q) => {
  const t = performance.now();
  const hits = vs.exactKnn(q, POOL);
  exactTimes.push(performance.now() - t);
  return hits;
});
const windows = db.prepare("SELECT count(*) FROM chunk_vectors").pluck().get();
console.log(`${indexPath}: ${windows} windows, ${model.modelId}, ${queries.length} queries, k=${K}, pool=${POOL}`);
console.log(`exact (sqlite-vec): p50 ${pct(exactTimes, 50).toFixed(2)} ms, p95 ${pct(exactTimes, 95).toFixed(2)} ms`);
for (const [minBit, factor] of settings) {
  const mem = new MemoryVectorIndex(db, { minBitCandidates: minBit, bitFactor: factor });
  const t0 = performance.now();
  await mem.build();
  const buildMs = performance.now() - t0;
  let hit10 = 0;
  let hitPool = 0;
  let total10 = 0;
  let totalPool = 0;
  let maxSimErr = 0;
  const times = [];
  queries.forEach((q, i) => {
    const t = performance.now();
    const got = mem.knn(q, POOL);
    times.push(performance.now() - t);
    const want = exact[i];
    const top = new Set(got.slice(0, K).map((h) => h.chunkId));
    for (const h of want.slice(0, K)) if (top.has(h.chunkId)) hit10++;
    total10 += Math.min(K, want.length);
    const all = new Map(got.map((h) => [h.chunkId, h.similarity]));
    for (const h of want) {
      if (all.has(h.chunkId)) {
        hitPool++;
        maxSimErr = Math.max(maxSimErr, Math.abs(all.get(h.chunkId) - h.similarity));
      }
    }
    totalPool += want.length;
  });
  console.log(
    `quantized bits>=${minBit} x${factor}: recall@${K} ${(hit10 / total10).toFixed(4)}, recall@${POOL} ${(hitPool / totalPool).toFixed(4)}, max |sim diff| ${maxSimErr.toExponential(1)}; p50 ${pct(times, 50).toFixed(2)} ms, p95 ${pct(times, 95).toFixed(2)} ms (${(pct(exactTimes, 50) / pct(times, 50)).toFixed(1)}x faster); load ${buildMs.toFixed(0)} ms, ${(mem.stats().bytes / 1e6).toFixed(1)} MB`,
  );
}
db.close();

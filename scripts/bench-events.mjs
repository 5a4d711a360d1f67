#!/usr/bin/env node
// `node scripts/bench-events.mjs [--events 10000] [--writes 500]`: how long a device that
// missed N events takes to catch up from the logs (incremental fold), how long a full re-fold
// of them takes, and what one write through a store costs (append + fsync + apply). Uses
// dist/ (run `npm run build` first). Prints numbers; asserts nothing.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openStateDb } from "../dist/store/state.js";
import { openLedger } from "../dist/store/events/open.js";
import { appendEvents, logFile } from "../dist/store/events/log.js";
import { catchUp, refold } from "../dist/store/events/fold.js";
import { formatHlc } from "../dist/store/events/hlc.js";
import { stateDigest } from "../dist/store/events/summary.js";
import { SoulVersionStore } from "../dist/store/soul-versions.js";
import { RecallStore } from "../dist/store/recalls.js";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? def : Number(process.argv[i + 1]);
};
const N = arg("events", 10_000);
const WRITES = arg("writes", 500);
const T0 = Date.UTC(2026, 10, 1);
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-events-"));

function device(name, id) {
  const ws = path.join(root, `${name}-ws`);
  mkdirSync(ws, { recursive: true });
  const file = path.join(root, `${name}.db`);
  const db = openStateDb(file);
  openLedger(db, file, { workspace: ws, device: { id, name }, now: () => T0 + N * 1000 + 1 });
  return { ws, db };
}

/** A realistic mix: SOUL versions, memories, updates, memory recalls, recall-log rows (3 a search). */
function events(dev, n) {
  const out = [{ hlc: formatHlc({ wall: T0, counter: 0 }), device: dev, seq: 1, type: "log.start", name: "writer" }];
  for (let seq = 2; seq <= n; seq++) {
    const base = { hlc: formatHlc({ wall: T0 + seq * 1000, counter: 0 }), device: dev, seq };
    const gid = `${dev}-${seq}`;
    const k = seq % 5;
    if (k === 0) out.push({ ...base, type: "row.insert", table: "soul_versions", rows: [{ gid, created_at: T0 + seq, content: `soul ${seq} `.repeat(40), content_hash: `h${seq}`, words: 80, tokens: 120, summary: `v${seq}`, origin: "reflection", session_ids: "[]" }] });
    else if (k === 1) out.push({ ...base, type: "row.insert", table: "memories", rows: [{ gid, type: "lesson_learned", content: `memory ${seq}`, significance: 0.5, valence: "neutral", domain: "general", created_at: T0 + seq, vividness: 1, vivid_at: T0 + seq, source: "{}" }] });
    else if (k === 2) out.push({ ...base, type: "row.update", table: "memories", gid: `${dev}-${seq - 1}`, set: { pinned: 1, recall_count: 1 } });
    else if (k === 3) out.push({ ...base, type: "row.insert", table: "memory_recalls", rows: [{ gid, memory_id: `${dev}-${seq - 2}`, at: T0 + seq, via: "context", query: "q" }] });
    else out.push({ ...base, type: "row.insert", table: "recalls", rows: [1, 2, 3].map((i) => ({ gid: `${gid}.${i}`, at: T0 + seq, front: "cli", query: "q", path: "a.md", start_line: i, end_line: i + 1, chunk_hash: "h", rank: i })) });
  }
  return out;
}

try {
  const a = device("a", "aaaaaaaaaaaa");
  const b = device("b", "bbbbbbbbbbbb");
  appendEvents(logFile(a.ws, "aaaaaaaaaaaa"), events("aaaaaaaaaaaa", N));
  catchUp(a.db, a.ws);
  mkdirSync(path.join(b.ws, ".agent-state"), { recursive: true });
  copyFileSync(logFile(a.ws, "aaaaaaaaaaaa"), logFile(b.ws, "aaaaaaaaaaaa"));
  let t = performance.now();
  const r = catchUp(b.db, b.ws);
  const catchMs = performance.now() - t;
  t = performance.now();
  refold(b.db, b.ws);
  const refoldMs = performance.now() - t;
  t = performance.now();
  const digest = stateDigest(b.db);
  const digestMs = performance.now() - t;
  const same = digest === stateDigest(a.db);
  const souls = new SoulVersionStore(b.db);
  const recalls = new RecallStore(b.db);
  t = performance.now();
  for (let i = 0; i < WRITES; i++) souls.insert({ createdAt: T0 + N * 1000 + i, content: `w${i}`, words: 1, tokens: 1, summary: `w${i}`, origin: "reflection" });
  const soulMs = (performance.now() - t) / WRITES;
  t = performance.now();
  for (let i = 0; i < WRITES; i++) recalls.record({ at: T0 + N * 1000 + i, front: "cli", query: "q", chunks: [{ path: "a.md", startLine: 1, endLine: 2, chunkHash: "h" }] });
  const recallMs = (performance.now() - t) / WRITES;
  console.log(`catch-up of ${r.events} events (${r.mode}): ${catchMs.toFixed(0)} ms`);
  console.log(`full re-fold of ${N} events: ${refoldMs.toFixed(0)} ms`);
  console.log(`digest: ${digestMs.toFixed(1)} ms, same on both devices: ${same}`);
  console.log(`one SOUL version through its store (apply + append + fsync), mean of ${WRITES}: ${soulMs.toFixed(2)} ms`);
  console.log(`one search's recall-log rows (apply + append, no fsync), mean of ${WRITES}: ${recallMs.toFixed(2)} ms`);
  console.log(`load average: ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  a.db.close();
  b.db.close();
} finally {
  rmSync(root, { recursive: true, force: true });
}

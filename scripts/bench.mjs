#!/usr/bin/env node
// npm run bench: indexing and search performance on a generated workspace.
// Prints numbers and ratios; never asserts on time. Options: --notes N (default 5000).
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine, initWorkspace } from "../dist/index.js";
import { dailyNote, isoDate, rng } from "./sample-notes.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const NOTES = opt("notes", 5000);
const QUERIES = opt("queries", 200);
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (x) => `${x.toFixed(1)} ms`;
const rssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);

const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-"));
const ws = path.join(root, "assistant");
initWorkspace(ws);
const r = rng(7);
let bytes = 0;
for (let i = 0; i < NOTES; i++) {
  const date = isoDate("2012-01-01", i);
  const text = dailyNote(date, r);
  bytes += Buffer.byteLength(text);
  writeFileSync(path.join(ws, "memory", `${date}.md`), text);
}
console.log(`workspace: ${NOTES} daily notes, ${(bytes / 1024 / 1024).toFixed(1)} MB of markdown`);

const engine = Engine.open({ workspace: ws });
let t = performance.now();
const full = engine.index();
const fullMs = performance.now() - t;
console.log(`full index:            ${(fullMs / 1000).toFixed(2)} s  (${full.indexed.length} files, ${full.chunks} chunks, ${(full.indexed.length / (fullMs / 1000)).toFixed(0)} files/s)`);

t = performance.now();
const noop = engine.index();
const noopMs = performance.now() - t;
console.log(`no-change reindex:     ${ms(noopMs)}  (${noop.unchanged} unchanged: one stat each)`);

const target = path.join(ws, "memory", `${isoDate("2012-01-01", Math.floor(NOTES / 2))}.md`);
appendFileSync(target, "- One-line edit: the zeppelin hangar lease was renewed.\n");
t = performance.now();
const edit = engine.index();
const editMs = performance.now() - t;
console.log(`reindex after 1 edit:  ${ms(editMs)}  (${edit.indexed.length} file re-chunked; ${(fullMs / editMs).toFixed(0)}x faster than a full index)`);

const words = ["VPS migration", "backup job", "Ana cafe", "router firmware deadline", "decided automate DNS records", "tax return invoice", "garden watering schedule", "follow up Grace reading list", "zeppelin hangar", "what did we decide about the deploy script"];
for (let i = 0; i < 20; i++) engine.search(words[i % words.length]); // warm up
const lat = [];
for (let i = 0; i < QUERIES; i++) {
  const q = words[i % words.length];
  t = performance.now();
  engine.search(q, { limit: 10 });
  lat.push(performance.now() - t);
}
console.log(`search (in process, warm, incl. freshness check): p50 ${ms(pct(lat, 50))}  p95 ${ms(pct(lat, 95))}  over ${QUERIES} queries`);

const { searchIndex } = await import("../dist/search/search.js");
const db = engine["db"];
const kw = [];
for (let i = 0; i < QUERIES; i++) {
  const q = words[i % words.length];
  t = performance.now();
  searchIndex(db, q, { limit: 10 });
  kw.push(performance.now() - t);
}
console.log(`keyword query alone (warm): p50 ${ms(pct(kw, 50))}  p95 ${ms(pct(kw, 95))}  (freshness check = ${(pct(lat, 50) / pct(kw, 50)).toFixed(1)}x the query)`);
engine.close();

const cold = [];
for (let i = 0; i < 5; i++) {
  t = performance.now();
  execFileSync(process.execPath, [cli, "search", "zeppelin hangar lease", "--workspace", ws, "--json"], { stdio: ["ignore", "pipe", "pipe"] });
  cold.push(performance.now() - t);
}
t = performance.now();
execFileSync(process.execPath, [cli, "--version"], { stdio: ["ignore", "pipe", "pipe"] });
const startup = performance.now() - t;
console.log(`cold \`agent search\` (new process): p50 ${ms(pct(cold, 50))}, min ${ms(Math.min(...cold))}  (process start + CLI load alone: ${ms(startup)})`);
console.log(`peak RSS of this process: ${rssMb()} MB`);
rmSync(root, { recursive: true, force: true });

// What the bench scripts share: option parsing, percentiles, and a workspace of generated
// daily notes (scripts/sample-notes.mjs), so every bench measures the same kind of notes.
import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { initWorkspace } from "../../dist/index.js";
import { dailyNote, isoDate, rng } from "../sample-notes.mjs";

/** `--name value` from argv, else `def`. */
export function option(argv, name, def) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
}

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

// Words of the distinct queries: 200 of two or three of them, asked once each, so nothing a
// query read before answers it whole (bench-peer --distinct, bench-slowest).
const VOCAB = ["Ana", "Grace", "Hiro", "Jonas", "pharmacy", "migration", "irrigation", "archive", "network", "budget", "backup", "login", "DNS", "invoice", "watering", "schema", "deploy", "reading", "spreadsheet", "router", "Lisbon", "Berlin", "cafe", "reviewed", "postponed", "documented", "deadline", "frustrated", "relieved", "Friday"];

// Words of the practice queries (`bench-peer --distinct`'s untimed warm-up, the same for both
// engines): in the notes too, none of them in VOCAB, so practice warms each process's compiled
// code without reading ahead any word the timed queries ask for.
const PRACTICE_VOCAB = ["Ben", "Chloe", "Dmitri", "Esra", "Farid", "Ines", "photo", "garden", "tax", "book", "club", "bike", "repair", "language", "course", "office", "coworking", "fixed", "planned", "discussed", "started", "finished", "tested", "rewrote", "template", "firmware", "macros", "records", "tired", "anxious", "curious", "Monday", "month", "automate"];

/** The 200 distinct queries of `bench-peer --distinct`, the same every run. */
export function distinctQueries() {
  return queriesOf(VOCAB, 11, 200);
}

/**
 * `count` distinct queries of the same words, the first 200 being distinctQueries() (the same
 * generator, asked for more): `bench-peer --interleave` asks each round 200 never asked before.
 */
export function moreDistinctQueries(count) {
  return queriesOf(VOCAB, 11, count);
}

/** `n` distinct queries of PRACTICE_VOCAB's words, none of them a word of distinctQueries(). */
export function practiceQueries(n) {
  return queriesOf(PRACTICE_VOCAB, 23, n);
}

function queriesOf(vocab, seed, count) {
  const r = rng(seed);
  const seen = new Set();
  while (seen.size < count) {
    const n = 2 + Math.floor(r() * 2);
    const words = Array.from({ length: n }, () => vocab[Math.floor(r() * vocab.length)]);
    if (new Set(words).size === n) seen.add(words.join(" "));
  }
  return [...seen];
}

/**
 * A workspace at `ws` with `notes` daily notes from 2012-01-01 on; returns their bytes. Each
 * note's mtime is noon of its day, as a notes folder's files were written long before it is
 * searched (the indexer re-reads files written in the last 2 s: bench.mjs measures that apart).
 */
export function notesWorkspace(ws, notes, seed, config) {
  initWorkspace(ws);
  if (config) writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(config));
  const r = rng(seed);
  let bytes = 0;
  for (let i = 0; i < notes; i++) {
    const date = isoDate("2012-01-01", i);
    const text = dailyNote(date, r);
    bytes += Buffer.byteLength(text);
    const file = path.join(ws, "memory", `${date}.md`);
    writeFileSync(file, text);
    const noon = new Date(`${date}T12:00:00Z`);
    utimesSync(file, noon, noon);
  }
  return bytes;
}

/** The folder rules of the build `cli` belongs to (an older build keeps the index in `<ws>/.agent/`). */
export async function buildPaths(cli) {
  const dist = path.dirname(path.dirname(cli));
  const { agentDir } = await import(pathToFileURL(path.join(dist, "workspace", "paths.js")).href);
  const { socketPath } = await import(pathToFileURL(path.join(dist, "daemon", "protocol.js")).href);
  return { agentDir, socketPath };
}

// What the bench scripts share: option parsing, percentiles, and a workspace of generated
// daily notes (scripts/sample-notes.mjs), so every bench measures the same kind of notes.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { initWorkspace } from "../../dist/index.js";
import { dailyNote, isoDate, rng } from "../sample-notes.mjs";

/** `--name value` from argv, else `def`. */
export function option(argv, name, def) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
}

/** The p-th percentile (nearest rank) of `xs`. */
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** A workspace at `ws` with `notes` daily notes from 2012-01-01 on; returns their bytes. */
export function notesWorkspace(ws, notes, seed, config) {
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
  return bytes;
}

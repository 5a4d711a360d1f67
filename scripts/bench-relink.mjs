#!/usr/bin/env node
// node scripts/bench-relink.mjs [--notes 2000] [--runs 6] [--old DIR]
// One watcher pass (a note edited: its statements, then every link found again) on a generated
// history of daily notes beside a MEMORY.md of 60 valued lines saved after all of them (on the
// first index every line is unobserved, standing-dates.ts). With --old, the same on the build
// in DIR (a checkout with its own dist/), interleaved run by run: compare them in one minute.
// Prints numbers; asserts nothing.
import "./lib/state-home.mjs";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { notesWorkspace, option } from "./lib/bench-kit.mjs";

const args = process.argv.slice(2);
const NOTES = Number(option(args, "notes", 2000));
const RUNS = Number(option(args, "runs", 6));
const OLD = option(args, "old", "");
const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builds = { this: HERE, ...(OLD ? { old: path.resolve(OLD) } : {}) };

const open = {};
for (const [name, dir] of Object.entries(builds)) {
  const ws = mkdtempSync(path.join(os.tmpdir(), `agent-bench-relink-${name}-`));
  notesWorkspace(ws, NOTES, 7, { embed: { provider: "none" } });
  const mem = ["# Memory", ""];
  for (let i = 0; i < 60; i++) mem.push(`- Item ${i}: the ${["rent", "budget", "fee", "price"][i % 4]} for thing ${i} is £${10 + i} a month.`);
  writeFileSync(path.join(ws, "MEMORY.md"), mem.join("\n") + "\n");
  const { Engine } = await import(path.join(dir, "dist/index.js"));
  const engine = Engine.open({ workspace: ws, embedder: null });
  engine.indexing.index();
  open[name] = { engine, ws, ms: [] };
}
const rel = "memory/2012-01-05.md";
for (let run = 0; run < RUNS; run++) {
  const order = Object.keys(open);
  if (run % 2) order.reverse();
  for (const name of order) {
    const o = open[name];
    const file = path.join(o.ws, rel);
    writeFileSync(file, `${readFileSync(file, "utf8")}\n- the rent for thing 3 goes up to £${90 + run} a month.\n`);
    // Older than the indexer's racy window: read once, as a save seconds ago is.
    const t = new Date(Date.now() - 10_000);
    utimesSync(file, t, t);
    const t0 = performance.now();
    o.engine.indexing.syncPaths([rel]);
    o.ms.push(performance.now() - t0);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, o] of Object.entries(open)) {
  console.log(`${name}: ${NOTES} notes, one note edited: median ${median(o.ms).toFixed(0)} ms (${o.ms.map((x) => x.toFixed(0)).join(", ")}); ${o.engine.indexing.links().length} links`);
  await o.engine.close();
  rmSync(o.ws, { recursive: true, force: true });
}

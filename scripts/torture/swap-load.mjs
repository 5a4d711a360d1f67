// Reflection's compare-and-swap on a busy machine: CPU hogs (one more than there are cores)
// spin while a worker thread edits SOUL.md in place and by `>>` appends, 500 edits a run, and
// this thread swaps it as reflection does, in a loop. A run fails when any edit is in none of:
// SOUL.md at the end, a file kept beside it, a SOUL the swap compared and replaced.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { distDir, Tally } from "./lib.mjs";

const EDITOR = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { file, mode, edits } = workerData;
const ctl = new Int32Array(workerData.ctl);
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const read = () => { for (;;) { try { return fs.readFileSync(file, "utf8"); } catch (e) { if (e.code !== "ENOENT") throw e; nap(0.05); } } };
try {
  for (let n = 1; n <= edits; n++) {
    const line = "edit-" + mode + "-" + n + "\\n";
    if (mode === "append") fs.appendFileSync(file, line);
    else { const cur = read(); fs.writeFileSync(file, cur + line); }
    nap(Math.random() * 0.3);
  }
} finally { Atomics.store(ctl, 1, 1); }
`;

async function race(dir, mode, swap, settle, edits) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "SOUL.md");
  writeFileSync(file, "# SOUL v0\n");
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(EDITOR, { eval: true, workerData: { file, mode, edits, ctl: ctl.buffer } });
  const exited = new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", () => resolve());
  });
  const replaced = [];
  let swaps = 0;
  while (Atomics.load(ctl, 1) === 0) {
    let expected;
    try {
      expected = readFileSync(file);
    } catch {
      await new Promise((r) => setImmediate(r));
      continue;
    }
    swaps++;
    const res = swap(file, expected, `# SOUL v${swaps}\n`, { settleMs: 2 });
    if (res.ok) replaced.push(expected.toString("utf8"));
    if (swaps % 50 === 0) await new Promise((r) => setImmediate(r));
  }
  await exited;
  settle(file);
  const kept = readdirSync(dir).filter((f) => f.startsWith("SOUL.md.kept-"));
  const everywhere = [readFileSync(file, "utf8"), ...kept.map((f) => readFileSync(path.join(dir, f), "utf8")), ...replaced].join("");
  const lost = [];
  for (let n = 1; n <= edits; n++) if (!everywhere.includes(`edit-${mode}-${n}\n`)) lost.push(`edit-${mode}-${n}`);
  return { lost, swaps, kept: kept.length };
}

export async function swapLoad({ root, tiny, quick, scale }) {
  const tally = new Tally("SOUL.md swap vs in-place and >> edits with CPU hogs running: no edit lost");
  const { swapFile, settleSwaps } = await import(pathToFileURL(path.join(distDir(), "workspace", "safe-write.js")).href);
  const runs = tiny ? 3 : quick ? 6 : Math.max(10, Math.round(30 * scale));
  const hogs = Array.from({ length: os.availableParallelism() + 1 }, () => spawn(process.execPath, ["-e", "const end = Date.now() + 600000; while (Date.now() < end) {}"], { stdio: "ignore" }));
  try {
    for (let run = 0; run < runs; run++) {
      for (const mode of ["inplace", "append"]) {
        const out = await race(path.join(root, `r${run}-${mode}`), mode, swapFile, (f) => settleSwaps(f), 500);
        tally.measure(`${mode}: swaps per run of 500 edits`, out.swaps);
        if (out.kept > 0) tally.measure(`${mode}: files kept beside per run`, out.kept);
        if (out.lost.length > 0) tally.fail(`${mode}: ${out.lost.length} of 500 edits lost (${out.lost.slice(0, 5).join(", ")})`, `npm run torture -- --only swap-load`);
        else tally.pass();
      }
    }
  } finally {
    for (const h of hogs) h.kill("SIGKILL");
  }
  return tally;
}

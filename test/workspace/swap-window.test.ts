/**
 * SOUL.md during its compare-and-swap: never absent, never a partial file. Real `>>` appends
 * (a shell's O_APPEND|O_CREAT) are aimed at every step of the swap, and, separately, a worker
 * appends in a loop while another reads SOUL.md in a loop: every read must find the whole
 * SOUL (its body), and every appended line must survive.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settleSwaps, swapFile, type SwapStep } from "../../src/workspace/safe-write.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const BODY = "## Core Identity\n\n- I keep the person's notes and speak plainly.\n";
const soul = (n: number): string => `# SOUL v${n}\n\n${BODY}`;

let dir = "";
beforeEach(() => {
  dir = tempDir("agent-swap-window-");
});
afterEach(() => cleanup(dir));

/** Every file that may hold a person's text after a swap: SOUL.md and anything kept beside it. */
function everything(file: string): string {
  settleSwaps(file);
  const kept = readdirSync(dir).filter((f) => f.startsWith("SOUL.md.kept-"));
  return [readFileSync(file, "utf8"), ...kept.map((f) => readFileSync(path.join(dir, f), "utf8"))].join("");
}

describe("a shell append aimed at each step of the swap", () => {
  const steps: SwapStep[] = ["written", "compared", "linked", "renamed", "settled"];
  for (const target of steps) {
    it(`at "${target}": SOUL.md keeps its body and the appended line`, () => {
      const file = path.join(dir, "SOUL.md");
      writeFileSync(file, soul(0));
      const seen: SwapStep[] = [];
      for (let run = 1; run <= 10; run++) {
        const expected = readFileSync(file);
        const line = `- appended at ${target} ${run}`;
        swapFile(file, expected, soul(run), {
          settleMs: 1,
          onStep: (s) => {
            seen.push(s);
            if (s !== target) return;
            const sh = spawnSync("sh", ["-c", `echo "${line}" >> SOUL.md`], { cwd: dir });
            expect(sh.status).toBe(0);
            // The instant after the append: still a whole SOUL.
            expect(readFileSync(file, "utf8")).toContain(BODY);
          },
        });
        const now = readFileSync(file, "utf8");
        expect(now).toMatch(/^# SOUL v\d+\n/);
        expect(now).toContain(BODY);
        expect(everything(file)).toContain(line);
      }
      expect(seen).toContain(target);
    });
  }
});

describe("an editor's rename-save aimed at the swap", () => {
  for (const target of ["written", "compared", "linked"] as const) {
    it(`at "${target}": the editor's file stays SOUL.md, the proposal is held back`, () => {
      const file = path.join(dir, "SOUL.md");
      writeFileSync(file, soul(0));
      const res = swapFile(file, readFileSync(file), soul(1), {
        settleMs: 1,
        onStep: (s) => {
          if (s !== target) return;
          writeFileSync(path.join(dir, "SOUL.md.editor-tmp"), soul(0) + "- saved by an editor\n");
          renameSync(path.join(dir, "SOUL.md.editor-tmp"), file);
        },
      });
      expect(res.ok).toBe(false);
      expect(readFileSync(file, "utf8")).toBe(soul(0) + "- saved by an editor\n");
    });
  }
});

const APPENDER = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const ctl = new Int32Array(workerData.ctl);
let n = 0;
while (Atomics.load(ctl, 0) === 0) {
  n++;
  fs.appendFileSync(workerData.file, "- hammer " + n + "\\n");
  Atomics.store(ctl, 1, n);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 0.05);
}
`;

const PROBER = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const ctl = new Int32Array(workerData.ctl);
let reads = 0, absent = 0, partial = 0;
while (Atomics.load(ctl, 0) === 0) {
  reads++;
  let text;
  try { text = fs.readFileSync(workerData.file, "utf8"); } catch (e) { if (e.code === "ENOENT") { absent++; continue; } throw e; }
  if (!text.includes(workerData.body)) partial++;
}
Atomics.store(ctl, 2, reads); Atomics.store(ctl, 3, absent); Atomics.store(ctl, 4, partial);
`;

describe("appends and reads hammering SOUL.md while it is swapped in a loop", { timeout: 120_000 }, () => {
  it("no read finds SOUL.md absent or without its body; no appended line is lost", async () => {
    const file = path.join(dir, "SOUL.md");
    writeFileSync(file, soul(0));
    const ctl = new Int32Array(new SharedArrayBuffer(20));
    const workers = [APPENDER, PROBER].map((src) => new Worker(src, { eval: true, workerData: { file, body: BODY, ctl: ctl.buffer } }));
    const exited = workers.map((w) => new Promise<void>((resolve, reject) => { w.once("error", reject); w.once("exit", () => resolve()); }));
    const replaced: string[] = [];
    let bodyless = 0;
    for (let i = 1; i <= 300; i++) {
      let expected: Buffer;
      try {
        expected = readFileSync(file);
      } catch {
        bodyless++;
        continue;
      }
      const res = swapFile(file, expected, soul(i), { settleMs: 1 });
      if (res.ok) replaced.push(expected.toString("utf8"));
      let now = "";
      try {
        now = readFileSync(file, "utf8");
      } catch {
        now = "";
      }
      if (!now.includes(BODY)) bodyless++;
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    Atomics.store(ctl, 0, 1);
    await Promise.all(exited);
    const appended = Atomics.load(ctl, 1);
    const found = new Set((everything(file) + replaced.join("")).split("\n"));
    const lost: number[] = [];
    for (let n = 1; n <= appended; n++) if (!found.has(`- hammer ${n}`)) lost.push(n);
    const [reads, absent, partial] = [Atomics.load(ctl, 2), Atomics.load(ctl, 3), Atomics.load(ctl, 4)];
    console.log(`swap window: 300 swaps, ${appended} appends, ${reads} reads: ${absent} absent, ${partial} without the body, ${bodyless} swaps left SOUL.md without its body, ${lost.length} appends lost`);
    expect({ absent, partial, bodyless, lost: lost.length }).toEqual({ absent: 0, partial: 0, bodyless: 0, lost: 0 });
    expect(appended).toBeGreaterThan(0);
    expect(reads).toBeGreaterThan(0);
  });
});

/**
 * The compare-and-swap against real concurrent edits: a worker thread edits SOUL.md as people
 * and editors do (`>>` appends, editors rewriting the file in place, editors saving through a
 * temp file and a rename) while this thread swaps it as reflection does, in a loop. Every
 * edit must survive: in SOUL.md at the end, in a file kept beside it, or in a SOUL the swap
 * compared and replaced (which reflection has recorded as a version by then).
 */
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync } from "node:fs";
import { atomicWrite, settleSwaps, swapFile, type SwapResult } from "../../src/workspace/safe-write.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

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
  else if (mode === "inplace") { const cur = read(); fs.writeFileSync(file, cur + line); }
  else if (mode === "stretched") { const cur = read(); const fd = fs.openSync(file, "w"); nap(Math.random()); fs.writeSync(fd, cur + line); fs.closeSync(fd); }
  else { const cur = read(); const tmp = file + ".editor-tmp"; fs.writeFileSync(tmp, cur + line); fs.renameSync(tmp, file); }
  Atomics.store(ctl, 0, n);
  nap(Math.random() * 0.3);
}
} finally { Atomics.store(ctl, 1, 1); }
`;

type Swap = (file: string, expected: Buffer, content: string) => SwapResult;

/** The old way: re-read, compare, then rename a temp file over. */
const naive: Swap = (file, expected, content) => {
  if (!readFileSync(file).equals(expected)) return { ok: false, reason: "changed" };
  atomicWrite(file, content);
  return { ok: true };
};

interface Outcome {
  edits: number;
  lost: string[];
  swaps: number;
  swapped: number;
  kept: number;
}

type Mode = "append" | "inplace" | "stretched" | "rename";

async function race(dir: string, mode: Mode, swap: Swap, edits: number): Promise<Outcome> {
  const file = path.join(dir, "SOUL.md");
  writeFileSync(file, "# SOUL v0\n");
  const ctl = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(EDITOR, { eval: true, workerData: { file, mode, edits, ctl: ctl.buffer } });
  // Listened to from the start: the worker may end while this thread yields below.
  const exited = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", () => resolve());
  });
  const replaced: string[] = [];
  let swaps = 0;
  let swapped = 0;
  // Swap as fast as reflection's last step can, until the editor is done.
  while (Atomics.load(ctl, 1) === 0) {
    let expected: Buffer;
    try {
      expected = readFileSync(file);
    } catch {
      await new Promise((r) => setImmediate(r)); // a worker that died must be able to say so
      continue;
    }
    swaps++;
    const res = swap(file, expected, `# SOUL v${swaps}\n`);
    if (res.ok) {
      swapped++;
      replaced.push(expected.toString("utf8"));
    }
    if (swaps % 50 === 0) await new Promise((r) => setImmediate(r));
  }
  await exited;
  // What the last swaps parked is looked at once the writers are done, as the next swap would.
  settleSwaps(file);
  const keptFiles = readdirSync(dir).filter((f) => f.startsWith("SOUL.md.kept-"));
  const everywhere = [readFileSync(file, "utf8"), ...keptFiles.map((f) => readFileSync(path.join(dir, f), "utf8")), ...replaced].join("");
  const lost: string[] = [];
  for (let n = 1; n <= edits; n++) if (!everywhere.includes(`edit-${mode}-${n}\n`)) lost.push(`edit-${mode}-${n}`);
  expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  return { edits, lost, swaps, swapped, kept: keptFiles.length };
}

let dir = "";
beforeEach(() => {
  dir = tempDir("agent-swap-race-");
});
afterEach(() => cleanup(dir));

/**
 * The race runs on a busy machine: a loaded machine deschedules the swapping thread and the
 * editor inside their steps, which is where an idle run never looks. Spinning processes, one
 * more than there are cores, for as long as the races run (killed after, and bounded anyway).
 */
let hogs: ChildProcess[] = [];
function startHogs(): void {
  const n = os.availableParallelism() + 1;
  hogs = Array.from({ length: n }, () => spawn(process.execPath, ["-e", "const end = Date.now() + 300000; while (Date.now() < end) {}"], { stdio: "ignore" }));
}
function stopHogs(): void {
  for (const h of hogs) h.kill("SIGKILL");
  hogs = [];
}

describe("swapFile racing real edits, with the machine busy", { timeout: 300_000 }, () => {
  beforeAll(startHogs);
  afterAll(stopHogs);
  // stretched: an in-place save descheduled between its truncate and its write (up to 1 ms),
  // as a loaded machine does: the swap finds the old file cut short and must wait it out.
  for (const mode of ["append", "inplace", "stretched", "rename"] as const) {
    it(`${mode}: 500 edits against the swap in a loop, ${mode === "rename" ? "at most a few lost in the rename window" : "none lost"}`, async () => {
      const out = await race(dir, mode, (f, e, c) => swapFile(f, e, c, { settleMs: 2 }), 500);
      // Printed so the figure can be read off a run; the assertion is zero loss.
      console.log(`swapFile vs ${mode}: ${out.edits} edits, ${out.swaps} swaps (${out.swapped} replaced), ${out.kept} kept beside, ${out.lost.length} lost${out.lost.length > 0 ? ` (${out.lost.join(", ")})` : ""}`);
      // SOUL.md changes by one rename over it, and rename(2) cannot compare: an editor's
      // rename-save landing in the microseconds between the last check and that rename is
      // replaced. This editor saves every ~0.15 ms, thousands of times a human's rate, and
      // loses a save or two in 500 on an idle machine (more when the swapping process is
      // descheduled inside that window on a loaded one); appends and in-place writes lose nothing.
      // The bound that holds at any load: each swap's one rename replaces at most one save.
      if (mode === "rename") {
        expect(out.lost.length).toBeLessThanOrEqual(out.swapped);
        expect(out.lost.length).toBeLessThanOrEqual(out.edits / 20);
      } else expect(out.lost).toEqual([]);
      expect(out.swapped).toBeGreaterThan(0);
    });
  }

  it("the old read-compare-rename, for comparison (not asserted: it loses edits when the race is hit)", async () => {
    const out = await race(dir, "append", naive, 500);
    console.log(`read-compare-rename vs append: ${out.edits} edits, ${out.swaps} swaps, ${out.lost.length} lost`);
  });
});

describe("swapFile outcomes", () => {
  const file = () => path.join(dir, "SOUL.md");
  /** SOUL.md and every file kept beside it, after the look the next swap takes first. */
  const everywhere = (): string => {
    settleSwaps(file());
    const kept = readdirSync(dir).filter((f) => f.startsWith("SOUL.md.kept-"));
    return [readFileSync(file(), "utf8"), ...kept.map((k) => readFileSync(path.join(dir, k), "utf8"))].join("");
  };

  it("replaces the file when it holds the expected bytes; the old one is parked until the next look", () => {
    writeFileSync(file(), "old\n");
    expect(swapFile(file(), Buffer.from("old\n"), "new\n")).toEqual({ ok: true });
    expect(readFileSync(file(), "utf8")).toBe("new\n");
    expect(readdirSync(dir).filter((f) => f.startsWith(".SOUL.md.prev-"))).toHaveLength(1);
    // Unchanged and parked for less than the grace: left for a later look.
    expect(settleSwaps(file())).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith(".SOUL.md.prev-"))).toHaveLength(1);
    expect(settleSwaps(file(), { graceMs: 0 })).toEqual([]);
    expect(readdirSync(dir)).toEqual(["SOUL.md"]);
  });

  it("a write that lands in the old file after the swap, however late, is kept beside by the next swap", () => {
    writeFileSync(file(), "old\n");
    expect(swapFile(file(), Buffer.from("old\n"), "new\n", { now: () => Date.parse("2026-11-21T03:00:00Z") })).toEqual({ ok: true });
    const parked = readdirSync(dir).find((f) => f.startsWith(".SOUL.md.prev-"))!;
    appendFileSync(path.join(dir, parked), "- typed by a slow writer\n"); // it had the old file open
    const next = swapFile(file(), Buffer.from("new\n"), "newer\n", { now: () => Date.parse("2026-11-21T03:00:00Z") });
    expect(next).toEqual({ ok: true, keptEarlier: [path.join(dir, "SOUL.md.kept-20261121T030000")] });
    expect(readFileSync(path.join(dir, "SOUL.md.kept-20261121T030000"), "utf8")).toBe("old\n- typed by a slow writer\n");
  });

  it("an edit before the swap is put back; the new content is not written", () => {
    writeFileSync(file(), "old\nmine\n");
    expect(swapFile(file(), Buffer.from("old\n"), "new\n")).toEqual({ ok: false, reason: "SOUL.md was edited meanwhile" });
    expect(readFileSync(file(), "utf8")).toBe("old\nmine\n");
    expect(readdirSync(dir)).toEqual(["SOUL.md"]);
  });

  it("expected null: creates the file only if it does not exist", () => {
    expect(swapFile(file(), null, "first\n")).toEqual({ ok: true });
    expect(swapFile(file(), null, "second\n")).toEqual({ ok: false, reason: "SOUL.md was created meanwhile" });
    expect(readFileSync(file(), "utf8")).toBe("first\n");
  });

  it("an empty file is not replaced (an editor's save between truncate and write looks so), unless asked", () => {
    writeFileSync(file(), "");
    expect(swapFile(file(), Buffer.alloc(0), "new\n")).toEqual({ ok: false, reason: "SOUL.md was empty, as during an editor's save" });
    expect(readFileSync(file(), "utf8")).toBe("");
    expect(swapFile(file(), Buffer.alloc(0), "new\n", { allowEmpty: true })).toEqual({ ok: true });
    expect(readFileSync(file(), "utf8")).toBe("new\n");
  });

  it("a write that lands in the old file just after the rename is carried to the end of the new one", () => {
    writeFileSync(file(), "old\n");
    let fdA = -1;
    const res = swapFile(file(), Buffer.from("old\n"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        // Editor A opened the old file in place (truncating it) before the rename, and writes after it.
        if (s === "linked") fdA = openSync(file(), "w");
        if (s === "renamed") {
          writeSync(fdA, "old\nedit-A\n");
          closeSync(fdA);
        }
      },
    });
    expect(res).toEqual({ ok: true, carried: "edit-A\n" });
    expect(readFileSync(file(), "utf8")).toBe("new\nedit-A\n");
    // Left alone: nothing is kept beside, and the next swap (which replaces a file holding
    // the carried line, saved by the caller's history) leaves no held copy behind.
    expect(settleSwaps(file())).toEqual([]);
    expect(swapFile(file(), Buffer.from("new\nedit-A\n"), "newer\n").ok).toBe(true);
    expect(settleSwaps(file())).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.includes("kept") || f.includes("held"))).toEqual([]);
  });

  it("an editor that loaded the new file before the late write was carried and saves in place after it does not lose the late write", () => {
    writeFileSync(file(), "old\n");
    let fdA = -1;
    let loadedB = "";
    const res = swapFile(file(), Buffer.from("old\n"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        if (s === "linked") fdA = openSync(file(), "w");
        if (s === "renamed") {
          writeSync(fdA, "old\nedit-A\n");
          closeSync(fdA);
          loadedB = readFileSync(file(), "utf8");
        }
      },
    });
    expect(res.ok).toBe(true);
    expect(loadedB).toBe("new\n");
    // Editor B saves in place what it loaded plus its line: the carried line is gone from SOUL.md.
    writeFileSync(file(), `${loadedB}edit-B\n`);
    expect(everywhere()).toContain("edit-A\n");
    expect(everywhere()).toContain("edit-B\n");
  });

  it("an editor's save over the new file the instant the late write was carried does not lose the late write either", () => {
    writeFileSync(file(), "old\n");
    let fdA = -1;
    swapFile(file(), Buffer.from("old\n"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        if (s === "linked") fdA = openSync(file(), "w");
        if (s === "renamed") {
          writeSync(fdA, "old\nedit-A\n");
          closeSync(fdA);
        }
        if (s === "carried") writeFileSync(file(), "new\nedit-B\n");
      },
    });
    expect(everywhere()).toContain("edit-A\n");
    expect(everywhere()).toContain("edit-B\n");
  });

  it("a late write that rewrites the old file keeps it beside, and what its writer still writes lands there", () => {
    writeFileSync(file(), "old\n");
    let fdA = -1;
    const res = swapFile(file(), Buffer.from("old\n"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        if (s === "linked") fdA = openSync(file(), "w");
        if (s === "renamed") writeSync(fdA, "rewritten\n");
      },
    });
    writeSync(fdA, "and more\n");
    closeSync(fdA);
    expect(res.ok).toBe(true);
    const kept = res.ok ? (res.keptEarlier ?? []) : [];
    expect(kept).toHaveLength(1);
    expect(readFileSync(kept[0]!, "utf8")).toBe("rewritten\nand more\n");
    expect(readFileSync(file(), "utf8")).toBe("new\n");
  });

  it("a caller that read the file torn (an in-place save landing a page at a time) does not get the save's rest carried as an addition: the old file is kept whole beside", () => {
    // The caller read the first part of a save still landing (it ends inside a line); the save
    // completes just after the rename.
    writeFileSync(file(), "old\nedit-A but cut");
    let fd = -1;
    const res = swapFile(file(), Buffer.from("old\nedit-A but cut"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        if (s === "linked") fd = openSync(file(), "r+");
        if (s === "renamed") {
          writeSync(fd, " short\n", "old\nedit-A but cut".length);
          closeSync(fd);
        }
      },
    });
    expect(res.ok).toBe(true);
    expect(readFileSync(file(), "utf8")).toBe("new\n");
    const kept = res.ok ? (res.keptEarlier ?? []) : [];
    expect(kept.map((k) => readFileSync(k, "utf8"))).toEqual(["old\nedit-A but cut short\n"]);
  });

  it("an in-place save that truncated the old file before the rename and writes after the swap, while another editor saves what it loaded during the swap: both edits survive", () => {
    // A loaded machine stretches both saves: editor A opened SOUL.md in place (truncating it)
    // just before the rename and is descheduled before its write; editor B loads SOUL.md
    // while the swap looks at the old file, and saves in place after A's write has landed.
    // (Before the new file stayed under the name, the swap put the old file back here, B's
    // save went over it, and edit-A was in no file.)
    writeFileSync(file(), "old\n");
    let fdA = -1;
    let loadedB = "";
    swapFile(file(), Buffer.from("old\n"), "new\n", {
      settleMs: 1,
      onStep: (s) => {
        if (s === "linked") fdA = openSync(file(), "w");
        if (s === "settled") loadedB = readFileSync(file(), "utf8");
      },
    });
    writeSync(fdA, "old\nedit-A\n");
    closeSync(fdA);
    writeFileSync(file(), `${loadedB}edit-B\n`);
    expect(everywhere()).toContain("edit-A\n");
    expect(everywhere()).toContain("edit-B\n");
  });

  it("a deleted file is not recreated", () => {
    expect(swapFile(file(), Buffer.from("old\n"), "new\n")).toEqual({ ok: false, reason: "SOUL.md was deleted meanwhile" });
    expect(readdirSync(dir)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { diffLines, diffStats, unifiedDiff } from "../../../src/jobs/reflect/diff.js";

/** Applies a unified diff produced by unifiedDiff to `old`; proves the hunks are exact. */
function applyPatch(old: string, patch: string): string {
  if (patch === "") return old;
  const oldLines = old === "" ? [] : old.split("\n");
  const oldEndsNl = old.endsWith("\n");
  if (oldEndsNl) oldLines.pop();
  const lines = patch.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const out: string[] = [];
  let pos = 0; // next old line to copy
  let newEndsNl = oldEndsNl;
  let i = 2; // skip ---/+++ headers
  while (i < lines.length) {
    const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(lines[i]!);
    if (!m) throw new Error(`bad hunk header: ${lines[i]}`);
    const aStart = Number(m[1]);
    const aLen = m[2] === undefined ? 1 : Number(m[2]);
    const firstOld = aLen === 0 ? aStart : aStart - 1;
    while (pos < firstOld) out.push(oldLines[pos++]!);
    i++;
    let lastKind = "";
    while (i < lines.length && !lines[i]!.startsWith("@@")) {
      const l = lines[i]!;
      if (l === "\\ No newline at end of file") {
        if (lastKind === "+" || lastKind === " ") newEndsNl = false;
        i++;
        continue;
      }
      const sign = l[0];
      const body = l.slice(1);
      if (sign === " ") {
        expect(oldLines[pos]).toBe(body);
        out.push(body);
        pos++;
        newEndsNl = true;
      } else if (sign === "-") {
        expect(oldLines[pos]).toBe(body);
        pos++;
      } else if (sign === "+") {
        out.push(body);
        newEndsNl = true;
      }
      lastKind = sign ?? "";
      i++;
    }
  }
  while (pos < oldLines.length) {
    out.push(oldLines[pos++]!);
    newEndsNl = oldEndsNl;
  }
  return out.length === 0 ? "" : out.join("\n") + (newEndsNl ? "\n" : "");
}

/** Length of the longest common subsequence, by dynamic programming (the reference). */
function lcs(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return dp[a.length]![b.length]!;
}

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

describe("diffLines", () => {
  it("finds a shortest edit script (checked against an LCS reference on random inputs)", () => {
    const rand = rng(7);
    for (let t = 0; t < 300; t++) {
      const alphabet = ["a", "b", "c", "d"];
      const a = Array.from({ length: Math.floor(rand() * 12) }, () => alphabet[Math.floor(rand() * 4)]!);
      const b = Array.from({ length: Math.floor(rand() * 12) }, () => alphabet[Math.floor(rand() * 4)]!);
      const ops = diffLines(a, b);
      expect(ops.filter((o) => o.kind === "equal").length).toBe(lcs(a, b));
      // Replaying the ops rebuilds both sides.
      expect(ops.filter((o) => o.kind !== "insert").map((o) => o.line)).toEqual(a);
      expect(ops.filter((o) => o.kind !== "delete").map((o) => o.line)).toEqual(b);
    }
  });

  it("handles empty sides", () => {
    expect(diffLines([], [])).toEqual([]);
    expect(diffLines([], ["x"])).toEqual([{ kind: "insert", line: "x", b: 0 }]);
    expect(diffLines(["x"], [])).toEqual([{ kind: "delete", line: "x", a: 0 }]);
  });
});

describe("unifiedDiff", () => {
  it("returns an empty string for identical texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n")).toBe("");
    expect(unifiedDiff("", "")).toBe("");
  });

  it("prints diff -u style hunks with 3 lines of context and file labels", () => {
    const old = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"].join("\n") + "\n";
    const neu = ["1", "2", "3", "4", "five", "6", "7", "8", "9", "10"].join("\n") + "\n";
    expect(unifiedDiff(old, neu, { fromFile: "SOUL.md", toFile: "SOUL.md (new)" })).toBe(
      ["--- SOUL.md", "+++ SOUL.md (new)", "@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8", ""].join("\n"),
    );
  });

  it("splits distant changes into separate hunks and merges close ones", () => {
    const base = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    const far = [...base];
    far[1] = "changed 2";
    far[25] = "changed 26";
    expect(unifiedDiff(base.join("\n") + "\n", far.join("\n") + "\n").match(/^@@/gm)).toHaveLength(2);
    const near = [...base];
    near[1] = "changed 2";
    near[6] = "changed 7";
    expect(unifiedDiff(base.join("\n") + "\n", near.join("\n") + "\n").match(/^@@/gm)).toHaveLength(1);
  });

  it("uses GNU ranges for pure additions and deletions", () => {
    expect(unifiedDiff("", "a\n")).toContain("@@ -0,0 +1 @@");
    expect(unifiedDiff("a\n", "")).toContain("@@ -1 +0,0 @@");
  });

  it("marks a missing final newline", () => {
    const d = unifiedDiff("a\nb\n", "a\nb");
    expect(d).toContain("-b\n+b\n\\ No newline at end of file\n");
  });

  it("round-trips: applying the patch to the old text gives the new text (random texts)", () => {
    const rand = rng(42);
    const words = ["alpha", "beta", "gamma", "delta", "", "- item", "## Head"];
    for (let t = 0; t < 200; t++) {
      const mk = () => {
        const n = Math.floor(rand() * 15);
        const lines = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]!);
        return lines.join("\n") + (n > 0 && rand() < 0.8 ? "\n" : "");
      };
      const a = mk();
      const b = mk();
      expect(applyPatch(a, unifiedDiff(a, b))).toBe(b);
    }
  });

  it("diffStats counts added and removed lines", () => {
    expect(diffStats("a\nb\nc\n", "a\nB\nc\nd\n")).toEqual({ added: 2, removed: 1 });
  });
});

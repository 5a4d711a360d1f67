import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { derived } from "../../src/indexer/truth.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A to-do ticked off with another count than it was written with: what was done is the task's
// answer now. Phrased apart from the sixth changes set; the positive case fails on the rules before.

/** Each text a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (notes: string[]): PlacedStatement[] =>
  notes.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(10 + i).padStart(2, "0")}.md`, order: Date.UTC(2030, 5, 10 + i, 12), st: derived(st) })));
const updates = (notes: string[]) =>
  linkWithClashes(stored(notes))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a to-do ticked off with another count", () => {
  it("the ticked line replaces the open one's count", () => {
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 8 seats at the Crown for the pub quiz (Dev and Ana joined)"])).toEqual([[0, 1]]);
  });

  it("the same count ticked, another task, or a plan said in prose, is no change", () => {
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 6 seats at the Crown for the pub quiz"])).toEqual([]);
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 8 tickets for the Leeds gig"])).toEqual([]);
    expect(updates(["Going to write 2,000 words of the report", "Wrote 1,300 words of the report"])).toEqual([]);
  });

  it("a ticked line before the open one replaces nothing", () => {
    expect(updates(["- [x] Booked 8 seats at the Crown for the pub quiz", "- [ ] Book 6 seats at the Crown for the pub quiz"])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { saysDifference } from "../../src/indexer/differences.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A change given only as a difference, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, and failing on the rules before it.

const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-06-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));
const updates = (lines: string[]) =>
  linkWithClashes(stored(lines))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a change given as a difference", () => {
  it("replaces the value written before", () => {
    expect(updates(["Council tax: £142 a month.", "Council tax went up by £6 from April."])).toEqual([[0, 1]]);
  });

  it("is 'up by', 'cut by', 'rose by' with an amount, not any 'by'", () => {
    expect(saysDifference("the fee was cut by 10% this year")).toBe(true);
    expect(saysDifference("commute's down by a third")).toBe(true);
    expect(saysDifference("paid by card on the 3rd")).toBe(false);
    expect(saysDifference("picked up by Dad at 4")).toBe(false);
  });
});

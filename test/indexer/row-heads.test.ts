import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A table row keyed anew because what it is of changed, found by the fifth changes set
// (scripts/eval-changes5/); phrased apart from it, the change failing on the rules before it.

const stored = (notes: string[]): PlacedStatement[] =>
  notes.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-10-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000 + st.line, st })));
const updates = (notes: string[]) =>
  linkWithClashes(stored(notes))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

const table = (...rows: string[]) => ["Running costs:", "", "| what | monthly |", "|---|---|", ...rows].join("\n");

describe("a row keyed anew in a later table", () => {
  it("replaces the row of the same head with another bracket", () => {
    expect(updates([table("| Car insurance (Aviva) | £41 |", "| Fuel | £90 |"), table("| Car insurance (Direct Line) | £37 |", "| Fuel | £90 |")])).toEqual([[0, 1]]);
  });

  it("two such rows in one table are two things; a key written again later was never given up", () => {
    expect(updates([table("| Car insurance (Aviva) | £41 |", "| Car insurance (Direct Line) | £37 |")])).toEqual([]);
    // Aviva comes back: its first row is not replaced by Direct Line's, and Aviva's return replaces Direct Line's.
    expect(updates([table("| Car insurance (Aviva) | £41 |"), table("| Car insurance (Direct Line) | £37 |"), table("| Car insurance (Aviva) | £41 |")])).toEqual([[1, 2]]);
  });
});

import { describe, expect, it } from "vitest";
import { noteUpdates } from "../helpers/note-links.js";

// A table row keyed anew because what it is of changed, found by the fifth changes set
// (scripts/eval-changes5/); phrased apart from it, the change failing on the rules before it.

const table = (...rows: string[]) => ["Running costs:", "", "| what | monthly |", "|---|---|", ...rows].join("\n");

const updates = (notes: string[]) => noteUpdates(notes);

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

import { describe, expect, it } from "vitest";
import { saysDifference } from "../../src/indexer/differences.js";
import { noteUpdates } from "../helpers/note-links.js";

// A change given only as a difference, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, and failing on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes);

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

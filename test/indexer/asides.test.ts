import { describe, expect, it } from "vitest";
import { extractStatements, turnStatements } from "../../src/indexer/statements.js";
import { noteUpdates } from "../helpers/note-links.js";

// Found by the fifth changes set (scripts/eval-changes5/), phrased apart from it; each fails on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes);

describe("an aside in brackets", () => {
  it("is prose, not code, even inside a turn of pasted output", () => {
    const turn = "build fails again:\n\n```\nError: ENOENT\n```\n\n(also, note it: the garage moved my MOT to Friday the 14th, same time)\n\nany idea?";
    expect(turnStatements(turn, 3).map((s) => s.text)).toContain("(also, note it: the garage moved my MOT to Friday the 14th, same time)");
    // Code in brackets is still code.
    expect(extractStatements("(a, b) => a + b")).toEqual([]);
  });
});

describe("a word of moving next to both values", () => {
  it("names what they are of ('moving budget', 'shift allowance')", () => {
    expect(updates(["Shift allowance: £45 a night.", "The new shift allowance is £52."])).toEqual([[0, 1]]);
  });
});

import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { derived } from "../../src/indexer/truth.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A quote replaced by what was taken from another seller, with no change word. Phrased apart from
// the sixth changes set; the positive case fails on the rules before.

/** Each text a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (notes: string[]): PlacedStatement[] =>
  notes.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(10 + i).padStart(2, "0")}.md`, order: Date.UTC(2030, 5, 10 + i, 12), st: derived(st) })));
const updates = (notes: string[]) =>
  linkWithClashes(stored(notes))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a quote replaced by what was taken", () => {
  it("the settled price of the same thing replaces the quote", () => {
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Home contents insurance sorted with LV in the end, £389 for the year."])).toEqual([[0, 1]]);
  });

  it("another thing settled, or nothing settled, replaces nothing", () => {
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Pet insurance sorted with Petplan, £389 for the year."])).toEqual([]);
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Took the dog to the vet for her jabs, paid £389 in the end."])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { namedApart, referencesOf, saidAsFormer, withSaidApart } from "../../src/indexer/said-apart.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// Two values of one slot that are still no change, found by the fourth changes set
// (scripts/eval-changes4/). Each example is phrased apart from the set, and each fails on the rules before it.

/** Each line a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st: withSaidApart(st) })));
const updates = (lines: string[]) =>
  linkWithClashes(stored(lines))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a thing named by its own reference number", () => {
  it("another number is another thing: the second is added, it replaces nothing", () => {
    expect(updates(["- Quote Q-2207 from the roofer for the garage, £2,400.", "- Quote Q-2231 from the roofer for the garage, £3,150."])).toEqual([]);
  });

  it("the same number, or a change said, keeps them one thing", () => {
    const [a] = extractStatements("Quote Q-2207 from the roofer for the garage, £2,400.").map(withSaidApart);
    const [b] = extractStatements("Quote Q-2207 for the garage, £2,150.").map(withSaidApart);
    const [c] = extractStatements("Quote Q-2231 for the garage replaces the old one, now £2,150.").map(withSaidApart);
    expect(namedApart(a!, b!)).toBe(false);
    expect(c!.change).toBe(true);
    expect(namedApart(a!, c!)).toBe(false);
  });

  it("reads capitals, a hyphen and digits only", () => {
    expect(referencesOf("ticket RT-88 and order AB-1290, not 12-30 or Room 4")).toEqual(["RT-88", "AB-1290"]);
  });
});

describe("a value said as what it was", () => {
  it("is no new value for an earlier 'is'", () => {
    expect(updates(["- The hall's boiler is a 30 kW unit.", "- The hall's boiler was a 24 kW unit, far too small for the space."])).toEqual([]);
    // Said as what it is, the same pair is a change.
    expect(updates(["- The hall's boiler is a 30 kW unit.", "- The hall's boiler is a 24 kW unit now, the engineer swapped it."])).toEqual([[0, 1]]);
  });

  it("is 'was' or 'were' right before the value", () => {
    expect(saidAsFormer("the boiler was a 24 kW unit", { text: "24 kW" })).toBe(true);
    expect(saidAsFormer("I was told the boiler is 24 kW", { text: "24 kW" })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { extractStatements, givenUp } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A choice made "…, not X" gives X up, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, the change failing on the rules before it.

const stored = (notes: string[]): PlacedStatement[] =>
  notes.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-09-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000 + st.line, st })));
const updates = (notes: string[]) =>
  linkWithClashes(stored(notes))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a choice made, not the one named before", () => {
  it("replaces the earlier line naming the one given up", () => {
    const table = "Flat costs:\n\n| item | per month |\n|---|---|\n| Broadband (Plusnet) | £32 |";
    expect(updates([table, "broadband: went with Zen, £29 a month, not Plusnet"])).toEqual([[0, 1]]);
  });

  it("a day or a month after the 'not' is when, not a choice given up", () => {
    expect(givenUp("went with the early slot, not Wednesday")).toEqual([]);
    expect(givenUp("went with Zen, not Plusnet")).toEqual(["plusnet"]);
    expect(updates(["Wednesday yoga at the leisure centre: £8.", "went with the Tuesday class, not Wednesday"])).toEqual([]);
  });
});

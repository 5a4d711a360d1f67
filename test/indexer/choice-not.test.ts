import { describe, expect, it } from "vitest";
import { givenUp } from "../../src/indexer/statements.js";
import { noteUpdates } from "../helpers/note-links.js";

// A choice made "…, not X" gives X up, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, the change failing on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes);

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

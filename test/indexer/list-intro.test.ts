import { describe, expect, it } from "vitest";
import { revisedEntries } from "../../src/indexer/list-intro.js";
import { noteUpdates } from "../helpers/note-links.js";

// A list written again under a line saying it is revised, found by the fifth changes set
// (scripts/eval-changes5/); phrased apart from it, the change failing on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes);

describe("a list introduced as revised", () => {
  const first = "Trip things:\n- Ferry to Santander: 14 July\n- Campsite deposit: £80";

  it("each entry is said as changed: a new value replaces the old one", () => {
    expect(updates([first, "Trip list, updated:\n\n- Ferry to Santander: 16 July\n- Campsite deposit: £80"])).toEqual([[0, 1]]);
  });

  it("a plain list saying another date changes nothing", () => {
    expect(updates([first, "Trip list:\n- Ferry to Santander: 16 July"])).toEqual([]);
  });

  it("reads the line introducing a list or a table, and only its own block", () => {
    expect([...revisedEntries(["## New rota", "- Mon: Ali", "", "Other:", "- Tue: Bo"])]).toEqual([1]);
    expect([...revisedEntries(["Costs, revised:", "| item | £ |", "|---|---|", "| rent | 950 |"])]).toEqual([1, 2, 3]);
    expect([...revisedEntries(["I have a new idea", "- one", "Plan:", "- two"])]).toEqual([]);
  });
});

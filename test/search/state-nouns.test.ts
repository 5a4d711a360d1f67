import { describe, expect, it } from "vitest";
import { stateBase } from "../../src/search/query/state-nouns.js";
import { wordForms } from "../../src/search/query/forms.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("stateBase: a '-ship' noun also searches the noun it is the state of", () => {
  it("membership → member, partnership → partner, apprenticeship → apprentice", () => {
    expect(stateBase("membership")).toEqual(["member"]);
    expect(stateBase("partnership")).toEqual(["partner"]);
    expect(stateBase("apprenticeship")).toEqual(["apprentice"]);
    expect(wordForms("membership")).toEqual(["membership", "member"]);
  });

  it("not a kind of ship, worship, a short base, nor a word without the ending", () => {
    for (const w of ["warship", "flagship", "worship", "hardship", "kinship", "ship", "member"]) expect(stateBase(w)).toEqual([]);
  });
});

describe("a membership number written as the member's, on a real index", () => {
  const workspace = indexedWorkspaces("agent-state-");
  it("finds the line and keeps a never-written membership empty", async () => {
    const w = workspace({ "MEMORY.md": "# Memory\n\n- Piano tuning, own business. Pianoforte Tuners' Assoc member no. PTA-3318\n- Allotment plot 14, Hob Moor\n" });
    expect((await w.search("whats my pta membership number")).results[0]?.path).toBe("MEMORY.md");
    expect((await w.search("whats my gym membership number")).results).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { DERIVATIONS } from "../../src/search/query/derivations-data.js";
import { derivedForms, lemmaCandidates } from "../../src/search/query/derivations.js";
import { wordForms } from "../../src/search/query/forms.js";
import { parseQuery } from "../../src/search/query/query.js";
import { expectWellFormedTable } from "../helpers/word-table.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("derivations: a thing's word also searches the people whose trade it is", () => {
  it("a word stands for the people derived from it, by WordNet, and its inflections too", () => {
    expect(derivedForms("roof")).toEqual(["roofer"]);
    expect(derivedForms("roofs")).toEqual(["roofer"]);
    expect(derivedForms("bake")).toEqual(["baker"]);
    expect(derivedForms("baking")).toEqual(["baker"]);
    expect(derivedForms("paint")).toContain("painter");
    expect(wordForms("roof")).toEqual(["roof", "roofer"]);
    // With an irregular verb's forms: both.
    expect(wordForms("run")).toEqual(["run", "ran", "runner"]);
    // A person second: "liver" is first an organ, "flyer" a handbill; a comparative: "longer".
    expect(derivedForms("live")).toEqual([]);
    // (The noun of its act, "flight", comes from actions.ts, not from the people.)
    expect(wordForms("fly")).toEqual(["fly", "flew", "flown", "flight"]);
    expect(derivedForms("fly")).toEqual([]);
    expect(derivedForms("long")).toEqual([]);
  });

  it("one way, and only people: a thing derived from a word, or a word from a person, is not searched", () => {
    // "locker" is a box, "rental" a car as often as the rent: the topic changes.
    expect(derivedForms("lock")).toEqual([]);
    expect(derivedForms("rent")).not.toContain("rental");
    expect(derivedForms("roofer")).toEqual([]);
    expect(derivedForms("boiler")).toEqual([]);
    // A generic word carries no topic, nor do its people.
    expect(wordForms("keep")).toEqual(["keep", "kept"]);
    expect(wordForms("call")).toEqual(["call"]);
    // A word the stemmer already joins with its derived form adds nothing.
    expect(derivedForms("research")).toEqual([]);
    expect(derivedForms("xyzzy")).toEqual([]);
  });

  it("the generated table holds each word once, in plain lower-case letters, in order", () => {
    expectWellFormedTable(DERIVATIONS);
  });

  it("inflections are undone before the look-up, and a wrong guess finds nothing", () => {
    expect(lemmaCandidates("fixed")).toEqual(["fixed", "fix", "fixe"]);
    expect(lemmaCandidates("stopped")).toContain("stop");
    expect(lemmaCandidates("babies")).toContain("baby");
    expect(lemmaCandidates("bed")).toEqual(["bed"]);
    // "-es" only after a hissing sound or an "o": a name ending so is no inflection of a word.
    expect(lemmaCandidates("fixes")).toContain("fix");
    expect(lemmaCandidates("mendes")).toEqual(["mendes", "mende"]);
    expect(derivedForms("mendes")).toEqual([]);
  });

  it("the query searches the derived person as the same term", () => {
    const q = parseQuery("whats wrong with the roof");
    expect(q.terms).toEqual(["wrong", "roof"]);
    expect(q.ftsOf("roof")).toBe('("roof" OR "roofer")');
    expect(q.words).toContain("roofer");
  });
});

describe("through a real index", () => {
  const indexedWorkspace = indexedWorkspaces("agent-derivations-");

  it("'whats wrong with the roof' finds the note where the roofer said what, and a bike lock is no locker", async () => {
    const w = indexedWorkspace({
      "memory/2027-05-10.md": "# Monday 10 May\n\nRoofer came finally. Said its a cracked slate, will fix it on the 20th.\n",
      "memory/2027-05-11.md": "# Tuesday 11 May\n\nBought a new bike lock for the station.\n",
    });
    const res = await w.search("whats wrong with the roof");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2027-05-10.md"]);
    expect(res.results[0]!.explain!.matched).toEqual(["roof"]);
    const locker = await w.search("what is the code for the bike locker");
    expect(locker.results.map((r) => r.path)).not.toContain("memory/2027-05-11.md");
  });
});

import { describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/search/query/actions-data.js";
import { ACTION_WEIGHT, actionForms } from "../../src/search/query/actions.js";
import { formWeight, wordForms } from "../../src/search/query/forms.js";
import { docFrequencies, evidenceTerms, wordDf } from "../../src/search/pipeline/evidence.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";
import { parseQuery } from "../../src/search/query/query.js";
import { expectWellFormedTable } from "../helpers/word-table.js";
import { indexedWorkspaces, type IndexedWorkspace } from "../helpers/search-workspace.js";

describe("actions: a verb also searches the noun of its act, and the noun its verb", () => {
  it("pairs from WordNet's derivations, inflections undone first", () => {
    expect(actionForms("fly")).toEqual(["flight"]);
    expect(actionForms("pay")).toEqual(["payment"]);
    expect(actionForms("payment")).toEqual(["pay"]);
    expect(actionForms("payments")).toEqual(["pay"]);
    expect(actionForms("decide")).toEqual(["decision"]);
    // "wedding" and "wed" the stemmer joins; the verb's usual word is "marry".
    expect(actionForms("wedding")).toEqual(["marry"]);
  });

  it("no partner that is also an adjective, nor a synonym filed under the same word", () => {
    // A rental car is not the rent.
    expect(actionForms("rent")).not.toContain("rental");
    expect(actionForms("support")).toEqual([]);
    expect(actionForms("xyzzy")).toEqual([]);
    // A generic word carries no topic: its partner is not searched.
    expect(wordForms("book")).toEqual(["book"]);
  });

  it("the partner counts less than the word itself; the word's own forms count in full", () => {
    expect(wordForms("fly")).toEqual(["fly", "flew", "flown", "flight"]);
    expect(formWeight("fly", "flight")).toBe(ACTION_WEIGHT);
    expect(formWeight("fly", "flew")).toBe(1);
    expect(formWeight("fly", "fly")).toBe(1);
    expect(formWeight("roof", "roofer")).toBe(1);
    expect(ACTION_WEIGHT).toBeLessThan(1);
  });

  it("the generated table holds each word once, in plain lower-case letters, in order", () => {
    expectWellFormedTable(ACTIONS);
  });
});

describe("through a real index", () => {
  const workspace = indexedWorkspaces("agent-actions-");

  it("'when do I fly to Seville' finds the note of the booked flights above the line that only names Seville", async () => {
    const w = workspace(
      {
        "MEMORY.md": "# Memory\n\n- Sister lives in Seville.\n- Works at the library.\n- Allergic to cats.\n",
        "memory/2026-11-10.md": "# 2026-11-10\n\nBooked the flights to Seville for 18 December, back on the 27th.\n",
      },
      { recency: { enabled: false } },
    );
    const res = await w.search("when do I fly to Seville");
    expect(res.results[0]!.path).toBe("memory/2026-11-10.md");
    expect(res.results[0]!.explain!.matched).toEqual(["fly", "seville"]);
  });

  it("a note saying the word itself ranks above one saying only its partner", async () => {
    const w = workspace(
      {
        "memory/2026-11-10.md": "# 2026-11-10\n\nThe flight to Oslo was delayed by an hour.\n",
        "memory/2026-11-11.md": "# 2026-11-11\n\nWe fly to Oslo again in March.\n",
      },
      { recency: { enabled: false } },
    );
    const res = await w.search("fly Oslo");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-11.md", "memory/2026-11-10.md"]);
  });
});

describe("in a list of facts, the partner counts less too", () => {
  it("bestItemScore weighs a form by its weight", async () => {
    const { bestItemScore } = await import("../../src/search/pipeline/list-items.js");
    const text = "- Booked the flight to Oslo\n- Likes tea\n- Works at the library\n";
    const p = { k1: 1.2, b: 0.75 };
    const full = bestItemScore(text, [{ idf: 2, forms: [["fly"], ["flight"]] }], 6, p);
    const half = bestItemScore(text, [{ idf: 2, forms: [["fly"], ["flight"]], weights: [1, ACTION_WEIGHT] }], 6, p);
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(full);
  });
});

describe("a partner's chunks do not make the asked word look common where only the word is compared", () => {
  const workspace = indexedWorkspaces("agent-actions-df-");
  const notes = {
    "memory/2026-11-02.md": "# 2026-11-02\n\nSpent the evening trying to classify the old photos by year.\n",
    "memory/2026-11-03.md": "# 2026-11-03\n\nHelped Ana classify her seed packets.\n",
    "memory/2026-11-04.md": "# 2026-11-04\n\nThe library wants us to classify the donated books too.\n",
    "memory/2026-11-05.md": "# 2026-11-05\n\nFinished the classification of the rock samples for the museum.\n",
    "memory/2026-11-06.md": "# 2026-11-06\n\nQuiet day, a long walk by the river.\n",
  };
  const term = (_db: IndexedWorkspace["db"], word: string) => evidenceTerms(parseQuery(word)).find((t) => t.term === word)!;

  it("the word's own document frequency counts the chunks of its full-weight forms only; matching still counts the partner's", () => {
    const w = workspace(notes);
    const df = docFrequencies(w.db);
    const t = term(w.db, "classification");
    expect(t.forms?.map((f) => [f.term, f.weight ?? 1])).toEqual([["classification", 1], ["classify", ACTION_WEIGHT]]);
    expect(df.of(t.expr)).toBe(4);
    expect(wordDf(df, t)).toBe(1);
    // A word with no partner: the same count either way.
    const photos = term(w.db, "photos");
    expect(wordDf(df, photos)).toBe(df.of(photos.expr));
  });

  it("a word no chunk holds but its partner does counts the partner's chunks at the partner's weight: neither absent nor the rarest word", () => {
    const w = workspace({ ...notes, "memory/2026-11-05.md": "# 2026-11-05\n\nRock samples for the museum.\n" });
    expect(wordDf(docFrequencies(w.db), term(w.db, "classification"))).toBe(3 * ACTION_WEIGHT);
  });

  it("the statement stages weigh a term by the word's own idf when it has one", () => {
    expect([...queryStems([{ term: "classification", idf: 1.2, wordIdf: 2.2 }, { term: "photos", idf: 1.5 }]).values()]).toEqual([2.2, 1.5]);
  });

  it("through a search: the floor shows the matched chunks' count, the twins' weights the word's own", async () => {
    const res = await workspace(notes, { recency: { enabled: false } }).search("the classification of the rock samples");
    expect(res.explain!.floor.terms.find((t) => t.term === "classification")).toMatchObject({ df: 4, forms: ["classify"] });
    expect(res.results[0]!.path).toBe("memory/2026-11-05.md");
  });
});

import { describe, expect, it } from "vitest";
import { isEnglishWord } from "../../src/search/pipeline/typos.js";
import { tenseOf } from "../../src/search/query/date-tense.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

// "Now" is Saturday 21 November 2026 (SEARCH_NOW): next week is 23–29 November, and
// December is still to come.
const NOTES: Record<string, string> = {
  "memory/2026-11-12.md": "# Thursday\n\nPhysio for the knee. Next appointment on 24 November at 8:15.\n",
  "memory/2026-11-16.md": "# Monday\n\nTom's birthday dinner is on 3 December at his place, bring wine.\n",
  "memory/2026-11-18.md": "# Wednesday\n\nThe neighbours said the parcel arrives after the weekend. Saw a film with Mira.\n",
  "memory/2026-11-19.md": "# Thursday\n\nBooked a table at Lupa. Finished reading a book about trees.\n",
  "memory/2026-11-20.md": "# Friday\n\nMarco told us he is allergic to shellfish.\n",
};

describe("the floor, for the questions of a newcomer's first hour", () => {
  const workspace = indexedWorkspaces("agent-everyday-");

  it("a note that names a day of the coming week answers 'what is coming up next week', though it shares no word with it", async () => {
    const res = await workspace(NOTES).search("what is coming up next week");
    expect(res.dateRange?.reading.searched).toBe("mentions");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-12.md"]);
    expect(res.results[0]!.explain!.evidence).toContain("date");
  });

  it("a question about the calendar in December looks ahead, and finds the notes that name its days", async () => {
    expect(tenseOf("anything on my calendar in December")).toBe("ahead");
    const res = await workspace(NOTES).search("anything on my calendar in December");
    expect(res.dateRange).toMatchObject({ from: "2026-12-01", to: "2026-12-31" });
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-16.md"]);
  });

  it("a match on an everyday verb alone is no evidence: say, see, book", async () => {
    const w = workspace(NOTES);
    for (const q of ["what did the plumber say", "when did I last see my cousin", "did I book a hotel in Lisbon"]) {
      const res = await w.search(q);
      expect(res.results, q).toEqual([]);
      expect(res.explain!.floor.candidates, q).toBeGreaterThan(0);
    }
    // With the topic's word, the same verb is part of the evidence.
    expect((await w.search("what did the neighbours say")).results.map((r) => r.path)).toEqual(["memory/2026-11-18.md"]);
  });

  it("a real word the notes lack is never 'corrected' into an indexed one; a name's typo still is", async () => {
    const w = workspace({ ...NOTES, "notes/people.md": "# People\n\nDr Okafor runs the knee clinic. Lunch at the usual place.\n" });
    const plate = await w.search("license plate");
    expect(plate.spellings).toBeUndefined();
    expect(plate.results).toEqual([]);
    expect(isEnglishWord("plate")).toBe(true);
    expect(isEnglishWord("okafr")).toBe(false);
    const name = await w.search("Okafr");
    expect(name.spellings).toEqual([{ word: "okafr", terms: ["okafor"] }]);
    expect(name.results.map((r) => r.path)).toEqual(["notes/people.md"]);
  });

  it("beyond word statistics: a name and a word of a note about someone else still pass", async () => {
    // The note says Marco is allergic; the question asks about Mira. Both words are in the
    // notes, so the floor cannot tell; docs/search.md lists this limit.
    const res = await workspace(NOTES).search("is Mira allergic to anything");
    expect(res.results.length).toBeGreaterThan(0);
  });
});

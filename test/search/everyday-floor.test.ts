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

  it("next week: a note dated in it (a plan written ahead) comes before the notes that mention its days", async () => {
    const w = workspace({ ...NOTES, "memory/2026-11-25.md": "# Wednesday 25 November\n\nPlan: choir rehearsal at 19:00, bring the black folder.\n" });
    for (const q of ["what's on next week", "what is coming up next week"]) {
      const res = await w.search(q);
      expect(res.results.map((r) => r.path), q).toEqual(["memory/2026-11-25.md", "memory/2026-11-12.md"]);
    }
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
    expect(name.spellings).toEqual([{ word: "okafr", terms: ["okafor"], shown: ["okafor"] }]);
    expect(name.results.map((r) => r.path)).toEqual(["notes/people.md"]);
  });

  it("a name and a word of a note about someone else: neither note is evidence", async () => {
    // The note says Marco is allergic; the question asks about Mira, whom other notes name.
    const w = workspace(NOTES);
    expect((await w.search("is Mira allergic to anything")).results).toEqual([]);
    // With both in one note, it is.
    expect((await w.search("is Marco allergic to anything")).results.map((r) => r.path)).toEqual(["memory/2026-11-20.md"]);
  });

  it("the person a question is about is never its only evidence, even when the thing asked is in no note", async () => {
    const w = workspace({ ...NOTES, "memory/2026-11-21.md": "# Saturday\n\nBought a new bike lock. Farmers market with Mira tomorrow.\n" });
    // Mira is in two notes, "new" in one, "job" in none: no note says anything about her job.
    const job = await w.search("what did Mira tell me about her new job");
    expect(job.results).toEqual([]);
    expect(job.explain!.floor.candidates).toBeGreaterThan(0);
    // A name the question asks about, after its subject, is the thing asked: the note naming
    // Lupa answers though "mention" is in no note and Mira is not in it.
    expect((await w.search("when did Mira mention Lupa")).results.map((r) => r.path)).toEqual(["memory/2026-11-19.md"]);
    // A name after a preposition is no subject but the thing asked: "travel" is in no note,
    // and the note on the train to Dresden answers by the name alone.
    const trip = workspace({ ...NOTES, "memory/2026-11-14.md": "# Saturday\n\nBooked the train to Dresden for the 23rd.\n" });
    expect((await trip.search("when do I travel to Dresden")).results.map((r) => r.path)).toEqual(["memory/2026-11-14.md"]);
    // With the thing asked about in the note, the name and it are evidence.
    expect((await w.search("what did Mira say about the farmers market")).results[0]!.path).toBe("memory/2026-11-21.md");
  });

  it("a generic word is never the only evidence when the question has a distinctive one", async () => {
    const w = workspace({
      ...NOTES,
      "memory/2026-11-17.md": "# Tuesday\n\nCar inspection due: booked the garage for 4 December. New phone number for the garage.\n",
      "memory/2026-11-15.md": "# Sunday\n\nKitchen: the carpenter's quote for the worktops came in at 4,200 euros. Rented a car for the trip.\n",
    });
    for (const q of [
      "when is the boiler service due",
      "what's my passport number",
      "what did the plumber quote for the bathroom",
      "what is my car's license plate",
    ]) {
      const res = await w.search(q);
      expect(res.results, q).toEqual([]);
      expect(res.explain!.floor.candidates, q).toBeGreaterThan(0);
    }
    expect((await w.search("whats my dog called")).results).toEqual([]);
    // The same words with the subject the note has are evidence.
    expect((await w.search("when is the car inspection due")).results[0]!.path).toBe("memory/2026-11-17.md");
    expect((await w.search("what did the carpenter quote")).results[0]!.path).toBe("memory/2026-11-15.md");
  });

  it("quantity, time and misspelled question words are no query terms", async () => {
    const w = workspace({ ...NOTES, "notes/kneading.md": "# Bread\n\nMuch kneading makes a better loaf. Whats that smell, now?\n" });
    for (const q of ["how much is my rent", "whats on now", "how many times"]) {
      const res = await w.search(q);
      expect(res.results, q).toEqual([]);
    }
    const terms = (await w.search("how much did the worktops cost")).explain!.floor.terms.map((t) => t.term);
    expect(terms).not.toContain("much");
  });
});

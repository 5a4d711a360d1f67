import { describe, expect, it } from "vitest";
import { onlyUnderOtherModifiers, otherCompoundHeads, queryCompounds } from "../../src/search/pipeline/other-compound.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("queryCompounds: adjacent distinctive words of the question", () => {
  it("a modifier and its head, a possessive name included", () => {
    const d = new Set(["wifi", "password", "sailing", "club"]);
    expect(queryCompounds("whats the wifi password at the sailing club", d)).toEqual([
      { modifier: "wifi", head: "password" },
      { modifier: "sailing", head: "club" },
    ]);
    expect(queryCompounds("when is Derek's birthday", new Set(["derek", "birthday"]))).toEqual([{ modifier: "derek", head: "birthday" }]);
  });

  it("a name is no head ('advisor Danielle' names Professor Danielle); 'what kind of' asks for the modifier", () => {
    expect(queryCompounds("when did I meet Professor Danielle", new Set(["professor", "danielle"]), new Set(["professor", "danielle"]))).toEqual([]);
    expect(queryCompounds("What kind of fiction stories does Tim write?", new Set(["fiction", "stories", "tim"]))).toEqual([]);
  });

  it("a name owns the head only as a possessive; an adjective or an ordinal is a quality, often said otherwise", () => {
    expect(queryCompounds("Whose birthday did Melanie celebrate recently?", new Set(["birthday", "melanie", "celebrate"]), new Set(["melanie"]))).toEqual([]);
    expect(queryCompounds("when is Derek's birthday", new Set(["derek", "birthday"]), new Set(["derek"]))).toEqual([{ modifier: "derek", head: "birthday" }]);
    expect(queryCompounds("who supports Caroline when she has a negative experience", new Set(["negative", "experience"]))).toEqual([]);
    expect(queryCompounds("what is the name of Maria's second puppy", new Set(["second", "puppy"]))).toEqual([]);
  });

  it("a modifier no note has, or a question word, is none: 'whose birthday'", () => {
    expect(queryCompounds("Whose birthday did Melanie celebrate?", new Set(["whose", "birthday"]), new Set(), new Set(["whose"]))).toEqual([]);
    expect(queryCompounds("whats the wifi password at the sailing club", new Set(["wifi", "password", "sailing", "club"]), new Set(), new Set(["wifi", "password"]))).toEqual([
      { modifier: "sailing", head: "club" },
    ]);
  });

  it("words apart, or a word that is not distinctive, make no compound", () => {
    expect(queryCompounds("what did the vet say about the dog", new Set(["vet", "dog"]))).toEqual([]);
    expect(queryCompounds("how much was the new radio", new Set(["radio"]))).toEqual([]);
  });
});

describe("onlyUnderOtherModifiers: the head stands only in other compounds", () => {
  const club = { modifier: "sailing", head: "club" };

  it("'Book club' and 'book-club' narrow the head to another thing", () => {
    expect(onlyUnderOtherModifiers("Look in Waterstones.\nBook club: 2nd May at Jean's.", club)).toBe(true);
    expect(onlyUnderOtherModifiers("the book-club meets monthly", club)).toBe(true);
  });

  it("the head alone, after a function word, after punctuation or after the question's own modifier still counts", () => {
    expect(onlyUnderOtherModifiers("Club night on Thursday.", club)).toBe(false);
    expect(onlyUnderOtherModifiers("paid the club fees", club)).toBe(false);
    expect(onlyUnderOtherModifiers("Sue (club captain) rang", club)).toBe(false);
    expect(onlyUnderOtherModifiers("Flushing Sailing Club, race 4", club)).toBe(false);
    // One free occurrence is enough, wherever it is.
    expect(onlyUnderOtherModifiers("Book club tonight.\nThen the club bar.", club)).toBe(false);
  });

  it("a text without the head is no such case", () => {
    expect(onlyUnderOtherModifiers("Knee sore after sailing.", club)).toBe(false);
  });

  it("a name is a modifier too: Isla's birthday is not Derek's", () => {
    expect(onlyUnderOtherModifiers("Bought a present for Isla's birthday", { modifier: "derek", head: "birthday" })).toBe(true);
    expect(onlyUnderOtherModifiers("Bought a present for her birthday", { modifier: "derek", head: "birthday" })).toBe(false);
  });
});

describe("otherCompoundHeads", () => {
  const compounds = [{ modifier: "sailing", head: "club" }];
  it("the head, only when the result lacks the modifier and holds the head in another compound only", () => {
    expect([...otherCompoundHeads(["club"], "Book club: Jean's.", compounds)]).toEqual(["club"]);
    expect([...otherCompoundHeads(["sailing", "club"], "Book club after sailing.", compounds)]).toEqual([]);
    expect([...otherCompoundHeads(["club"], "The club bar.", compounds)]).toEqual([]);
  });
});

const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Crewing for Derek on Moonraker, Wednesday evenings.\n- Biscuit the cat, vet is Penmere.\n- Isla, granddaughter, 9.\n- Loves sailing, hates motorboats.\n",
  "memory/2026-11-02.md": "# Monday\n\nBoat still ashore at the yard. Rang Kev about the engine.\n",
  "memory/2026-11-04.md": "# Wednesday\n\nKnee sore. Ice 15 min after sailing, physio says.\n",
  "memory/2026-11-06.md": "# Friday\n\nAntifouling day, two coats. Derek did the awkward bit by the keel.\n",
  "memory/2026-11-08.md": "# Sunday\n\nTom rang. Isla wants a book about octopuses.\nBook club: 2nd December at Jean's, we're doing The Salt Path.\n",
  "memory/2026-11-10.md": "# Tuesday\n\nRace night on Moonraker, came 4th of 9. Derek shouted a lot.\n",
  "memory/2026-11-12.md": "# Thursday\n\nNew VHF from the chandlery, 189 pounds.\n",
  "memory/2026-11-14.md": "# Saturday\n\nBiscuit at the vet for his teeth, 210 pounds.\n",
  "memory/2026-11-16.md": "# Monday\n\nGreat day sailing up the river with Bev, seals at Durgan.\n",
  "memory/2026-11-20.md": "# Friday\n\nDerek's birthday tomorrow, table at the Pandora for 7. Card from the shop.\n",
};

describe("the floor: a head found only in another compound is no evidence", () => {
  const workspace = indexedWorkspaces("agent-other-compound-");

  it("never-written: the sailing club's wifi password is not the book club", async () => {
    const w = workspace(NOTES);
    const res = await w.search("whats the wifi password at the sailing club");
    expect(res.results.map((r) => r.path)).toEqual([]);
    expect(res.explain!.floor.candidates).toBeGreaterThan(0);
  });

  it("answerable: the compound itself, or the head alone, still finds its note", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is book club")).results[0]?.path).toBe("memory/2026-11-08.md");
    expect((await w.search("which book are we reading for club")).results[0]?.path).toBe("memory/2026-11-08.md");
    expect((await w.search("what did the physio say about my knee")).results[0]?.path).toBe("memory/2026-11-04.md");
  });

  it("a result whose only word of the question stands in another compound shares no subject: isla's birthday is not Derek's, his own still is", async () => {
    const w = workspace(NOTES);
    const isla = await w.search("when is isla's birthday");
    expect([isla.results.length, isla.explain!.floor.candidates > 0]).toEqual([0, true]);
    for (const q of ["when is dereks birthday", "where is the birthday table booked"]) expect((await w.search(q)).results[0]?.path).toBe("memory/2026-11-20.md");
  });
});


import { describe, expect, it } from "vitest";
import { aboutAnotherThing, absentThings, headsOf } from "../../src/search/pipeline/absent-thing.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const QUESTION = { asksWhen: false, names: new Set<string>(), question: true };

describe("absentThings: the nouns no note has that name the thing asked about", () => {
  it("a noun, as head or as modifier", () => {
    expect([...absentThings("how much was the spare tyre", ["tyre"], QUESTION)]).toEqual(["tyre"]);
    expect([...absentThings("what is the water temperature in the pool", ["water"], QUESTION)]).toEqual(["water"]);
  });

  it("not a verb, an adjective, the class a 'which' asks a member of, nor an attribute 'of' something", () => {
    expect([...absentThings("what did we celebrate at the lake", ["celebrate"], QUESTION)]).toEqual([]);
    expect([...absentThings("how much did I invoice for the tandem", ["invoice"], QUESTION)]).toEqual([]);
    expect([...absentThings("what is the kettle supposed to do", ["supposed"], QUESTION)]).toEqual([]);
    expect([...absentThings("where did we camp overnight near the lake", ["overnight"], QUESTION)]).toEqual([]);
    expect([...absentThings("whats wrong with the van", ["wrong"], QUESTION)]).toEqual([]);
    expect([...absentThings("which restaurant did Ana like", ["restaurant"], { ...QUESTION, names: new Set() })]).toEqual([]);
    expect([...absentThings("the postcode of the cottage", ["postcode"], QUESTION)]).toEqual([]);
    expect([...absentThings("what is the kettle meant to do", ["meant"], QUESTION)]).toEqual([]);
    // A do-question ends with its verb; after a determiner the last word is a noun.
    expect([...absentThings("what do the flags on the map signify", ["signify"], QUESTION)]).toEqual([]);
    expect([...absentThings("what did the farrier say about the mare", ["mare"], QUESTION)]).toEqual(["mare"]);
  });

  it("not how often a thing falls: the notes write the period as '/hr', 'pcm' or 'a week'", () => {
    expect([...absentThings("whats my hourly rate at the depot", ["hourly"], QUESTION)]).toEqual([]);
    expect([...absentThings("how much is the monthly rent on the flat", ["monthly"], QUESTION)]).toEqual([]);
    expect([...absentThings("when is the annual service on the boiler", ["annual", "boiler"], { ...QUESTION, asksWhen: false })]).toEqual(["boiler"]);
  });

  it("not the quality a 'how' asks the measure of: the note writes the measure, not the word", () => {
    expect([...absentThings("how heavy is the cat", ["heavy"], QUESTION)]).toEqual([]);
    expect([...absentThings("how tall is the hedge", ["tall"], QUESTION)]).toEqual([]);
    expect([...absentThings("how tall is the hedge", ["tall", "hedge"], QUESTION)]).toEqual(["hedge"]);
  });

  it("none for a question asking when, one naming someone, or a statement", () => {
    expect([...absentThings("when is the spare tyre fitted", ["tyre"], { ...QUESTION, asksWhen: true })]).toEqual([]);
    expect([...absentThings("how much was Ana's spare tyre", ["tyre"], { ...QUESTION, names: new Set(["ana"]) })]).toEqual([]);
    expect([...absentThings("spare tyre prices rose in May", ["tyre"], { ...QUESTION, question: false })]).toEqual([]);
  });
});

describe("aboutAnotherThing", () => {
  it("a result holding at most one of the question's distinctive words, when a thing is absent", () => {
    const things = new Set(["tyre"]);
    expect(aboutAnotherThing(things, ["spare", "tyre", "van"], ["spare"])).toBe(true);
    expect(aboutAnotherThing(things, ["spare", "tyre", "van"], ["spare", "van"])).toBe(false);
    expect(aboutAnotherThing(new Set(), ["spare", "tyre"], ["spare"])).toBe(false);
  });
});

const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Van: Transit Custom, reg in the glovebox.\n- Pool membership renews in March.\n",
  "memory/2026-11-03.md": "# Tuesday\n\nSpare key cut for Gran, 6 pounds at the market.\n",
  "memory/2026-11-05.md": "# Thursday\n\nBlood pressure 138/85 at the pharmacy. Better.\n",
  "memory/2026-11-07.md": "# Saturday\n\nSummer moorings at the lake club, 40 pounds a week. Booked two weeks in July.\n",
  "memory/2026-11-09.md": "# Monday\n\nVan serviced at Kwik Fit, 240 pounds, new brake pads.\n",
  "memory/2026-11-11.md": "# Wednesday\n\nWhich pub for quiz night? The Fox and Hounds, Thursday.\n",
};

describe("the floor: a question about a thing no note names is left empty", () => {
  const workspace = indexedWorkspaces("agent-absent-thing-");

  it("never-written: a spare tyre is not the spare key, tyre pressure not blood pressure, winter moorings not summer ones", async () => {
    const w = workspace(NOTES);
    for (const q of ["how much was the spare tyre", "what is the tyre pressure on the van", "how much are the winter moorings"]) {
      const res = await w.search(q);
      expect(res.results.map((r) => r.path), q).toEqual([]);
      expect(res.explain!.floor.candidates, q).toBeGreaterThan(0);
    }
  });

  it("answerable: the thing written, a verb no note has, or the class a 'which' asks about still find their note", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how much was the spare key")).results[0]?.path).toBe("memory/2026-11-03.md");
    expect((await w.search("how much are the summer moorings")).results[0]?.path).toBe("memory/2026-11-07.md");
    expect((await w.search("how much did they charge to service the van")).results[0]?.path).toBe("memory/2026-11-09.md");
    expect((await w.search("which boozer has the quiz")).results[0]?.path).toBe("memory/2026-11-11.md");
  });
});

describe("headsOf: the words an absent thing narrows down", () => {
  it("the word right after it, none without a thing", () => {
    const d = new Set(["council", "tax", "bungalow", "extra", "carer", "visit"]);
    expect([...headsOf("how much is the council tax on the bungalow", new Set(["council"]), d)]).toEqual(["tax"]);
    expect([...headsOf("how much is the council tax", new Set(), d)]).toEqual([]);
  });

  it("none in a longer compound, where the absent word qualifies the whole", () => {
    const d = new Set(["extra", "carer", "visit"]);
    expect([...headsOf("how much is the extra carer visit", new Set(["extra"]), d)]).toEqual([]);
  });

  it("is not counted among the result's other words", () => {
    const things = new Set(["council"]);
    const d = ["council", "tax", "bungalow"];
    expect(aboutAnotherThing(things, d, ["tax", "bungalow"], new Set(["tax"]))).toBe(true);
    expect(aboutAnotherThing(things, d, ["tax", "bungalow"])).toBe(false);
  });
});

describe("the floor: another kind of the thing a question narrows down is no answer", () => {
  const workspace = indexedWorkspaces("agent-absent-modifier-");
  const HOUSE: Record<string, string> = {
    "memory/2026-11-03.md": "# Tuesday\n\nbuying the bungalow for 228k. stamp duty: no tax to pay below 250k\n",
    "memory/2026-11-05.md": "# Thursday\n\nroad tax on the van due in March, 190 pounds\n",
  };

  it("council tax on the bungalow is not the stamp duty note; road tax on the van still is its note", async () => {
    const w = workspace(HOUSE);
    expect((await w.search("how much is the council tax on the bungalow")).results).toEqual([]);
    expect((await w.search("how much is the road tax on the van")).results[0]?.path).toBe("memory/2026-11-05.md");
  });
});

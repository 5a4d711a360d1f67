import { describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { takenBack } from "../../src/indexer/taken-back.js";
import { linkStatements } from "../../src/indexer/supersede.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { dailyLines, typedValues as typed, updatesAmong as updates } from "../helpers/daily-lines.js";

// Changes said the way people type them, found by the third reading of the second changes set
// (scripts/eval-changes2/). Each example is phrased apart from the set, and each fails on the rules before it.

describe("a rate in a run-on lower-case sentence", () => {
  it("what a value is about stops at a full word's stop before a lower-case word, not at an abbreviation's", () => {
    expect(extractStatements("the window cleaner's putting his price up to £25 a visit from May. annoying but fine tbh")[0]!.values[0]!.context).not.toContain("annoy");
    expect(extractStatements("it was £25 a visit vs. last year's fee")[0]!.values[0]!.context).toContain("fee");
  });

  it("the aside after it is not what the new rate is about, so the rate links", () => {
    expect(updates(["- Window cleaner: Dev Patel, does the front and back, £20 a visit.", "- Dev's going up to £25 a visit from May. annoying but whatever tbh, he's been £20 forever"])).toEqual([[0, 1]]);
  });
});

describe("a role given to a name after it", () => {
  it("'Ms Kaur as her new vet': the name holds the role said after it", () => {
    const st = extractStatements("The Oakfield surgery has closed so Bella's been assigned Ms Kaur as her new vet at Oakfield Vets")[0]!;
    expect(st.values.find((v) => v.type === "name")?.near).toEqual(["vet"]);
    // "GP" is a role, though too short to be a content word.
    expect(extractStatements("GP: Dr Osei at Moorland Surgery.")[0]!.values.map((v) => v.near)).toEqual([["gp"]]);
  });

  it("a practice merging and a new holder given: the new holder replaces the old", () => {
    expect(updates(["- GP: Dr Osei at Moorland Surgery.", "Moorland Surgery has joined up with the Hillside practice and I've been allocated Dr Brennan as my named GP"])).toEqual([[0, 1]]);
    // A budget allocated is no new holder, and says nothing changed.
    expect(extractStatements("I've allocated $15,000 for marketing and patent fees")[0]!.change).toBe(false);
    // A second person in another role is no change of GP.
    expect(updates(["- GP: Dr Osei at Moorland Surgery.", "Moorland Surgery physio is Mr Lund, seeing him Tuesday"])).toEqual([]);
  });
});

describe("a value taken back in the same breath", () => {
  it("reads the value given up and the one that holds", () => {
    expect(takenBack("the plumber's coming Tuesday, sorry, Wednesday morning")).toEqual([{ from: "tue", to: "wed" }]);
    expect(takenBack("we need 8, I mean 9 chairs")).toEqual([{ from: "8", to: "9" }]);
    // Asked, nothing is taken back; two values without the words of taking back are two values.
    expect(takenBack("is it Tuesday, sorry, Wednesday?")).toEqual([]);
    expect(takenBack("Tuesday or Wednesday, either works")).toEqual([]);
  });

  it("replaces the earlier statement of that thing on the weekday given up", () => {
    const lines = ["- Theo's swimming party at Lido Sun 12th, pick up at 4", "- book club at Mel's Sun 12th", "oh and Theo's swimming party is on Sunday, sorry, Saturday, the Lido texted"];
    expect(updates(lines)).toEqual([[0, 2]]);
    // As the index keeps it: a statement's words and values, not its text.
    const stored = dailyLines(lines).map((p) => ({ ...p, st: { ...p.st, text: "" } }));
    expect(linkStatements(stored).map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)])).toEqual([[0, 2]]);
  });
});

describe("a dose changed", () => {
  it("a medicine's dose lowered, with whose medicine said in another sentence and other times of day", () => {
    const lines = ["- Mia: 7, Year 2 at Elm Park. Eczema cream (blue tube, Epimax): 3 pumps morning and night.", "skin clinic were happy with Mia, they've reduced her to two pumps once a day of the blue one, back in 8 weeks"];
    expect(updates(lines)).toEqual([[0, 1]]);
  });

  it("another medicine's dose, or a dose said again without a change, links nothing", () => {
    expect(updates(["- Eczema cream (blue tube, Epimax): 3 pumps morning and night.", "Mia's antihistamine (pink bottle): two spoons at bedtime"])).toEqual([]);
    expect(updates(["- Eczema cream (blue tube, Epimax): 3 pumps morning and night.", "did Mia's blue cream tonight, two pumps on her arms"])).toEqual([]);
  });
});

describe("a choice made otherwise", () => {
  it("reads what is chosen and whether it is said to be final", () => {
    expect(extractStatements("think we're going for the Vauxhall Corsa, cheapest to insure")[0]!.chose).toEqual({ words: ["vauxhall", "corsa"], final: false });
    expect(extractStatements("we went with the Skoda Fabia in the end, the Corsa had a 3 month wait")[0]!.chose).toEqual({ words: ["skoda", "fabia"], final: true });
    expect(extractStatements("shall we go with the Skoda for the hire car?")[0]!.chose).toBeUndefined();
    // A question typed after it, in lower case, asks something else.
    expect(extractStatements("we went with the Skoda in the end, it's in stock. can you work out the insurance?")[0]!.chose).toEqual({ words: ["skoda"], final: true });
  });

  it("a final choice naming the earlier chosen thing beside its own replaces the earlier choice", () => {
    const lines = ["think we're going for the Vauxhall Corsa, cheapest to insure", "we went with the Skoda Fabia in the end, the Corsa had a 3 month wait"];
    expect(updates(lines)).toEqual([[0, 1]]);
  });

  it("not when the later choice is not said final, names nothing of the earlier, or chooses it again", () => {
    const old = "think we're going for the Vauxhall Corsa, cheapest to insure";
    expect(updates([old, "went with the Skoda Fabia for the hire car, the Corsa's in the garage"])).toEqual([]);
    expect(updates([old, "we went with the oak worktop in the end, cheaper than granite"])).toEqual([]);
    expect(updates([old, "we went with the Corsa in the end, the Skoda had a 3 month wait"])).toEqual([]);
  });
});

describe("a schedule said as two weekdays with what happens on them", () => {
  it("reads two joined weekdays next to a plural as the days a thing recurs on, and two days alone as no schedule", () => {
    expect(typed("Rota: early shifts Mon + Thu, lates every other weekend.")).toContain("weekly:mon,thu");
    expect(typed("from June I'm on Tuesday and Friday early shifts")).toContain("weekly:tue,fri");
    expect(typed("I'm off Mon and Tue next week")).toEqual([]);
  });

  it("a new rota giving the shifts other days replaces the old days", () => {
    expect(updates(["- Rota: early shifts Mon + Thu, lates one weekend in two.", "the new rota's up. from June I'm on Tuesday and Friday early shifts, lates one weekend in three"])).toContainEqual([0, 1]);
    // Said again on the same days: nothing changed.
    expect(updates(["- Rota: early shifts Mon + Thu, lates one weekend in two.", "the new rota's up, still Mon and Thu early shifts"])).toEqual([]);
  });
});

describe("which rule made a link", () => {
  it("is kept with the link in the index, and read back with it", async () => {
    const ws = tempDir();
    try {
      write(ws, "memory/2030-05-10.md", "- think we're going for the Vauxhall Corsa, cheapest to insure\n- Rent: £900 a month to Harlow Lettings.\n");
      write(ws, "memory/2030-05-12.md", "- we went with the Skoda Fabia in the end, the Corsa had a 3 month wait\n- Harlow Lettings putting the rent up to £950 a month from July, it's been £900 for three years\n");
      const engine = Engine.open({ workspace: ws });
      try {
        engine.indexing.index();
        const rules = engine.indexing.links().map((l) => `${l.rule} ${l.older.line}>${l.newer.line}`).sort();
        expect(rules).toEqual(["choice 1>1", "slot 2>2"]);
      } finally {
        await engine.close();
      }
    } finally {
      cleanup(ws);
    }
  });
});

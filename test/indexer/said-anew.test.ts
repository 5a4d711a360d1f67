import { describe, expect, it } from "vitest";
import { derived } from "../../src/indexer/truth.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { withOneBreath } from "../../src/indexer/one-breath.js";
import { noteUpdates } from "../helpers/note-links.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// What the sixth changes set (scripts/eval-changes6/) missed on its first, unseen run, as rules in
// general words. Each example is phrased apart from the set, and each positive one fails on the
// rules before it.

/** Each text a daily note of its own, a day apart, stored as the index stores it. */
const updates = (notes: string[]) => noteUpdates(notes, derived);
const valuesOf = (line: string) => extractStatements(line).flatMap((s) => s.values.map((v) => `${v.type}:${v.unit}:${v.norm}`));

describe("a value changed twice in one sentence", () => {
  it("only the last value holds; the old one told as what it was is not 'still said'", () => {
    expect(updates(["- Roofer's quote for the porch: £600.", "The roofer's porch quote was £600, then he said £750, now the written quote says £690."])).toEqual([[0, 1]]);
  });

  it("the values before the last are marked as former only when the sentence says the last holds now", () => {
    const [st] = extractStatements("Parking by the station is £4 the first hour then £2 an hour after that.");
    expect(withOneBreath(st!).values.some((v) => v.former === true)).toBe(false);
    const [moved] = extractStatements("The school trip was £35, then £42, in the end it's £38.");
    expect(withOneBreath(moved!).values.map((v) => v.former === true)).toEqual([true, true, false]);
  });
});

describe("a day given anew with 'instead'", () => {
  it("'instead' beside the new day replaces the earlier day of the same thing", () => {
    expect(updates(["Boiler engineer visit for the Vaillant service on Tuesday 12 March, morning slot.", "Boiler engineer visit for the Vaillant service, it's Thursday 14 March instead."])).toEqual([[0, 1]]);
  });

  it("another thing's day with 'instead' replaces nothing", () => {
    expect(updates(["Boiler engineer visit for the Vaillant service on Tuesday 12 March, morning slot.", "Swimming lesson for the kids, it's Thursday 14 March instead."])).toEqual([]);
  });
});

describe("a date 'put back' or 'brought forward'", () => {
  it("is a move of the thing named beside it", () => {
    expect(updates(["Residents' meeting: Wednesday 5 June, 7pm, the church hall.", "Residents' meeting put back to Wednesday 12 June, same room."])).toEqual([[0, 1]]);
  });

  it("'put back' of a thing in its place moves nothing", () => {
    expect(updates(["Residents' meeting: Wednesday 5 June, 7pm, the church hall.", "Put back the chairs after the residents' meeting on 5 June."])).toEqual([]);
  });
});

describe("a count said in dozens", () => {
  it("is that many of the thing after it, compared with the same count in digits", () => {
    expect(valuesOf("Bake sale: three dozen cupcakes ordered.")).toContain("count:cupcak:36");
    expect(updates(["Bake sale: three dozen cupcakes ordered for the fair.", "Bake sale: 48 cupcakes ordered for the fair now."])).toEqual([[0, 1]]);
  });
});

describe("an identifier's parts are words", () => {
  it("'VAT_RATE' names the VAT rate", () => {
    expect(updates(["- VAT rate on the invoices: 17.5%", "set VAT_RATE on the invoices to 20% please"])).toEqual([[0, 1]]);
  });
});

describe("hours written as a range", () => {
  it("'9-5', '8:30-4', '6-7pm' are hours; a score, a span of days or pages is not", () => {
    expect(valuesOf("Office hours: 9-5 Monday to Friday")).toContain("hours::09:00-17:00");
    expect(valuesOf("Shop open 8:30-4 on Saturdays")).toContain("hours::08:30-16:00");
    expect(valuesOf("Choir practice 6-7pm in the hall")).toContain("hours::18:00-19:00");
    expect(valuesOf("Drop-off 11-2pm at the depot")).toContain("hours::11:00-14:00");
    for (const line of ["We won 4-2 at home", "Leave is 2-3 days this month", "Read pages 10-12 of the report", "Office hours run 27 to 30 January"]) {
      expect(valuesOf(line).filter((v) => v.startsWith("hours"))).toEqual([]);
    }
  });

  it("hours changed are one slot given a new value; other hours of another thing are not", () => {
    expect(updates(["- Library opening hours: 9-5 weekdays", "The library opening hours changed to 10-6 on weekdays."])).toEqual([[0, 1]]);
    expect(updates(["- Library opening hours: 9-5 weekdays", "Gym opening hours are 6-10 weekdays."])).toEqual([]);
  });
});

/** Each line said at its own day of June 2030 (noon), stored as the index stores it. */
const saidOn = (lines: [day: number, text: string][]): PlacedStatement[] =>
  lines.flatMap(([day, text], i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(day).padStart(2, "0")}.md`, order: Date.UTC(2030, 5, day, 12), st: derived(st) })));
const linksOn = (lines: [number, string][], kind: "update" | "contradiction") =>
  linkWithClashes(saidOn(lines))
    .filter((l) => l.kind === kind)
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);
const updatesOn = (lines: [number, string][]) => linksOn(lines, "update");

describe("a start date said again in other words", () => {
  it("'starts' and a later 'first day' of the same holder, before the first date, replace it", () => {
    expect(updatesOn([[3, "Maya starts at the nursery on Monday 1 July."], [10, "Maya's first day at the nursery is Wednesday 3 July, they had a staff day."]])).toEqual([[0, 1]]);
  });

  it("two starts of two things replace nothing", () => {
    expect(updatesOn([[3, "Maya starts swimming lessons on Monday 1 July."], [10, "Maya's first day at the nursery is Wednesday 3 July."]])).toEqual([]);
  });

  it("the day a thing really started, told after, replaces the day it was to start", () => {
    // A thing starts once (start-dates.ts): the plan's day is what the told day replaced.
    expect(updatesOn([[3, "Maya starts at the nursery on Monday 10 June."], [20, "Maya's first day at the nursery was Wednesday 12 June."]])).toEqual([[0, 1]]);
  });
});

describe("a value the person says they wrote wrong", () => {
  it("'I typed 0131 …, should be 0113 …' replaces the line that wrote 0131", () => {
    expect(updatesOn([[3, "- Vet (Oak Lane surgery): 0131 496 0555"], [10, "I typed 0131 for the vet in my notes, should be 0113 496 0555."]])).toEqual([[0, 1]]);
  });

  it("a figure written wrong of another thing replaces nothing", () => {
    expect(updatesOn([[3, "- Vet (Oak Lane surgery): 0131 496 0555"], [10, "I typed 0131 for the plumber, should be 0113 496 0999."]])).toEqual([]);
  });
});

describe("a time of one occasion on one day given again", () => {
  it("the same kind of time of the same occasion and day, said before the day, replaces the earlier", () => {
    expect(updatesOn([[10, "Sunday 16 June: village fete, gates open 11:00, dog show 14:00."], [12, "Village fete on Sunday, gates open 12:00 and the dog show stays 14:00."]])).toEqual([[0, 1]]);
  });

  it("a time of no day, or of another day, is another occasion", () => {
    expect(updatesOn([[10, "Sunday 16 June: village fete, gates open 11:00, dog show 14:00."], [12, "Village fete gates usually open 12:00 for the setup crew."]])).toEqual([]);
    expect(updatesOn([[10, "Sunday 16 June: village fete, gates open 11:00, dog show 14:00."], [17, "Village fete on Sunday, gates open 12:00 for the second weekend."]])).toEqual([]);
  });
});

describe("an anniversary 'with' someone", () => {
  const clashes = (lines: [number, string][]) => linksOn(lines, "contradiction");

  it("is the person's own: 'our anniversary' on another day goes against it", () => {
    expect(clashes([[3, "- Wedding anniversary with Priya: 9 August"], [10, "Our anniversary is 19 August, so the weekend away is that week."]])).toEqual([[0, 1]]);
  });

  it("someone else's anniversary stays theirs", () => {
    expect(clashes([[3, "- Mum's anniversary with Dad: 9 August"], [10, "Our anniversary is 19 August, so the weekend away is that week."]])).toEqual([]);
  });
});

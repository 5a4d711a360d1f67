import { describe, expect, it } from "vitest";
import { derived } from "../../src/indexer/truth.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { withOneBreath } from "../../src/indexer/one-breath.js";
import { noteUpdates } from "../helpers/note-links.js";

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

import { describe, expect, it } from "vitest";
import { impossibleDates } from "../../src/search/dates/impossible.js";
import { planSearch } from "../../src/search/plan.js";
import { SearchConfigSchema } from "../../src/search/config.js";

describe("impossible dates in a query are said, not dropped", () => {
  it("names each date no calendar has, in the order written", () => {
    expect(impossibleDates("what happened on 2026-02-31")).toEqual([
      '"2026-02-31" is not a date (no such day in that month), so it was searched as words, not as a date',
    ]);
    expect(impossibleDates("notes from 31 February and April 31st")).toHaveLength(2);
    expect(impossibleDates("29 February 2026")).toHaveLength(1);
  });

  it("leaves real dates and numbers before a verb alone", () => {
    for (const q of ["29 February", "31 December", "2026-02-28", "top 40 may fail", "31 march songs", "the 29 february 2028 leap day"]) {
      expect(impossibleDates(q), q).toEqual([]);
    }
  });

  it("the plan carries them, and dates.mode off reads none", () => {
    const cfg = SearchConfigSchema.parse({});
    const env = { nowMs: Date.parse("2026-11-21T10:00:00Z"), config: cfg };
    expect(planSearch("what did I do on 31 February", {}, env).dates.impossible).toHaveLength(1);
    const off = SearchConfigSchema.parse({ dates: { mode: "off" } });
    expect(planSearch("what did I do on 31 February", {}, { ...env, config: off }).dates.impossible).toEqual([]);
  });
});

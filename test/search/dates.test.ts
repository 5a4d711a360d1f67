import { describe, expect, it } from "vitest";
import { resolveDates, type DateQuery, type DateRange } from "../../src/search/dates/dates.js";

// Saturday 21 November 2026, mid-morning UTC.
const NOW = new Date("2026-11-21T10:00:00Z");
const UTC = { timeZone: "UTC" } as const;

function r(from: string, to: string = from): DateRange {
  return { from, to };
}

/** Resolve in UTC against NOW (or `now`) and insist on exactly one match. */
function one(query: string, now: Date = NOW, opts: { weekStartsOn?: 0 | 1 } = {}): DateRange {
  const q = resolveDates(query, now, { ...UTC, ...opts });
  expect(q.matches, `matches for ${JSON.stringify(query)}`).toHaveLength(1);
  return q.matches[0]!.range;
}

function none(query: string): DateQuery {
  const q = resolveDates(query, NOW, UTC);
  expect(q.matches, `matches for ${JSON.stringify(query)}`).toEqual([]);
  expect(q.range).toBeNull();
  return q;
}

describe("resolveDates: days relative to today", () => {
  it.each([
    ["today", r("2026-11-21")],
    ["yesterday", r("2026-11-20")],
    ["the day before yesterday", r("2026-11-19")],
    ["day before yesterday", r("2026-11-19")],
    ["tomorrow", r("2026-11-22")],
    ["the day after tomorrow", r("2026-11-23")],
    ["this morning", r("2026-11-21")],
    ["last night", r("2026-11-20")],
    ["TODAY", r("2026-11-21")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("prefers the longest expression: 'the day before yesterday' is one match", () => {
    const q = resolveDates("notes from the day before yesterday", NOW, UTC);
    expect(q.matches.map((m) => m.text)).toEqual(["the day before yesterday"]);
    expect(q.rest).toBe("notes");
  });
});

describe("resolveDates: calendar weeks, months, years", () => {
  it.each([
    ["this week", r("2026-11-16", "2026-11-22")], // Mon–Sun containing Sat 21st
    ["last week", r("2026-11-09", "2026-11-15")],
    ["previous week", r("2026-11-09", "2026-11-15")],
    ["next week", r("2026-11-23", "2026-11-29")],
    ["this month", r("2026-11-01", "2026-11-30")],
    ["last month", r("2026-10-01", "2026-10-31")],
    ["next month", r("2026-12-01", "2026-12-31")],
    ["this year", r("2026-01-01", "2026-12-31")],
    ["last year", r("2025-01-01", "2025-12-31")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("weekStartsOn 0 makes weeks Sunday–Saturday", () => {
    expect(one("this week", NOW, { weekStartsOn: 0 })).toEqual(r("2026-11-15", "2026-11-21"));
    expect(one("last week", NOW, { weekStartsOn: 0 })).toEqual(r("2026-11-08", "2026-11-14"));
  });

  it("last month in January is December of the previous year", () => {
    expect(one("last month", new Date("2026-01-15T12:00:00Z"))).toEqual(r("2025-12-01", "2025-12-31"));
  });
});

describe("resolveDates: N units ago", () => {
  it.each([
    ["3 days ago", r("2026-11-18")], // a single day
    ["three days ago", r("2026-11-18")],
    ["a day ago", r("2026-11-20")],
    ["2 weeks ago", r("2026-11-02", "2026-11-08")], // the week containing Nov 7
    ["a week ago", r("2026-11-09", "2026-11-15")],
    ["one week ago", r("2026-11-09", "2026-11-15")],
    ["a month ago", r("2026-10-01", "2026-10-31")], // the whole calendar month
    ["twelve months ago", r("2025-11-01", "2025-11-30")],
    ["2 years ago", r("2024-01-01", "2024-12-31")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("'0 days ago' is not a date", () => {
    none("0 days ago");
  });
});

describe("resolveDates: rolling windows ending today", () => {
  it.each([
    ["in the last 7 days", r("2026-11-15", "2026-11-21")],
    ["past 3 days", r("2026-11-19", "2026-11-21")],
    ["last 3 days", r("2026-11-19", "2026-11-21")],
    ["the last ten days", r("2026-11-12", "2026-11-21")],
    ["last 1 day", r("2026-11-21")],
    ["last 2 weeks", r("2026-11-08", "2026-11-21")],
    ["over the past week", r("2026-11-15", "2026-11-21")],
    ["past month", r("2026-10-22", "2026-11-21")],
    ["the past 3 months", r("2026-08-22", "2026-11-21")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("removes the whole phrase, preposition and article included", () => {
    expect(resolveDates("backups in the last 7 days", NOW, UTC).rest).toBe("backups");
  });
});

describe("resolveDates: weekdays (today is Saturday 2026-11-21)", () => {
  it.each([
    ["last Tuesday", r("2026-11-17")],
    ["on Tuesday", r("2026-11-17")],
    ["Tuesday", r("2026-11-17")],
    ["tuesday's standup", r("2026-11-17")],
    ["last Saturday", r("2026-11-14")], // strictly before today
    ["on Saturday", r("2026-11-21")], // on or before today
    ["Friday", r("2026-11-20")],
    ["next Tuesday", r("2026-11-24")],
    ["next Saturday", r("2026-11-28")], // strictly after today
    ["this Monday", r("2026-11-16")], // within the current week
    ["this Sunday", r("2026-11-22")],
    ["on tue", r("2026-11-17")],
    ["last fri", r("2026-11-20")],
    ["next wed", r("2026-11-25")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("abbreviations that are ordinary words need 'on'/'last'/'next'/'this'", () => {
    none("I sat in the sun and wed my mon");
  });

  it("plural weekday names are habits, not dates", () => {
    none("Tuesdays standup format");
  });

  it("documented choice: full weekday names always match, even in 'Sunday best'", () => {
    expect(one("sunday best")).toEqual(r("2026-11-15"));
  });
});

describe("resolveDates: months", () => {
  it.each([
    ["in March", r("2026-03-01", "2026-03-31")],
    ["notes from march", r("2026-03-01", "2026-03-31")],
    ["March", r("2026-03-01", "2026-03-31")], // the whole query
    ["VPS notes March", r("2026-03-01", "2026-03-31")], // capitalised, mid-query
    ["what happened in May", r("2026-05-01", "2026-05-31")],
    ["in December", r("2025-12-01", "2025-12-31")], // the most recent December not in the future
    ["November", r("2026-11-01", "2026-11-30")], // the current month counts
    ["in May", r("2026-05-01", "2026-05-31")],
    ["during may", r("2026-05-01", "2026-05-31")],
    ["in jan", r("2026-01-01", "2026-01-31")],
    ["June", r("2026-06-01", "2026-06-30")],
    ["in March 2023", r("2023-03-01", "2023-03-31")],
    ["March 2023", r("2023-03-01", "2023-03-31")],
    ["May 2023", r("2023-05-01", "2023-05-31")],
    ["sept 2024", r("2024-09-01", "2024-09-30")],
    ["last May", r("2026-05-01", "2026-05-31")],
    ["last November", r("2025-11-01", "2025-11-30")], // strictly before the current month
    ["next June", r("2027-06-01", "2027-06-30")],
    ["this December", r("2026-12-01", "2026-12-31")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("a bare month is the most recent one not in the future", () => {
    expect(one("in March", new Date("2026-02-10T12:00:00Z"))).toEqual(r("2025-03-01", "2025-03-31"));
    expect(one("in March", new Date("2026-03-10T12:00:00Z"))).toEqual(r("2026-03-01", "2026-03-31"));
  });
});

describe("resolveDates: day and month", () => {
  it.each([
    ["8 May 2023", r("2023-05-08")],
    ["May 8, 2023", r("2023-05-08")],
    ["May 8 2023", r("2023-05-08")],
    ["the 8th of May 2023", r("2023-05-08")],
    // Without a year and without a tense: the nearer of the day behind and the day ahead.
    ["May 8th", r("2027-05-08")], // 168 days ahead against 197 behind
    ["8th of May", r("2027-05-08")],
    ["8 May", r("2027-05-08")],
    ["8th may", r("2027-05-08")],
    ["8 may 2023", r("2023-05-08")],
    ["Dec 25", r("2026-12-25")],
    ["Nov 21", r("2026-11-21")], // today
    ["November 22nd", r("2026-11-22")],
    ["Feb 29", r("2028-02-29")], // the nearer leap year
    ["on march 3rd", r("2027-03-03")],
    ["Nov 1", r("2026-11-01")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("impossible days are not matches", () => {
    expect(none("Feb 30 2023").rest).toBe("Feb 30 2023");
    none("May 32");
  });
});

describe("resolveDates: ISO dates and years", () => {
  it.each([
    ["2023-05-08", r("2023-05-08")],
    ["2024-02-29", r("2024-02-29")],
    ["2023-05", r("2023-05-01", "2023-05-31")],
    ["2024-02", r("2024-02-01", "2024-02-29")],
    ["in 2023", r("2023-01-01", "2023-12-31")],
    ["during 2019", r("2019-01-01", "2019-12-31")],
  ])("%s", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("'on 2023-05-08' drops the preposition from rest", () => {
    const q = resolveDates("what did we ship on 2023-05-08", NOW, UTC);
    expect(q.matches.map((m) => m.text)).toEqual(["2023-05-08"]);
    expect(q.range).toEqual(r("2023-05-08"));
    expect(q.rest).toBe("what did we ship");
  });

  it("invalid ISO dates are not matches and stay in rest", () => {
    expect(none("deploy 2023-02-30 notes").rest).toBe("deploy 2023-02-30 notes");
    none("2023-13");
    none("2023-05-081");
  });

  it("a bare year needs a preposition", () => {
    none("the 2023 budget plan");
  });
});

describe("resolveDates: weekends", () => {
  it("on a Saturday", () => {
    expect(one("this weekend")).toEqual(r("2026-11-21", "2026-11-22"));
    expect(one("last weekend")).toEqual(r("2026-11-14", "2026-11-15"));
    expect(one("next weekend")).toEqual(r("2026-11-28", "2026-11-29"));
    expect(one("over the weekend")).toEqual(r("2026-11-21", "2026-11-22"));
  });

  it("on a Sunday, this weekend is still the one in progress", () => {
    const sun = new Date("2026-11-22T10:00:00Z");
    expect(one("this weekend", sun)).toEqual(r("2026-11-21", "2026-11-22"));
    expect(one("last weekend", sun)).toEqual(r("2026-11-14", "2026-11-15"));
  });

  it("on a Wednesday, this weekend is the coming one and 'the weekend' the one just past", () => {
    const wed = new Date("2026-11-18T10:00:00Z");
    expect(one("this weekend", wed)).toEqual(r("2026-11-21", "2026-11-22"));
    expect(one("last weekend", wed)).toEqual(r("2026-11-14", "2026-11-15"));
    expect(one("the weekend", wed)).toEqual(r("2026-11-14", "2026-11-15"));
  });

  it("weekends stay Sat–Sun when weeks start on Sunday", () => {
    expect(one("last weekend", NOW, { weekStartsOn: 0 })).toEqual(r("2026-11-14", "2026-11-15"));
  });
});

describe("resolveDates: several expressions", () => {
  it("returns matches in query order with the union as range", () => {
    const query = "compare last week with 2023-05-08 and yesterday";
    const q = resolveDates(query, NOW, UTC);
    expect(q.matches.map((m) => m.text)).toEqual(["last week", "2023-05-08", "yesterday"]);
    expect(q.matches.map((m) => m.range)).toEqual([
      r("2026-11-09", "2026-11-15"),
      r("2023-05-08"),
      r("2026-11-20"),
    ]);
    expect(q.range).toEqual(r("2023-05-08", "2026-11-20"));
    expect(q.rest).toBe("compare with and");
    for (const m of q.matches) expect(query.slice(m.start, m.end)).toBe(m.text);
  });

  it("keeps the original spelling in text and spans", () => {
    const query = "Standup LAST  Tuesday, then March 2023";
    const q = resolveDates(query, NOW, UTC);
    expect(q.matches.map((m) => m.text)).toEqual(["LAST  Tuesday", "March 2023"]);
    for (const m of q.matches) expect(query.slice(m.start, m.end)).toBe(m.text);
    expect(q.range).toEqual(r("2023-03-01", "2026-11-17"));
    expect(q.rest).toBe("Standup, then");
  });
});

describe("resolveDates: rest", () => {
  it.each([
    ["what did we decide about the VPS last week", "what did we decide about the VPS"],
    ["what happened yesterday?", "what happened?"],
    ["Yesterday, we moved the VPS", "we moved the VPS"],
    ["decided   on Tuesday about  hosting", "decided about hosting"],
    ["yesterday's notes", "notes"],
    ["  no dates   here  ", "no dates here"],
    ["last week", ""],
  ])("%s → %s", (query, rest) => {
    expect(resolveDates(query, NOW, UTC).rest).toBe(rest);
  });
});

describe("resolveDates: no false positives", () => {
  it.each([
    "May I ask about the VPS",
    "what may happen to the server",
    "this may be wrong",
    "march forward with the plan",
    "March forward with the plan",
    "we march together",
    "top 10 may fail",
    "3 march songs",
    "you may proceed, the next may be better",
    "the 2023 budget plan",
    "second thoughts about hosting",
    "mayday alert",
    "marching band",
    "Maybe later",
    "todays", // not a word boundary
    "the weekday job",
    "in 1500 ms", // bare years only 1900–2099
    "a few days ago", // "few" is not a count
  ])("%s", (query) => {
    expect(none(query).rest).toBe(query);
  });
});

describe("resolveDates: time zones", () => {
  const late = new Date("2026-11-21T23:30:00Z");

  it("today is the calendar date in the given zone", () => {
    expect(resolveDates("today", late, { timeZone: "UTC" }).range).toEqual(r("2026-11-21"));
    expect(resolveDates("today", late, { timeZone: "Asia/Tokyo" }).range).toEqual(r("2026-11-22"));
    expect(resolveDates("today", late, { timeZone: "America/Los_Angeles" }).range).toEqual(r("2026-11-21"));
  });

  it("the zone moves week boundaries too (Sunday-start weeks)", () => {
    const opts = { weekStartsOn: 0 } as const;
    expect(resolveDates("this week", late, { ...opts, timeZone: "UTC" }).range).toEqual(r("2026-11-15", "2026-11-21"));
    expect(resolveDates("this week", late, { ...opts, timeZone: "Asia/Tokyo" }).range).toEqual(
      r("2026-11-22", "2026-11-28"),
    );
  });

  it("defaults to the process's local zone", () => {
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(resolveDates("today", late).range).toEqual(resolveDates("today", late, { timeZone: local }).range);
  });

  it("an unknown zone is an error, not a silent fallback", () => {
    expect(() => resolveDates("today", NOW, { timeZone: "Mars/Olympus" })).toThrow(RangeError);
  });
});

describe("resolveDates: DST never shifts a day", () => {
  const berlin = { timeZone: "Europe/Berlin" } as const;

  it("yesterday on the day after DST ends (Berlin, 2026-10-25)", () => {
    const now = new Date("2026-10-26T08:00:00Z");
    expect(resolveDates("yesterday", now, berlin).range).toEqual(r("2026-10-25"));
    expect(resolveDates("the day before yesterday", now, berlin).range).toEqual(r("2026-10-24"));
  });

  it("yesterday just after midnight following DST start, where now − 24h lands two days back", () => {
    // 00:30 CEST on 2026-03-30; 24 hours earlier was 23:30 CET on 2026-03-28.
    const now = new Date("2026-03-29T22:30:00Z");
    expect(resolveDates("today", now, berlin).range).toEqual(r("2026-03-30"));
    expect(resolveDates("yesterday", now, berlin).range).toEqual(r("2026-03-29"));
    expect(resolveDates("last week", now, berlin).range).toEqual(r("2026-03-23", "2026-03-29"));
  });
});

describe("resolveDates: month-end arithmetic", () => {
  const mar31 = new Date("2026-03-31T12:00:00Z");

  it("'a month ago' on 2026-03-31 is all of February 2026 (whole month, no clamping)", () => {
    expect(one("a month ago", mar31)).toEqual(r("2026-02-01", "2026-02-28"));
    expect(one("1 month ago", new Date("2024-03-31T12:00:00Z"))).toEqual(r("2024-02-01", "2024-02-29"));
  });

  it("'past month' on 2026-03-31 clamps Feb 31 to Feb 28, then starts the day after", () => {
    expect(one("past month", mar31)).toEqual(r("2026-03-01", "2026-03-31"));
  });

  it("'last month' on 2026-03-31 is February", () => {
    expect(one("last month", mar31)).toEqual(r("2026-02-01", "2026-02-28"));
  });
});

describe("resolveDates: a day of the month by its ordinal, and a weekday with its date", () => {
  it.each([
    ["what happened on the 15th", r("2026-11-15")],
    ["on the 3rd", r("2026-12-03")],
    ["Sunday the 15th", r("2026-11-15")],
    ["Sunday, 15 November", r("2026-11-15")],
    ["Sunday 15th November", r("2026-11-15")],
    ["Thursday, December 3", r("2026-12-03")],
  ])("%s → one day", (q, want) => {
    expect(one(q)).toEqual(want);
  });

  it("follows the tense: 'did' looks back, 'is' ahead; a weekday picks the month where the day is that weekday", () => {
    expect(resolveDates("what did I do on the 25th", NOW, { ...UTC, tense: "behind" }).range).toEqual(r("2026-10-25"));
    expect(resolveDates("what is on the 15th", NOW, { ...UTC, tense: "ahead" }).range).toEqual(r("2026-12-15"));
    // 15 December 2026 is a Tuesday: the next Sunday the 15th is in August 2027.
    expect(resolveDates("Sunday the 15th", NOW, { ...UTC, tense: "ahead" }).range).toEqual(r("2027-08-15"));
  });

  it("an ordinal that counts something else is no day", () => {
    for (const q of ["the 3rd time I asked", "the 2nd floor", "the 15th century"]) none(q);
  });
});

describe("resolveDates: letter case", () => {
  it("reads dates in any case, with the match's text and place as written", () => {
    const q = resolveDates("notes from LAST WEEK about DNS", NOW, UTC);
    expect(q.matches.map((m) => m.text)).toEqual(["LAST WEEK"]);
    expect(q.range).toEqual(resolveDates("notes from last week about DNS", NOW, UTC).range);
    expect(q.rest).toBe("notes about DNS");
    expect(one("Yesterday's Notes")).toEqual(r("2026-11-20"));
  });

  it("keeps indices after a letter whose lower case is longer (İ)", () => {
    const q = resolveDates("İstanbul trip İİ yesterday", NOW, UTC);
    expect(q.matches).toHaveLength(1);
    expect(q.matches[0]!.text).toBe("yesterday");
    expect("İstanbul trip İİ yesterday".slice(q.matches[0]!.start, q.matches[0]!.end)).toBe("yesterday");
  });

  it("still tells the month May from the verb by its capital", () => {
    expect(one("VPS notes May")).toEqual(r("2026-05-01", "2026-05-31"));
    none("the VPS notes may help");
  });
});

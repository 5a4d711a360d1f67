import { describe, expect, it } from "vitest";
import { OPEN_START, resolveDates } from "../../src/search/dates/dates.js";
import { planSearch } from "../../src/search/search.js";
import { SearchConfigSchema } from "../../src/search/config.js";

// Saturday 21 November 2026, 10:00 UTC; weeks start on Monday (this week: Nov 16–22).
const NOW = new Date("2026-11-21T10:00:00Z");
const UTC = { timeZone: "UTC" } as const;

/**
 * [query, expected range (from, to) or null for "no date", expected keyword rest].
 * The rest is what keyword search sees: every date word must be gone from it.
 */
type Row = [string, [string, string] | null, string];

const TABLE: Row[] = [
  // days relative to today
  ["yesterday", ["2026-11-20", "2026-11-20"], ""],
  ["what did I do yesterday", ["2026-11-20", "2026-11-20"], "what did I do"],
  ["yesterday's standup notes", ["2026-11-20", "2026-11-20"], "standup notes"],
  ["today", ["2026-11-21", "2026-11-21"], ""],
  ["notes from today", ["2026-11-21", "2026-11-21"], "notes"],
  ["tonight's plan", ["2026-11-21", "2026-11-21"], "plan"],
  ["this morning", ["2026-11-21", "2026-11-21"], ""],
  ["what did we discuss this morning", ["2026-11-21", "2026-11-21"], "what did we discuss"],
  ["this afternoon's call", ["2026-11-21", "2026-11-21"], "call"],
  ["this evening", ["2026-11-21", "2026-11-21"], ""],
  ["earlier today", ["2026-11-21", "2026-11-21"], ""],
  ["last night", ["2026-11-20", "2026-11-20"], ""],
  ["dinner last night", ["2026-11-20", "2026-11-20"], "dinner"],
  ["the day before yesterday", ["2026-11-19", "2026-11-19"], ""],
  ["tomorrow", ["2026-11-22", "2026-11-22"], ""],
  ["meeting tomorrow", ["2026-11-22", "2026-11-22"], "meeting"],
  ["the day after tomorrow", ["2026-11-23", "2026-11-23"], ""],
  ["Yesterday", ["2026-11-20", "2026-11-20"], ""],
  ["YESTERDAY?", ["2026-11-20", "2026-11-20"], "?"],
  // calendar periods
  ["last week", ["2026-11-09", "2026-11-15"], ""],
  ["what happened last week", ["2026-11-09", "2026-11-15"], "what happened"],
  ["last week's decisions", ["2026-11-09", "2026-11-15"], "decisions"],
  ["this week", ["2026-11-16", "2026-11-22"], ""],
  ["next week", ["2026-11-23", "2026-11-29"], ""],
  ["previous week", ["2026-11-09", "2026-11-15"], ""],
  ["the coming week", ["2026-11-23", "2026-11-29"], "the"],
  ["last month", ["2026-10-01", "2026-10-31"], ""],
  ["this month", ["2026-11-01", "2026-11-30"], ""],
  ["next month", ["2026-12-01", "2026-12-31"], ""],
  ["last year", ["2025-01-01", "2025-12-31"], ""],
  ["this year", ["2026-01-01", "2026-12-31"], ""],
  ["next year", ["2027-01-01", "2027-12-31"], ""],
  ["budget last year", ["2025-01-01", "2025-12-31"], "budget"],
  ["earlier this week", ["2026-11-16", "2026-11-21"], ""],
  ["earlier this month", ["2026-11-01", "2026-11-21"], ""],
  ["earlier this year", ["2026-01-01", "2026-11-21"], ""],
  ["the end of the month", ["2026-11-21", "2026-11-30"], ""],
  ["the beginning of the year", ["2026-01-01", "2026-04-30"], ""],
  // "ago"
  ["3 days ago", ["2026-11-18", "2026-11-18"], ""],
  ["three days ago", ["2026-11-18", "2026-11-18"], ""],
  ["a day ago", ["2026-11-20", "2026-11-20"], ""],
  ["2 weeks ago", ["2026-11-02", "2026-11-08"], ""],
  ["two weeks ago", ["2026-11-02", "2026-11-08"], ""],
  ["a week ago", ["2026-11-09", "2026-11-15"], ""],
  ["a month ago", ["2026-10-01", "2026-10-31"], ""],
  ["6 months ago", ["2026-05-01", "2026-05-31"], ""],
  ["a year ago", ["2025-01-01", "2025-12-31"], ""],
  ["two years ago", ["2024-01-01", "2024-12-31"], ""],
  ["a couple of days ago", ["2026-11-19", "2026-11-19"], ""],
  ["a couple weeks ago", ["2026-11-02", "2026-11-08"], ""],
  ["what did Sam say 10 days ago", ["2026-11-11", "2026-11-11"], "what did Sam say"],
  // rolling windows
  ["in the last 7 days", ["2026-11-15", "2026-11-21"], ""],
  ["the past 3 days", ["2026-11-19", "2026-11-21"], ""],
  ["past week", ["2026-11-15", "2026-11-21"], ""],
  ["over the past week", ["2026-11-15", "2026-11-21"], ""],
  ["the past month", ["2026-10-22", "2026-11-21"], ""],
  ["the last 2 weeks", ["2026-11-08", "2026-11-21"], ""],
  ["in the past two months", ["2026-09-22", "2026-11-21"], ""],
  ["the past year", ["2025-11-22", "2026-11-21"], ""],
  ["this past week", ["2026-11-15", "2026-11-21"], ""],
  ["backups in the last 30 days", ["2026-10-23", "2026-11-21"], "backups"],
  // weekdays (today is Saturday)
  ["Tuesday", ["2026-11-17", "2026-11-17"], ""],
  ["on Tuesday", ["2026-11-17", "2026-11-17"], ""],
  ["last Tuesday", ["2026-11-17", "2026-11-17"], ""],
  ["last Saturday", ["2026-11-14", "2026-11-14"], ""],
  ["Saturday", ["2026-11-21", "2026-11-21"], ""],
  ["next Monday", ["2026-11-23", "2026-11-23"], ""],
  ["this Friday", ["2026-11-20", "2026-11-20"], ""],
  ["this Sunday", ["2026-11-22", "2026-11-22"], ""],
  ["previous Wednesday", ["2026-11-18", "2026-11-18"], ""],
  ["on wed", ["2026-11-18", "2026-11-18"], ""],
  ["last fri", ["2026-11-20", "2026-11-20"], ""],
  ["what did we decide on Monday", ["2026-11-16", "2026-11-16"], "what did we decide"],
  ["Thursday's retro", ["2026-11-19", "2026-11-19"], "retro"],
  ["monday", ["2026-11-16", "2026-11-16"], ""],
  // weekends
  ["this weekend", ["2026-11-21", "2026-11-22"], ""],
  ["last weekend", ["2026-11-14", "2026-11-15"], ""],
  ["next weekend", ["2026-11-28", "2026-11-29"], ""],
  ["the weekend", ["2026-11-21", "2026-11-22"], ""],
  ["over the weekend", ["2026-11-21", "2026-11-22"], ""],
  ["what did I cook over the weekend", ["2026-11-21", "2026-11-22"], "what did I cook"],
  ["this past weekend", ["2026-11-21", "2026-11-22"], ""],
  ["during the weekend", ["2026-11-21", "2026-11-22"], ""],
  // ISO and numeric
  ["2023-05-08", ["2023-05-08", "2023-05-08"], ""],
  ["on 2023-05-08", ["2023-05-08", "2023-05-08"], ""],
  ["notes 2024-02-29", ["2024-02-29", "2024-02-29"], "notes"],
  ["2023-05", ["2023-05-01", "2023-05-31"], ""],
  ["in 2023", ["2023-01-01", "2023-12-31"], ""],
  ["during 2022", ["2022-01-01", "2022-12-31"], ""],
  ["what year did John start surfing", null, "what year did John start surfing"],
  // month names with days and years (LoCoMo style)
  ["May 8th, 2023", ["2023-05-08", "2023-05-08"], ""],
  ["May 8 2023", ["2023-05-08", "2023-05-08"], ""],
  ["8 May 2023", ["2023-05-08", "2023-05-08"], ""],
  ["8 May, 2023", ["2023-05-08", "2023-05-08"], ""],
  ["the 8th of May 2023", ["2023-05-08", "2023-05-08"], ""],
  ["Who did Maria have dinner with on May 3, 2023?", ["2023-05-03", "2023-05-03"], "Who did Maria have dinner with?"],
  ["What movie did Joanna watch on 1 May, 2022?", ["2022-05-01", "2022-05-01"], "What movie did Joanna watch?"],
  ["What did John attend with his colleagues in March 2023?", ["2023-03-01", "2023-03-31"], "What did John attend with his colleagues?"],
  ["What major achievement did Joanna accomplish in January 2022?", ["2022-01-01", "2022-01-31"], "What major achievement did Joanna accomplish?"],
  ["Where did Joanna travel to in July 2022?", ["2022-07-01", "2022-07-31"], "Where did Joanna travel to?"],
  ["When did Melanie go camping in June?", ["2026-06-01", "2026-06-30"], "When did Melanie go camping?"],
  ["When did Caroline attend a pride parade in August?", ["2026-08-01", "2026-08-31"], "When did Caroline attend a pride parade?"],
  ["Which outdoor spot did Joanna visit in May?", ["2026-05-01", "2026-05-31"], "Which outdoor spot did Joanna visit?"],
  ["in December", ["2025-12-01", "2025-12-31"], ""],
  ["March 2023", ["2023-03-01", "2023-03-31"], ""],
  ["Feb 2024", ["2024-02-01", "2024-02-29"], ""],
  ["sept 2023", ["2023-09-01", "2023-09-30"], ""],
  ["January", ["2026-01-01", "2026-01-31"], ""],
  ["last March", ["2026-03-01", "2026-03-31"], ""],
  ["next April", ["2027-04-01", "2027-04-30"], ""],
  ["this October", ["2026-10-01", "2026-10-31"], ""],
  ["november 14th", ["2026-11-14", "2026-11-14"], ""],
  ["Dec 25", ["2026-12-25", "2026-12-25"], ""],
  // parts of months (LoCoMo: "the beginning of November 2022")
  ["Which tournament did Nate win in the beginning of November 2022?", ["2022-11-01", "2022-11-10"], "Which tournament did Nate win?"],
  ["early May 2023", ["2023-05-01", "2023-05-10"], ""],
  ["mid-November 2022", ["2022-11-11", "2022-11-20"], ""],
  ["mid November", ["2026-11-11", "2026-11-20"], ""],
  ["late June", ["2026-06-21", "2026-06-30"], ""],
  ["the end of February 2024", ["2024-02-21", "2024-02-29"], ""],
  ["the start of March", ["2026-03-01", "2026-03-10"], ""],
  ["the middle of July", ["2026-07-11", "2026-07-20"], ""],
  ["Which country was Tim visiting in the second week of November?", ["2026-11-08", "2026-11-14"], "Which country was Tim visiting?"],
  ["the first week of May 2023", ["2023-05-01", "2023-05-07"], ""],
  ["the last week of June", ["2026-06-24", "2026-06-30"], ""],
  ["Where was Tim in the week before 16 November 2023?", ["2023-11-09", "2023-11-15"], "Where was Tim?"],
  ["the week of May 8, 2023", ["2023-05-08", "2023-05-14"], ""],
  ["the week after 2023-05-08", ["2023-05-09", "2023-05-15"], ""],
  // counted from a written date: "N units before/after D" is "N units ago" as seen on D
  ["What is the name of John's puppy he got two weeks before August 11, 2023?", ["2023-07-24", "2023-07-30"], "What is the name of John's puppy he got?"],
  ["3 days after May 8, 2023", ["2023-05-11", "2023-05-11"], ""],
  ["a month before June 15, 2023", ["2023-05-01", "2023-05-31"], ""],
  ["one year after 2020-02-29", ["2021-01-01", "2021-12-31"], ""],
  // a weekday or weekend strictly before or after a written date
  ["shown on the big screen on the Sunday before October 25, 2022", ["2022-10-23", "2022-10-23"], "shown on the big screen"],
  ["What did Maria participate in last weekend before April 10, 2023?", ["2023-04-08", "2023-04-09"], "What did Maria participate?"],
  ["the weekend after 2023-05-08", ["2023-05-13", "2023-05-14"], ""],
  ["the Friday after 2023-05-08", ["2023-05-12", "2023-05-12"], ""],
  // ranges: since / after / before / until / between / from-to
  ["since March", ["2026-03-01", "2026-11-21"], ""],
  ["what changed since March", ["2026-03-01", "2026-11-21"], "what changed"],
  ["since last week", ["2026-11-09", "2026-11-21"], ""],
  ["since yesterday", ["2026-11-20", "2026-11-21"], ""],
  ["since 2023", null, "since 2023"],
  ["since May 2023", ["2023-05-01", "2026-11-21"], ""],
  ["since Monday", ["2026-11-16", "2026-11-21"], ""],
  ["after June", ["2026-07-01", "2026-11-21"], ""],
  ["after May 8, 2023", ["2023-05-09", "2026-11-21"], ""],
  ["before June", [OPEN_START, "2026-05-31"], ""],
  ["notes before last week", [OPEN_START, "2026-11-08"], "notes"],
  ["before 2023-05-08", [OPEN_START, "2023-05-07"], ""],
  ["until March 2023", [OPEN_START, "2023-03-31"], ""],
  ["up to last month", [OPEN_START, "2026-10-31"], ""],
  ["prior to yesterday", [OPEN_START, "2026-11-19"], ""],
  ["between May and July", ["2026-05-01", "2026-07-31"], ""],
  ["trips between May and July", ["2026-05-01", "2026-07-31"], "trips"],
  ["Where was John between August 11 and August 15 2023?", ["2023-08-11", "2023-08-15"], "Where was John?"],
  ["between 2023-05-01 and 2023-05-31", ["2023-05-01", "2023-05-31"], ""],
  ["from March to June", ["2026-03-01", "2026-06-30"], ""],
  ["from last Monday to yesterday", ["2026-11-16", "2026-11-20"], ""],
  ["between last week and today", ["2026-11-09", "2026-11-21"], ""],
  ["from January 2023 until March 2023", ["2023-01-01", "2023-03-31"], ""],
  // seasons: meteorological, northern hemisphere; winter runs December to February
  ["summer 2021", ["2021-06-01", "2021-08-31"], ""],
  ["What state did Joanna visit in summer 2021?", ["2021-06-01", "2021-08-31"], "What state did Joanna visit?"],
  ["the winter of 2022", ["2022-12-01", "2023-02-28"], ""],
  ["spring 2024 plans", ["2024-03-01", "2024-05-31"], "plans"],
  ["autumn of 2025", ["2025-09-01", "2025-11-30"], ""],
  ["last summer", ["2026-06-01", "2026-08-31"], ""],
  ["What did Joanna take a picture of near Fort Wayne last summer?", ["2026-06-01", "2026-08-31"], "What did Joanna take a picture of near Fort Wayne?"],
  ["last fall", ["2025-09-01", "2025-11-30"], ""],
  ["last winter", ["2025-12-01", "2026-02-28"], ""],
  ["this summer", ["2026-06-01", "2026-08-31"], ""],
  ["this fall", ["2026-09-01", "2026-11-30"], ""],
  ["this winter", ["2026-12-01", "2027-02-28"], ""],
  ["next spring", ["2027-03-01", "2027-05-31"], ""],
  ["When did Caroline go to a pride parade during the summer?", ["2026-06-01", "2026-08-31"], "When did Caroline go to a pride parade?"],
  ["over the summer", ["2026-06-01", "2026-08-31"], ""],
  ["in the winter", ["2025-12-01", "2026-02-28"], ""],
  ["since last summer", ["2026-06-01", "2026-11-21"], ""],
  ["between spring 2023 and summer 2023", ["2023-03-01", "2023-08-31"], ""],
  // words that look like dates but are not
  ["hot spring water", null, "hot spring water"],
  ["did the server fall over", null, "did the server fall over"],
  ["plans for the summer", null, "plans for the summer"],
  ["summer camp photos", null, "summer camp photos"],
  ["May I ask about the VPS", null, "May I ask about the VPS"],
  ["this may be wrong", null, "this may be wrong"],
  ["march forward with the plan", null, "march forward with the plan"],
  ["top 10 may fail", null, "top 10 may fail"],
  ["the 2023 budget plan", null, "the 2023 budget plan"],
  ["second thoughts about hosting", null, "second thoughts about hosting"],
  ["the weekday job", null, "the weekday job"],
  ["Sunday school? no: the sun sat low", ["2026-11-15", "2026-11-15"], "school? no: the sun sat low"],
  ["lasting effects", null, "lasting effects"],
  ["daily standup", null, "daily standup"],
  ["weekly review", null, "weekly review"],
  ["monthly budget", null, "monthly budget"],
  ["the database migration", null, "the database migration"],
  ["postgres vs sqlite", null, "postgres vs sqlite"],
  ["in 1500 ms", null, "in 1500 ms"],
  ["a few days ago", null, "a few days ago"],
  ["mayday alert", null, "mayday alert"],
  ["How long ago was Caroline's 18th birthday?", null, "How long ago was Caroline's 18th birthday?"],
  ["After how many weeks did Tim reconnect with the fan?", null, "After how many weeks did Tim reconnect with the fan?"],
  ["How many weeks passed between Maria adopting Coco and Shadow?", null, "How many weeks passed between Maria adopting Coco and Shadow?"],
  // as notes jot them: a weekday's short form with an ordinal, "tmrw", "wknd"
  ["sian coming fri 27th", ["2026-11-27", "2026-11-27"], "sian coming"],
  ["dinner sun 29th", ["2026-11-29", "2026-11-29"], "dinner"],
  ["tmrw", ["2026-11-22", "2026-11-22"], ""],
  ["plans this wknd", ["2026-11-21", "2026-11-22"], "plans"],
  ["I came 6th", null, "I came 6th"],
  // a weekday with a numeric date: whichever of day/month and month/day falls on it
  ["physio Thu 19/11", ["2026-11-19", "2026-11-19"], "physio"],
  ["physio Thu 11/19", ["2026-11-19", "2026-11-19"], "physio"],
  ["Weds 4/4/29", ["2029-04-04", "2029-04-04"], ""],
  ["Mon 10.30 dentist", null, "Mon 10.30 dentist"],
  ["tue 7/2", null, "tue 7/2"],
];

describe("date phrasings: range and keyword rest", () => {
  it("has at least 150 rows", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(150);
  });

  it.each(TABLE)("%s", (query, range, rest) => {
    const q = resolveDates(query, NOW, UTC);
    expect(q.range).toEqual(range === null ? null : { from: range[0], to: range[1] });
    expect(q.rest).toBe(rest);
  });
});

/**
 * A date without a year follows the question's tense; with none, the nearer day. [asked on,
 * query, expected day]. The plan reads the tense from the whole question.
 */
const TENSE_TABLE: [string, string, string][] = [
  // on Thursday 26 November 2026
  ["2026-11-26", "what's on 4 December", "2026-12-04"],
  ["2026-11-26", "what is on 4 Dec", "2026-12-04"],
  ["2026-11-26", "when is the proposal due, December 4th", "2026-12-04"],
  ["2026-11-26", "what will I do on 20 November", "2027-11-20"],
  ["2026-11-26", "upcoming on Dec 4", "2026-12-04"],
  ["2026-11-26", "what did I do on 4 December", "2025-12-04"],
  ["2026-11-26", "what was due on 4 December", "2025-12-04"],
  ["2026-11-26", "what happened on 20 November", "2026-11-20"],
  ["2026-11-26", "4 December", "2026-12-04"], // no tense: 8 days ahead against 357 behind
  ["2026-11-26", "20 November", "2026-11-20"], // no tense: 6 days behind
  ["2026-11-26", "what's on 4 December 2025", "2025-12-04"], // a year written wins
  ["2026-11-26", "what did I do on 4 December 2027", "2027-12-04"],
  ["2026-11-26", "what's on Tuesday", "2026-12-01"],
  ["2026-11-26", "what did I do on Tuesday", "2026-11-24"],
  ["2026-11-26", "what's on in December", "2026-12-01"],
  // across the year boundary, on Wednesday 30 December 2026
  ["2026-12-30", "what's on 3 January", "2027-01-03"],
  ["2026-12-30", "3 January", "2027-01-03"],
  ["2026-12-30", "what did I do on 3 January", "2026-01-03"],
  ["2026-12-30", "what did I do on 28 December", "2026-12-28"],
  ["2026-12-30", "what's on 28 December", "2027-12-28"],
  // and back from the new year, on 2 January 2027
  ["2027-01-02", "what did I do on 30 December", "2026-12-30"],
  ["2027-01-02", "30 December", "2026-12-30"],
];

describe("date phrasings: the question's tense picks the year", () => {
  const config = SearchConfigSchema.parse({ dates: { timeZone: "UTC" } });
  it.each(TENSE_TABLE)("on %s: %s → %s", (day, query, want) => {
    const plan = planSearch(query, {}, { nowMs: Date.parse(`${day}T10:00:00Z`), config });
    expect(plan.dates.range?.from).toBe(want);
    expect(plan.dates.searched).toBe(want > day ? "mentions" : "dated");
  });
});

describe("date phrasings: time zone of 'now'", () => {
  // 23:30 UTC on Saturday is already Sunday in Tokyo and still Saturday in Los Angeles.
  const late = new Date("2026-11-21T23:30:00Z");
  it.each([
    ["yesterday", "Asia/Tokyo", ["2026-11-21", "2026-11-21"]],
    ["yesterday", "America/Los_Angeles", ["2026-11-20", "2026-11-20"]],
    ["this morning", "Asia/Tokyo", ["2026-11-22", "2026-11-22"]],
    ["since Monday", "Asia/Tokyo", ["2026-11-16", "2026-11-22"]],
    ["last week", "Asia/Tokyo", ["2026-11-09", "2026-11-15"]],
    ["over the weekend", "Asia/Tokyo", ["2026-11-21", "2026-11-22"]],
    ["tomorrow", "America/Los_Angeles", ["2026-11-22", "2026-11-22"]],
  ] as const)("%s in %s", (query, tz, range) => {
    expect(resolveDates(query, late, { timeZone: tz }).range).toEqual({ from: range[0], to: range[1] });
  });
});

describe("the search plan: date words never reach the keyword query", () => {
  const config = SearchConfigSchema.parse({ dates: { timeZone: "UTC" } });
  it.each([
    ["yesterday", ""],
    ["last week", ""],
    ["last Tuesday", ""],
    ["since March", ""],
    ["what happened last week", "what happened"],
    ["yesterday's notes", "notes"],
  ])("%s → %j", (query, text) => {
    const plan = planSearch(query, {}, { nowMs: NOW.getTime(), config });
    expect(plan.text).toBe(text);
    expect(plan.dates.range).not.toBeNull();
  });

  it("a query without dates is passed through", () => {
    expect(planSearch("postgres decision", {}, { nowMs: NOW.getTime(), config })).toMatchObject({ query: "postgres decision", text: "postgres decision", embedText: "postgres decision", dates: { range: null } });
  });
});

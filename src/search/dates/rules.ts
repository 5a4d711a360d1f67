/**
 * The phrase rules of the date parser (dates.ts): the words it knows, and a table of RULES,
 * each a regex and the span of days it means against "today". Which rule wins where, and
 * how ranges ("since X", "between X and Y") widen a match, is the resolver's (dates.ts).
 */
import { addMonths, dayOf, daysInMonth, isValidDate, monthSpan, weekSpan, weekStart, weekdayOf, yearSpan, ymd, type Ctx, type Day, type Span } from "./calendar.js";

const WEEKDAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
};
// Abbreviations are also ordinary words ("sat", "sun", "wed"), hence the stricter rule below.
const WEEKDAY_ABBRS: Record<string, number> = {
  sun: 0, mon: 1, tue: 2, tues: 2, wed: 3, weds: 3, thu: 4, thur: 4, thurs: 4, fri: 5, sat: 6,
};
const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8,
  september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
// Full month names that are not also common English words ("may", "march"): safe alone.
const SAFE_MONTHS = [
  "january", "february", "april", "june", "july", "august",
  "september", "october", "november", "december",
];
const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6,
  seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

/** Regex alternation of words, longest first so "sept" is tried before "sep". */
function alt(words: readonly string[]): string {
  return [...words].sort((a, b) => b.length - a.length).join("|");
}

const WEEKDAY = alt(Object.keys(WEEKDAYS));
const WEEKDAY_ABBR = alt(Object.keys(WEEKDAY_ABBRS));
const MONTH = alt(Object.keys(MONTHS));
const SAFE_MONTH = alt(SAFE_MONTHS);
const SEASON = "spring|summer|autumn|fall|winter";
/** First month of each season; winter starts in December and runs into the next year. */
const SEASON_START: Record<string, number> = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 };
// Counts: digits or one..twelve. "a"/"an" only where grammar allows ("a week ago").
const COUNT = `\\d{1,4}|${alt(Object.keys(NUMBER_WORDS).filter((w) => w !== "a" && w !== "an"))}`;
const DAY_OF_MONTH = `(\\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = `([12]\\d{3})`;
// One written calendar day ("16 November 2023", "May 3", "2023-05-03"), as one group.
const DAY_TEXT = `((?:${MONTH})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+[12]\\d{3})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTH})(?:,?\\s+[12]\\d{3})?|[12]\\d{3}-\\d{2}-\\d{2})`;
export const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}])";
// Prepositions that make a bare year or an ambiguous month ("may", "march") a date.
const DATE_CONTEXT = `(?<=${NOT_WORD_BEFORE}(?:in|during|throughout|from|of)\\s+)`;

/**
 * A group's text as the query has it: a rule's groups are in lower case (dates.ts matches a
 * lower-cased query, same indices). For a group whose text is the last of its kind in the match.
 */
function written(m: RegExpExecArray, group: string): string {
  const at = m.index + m[0].lastIndexOf(group);
  return m.input.slice(at, at + group.length);
}

function num(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN);
}
function monthNum(word: string): number {
  return MONTHS[word.toLowerCase()] ?? Number.NaN;
}

/** this → 0, last/previous/past → −1, next/coming → +1. */
function direction(word: string | undefined): -1 | 0 | 1 {
  switch (word?.toLowerCase()) {
    case "last":
    case "previous":
    case "past":
      return -1;
    case "next":
    case "coming":
      return 1;
    default:
      return 0;
  }
}

type Unit = "day" | "week" | "month" | "year";
function unit(word: string): Unit {
  const u = word.toLowerCase().replace(/s$/, "");
  return u === "week" || u === "month" || u === "year" ? u : "day";
}

// ---------------------------------------------------------------------------------------
// Resolvers shared by several rules.

function relativeDay(offset: number): (m: RegExpExecArray, ctx: Ctx) => Span {
  return (_m, ctx) => [ctx.today + offset, ctx.today + offset];
}

/** The calendar week/month/year `offset` periods from the current one. */
function calendarPeriod(u: Unit, offset: number, ctx: Ctx): Span {
  const t = ctx.today;
  switch (u) {
    case "day":
      return [t + offset, t + offset];
    case "week":
      return weekSpan(t + 7 * offset, ctx);
    case "month":
      return monthSpan(t, offset);
    case "year":
      return yearSpan(ymd(t).y + offset);
  }
}

/** The last `n` units up to and including today. */
function rollingWindow(u: Unit, n: number, ctx: Ctx): Span | null {
  if (!(n >= 1)) return null;
  const t = ctx.today;
  switch (u) {
    case "day":
      return [t - (n - 1), t];
    case "week":
      return [t - (7 * n - 1), t];
    case "month":
      return [addMonths(t, -n) + 1, t];
    case "year":
      return [addMonths(t, -12 * n) + 1, t];
  }
}

/** A weekday relative to today; see the header for what each modifier means. */
function weekday(wd: number, modifier: string | undefined, ctx: Ctx): Span {
  const t = ctx.today;
  const dow = weekdayOf(t);
  let day: Day;
  const mod = modifier?.toLowerCase();
  if (mod === "this") day = weekStart(t, ctx) + ((wd - ctx.weekStartsOn + 7) % 7);
  else if (direction(mod) === -1) day = t - ((dow - wd + 7) % 7 || 7);
  else if (direction(mod) === 1) day = t + ((wd - dow + 7) % 7 || 7);
  else if (ctx.tense === "ahead") day = t + ((wd - dow + 7) % 7);
  else day = t - ((dow - wd + 7) % 7);
  return [day, day];
}

/** A month named without a year: the most recent one not in the future, or last/next/this. */
function namedMonth(m: number, modifier: string | undefined, ctx: Ctx): Span | null {
  if (Number.isNaN(m)) return null;
  const { y, m: cur } = ymd(ctx.today);
  const mod = modifier?.toLowerCase();
  let year: number;
  if (mod === "this") year = y;
  else if (direction(mod) === -1) year = m < cur ? y : y - 1;
  else if (direction(mod) === 1) year = m > cur ? y : y + 1;
  else if (ctx.tense === "ahead") year = m >= cur ? y : y + 1;
  else year = m <= cur ? y : y - 1;
  return [dayOf(year, m, 1), dayOf(year, m, daysInMonth(year, m))];
}

/**
 * Of candidate days in ascending order, the one the tense picks: the first on or after today
 * when it looks ahead, the last on or before today when it looks behind, else the nearer of
 * the two (a tie goes to the past). As one day's span; none when there is no such day.
 */
function nearestByTense(days: readonly Day[], ctx: Ctx): Span | null {
  const t = ctx.today;
  const behind = days.filter((x) => x <= t).pop();
  const ahead = days.find((x) => x >= t);
  const pick =
    ctx.tense === "ahead" ? ahead : ctx.tense === "behind" ? behind : behind === undefined ? ahead : ahead === undefined || t - behind <= ahead - t ? behind : ahead;
  return pick === undefined ? null : [pick, pick];
}

/**
 * A day and month, with or without year. Without: the next such day on or after today when
 * the question looks ahead, the latest on or before today when it looks behind, else the
 * nearer of the two (a tie goes to the past).
 */
function dayOfMonth(d: number, m: number, yearText: string | undefined, ctx: Ctx): Span | null {
  if (yearText !== undefined) {
    const y = Number(yearText);
    return isValidDate(y, m, d) ? [dayOf(y, m, d), dayOf(y, m, d)] : null;
  }
  // Feb 29 may need a few years either way to find a leap year.
  const y0 = ymd(ctx.today).y;
  const days: Day[] = [];
  for (let y = y0 - 8; y <= y0 + 8; y++) if (isValidDate(y, m, d)) days.push(dayOf(y, m, d));
  return nearestByTense(days, ctx);
}

/**
 * Words after "the 3rd" that make it no day: "the 3rd time", "the 2nd floor", "the 15th
 * century"; a month or "week" after it belongs to a longer rule ("the 3rd of May").
 */
const NOT_A_DAY_AFTER = "time|times|floor|century|place|row|grade|edition|attempt|round|try|step|street|avenue|one|ones|person|item|line|chapter|page|week|of";

/**
 * A day of the month named without its month ("the 15th"), and perhaps its weekday ("Sunday
 * the 15th"): the nearest such day that follows the question's tense, counting back or
 * forward up to a year (and, with a weekday, only months where the 15th is that weekday).
 */
function ordinalDay(d: number, wd: number | undefined, ctx: Ctx): Span | null {
  if (!(d >= 1 && d <= 31)) return null;
  const { y, m } = ymd(ctx.today);
  const days: Day[] = [];
  for (let k = -13; k <= 13; k++) {
    const month0 = m - 1 + k;
    const yy = y + Math.floor(month0 / 12);
    const mm = (((month0 % 12) + 12) % 12) + 1;
    if (!isValidDate(yy, mm, d)) continue;
    const day = dayOf(yy, mm, d);
    if (wd === undefined || weekdayOf(day) === wd) days.push(day);
  }
  return nearestByTense(days, ctx);
}

/** The weekday a name or its short form stands for ("sunday", "sun", "thurs"); none for no name. */
function weekdayNamed(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  const w = word.toLowerCase();
  return WEEKDAYS[w] ?? WEEKDAY_ABBRS[w];
}

/**
 * A weekday with a numeric date ("Thurs 26/4", "Weds 4/4/29", "Tue 7/2"): day/month or
 * month/day, whichever falls on that weekday. The weekday settles what the digits alone
 * cannot (a British 7/2 is February, an American one July); the nearest such day that
 * follows the tense, within a year either way (or in the year written). None when neither
 * order falls on it.
 */
function weekdaySlashDate(wd: number, a: number, b: number, yearText: string | undefined, ctx: Ctx): Span | null {
  const y0 = ymd(ctx.today).y;
  const years = yearText === undefined ? [y0 - 1, y0, y0 + 1] : [yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)];
  const days: Day[] = [];
  for (const y of years) {
    for (const [d, m] of a === b ? [[a, b]] : [[a, b], [b, a]]) {
      if (isValidDate(y, m!, d!) && weekdayOf(dayOf(y, m!, d!)) === wd) days.push(dayOf(y, m!, d!));
    }
  }
  days.sort((x, y) => x - y);
  return nearestByTense(days, ctx);
}

/** Saturday of "this weekend": today on Saturday, yesterday on Sunday, else the coming one. */
function thisWeekendSaturday(ctx: Ctx): Day {
  const dow = weekdayOf(ctx.today);
  return dow === 0 ? ctx.today - 1 : ctx.today + (6 - dow);
}

// ---------------------------------------------------------------------------------------
// The pattern table. Each pattern is wrapped in word boundaries (plus an optional
// possessive "'s", so "yesterday's notes" works); capture groups are passed to `resolve`.

export interface Rule {
  /** An example of what the rule matches, for readers. */
  example: string;
  pattern: string;
  /**
   * null = looked like a date but is not one (e.g. 2023-02-30): no match. The pattern is
   * matched against the query in lower case: `m`'s groups are lower case, `m.input` is the
   * query as written (same indices).
   */
  resolve: (m: RegExpExecArray, ctx: Ctx) => Span | null;
}

export const RULES: readonly Rule[] = [
  // --- days relative to today
  { example: "today", pattern: "today|tonight|this\\s+(?:morning|afternoon|evening)", resolve: relativeDay(0) },
  { example: "yesterday", pattern: "yesterday|last\\s+night", resolve: relativeDay(-1) },
  { example: "the day before yesterday", pattern: "(?:the\\s+)?day\\s+before\\s+yesterday", resolve: relativeDay(-2) },
  // "tmrw" and "wknd" (below) as notes jot them.
  { example: "tomorrow", pattern: "tomorrow|tmrw", resolve: relativeDay(1) },
  { example: "the day after tomorrow", pattern: "(?:the\\s+)?day\\s+after\\s+tomorrow", resolve: relativeDay(2) },

  // --- calendar periods: "last week" is Mon–Sun of the previous week, not the last 7 days
  {
    example: "last week",
    pattern: "(this|last|next|previous|coming)\\s+(week|month|year)",
    resolve: (m, ctx) => calendarPeriod(unit(m[2]), direction(m[1]), ctx),
  },

  // --- "3 days ago" is one day; "2 weeks ago" / "a month ago" are that whole week / month
  {
    example: "3 days ago",
    pattern: `(${COUNT}|an?)\\s+(days?|weeks?|months?|years?)\\s+ago`,
    resolve: (m, ctx) => {
      const n = num(m[1]);
      return n >= 1 ? calendarPeriod(unit(m[2]), -n, ctx) : null;
    },
  },

  // --- rolling windows ending today
  {
    example: "in the last 7 days",
    pattern: `(?:the\\s+)?(?:last|past)\\s+(${COUNT})\\s+(days?|weeks?|months?|years?)`,
    resolve: (m, ctx) => rollingWindow(unit(m[2]), num(m[1]), ctx),
  },
  {
    example: "over the past week",
    pattern: "(?:the\\s+)?past\\s+(day|week|month|year)",
    resolve: (m, ctx) => rollingWindow(unit(m[1]), 1, ctx),
  },

  // --- weekdays; abbreviations only with a modifier or "on" (they double as words)
  {
    example: "last Tuesday",
    pattern: `(?:(this|last|next|previous|past|coming)\\s+)?(${WEEKDAY})`,
    resolve: (m, ctx) => weekday(WEEKDAYS[m[2].toLowerCase()], m[1], ctx),
  },
  {
    example: "on tue",
    pattern: `(?:(this|last|next|previous)\\s+|(?<=${NOT_WORD_BEFORE}on\\s+))(${WEEKDAY_ABBR})`,
    resolve: (m, ctx) => weekday(WEEKDAY_ABBRS[m[2].toLowerCase()], m[1], ctx),
  },

  // --- weekends (always Sat–Sun)
  {
    example: "last weekend",
    pattern: "(?:(this|last|next|previous|coming)|the)\\s+(?:weekend|wknd)",
    resolve: (m, ctx) => {
      const sat = thisWeekendSaturday(ctx);
      const dow = weekdayOf(ctx.today);
      // "the weekend": the current one on Sat/Sun, otherwise the one just past.
      const offset = m[1] === undefined ? (dow === 6 || dow === 0 ? 0 : -1) : direction(m[1]);
      return [sat + 7 * offset, sat + 7 * offset + 1];
    },
  },

  // --- ISO dates; not glued to other digits/dashes ("2023-05-081", "x-2023-05")
  {
    example: "2023-05-08",
    pattern: `(?<![-/.])${YEAR}-(\\d{2})-(\\d{2})(?!-\\d)`,
    resolve: (m) => {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return isValidDate(y, mo, d) ? [dayOf(y, mo, d), dayOf(y, mo, d)] : null;
    },
  },
  {
    example: "2023-05",
    pattern: `(?<![-/.])${YEAR}-(\\d{2})(?!-\\d)`,
    resolve: (m) => {
      const [y, mo] = [Number(m[1]), Number(m[2])];
      return mo >= 1 && mo <= 12 ? [dayOf(y, mo, 1), dayOf(y, mo, daysInMonth(y, mo))] : null;
    },
  },
  // A bare year is a date only after a preposition: "in 2023", not "the 2023 budget plan".
  {
    example: "in 2023",
    pattern: `${DATE_CONTEXT}((?:19|20)\\d{2})`,
    resolve: (m) => yearSpan(Number(m[1])),
  },

  // --- month names with a day and/or year: the number makes even "May"/"March" a date
  {
    example: "May 8th, 2023",
    pattern: `(${MONTH})\\s+${DAY_OF_MONTH}(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => dayOfMonth(Number(m[2]), monthNum(m[1]), m[3], ctx),
  },
  {
    example: "the 8th of May 2023",
    pattern: `(?:the\\s+)?(\\d{1,2})(st|nd|rd|th)?\\s+(of\\s+)?(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => {
      const [, day, ordinal, of, month, year] = m;
      // "top 10 may fail", "3 march songs": a plain number before the verb "may"/"march"
      // is a date only when written as one: "8 May", "8th may", "8 of may", "8 may 2023".
      const ambiguous = /^(?:may|march)$/.test(written(m, month)) && !ordinal && !of && !year;
      return ambiguous ? null : dayOfMonth(Number(day), monthNum(month), year, ctx);
    },
  },
  {
    example: "March 2023",
    pattern: `(${MONTH}),?\\s+${YEAR}`,
    resolve: (m) => {
      const [mo, y] = [monthNum(m[1]), Number(m[2])];
      return [dayOf(y, mo, 1), dayOf(y, mo, daysInMonth(y, mo))];
    },
  },

  // --- month names alone
  {
    example: "in May",
    pattern: `${DATE_CONTEXT}(${MONTH})`,
    resolve: (m, ctx) => namedMonth(monthNum(m[1]), undefined, ctx),
  },
  { example: "January", pattern: `(${SAFE_MONTH})`, resolve: (m, ctx) => namedMonth(monthNum(m[1]), undefined, ctx) },
  {
    // "May"/"March" alone: only as a proper noun — capitalised and not opening a sentence
    // ("notes March", but not "March forward" / "May I ask") — or as the whole query.
    example: "VPS notes March",
    pattern: "(may|march)",
    resolve: (m, ctx) => {
      const word = written(m, m[1]);
      const before = m.input.slice(0, m.index).trim();
      const wholeQuery = before === "" && m.input.slice(m.index + word.length).trim() === "";
      const properNoun = /^[A-Z]/.test(word) && before !== "" && !/[.!?]$/.test(before);
      return wholeQuery || properNoun ? namedMonth(monthNum(word), undefined, ctx) : null;
    },
  },
  {
    // "this may" / "the next may be" are nearly always the verb, so only "last" takes the
    // ambiguous names; "next"/"this" take the unambiguous ones.
    example: "last March",
    pattern: `(last)\\s+(${MONTH})|(next|this)\\s+(${SAFE_MONTH})`,
    resolve: (m, ctx) => namedMonth(monthNum((m[2] ?? m[4])), m[1] ?? m[3], ctx),
  },

  // --- parts of a month: "early May", "mid-November 2022", "the end of June"
  {
    example: "early May 2023",
    pattern: `(early|mid|late|(?:the\\s+)?(?:beginning|start|middle|end)\\s+of)[\\s-]+(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => monthPart(m[1], monthNum(m[2]), m[3], ctx),
  },
  {
    example: "the end of the month",
    pattern: "(?:the\\s+)?(beginning|start|end)\\s+of\\s+(?:the|this)\\s+(week|month|year)",
    resolve: (m, ctx) => {
      const u = unit(m[2]);
      const [from, to] = calendarPeriod(u, 0, ctx);
      const end = m[1].toLowerCase() === "end";
      // Thirds: days 1–10 / 21–end of a month, Jan–Apr / Sep–Dec of a year, 3 days of a week.
      if (u === "month") return end ? [from + 20, to] : [from, from + 9];
      if (u === "year") return end ? [monthSpan(to, -3)[0], to] : [from, monthSpan(from, 3)[1]];
      return end ? [to - 2, to] : [from, from + 2];
    },
  },
  {
    example: "the second week of November",
    pattern: `(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+week\\s+of\\s+(${MONTH})(?:,?\\s+${YEAR})?`,
    resolve: (m, ctx) => {
      const month = monthSpanNamed(monthNum(m[2]), m[3], ctx);
      if (!month) return null;
      const n = ORDINAL_WEEKS[m[1].toLowerCase()]!;
      return n < 0 ? [month[1] - 6, month[1]] : [month[0] + 7 * (n - 1), month[0] + 7 * (n - 1) + 6];
    },
  },
  {
    example: "the week before 16 November 2023",
    pattern: `(?:the\\s+)?week\\s+(of|before|after)\\s+(?:the\\s+)?${DAY_TEXT}`,
    resolve: (m, ctx) => {
      const day = singleDay(m[2], ctx);
      if (day === null) return null;
      const rel = m[1].toLowerCase();
      if (rel === "of") return weekSpan(day, ctx);
      return rel === "before" ? [day - 7, day - 1] : [day + 1, day + 7];
    },
  },
  // --- counted from a written date instead of today: "two weeks before August 11, 2023" is
  // what "two weeks ago" would be on August 11; "the Sunday before October 25" the last
  // Sunday strictly before it; "the weekend after May 8" the first Saturday–Sunday after.
  {
    example: "two weeks before August 11, 2023",
    pattern: `(${COUNT}|an?)\\s+(days?|weeks?|months?|years?)\\s+(before|after)\\s+(?:the\\s+)?${DAY_TEXT}`,
    resolve: (m, ctx) => {
      const day = singleDay(m[4], ctx);
      const n = num(m[1]);
      if (day === null || !(n >= 1)) return null;
      return calendarPeriod(unit(m[2]), m[3].toLowerCase() === "before" ? -n : n, { ...ctx, today: day });
    },
  },
  {
    example: "the Sunday before October 25, 2022",
    pattern: `(?:(?:the|last)\\s+)?(${WEEKDAY}|weekend)\\s+(before|after)\\s+(?:the\\s+)?${DAY_TEXT}`,
    resolve: (m, ctx) => {
      const day = singleDay(m[3], ctx);
      if (day === null) return null;
      const at = { ...ctx, today: day };
      const rel = m[2].toLowerCase() === "before" ? "last" : "next";
      if (m[1].toLowerCase() !== "weekend") return weekday(WEEKDAYS[m[1].toLowerCase()]!, rel, at);
      // The weekend wholly before the day (its Sunday before it), or wholly after it.
      if (rel === "last") {
        const sun = weekday(0, "last", at)[0];
        return [sun - 1, sun];
      }
      const sat = weekday(6, "next", at)[0];
      return [sat, sat + 1];
    },
  },
  // --- a weekday with its date is one day: "Sunday, 15 November", "Sunday the 15th of November"
  {
    example: "Sunday, 15 November",
    pattern: `(?:${WEEKDAY}),?\\s+(?:the\\s+)?${DAY_TEXT}`,
    resolve: (m, ctx) => {
      const day = singleDay(m[1], ctx);
      return day === null ? null : [day, day];
    },
  },
  // --- a weekday with a numeric date: "Thurs 26/4", "Weds 4/4/29" (a slash only: "Mon 10.30" is a time)
  {
    example: "Thurs 26/4",
    pattern: `(${WEEKDAY}|${WEEKDAY_ABBR}),?\\s+(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?(?![/\\d])`,
    resolve: (m, ctx) => weekdaySlashDate(weekdayNamed(m[1])!, Number(m[2]), Number(m[3]), m[4], ctx),
  },
  // --- a day of the month alone, with an ordinal: "on the 3rd", "the 15th", "Sunday the 15th";
  // a weekday's short form too, as notes jot it ("fri 28th till sun 30th"): the ordinal makes
  // "sat" or "wed" a day there, as "on" or "next" does in the weekday rule.
  {
    example: "Sunday the 15th",
    pattern: `(?:(${WEEKDAY}|${WEEKDAY_ABBR}),?\\s+(?:the\\s+)?|the\\s+)(\\d{1,2})(?:st|nd|rd|th)(?!\\s+(?:${NOT_A_DAY_AFTER})(?![\\p{L}]))`,
    resolve: (m, ctx) => ordinalDay(Number(m[2]), weekdayNamed(m[1]), ctx),
  },
  {
    example: "earlier this week",
    pattern: "earlier\\s+this\\s+(week|month|year)|earlier\\s+(today)",
    resolve: (m, ctx) => (m[2] ? [ctx.today, ctx.today] : [calendarPeriod(unit(m[1]), 0, ctx)[0], ctx.today]),
  },
  {
    example: "this past weekend",
    pattern: "this\\s+past\\s+(weekend|week)",
    resolve: (m, ctx) => {
      if (m[1].toLowerCase() === "week") return rollingWindow("week", 1, ctx);
      const sat = thisWeekendSaturday(ctx);
      const dow = weekdayOf(ctx.today);
      const s = dow === 6 || dow === 0 ? sat : sat - 7;
      return [s, s + 1];
    },
  },
  // --- seasons (meteorological, northern hemisphere): spring Mar–May, summer Jun–Aug,
  // autumn Sep–Nov, winter Dec–Feb. A bare season word is too often something else ("hot
  // spring", "did she fall"), so it needs a year, a modifier, or "in/during/over the".
  {
    example: "summer 2021",
    pattern: `(?:the\\s+)?(${SEASON})\\s+(?:of\\s+)?${YEAR}`,
    resolve: (m) => seasonOfYear(m[1], Number(m[2])),
  },
  {
    example: "last summer",
    pattern: `(this|last|next|previous|coming|past)\\s+(${SEASON})`,
    resolve: (m, ctx) => relativeSeason(m[2], m[1], ctx),
  },
  {
    example: "during the summer",
    pattern: `(?<=${NOT_WORD_BEFORE}(?:in|during|over|throughout)\\s+)the\\s+(${SEASON})`,
    resolve: (m, ctx) => relativeSeason(m[1], undefined, ctx),
  },
  {
    example: "a couple of days ago",
    pattern: "(?:a\\s+)?couple\\s+(?:of\\s+)?(days|weeks|months)\\s+ago",
    resolve: (m, ctx) => calendarPeriod(unit(m[1]), -2, ctx),
  },
];

/** "summer 2021": June–August 2021; "winter 2022": December 2022 to February 2023. */
function seasonOfYear(name: string, y: number): Span {
  const m = SEASON_START[name.toLowerCase()]!;
  const start = dayOf(y, m, 1);
  return [start, addMonths(start, 3) - 1];
}

/**
 * A season named without a year. Bare ("in the summer"): the latest that has begun, the
 * current one included. "last": the latest that has ended. "this": the one under way, else
 * this calendar year's ("this summer", said in November, is the summer just past). "next":
 * the first that starts after today.
 */
function relativeSeason(name: string, modifier: string | undefined, ctx: Ctx): Span {
  const { y } = ymd(ctx.today);
  const spans = [y - 2, y - 1, y, y + 1].map((year) => seasonOfYear(name, year));
  const mod = modifier?.toLowerCase();
  const t = ctx.today;
  if (mod === "this") return spans.find(([a, b]) => a <= t && t <= b) ?? seasonOfYear(name, y);
  if (direction(mod) === 1) return spans.find(([a]) => a > t)!;
  if (direction(mod) === -1) return [...spans].reverse().find(([, b]) => b < t)!;
  return [...spans].reverse().find(([a]) => a <= t)!;
}

const ORDINAL_WEEKS: Record<string, number> = {
  first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: -1,
};

/** A named month with an optional year; without one, the most recent not in the future. */
function monthSpanNamed(m: number, yearText: string | undefined, ctx: Ctx): Span | null {
  if (Number.isNaN(m)) return null;
  if (yearText === undefined) return namedMonth(m, undefined, ctx);
  const y = Number(yearText);
  return [dayOf(y, m, 1), dayOf(y, m, daysInMonth(y, m))];
}

/** early/mid/late or beginning/middle/end of a month: thirds of 1–10, 11–20, 21–end. */
function monthPart(part: string, m: number, yearText: string | undefined, ctx: Ctx): Span | null {
  const month = monthSpanNamed(m, yearText, ctx);
  if (!month) return null;
  const p = part.toLowerCase();
  if (p === "early" || /beginning|start/.test(p)) return [month[0], month[0] + 9];
  if (p === "mid" || /middle/.test(p)) return [month[0] + 10, month[0] + 19];
  return [month[0] + 20, month[1]];
}

const DAY_RULE_EXAMPLES = new Set(["May 8th, 2023", "the 8th of May 2023", "2023-05-08"]);
const DAY_RULES = (): Rule[] => RULES.filter((r) => DAY_RULE_EXAMPLES.has(r.example));

/** One calendar day written as a date ("16 November 2023", "May 3", "2023-05-03"). */
function singleDay(text: string, ctx: Ctx): Day | null {
  for (const rule of DAY_RULES()) {
    const re = new RegExp(`^(?:${rule.pattern})$`, "iu");
    const m = re.exec(text.trim());
    if (!m) continue;
    const span = rule.resolve(m, ctx);
    if (span && span[0] === span[1]) return span[0];
  }
  return null;
}

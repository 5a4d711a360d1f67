/**
 * Date expressions in a search query → inclusive calendar-date ranges.
 *
 * Notes are daily files `memory/YYYY-MM-DD.md`, so "what did we decide last week" is really
 * a date filter plus the words "what did we decide". This module finds the date words,
 * resolves them against an injected `now` and time zone, and hands back the rest of the
 * query for keyword search. It is pure: no clock, no I/O, no locale beyond English.
 *
 * How it works: a small table of RULES (date-rules.ts), each a regex plus a resolver. Every rule is run
 * over the whole query; among the candidates the leftmost wins, and at the same position
 * the longest ("the day before yesterday" beats "yesterday", "8 May 2023" beats "May 2023").
 *
 * All arithmetic is on calendar days (`Day` = days since 1970-01-01 as given by Date.UTC),
 * never on millisecond offsets of `now`, so a DST change can never move a date. The only
 * place the time zone matters is turning `now` into today's calendar date.
 *
 * Rules chosen for ambiguous cases (tests pin each one):
 * - A date without a year follows the question's tense (options.tense, read by
 *   date-tense.ts): "what's on 4 December", "is due", "will", "next" look ahead; "did",
 *   "was" look behind. Day and month without a year ("May 8th"): looking ahead, the next
 *   such day on or after today; behind, the latest on or before today; with no tense, the
 *   nearer of the two (asked on 2026-12-30, "3 January" is 2027-01-03). Bare month ("in
 *   March", "March"): the most recent such month not in the future — the current month
 *   counts — or, looking ahead, the coming one (the current month counts). A bare weekday
 *   looking ahead is the next one on or after today.
 * - "may" and "march" (and every 3-letter month abbreviation) are dates only in clear date
 *   context: after in/during/throughout/from/of, before a day or year ("May 8", "May 2023"),
 *   after a day ("8 May"), or after "last" ("last May"). "this may"/"next may" never are.
 *   Alone, "May"/"March" count only when capitalised mid-query ("VPS notes March") or as
 *   the entire query; so "May I ask", "march forward", "March forward" are not dates.
 *   Likewise "8 May" needs the capital when it has no ordinal, "of" or year ("8th may",
 *   "8 may 2023" are fine), so "top 10 may fail" is not a date.
 * - Full weekday names are always dates, even in idioms ("Sunday best" → a Sunday): in a
 *   memory query a weekday name almost always means a day, and the idioms are rare.
 *   Abbreviations (mon, tue, wed, sat, sun, ...) are also ordinary words ("sat", "sun"), so
 *   they need "on", "last", "next" or "this" before them.
 * - Weekdays: bare "Tuesday" / "on Tuesday" → the most recent Tuesday on or before today
 *   (looking ahead: the next on or after today);
 *   "last Tuesday" → strictly before today; "next Tuesday" → strictly after today;
 *   "this Tuesday" → the Tuesday of the current week (may be in the future).
 * - "last week" / "last month" / "last year" are calendar periods; "past week",
 *   "the last 3 weeks" etc. are rolling windows ending today (N days → N days incl. today;
 *   N weeks → 7N days; N months → the day after today-minus-N-months, clamped to month end).
 * - "N days ago" → that day; "N weeks ago" → the whole week containing today-7N; "N months
 *   ago" → the whole calendar month N months back (so "a month ago" on 2026-03-31 is all of
 *   February 2026 — no day clamping question arises); "N years ago" → that whole year.
 * - Weekends are Saturday–Sunday whatever `weekStartsOn` says. "this weekend" → the one in
 *   progress, or the coming one on a weekday; "last weekend" → the one before that;
 *   "next weekend" → the one after "this weekend"; "the weekend" → the current one on
 *   Sat/Sun, otherwise the one just past.
 * - A bare year is a date only after in/during/throughout/from/of and only 1900–2099
 *   ("the 2023 budget plan" has no date). ISO dates and "May 2023" accept 1000–2999.
 * - Impossible dates (2023-02-30, "Feb 30 2023") are not matches and stay in `rest`.
 * - Ordinal words ("second", "third") are never days, so "second thoughts" is not a date.
 *   A written ordinal after "the" or a weekday is ("the 15th", "on the 3rd", "Sunday the
 *   15th"): the nearest such day of a month by the tense, and with a weekday, of a month
 *   where the day is that weekday; not before "time", "floor", "century", "of"... ("the
 *   3rd time"). A weekday with its date ("Sunday, 15 November") is that one day.
 * - Ranges: "since March" is March 1 up to today; "after June" the day after June ends up
 *   to today; "before June" and "until June" are open at the start (OPEN_START) and end the
 *   day before June / on June 30; "between May and July" and "from May to July" run from
 *   the start of the first to the end of the second. A year written only on the second
 *   date applies to both ("between August 11 and August 15 2023").
 * - Parts of a month: "early May" is the 1st–10th, "mid May" the 11th–20th, "late May"
 *   the 21st to the end; "the beginning/start of" and "the end of" a month likewise.
 *   "the first/second/third/fourth/last week of May" are the 7-day spans from the 1st, 8th,
 *   15th, 22nd, and the last 7 days of the month; "the week of/before/after <day>" are the
 *   calendar week containing the day, or the 7 days before or after it.
 */
import { dayOf, iso, MS_PER_DAY, todayIn, type Ctx, type Day, type Span, type Tense } from "./calendar.js";
import { NOT_WORD_BEFORE, RULES } from "./rules.js";

export interface DateRange {
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  /** Inclusive, YYYY-MM-DD. */
  to: string;
}

export interface DateMatch {
  /** The date expression as written in the query (without a leading "on"/"in"). */
  text: string;
  range: DateRange;
  /** Span of `text` in the original query: query.slice(start, end) === text. */
  start: number;
  end: number;
}

export interface DateQuery {
  /** In query order, non-overlapping. */
  matches: DateMatch[];
  /** Union (min from, max to) of all matches; null when there are none. */
  range: DateRange | null;
  /** The query without the date expressions (and a dangling "on"/"in"/... before them). */
  rest: string;
}

export interface ResolveDatesOptions {
  /** IANA zone that decides what "today" is; default the process's local zone. */
  timeZone?: string;
  /** 1 = Monday (default), 0 = Sunday. */
  weekStartsOn?: 0 | 1;
  /** Which way a date without a year points (date-tense.ts); absent: the nearer day. */
  tense?: Tense;
}

/** The start of a range open into the past ("before June"): earlier than any note. */
export const OPEN_START = "1000-01-01";

// Cheap test before the rule table: a query without any of these words or a digit cannot
// hold a date, and most queries hold none.
const MAYBE_DATE =
  /\d|today|tonight|yesterday|tomorrow|tmrw|wknd|morning|afternoon|evening|night|week|month|year|ago|day|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|fall|winter/i;

/** The cheap test alone: false means `text` holds no date expression. */
export function mayHoldDate(text: string): boolean {
  return MAYBE_DATE.test(text);
}

export function resolveDates(query: string, now: Date, opts: ResolveDatesOptions = {}): DateQuery {
  if (!MAYBE_DATE.test(query)) return { matches: [], range: null, rest: removeMatches(query, []) };
  const ctx: Ctx = { today: todayIn(now, opts.timeZone), weekStartsOn: opts.weekStartsOn ?? 1, ...(opts.tense ? { tense: opts.tense } : {}) };
  const matches = applyRanges(query, pickMatches(query, findCandidates(query, ctx)), ctx, opts, now);
  return { matches, range: union(matches), rest: removeMatches(query, matches) };
}

// Word-bounded on both sides; an optional possessive ("last week's") belongs to the match.
// Case-sensitive over a lower-cased query rather than "i": V8 compiles a /iu regex with the
// \p{L} word bounds 2-5x slower (~200 ms for the table, paid by the first query that may
// hold a date in every process).
const COMPILED = RULES.map((r) => ({
  rule: r,
  re: new RegExp(`${NOT_WORD_BEFORE}(?:${r.pattern})(?:['’]s)?(?![\\p{L}\\p{N}])`, "gu"),
}));

/**
 * The query in lower case, each character where it was, so a match's index and length are
 * the same in both. Only "İ" lengthens (to "i" and a dot); it stays as written, as the "i"
 * flag's simple case folding would not match it to "i" either.
 */
export function lowerInPlace(query: string): string {
  return query.includes("\u0130") ? query.split("\u0130").map((p) => p.toLowerCase()).join("\u0130") : query.toLowerCase();
}

// Years outside this range would not print as YYYY (e.g. "9999 years ago").
const MIN_DAY = dayOf(1000, 1, 1);
const MAX_DAY = dayOf(9999, 12, 31);

interface Candidate {
  start: number;
  end: number;
  span: Span;
}

/** Every rule's matches. A rule's groups are in lower case; its `m.input` is the query as written. */
function findCandidates(query: string, ctx: Ctx): Candidate[] {
  const out: Candidate[] = [];
  const lower = lowerInPlace(query);
  for (const { rule, re } of COMPILED) {
    re.lastIndex = 0;
    for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
      m.input = query;
      const span = rule.resolve(m, ctx);
      if (span && span[0] >= MIN_DAY && span[1] <= MAX_DAY) {
        out.push({ start: m.index, end: m.index + m[0].length, span });
      }
    }
  }
  return out;
}

/** Leftmost wins; at the same start the longest wins; overlapping candidates are dropped. */
function pickMatches(query: string, cands: Candidate[]): DateMatch[] {
  cands.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: DateMatch[] = [];
  let end = 0;
  for (const c of cands) {
    if (c.start < end) continue;
    const range = { from: iso(c.span[0]), to: iso(c.span[1]) };
    out.push({ text: query.slice(c.start, c.end), range, start: c.start, end: c.end });
    end = c.end;
  }
  return out;
}

// Words that turn the date after them into an open or closed range. "What did I get up to last
// weekend" asks what I did then (query/framing.ts): "up to" after get or been is no range.
const RANGE_BEFORE = /(?<![\p{L}\p{N}])(since|after|from|before|until|till|(?<!\b(?:get|gets|got|getting|been|be)\s+)up\s+to|prior\s+to|between)\s+(?:the\s+)?$/iu;
const RANGE_JOIN = /^\s*(?:and|to|until|till|through|thru|-|–)\s*$/iu;
const YEAR_IN = /(?<!\d)([12]\d{3})(?!\d)/;

/**
 * "since X", "before X", "between X and Y", "from X to Y": widens a match to the range the
 * preposition means, and takes the preposition into the match so it leaves the keywords.
 */
function applyRanges(query: string, matches: DateMatch[], ctx: Ctx, opts: ResolveDatesOptions, now: Date): DateMatch[] {
  const out: DateMatch[] = [];
  const today = iso(ctx.today);
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    const prevEnd = out.length > 0 ? out[out.length - 1]!.end : 0;
    const pre = RANGE_BEFORE.exec(query.slice(prevEnd, m.start));
    const next = matches[i + 1];
    const word = pre?.[1]?.toLowerCase().replace(/\s+/g, " ");
    if (pre && next && (word === "between" || word === "from") && RANGE_JOIN.test(query.slice(m.end, next.start))) {
      let first = m.range;
      // A year written only once, on the second date, belongs to both.
      if (!YEAR_IN.test(m.text) && YEAR_IN.test(next.text)) {
        const again = resolveDates(`${m.text} ${YEAR_IN.exec(next.text)![1]}`, now, opts).matches;
        if (again.length === 1 && again[0]!.text.length > m.text.length) first = again[0]!.range;
      }
      const start = prevEnd + pre.index;
      const from = first.from < next.range.from ? first.from : next.range.from;
      const to = next.range.to > first.to ? next.range.to : first.to;
      out.push({ text: query.slice(start, next.end), range: { from, to }, start, end: next.end });
      i++;
      continue;
    }
    if (!pre || word === "between" || word === "from") {
      out.push(m);
      continue;
    }
    const start = prevEnd + pre.index;
    let range: DateRange;
    if (word === "since") range = { from: m.range.from, to: maxIso(today, m.range.from) };
    else if (word === "after") {
      const from = iso(dayFromIso(m.range.to) + 1);
      range = { from, to: maxIso(today, from) };
    } else if (word === "before" || word === "prior to") range = { from: OPEN_START, to: iso(dayFromIso(m.range.from) - 1) };
    else range = { from: OPEN_START, to: m.range.to };
    out.push({ text: query.slice(start, m.end), range, start, end: m.end });
  }
  return out;
}

function dayFromIso(s: string): Day {
  return Date.parse(`${s}T00:00:00Z`) / MS_PER_DAY;
}

function maxIso(a: string, b: string): string {
  return a > b ? a : b;
}

function union(matches: DateMatch[]): DateRange | null {
  if (matches.length === 0) return null;
  let { from, to } = matches[0]!.range;
  for (const { range } of matches) {
    if (range.from < from) from = range.from;
    if (range.to > to) to = range.to;
  }
  return { from, to };
}

// A preposition left dangling once its date is gone ("decided on [Tuesday]").
const DANGLING = /(?<![\p{L}\p{N}])(?:on|in|at|during|over|within|from|throughout|around|for|of)\s+$/iu;

/** The query minus the matches (and their dangling prepositions), spaces collapsed. */
function removeMatches(query: string, matches: DateMatch[]): string {
  const pieces: string[] = [];
  let pos = 0;
  for (const m of matches) {
    const before = query.slice(pos, m.start);
    const dangling = DANGLING.exec(before);
    pieces.push(dangling ? before.slice(0, dangling.index) : before);
    pos = m.end;
  }
  pieces.push(query.slice(pos));
  // Join so that removal never leaves "what happened ?" or a leading ", ".
  let out = "";
  for (const raw of pieces) {
    const p = raw.trim();
    if (p === "") continue;
    out = out === "" || /^[,.;:!?)]/.test(p) ? out + p : `${out} ${p}`;
  }
  return out.replace(/\s+/g, " ").replace(/^[\s,;:]+|[\s,;:]+$/g, "");
}

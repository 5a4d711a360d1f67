/**
 * Date expressions in a search query → inclusive calendar-date ranges.
 *
 * Notes are daily files `memory/YYYY-MM-DD.md`, so "what did we decide last week" is really
 * a date filter plus the words "what did we decide". This module finds the date words,
 * resolves them against an injected `now` and time zone, and hands back the rest of the
 * query for keyword search. It is pure: no clock, no I/O, no locale beyond English.
 *
 * How it works: a small table of RULES, each a regex plus a resolver. Every rule is run
 * over the whole query; among the candidates the leftmost wins, and at the same position
 * the longest ("the day before yesterday" beats "yesterday", "8 May 2023" beats "May 2023").
 *
 * All arithmetic is on calendar days (`Day` = days since 1970-01-01 as given by Date.UTC),
 * never on millisecond offsets of `now`, so a DST change can never move a date. The only
 * place the time zone matters is turning `now` into today's calendar date.
 *
 * Rules chosen for ambiguous cases (tests pin each one):
 * - Bare month ("in March", "March"): the most recent such month not in the future —
 *   the current month counts. Day and month without a year ("May 8th"): the most recent
 *   such day on or before today.
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
 * - Weekdays: bare "Tuesday" / "on Tuesday" → the most recent Tuesday on or before today;
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
}
/** The start of a range open into the past ("before June"): earlier than any note. */
export declare const OPEN_START = "1000-01-01";
export declare function resolveDates(query: string, now: Date, opts?: ResolveDatesOptions): DateQuery;

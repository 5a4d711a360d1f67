/**
 * Calendar arithmetic for the date rules. A Day is an integer count of days since
 * 1970-01-01; Date.UTC has no DST, so day + 1 is always the next calendar date.
 */

export type Day = number;
export type Span = readonly [Day, Day];

/**
 * Which way the question looks from today: "what's on 4 December", "is due", "will" look
 * ahead; "did", "was" look behind (date-tense.ts reads it). A day or month named without a
 * year, and a bare weekday, are read in that direction; with no tense, a day and month is
 * the nearer of its two occurrences.
 */
export type Tense = "ahead" | "behind";

export interface Ctx {
  today: Day;
  weekStartsOn: 0 | 1;
  tense?: Tense;
}

export const MS_PER_DAY = 86_400_000;

export function dayOf(y: number, m: number, d: number): Day {
  return Date.UTC(y, m - 1, d) / MS_PER_DAY;
}

export function ymd(day: Day): { y: number; m: number; d: number } {
  const dt = new Date(day * MS_PER_DAY);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function isValidDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** 0 = Sunday … 6 = Saturday, like Date#getUTCDay (1970-01-01 was a Thursday). */
export function weekdayOf(day: Day): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function weekStart(day: Day, ctx: Ctx): Day {
  return day - ((weekdayOf(day) - ctx.weekStartsOn + 7) % 7);
}

export function weekSpan(day: Day, ctx: Ctx): Span {
  const s = weekStart(day, ctx);
  return [s, s + 6];
}

/** The whole month `offset` months away from the month containing `day`. */
export function monthSpan(day: Day, offset: number): Span {
  const { y, m } = ymd(day);
  const index = y * 12 + (m - 1) + offset;
  const yy = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  return [dayOf(yy, mm, 1), dayOf(yy, mm, daysInMonth(yy, mm))];
}

export function yearSpan(y: number): Span {
  return [dayOf(y, 1, 1), dayOf(y, 12, 31)];
}

/** Same day-of-month `n` months later (negative: earlier), clamped: Mar 31 − 1 month = Feb 28. */
export function addMonths(day: Day, n: number): Day {
  const { y, m, d } = ymd(day);
  const index = y * 12 + (m - 1) + n;
  const yy = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  return dayOf(yy, mm, Math.min(d, daysInMonth(yy, mm)));
}

export const formatters = new Map<string, Intl.DateTimeFormat>();

/** Calendar date of `now` in `timeZone`. An unknown zone throws Intl's RangeError. */
export function todayIn(now: Date, timeZone: string | undefined): Day {
  if (Number.isNaN(now.getTime())) throw new RangeError("resolveDates: `now` is an invalid Date");
  // The process's own zone is what Date's local fields already give; a first Intl formatter
  // costs 20-70 ms of a process's first search.
  if (timeZone === undefined) return dayOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
  const key = timeZone;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    formatters.set(key, fmt);
  }
  let y = 0;
  let m = 0;
  let d = 0;
  for (const p of fmt.formatToParts(now)) {
    if (p.type === "year") y = Number(p.value);
    else if (p.type === "month") m = Number(p.value);
    else if (p.type === "day") d = Number(p.value);
  }
  return dayOf(y, m, d);
}

export function iso(day: Day): string {
  const { y, m, d } = ymd(day);
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

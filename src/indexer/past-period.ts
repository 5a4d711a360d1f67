/**
 * A value told as of a month already gone: "Probate value: £150,000 (December valuation)",
 * "the house was valued at £145,000 in december", "sales in January: 40". Two statements of
 * one slot that both tie their value to the same past month speak of that month, not of now:
 * the later one is no newer word on it, only another one. Unless it says so ("revised",
 * "corrected", "now"), two values of one past month disagree: a contradiction, reported with
 * both sides, never an update that hides the first.
 *
 * A month is read only bare, as a word of its own ("in December", "December valuation"):
 * a month inside a date ("30 April") says which day, not as of when. "May" is left out (a
 * word of asking as often as a month). Pure.
 */
import { stem, type Statement } from "./statements.js";

const FULL_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** The month (0-11) a statement's word names, by its stored stem; "may" never. */
const MONTH_OF_WORD: ReadonlyMap<string, number> = new Map(FULL_MONTHS.flatMap((m, i) => (m === "may" ? [] : [[stem(m), i] as const])));

/** Months a value's own text names ("30 April"): said as part of a day, not as a period. */
function monthsInValues(st: Statement): Set<number> {
  const out = new Set<number>();
  for (const v of Array.isArray(st.values) ? st.values : []) {
    for (const w of v.text.toLowerCase().split(/[^\p{L}]+/u)) {
      const i = FULL_MONTHS.findIndex((m) => w.length >= 3 && m.startsWith(w));
      if (i >= 0) out.add(i);
    }
  }
  return out;
}

/**
 * The past months a statement said at `said` (ms) ties its values to, as "YYYY-MM": each bare
 * month word, placed in the year that puts it nearest to when it was said, kept when that
 * month ended before the month it was said in.
 */
export function pastMonths(st: Statement, said: number): string[] {
  const inDays = monthsInValues(st);
  const when = new Date(said);
  const now = when.getUTCFullYear() * 12 + when.getUTCMonth();
  const out: string[] = [];
  for (const w of new Set(st.words)) {
    const m = MONTH_OF_WORD.get(w);
    if (m === undefined || inDays.has(m)) continue;
    const nearest = [-1, 0, 1].map((dy) => (when.getUTCFullYear() + dy) * 12 + m).reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
    if (nearest < now) out.push(`${Math.floor(nearest / 12)}-${String((nearest % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

/** Whether two statements tie their values to one month gone by when each was said, and the later one says nothing changed. */
export function samePastMonth(o: { st: Statement; order: number }, n: { st: Statement; order: number }): boolean {
  if (n.st.change) return false;
  const older = new Set(pastMonths(o.st, o.order));
  return older.size > 0 && pastMonths(n.st, n.order).some((m) => older.has(m));
}

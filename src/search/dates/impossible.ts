/**
 * Dates in a query that no calendar has ("2026-02-31", "31 February", "April 31st"). The
 * parser does not read them as dates (rules.ts: an impossible day is no match), so they stay
 * in the words searched; this says so in one line, instead of a search that quietly
 * ignores the date the person typed. Pure: the text in, the sentences out.
 */
import { isValidDate } from "./calendar.js";

const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_ABBRS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function monthOf(word: string): number {
  const w = word.toLowerCase();
  const full = MONTH_NAMES.indexOf(w);
  if (full >= 0) return full + 1;
  const abbr = MONTH_ABBRS.indexOf(w === "sept" ? "sep" : w);
  return abbr >= 0 ? abbr + 1 : 0;
}

const MONTH = `(${[...MONTH_NAMES, "sept", ...MONTH_ABBRS].join("|")})`;
const ISO = /(?<![\d-])([12]\d{3})-(\d{2})-(\d{2})(?![\d])/g;
const DAY_MONTH = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?![\\p{L}])(?:,?\\s+([12]\\d{3}))?`, "giu");
const MONTH_DAY = new RegExp(`(?<![\\p{L}\\p{N}])${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\p{L}\\p{N}])(?:,?\\s+([12]\\d{3}))?`, "giu");

/**
 * A written day past its month's end: the 29th to the 31st of a month that has no such day
 * (in any year without a year: 29 February exists). Only those: "top 40 may fail" names
 * no day at all.
 */
function pastMonthEnd(m: number, d: number, y: number | null): boolean {
  if (m < 1 || d < 29 || d > 31) return false;
  return y === null ? !isValidDate(2024, m, d) : !isValidDate(y, m, d);
}

/** One sentence per impossible date in the query, in the order written. */
export function impossibleDates(query: string): string[] {
  const found: { at: number; text: string }[] = [];
  for (const m of query.matchAll(ISO)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!isValidDate(y, mo, d)) found.push({ at: m.index, text: m[0] });
  }
  for (const m of query.matchAll(DAY_MONTH)) {
    const mo = monthOf(m[2]!);
    const d = Number(m[1]);
    const y = m[3] === undefined ? null : Number(m[3]);
    if (pastMonthEnd(mo, d, y)) found.push({ at: m.index, text: m[0] });
  }
  for (const m of query.matchAll(MONTH_DAY)) {
    const mo = monthOf(m[1]!);
    const d = Number(m[2]);
    const y = m[3] === undefined ? null : Number(m[3]);
    if (pastMonthEnd(mo, d, y)) found.push({ at: m.index, text: m[0] });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => `"${f.text}" is not a date (no such day in that month), so it was searched as words, not as a date`);
}

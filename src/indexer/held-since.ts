/**
 * Two facts of a home or a stay that nothing moves once they are so:
 *
 * - The day a standing state began, given in full: "tenant Priya Shah since 3 March 2028" and,
 *   later, "Priya has lived at No. 9 since 3 April 2028" cannot both be so. "since" with a day,
 *   a month and a year names when it started, which later days cannot change (a new stay would
 *   be said: "back since", "moved in again"). A month or a year alone is left out: "since June"
 *   is as often a loose "for a while now".
 * - A dwelling's council tax band or energy rating ("council tax band C", "EPC rating D"): one
 *   letter per home, set by an office, not by anything the person says.
 *
 * value-clash.ts reports two different values of one holder as a contradiction. Pure.
 */
import { MONTH_RE, MONTHS } from "./statements.js";

/** "since" before a date: the cue of when a state began. */
export const SINCE = /\bsince\b/gi;

const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH_RE}\.?,?\s+(\d{4})\b`, "i");
const MONTH_FIRST = new RegExp(String.raw`^${MONTH_RE}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, "i");

const pad = (n: number) => String(n).padStart(2, "0");
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** A date with its day, month and year at the start of `rest` ("15 November 2029", "Nov 15, 2029", "2029-11-15"): "2029-11-15". */
export function fullDateAt(rest: string): { norm: string; length: number } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(rest);
  if (iso) return { norm: iso[0], length: iso[0].length };
  const d = DAY_FIRST.exec(rest);
  if (d) return Number(d[1]) >= 1 && Number(d[1]) <= 31 ? { norm: `${d[3]}-${pad(monthOf(d[2]!))}-${pad(Number(d[1]))}`, length: d[0].length } : null;
  const m = MONTH_FIRST.exec(rest);
  if (m) return Number(m[2]) >= 1 && Number(m[2]) <= 31 ? { norm: `${m[3]}-${pad(monthOf(m[1]!))}-${pad(Number(m[2]))}`, length: m[0].length } : null;
  return null;
}

/** "council tax band B", "Council Tax: band B", "council tax is band B". */
export const TAX_BAND = /\bcouncil[ -]tax(?:\s*:)?(?:\s+(?:is|in))?\s+band\b/gi;
/** "EPC rating D", "energy rating: D", "EPC band D". */
export const ENERGY_RATING = /\b(?:EPC|energy)(?:\s+(?:rating|band|grade))\b/gi;

/** A band's letter at the start of `rest`, as written: one capital, "A" to "H". */
export function bandLetterAt(rest: string): { norm: string; length: number } | null {
  const m = /^([A-H])(?![\p{L}\p{N}])/u.exec(rest);
  return m ? { norm: m[1]!, length: 1 } : null;
}

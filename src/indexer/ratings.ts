/**
 * A rating, score or grade given as a bare number after its name ("Food hygiene rating: 4",
 * "food hygiene rating 5, the new probe log did it", "credit score 812") is a value of that
 * rating, named by the words before it: the statement reader reads no number there. Pure.
 */
import { contentWords, type Statement, type StatedValue } from "./statements.js";

/** Up to three words naming it, the rating's word, then its number (not a time, a share, a date or a range). */
const RATING = /((?:[\p{L}'’-]+\s+){0,3})(rating|score|grade)\s*(?::|=|of|is|was|now)?\s*(\d{1,3}(?:\.\d)?)\b(?!\s*(?:%|[.:/-]\d|am|pm|st|nd|rd|th|out\b|to\b|-))/iu;

/** The rating a sentence gives, as a value; null when none. */
export function ratingOf(sentence: string, words: readonly string[]): StatedValue | null {
  const clause = sentence.split(/[.;:!?]\s+(?=\p{L})/u).find((c) => RATING.test(c)) ?? "";
  const m = RATING.exec(clause);
  if (!m) return null;
  const near = [...new Set([...contentWords(m[1] ?? ""), ...contentWords(m[2]!)])];
  return { type: "count", unit: "rating", norm: m[3]!, text: m[0].trim(), context: [...new Set([...near, ...words])], near };
}

/** A statement with the rating it gives, when it holds no value of that number already. */
export function withRating<T extends Statement>(st: T): T {
  const v = ratingOf(st.text, st.words);
  if (v === null || st.values.some((x) => x.norm === v.norm)) return st;
  return { ...st, values: [...st.values, v] };
}

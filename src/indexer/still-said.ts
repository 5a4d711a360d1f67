/**
 * A value said "still": "got the extension on the grant report, due 9 July. ethics form still
 * 12th" says the ethics form's date is unchanged, though "12th" is no date of its own (a day
 * with no month) and sits beside another thing's new date. An earlier value with that number
 * (the ethics form's "12 June") is still said by the sentence, so the sentence is no new value
 * of it. Read when a statement is stored (so linking reads no text). Pure.
 */
import type { Statement, StatedValue } from "./statements.js";

/** "still 12th", "still the 12th", "still at £14", "still 3pm": the figure after "still". */
const STILL = /\bstill\s+(?:(?:the|at|on|is)\s+)?[£$€]?(\d[\d,]*(?:[.:]\d+)?)/giu;

/** The figures a sentence says are still so, digits only ("12th" → "12", "£1,200" → "1200"). */
export function stillFigures(text: string): string[] {
  return [...text.matchAll(STILL)].map((m) => m[1]!.replace(/[,.:]/g, ""));
}

/** A statement with the figures it says are still so (as it was, when none). */
export function withStillSaid<T extends Statement>(st: T): T {
  const still = stillFigures(st.text);
  return still.length === 0 ? st : { ...st, stillSaid: still };
}

/** A value's figure as "still" would say it: a date's day of the month, a time's digits, a number's digits. */
const figureOf = (v: StatedValue): string => (v.type === "date" ? String(Number(v.norm.slice(3))) : v.norm.replace(/[^\d]/g, "").replace(/^0+(?=\d)/, ""));

/** Whether the newer statement says the older value still holds ("… still 12th" of "12 June"). */
export function saysStill(n: Statement, vo: StatedValue): boolean {
  return Array.isArray(n.stillSaid) && n.stillSaid.includes(figureOf(vo));
}

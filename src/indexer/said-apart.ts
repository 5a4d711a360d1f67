/**
 * Two sentences that give one slot two values and still say no change, read from how each
 * names its thing or tenses its value (stored with the statement, so linking reads no text):
 *
 * - A thing named by its own reference number ("Invoice HP-014 sent, £1,250" and "Invoice
 *   HP-015 sent, £1,600") is another thing when the number differs: the second invoice is
 *   added beside the first, it replaces nothing.
 * - A value said as what it was ("the PA was an 8 kW rig") tells of the past, not of now: it
 *   makes no earlier "is" out of date (if the two disagree, it is a disagreement, not news).
 *
 * Pure.
 */
import type { Statement, StatedValue } from "./statements.js";

/** "HP-014", "PI-55821", "INV-2031": capitals, a hyphen, digits: a thing's own number. */
const REFERENCE = /(?<![\p{L}\p{N}-])[A-Z]{1,5}-\d{2,}(?![\p{L}\p{N}])/gu;

/** The reference numbers a sentence names, as written. */
export function referencesOf(text: string): string[] {
  return [...new Set([...text.matchAll(REFERENCE)].map((m) => m[0]))];
}

/** "was an", "were the", "was": the words before a value that make it a past one. */
const WAS_BEFORE = /\b(?:was|were)\s+(?:(?:an?|the|only|just|about|around|roughly)\s+)?$/i;

/** Whether a value is said as what it was: "was"/"were" right before it. */
export function saidAsFormer(text: string, v: Pick<StatedValue, "text">): boolean {
  const at = text.indexOf(v.text);
  return at > 0 && WAS_BEFORE.test(text.slice(Math.max(0, at - 24), at));
}

/** A statement with its reference numbers and its values said as former ones marked (as it was, when there are none). */
export function withSaidApart<T extends Statement>(st: T): T {
  const refs = referencesOf(st.text);
  const former = st.values.some((v) => saidAsFormer(st.text, v));
  if (refs.length === 0 && !former) return st;
  return { ...st, ...(refs.length > 0 ? { refs } : {}), ...(former ? { values: st.values.map((v) => (saidAsFormer(st.text, v) ? { ...v, former: true } : v)) } : {}) };
}

/** Both name their thing by a reference number, none the same, and the newer says nothing changed: two things. */
export function namedApart(o: Statement, n: Statement): boolean {
  const a = Array.isArray(o.refs) ? o.refs : [];
  const b = Array.isArray(n.refs) ? n.refs : [];
  return a.length > 0 && b.length > 0 && !a.some((r) => b.includes(r)) && !n.change;
}

/**
 * A saying that leaves a record of the thing: a number or a date of it said as a fact ("my
 * score of 4/5 on the 5 coin toss problems", "completed 8 conditional probability problems").
 * Against "I've never done any coin toss problems", such a saying is surer to mean it was done
 * than one naming the thing without a value of it ("I think I'll start with coin toss
 * problems", "should I start with coin toss problems or dice?"). Used only to order sayings
 * that are otherwise equally good (denial-pair.ts); it never makes or drops a pair.
 *
 * Pure: a statement and the words in question in; no I/O, no model.
 */
import type { StatedValue } from "./statements.js";

/** Whether the statement holds a value said as a fact with one of `words` around it. */
export function recordsThing(st: { values?: readonly StatedValue[] }, words: readonly string[]): boolean {
  const about = new Set(words);
  // Statements stored by older rules may lack their values: no record then.
  const values: readonly StatedValue[] = Array.isArray(st.values) ? st.values : [];
  return values.some((v) => (v.mood ?? "fact") === "fact" && v.context.some((w) => about.has(w)));
}

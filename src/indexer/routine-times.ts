/**
 * The time of something that happens over and over: "carer at 7.30 for dad mornings", "bins go
 * out at 6 every Tuesday night", "nights start 19:00". Two times of one event are two events,
 * so a time changes only when a change is said; but a routine has one time at once, so its time
 * said again with another value is its time now, change word or not. A routine is said by a
 * part of the day or week in the plural ("mornings", "nights", "weekdays"), or by "daily",
 * "every …" or "each …". Read when a statement is stored; the linker asks the stored flag. Pure.
 */
import type { Statement, StatedValue } from "./statements.js";

const ROUTINE = /\b(?:mornings|afternoons|evenings|nights|weekdays|weeknights|weekends|daily|nightly|(?:every|each)\s+(?:day|morning|afternoon|evening|night|weekday|week|mon|tue|wed|thu|fri|sat|sun)\w*)\b/i;

/** Whether a sentence speaks of something that happens over and over. */
export function saysRoutine(text: string): boolean {
  return ROUTINE.test(text);
}

/** A statement flagged when it gives a routine's time (as it was, when not, or when it asks or denies). */
export function withRoutine<T extends Statement>(st: T): T {
  if (st.asks === true || st.negated || !st.values.some((v) => v.type === "time") || !saysRoutine(st.text)) return st;
  return { ...st, routine: true };
}

/** A clock time said anew for a routine: its time now, whether or not a change is said. */
export function routineTimeSaid(vo: StatedValue, vn: StatedValue, n: Statement): boolean {
  return vo.type === "time" && vn.type === "time" && n.routine === true;
}

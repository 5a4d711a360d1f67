/**
 * A thing starts once and ends once: "the postdoc starts 1 November", later "my first day at
 * Utrecht … Monday 5 November". Other dates of one thing are as often other events of it (a
 * meeting, a deadline) as a move, so a date replaces another only when a change is said; but
 * two dates that are both the start (or both the end) of one thing cannot both hold, so the
 * later one is read as said changed. The words next to each value say which side it is ("starts",
 * or the "start" slot-synonyms.ts reads from "first day"); what the thing is must still be shared,
 * as for any change. Pure.
 */
import type { StatedValue } from "./statements.js";

const WHEN = new Set(["date", "day"]);

/** The side of a thing a date is, by the word next to it: its start or its end; null when neither, or both. */
function bound(v: StatedValue): "start" | "end" | null {
  const s = v.near.includes("start");
  const e = v.near.includes("end");
  return s === e ? null : s ? "start" : "end";
}

/** Whether two dates are the same bound of a thing (both its start, or both its end) with different days. */
export function sameBound(o: StatedValue, n: StatedValue): boolean {
  if (!WHEN.has(o.type) || !WHEN.has(n.type)) return false;
  const b = bound(o);
  return b !== null && b === bound(n);
}

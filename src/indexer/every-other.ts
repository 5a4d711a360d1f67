/**
 * "Every other Wednesday" is another schedule than "every Wednesday": the weekday read from it
 * is the same, so the two said one after the other looked like the same value said again and
 * a change of how often ("weekly now, every Wednesday") replaced nothing. A weekly value said
 * with "every other", "alternate" or "fortnightly" keeps its weekday and is marked as every
 * second week. Pure.
 */
import type { Statement } from "./statements.js";

const EVERY_SECOND = /\b(?:every other|every second|alternate|fortnightly)\b/i;

/** A statement whose weekly days recur every second week, with its weekly values marked so (as it was, when it says no such thing). */
export function withEverySecondWeek<T extends Statement>(st: T): T {
  if (!EVERY_SECOND.test(st.text) || !st.values.some((v) => v.type === "weekly" && !v.norm.endsWith("/2"))) return st;
  return { ...st, values: st.values.map((v) => (v.type === "weekly" && !v.norm.endsWith("/2") ? { ...v, norm: `${v.norm}/2` } : v)) };
}

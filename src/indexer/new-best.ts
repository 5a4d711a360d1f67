/**
 * A personal best beaten: "parkrun 26:58!!! new PB at Woodhouse Moor" replaces "Running:
 * parkrun at Woodhouse Moor most Saturdays, PB 27:41". A best is one value at a time, and a
 * "new PB" says the old one is gone, though a race time ("27:41") is no value the slot rules
 * read. It replaces the latest earlier statement that gives a best (PB, personal best, record)
 * with a figure and shares a word with the newer one (what it is a best of: "parkrun").
 * Read when a statement is stored (so linking reads no text). Pure.
 */
import type { Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** A best named: "PB", "PR", "personal best", "personal record". */
const BEST = /\b(?:pb|pr|personal (?:best|record))\b/i;
/** A best said beaten: "new PB", "a new personal best", "PB!", "beat my PB". */
const NEW_BEST = /\b(?:new|beat (?:my|her|his) (?:old )?)\s*(?:pb|pr|personal (?:best|record))\b/i;

/** How a sentence speaks of a best: "new" (beaten), "best" (one given), or undefined. */
export function bestSaid(text: string): "new" | "best" | undefined {
  if (NEW_BEST.test(text)) return "new";
  return BEST.test(text) && /\d/.test(text) ? "best" : undefined;
}

/** A statement with how it speaks of a best (as it was, when it speaks of none). */
export function withBest<T extends Statement>(st: T): T {
  if (st.asks === true || st.negated) return st;
  const best = bestSaid(st.text);
  return best === undefined ? st : { ...st, best };
}

/** Updates from bests beaten, each to the latest earlier best given of the same thing. */
export function newBestUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.best !== "new" || n.st.mark?.key === "still-true") continue;
    const words = new Set(n.st.words);
    const latest = latestBefore(all, n, (o) => o.st.best !== undefined && (o.st.figures ?? []).length > 0 && o.st.words.some((w) => words.has(w)));
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: ["best", ...latest.st.words.filter((w) => words.has(w))].join(" "), by: "guess", strength: 1, rule: "new-best" });
  }
  return out;
}

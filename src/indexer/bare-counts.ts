/**
 * A count said bare, with no word of what it counts: "Lottie's hen party is 14 now", "final
 * numbers: 104 for the day". The thing it counts is named by the rest of the sentence, so the
 * newer count replaces the latest earlier count said of that thing (two of the sentence's words
 * around the older count), whatever the older count's unit (guests, covers, people). Only a
 * number said to be what a thing is now, or a thing's numbers: "14 now", "is now 14", "numbers:
 * 104". Pure.
 */
import type { Statement, StatedValue } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";

/** "is 14 now", "'s 14 now", "is now 14", "(final) numbers: 104", "numbers are 104". */
const BARE = [
  /\b(?:is|are|'s|’s|it's|it’s)\s+(\d{1,4})\s+now\b/iu,
  /\b(?:is|are)\s+now\s+(\d{1,4})\b(?!\s*(?:[%£$€.:,/]\d|[\p{L}]))/iu,
  /\bnumbers?\s*(?::|are|is|now)\s*(\d{1,4})\b(?!\s*(?:[%£$€.:/]\d|%))/iu,
];

/** The bare count a sentence gives ("14"), or null. */
export function bareCountOf(sentence: string): string | null {
  for (const re of BARE) {
    const m = re.exec(sentence);
    if (m) return m[1]!;
  }
  return null;
}

/** A statement with the bare count it gives, when no value of its own already reads that number. */
export function withBareCount<T extends Statement>(st: T): T {
  const n = bareCountOf(st.text);
  if (n === null || st.values.some((v) => v.norm === n)) return st;
  return { ...st, bareCount: n };
}

/** Words that say when or that it still holds, not what is counted ("final numbers" does name what: a headcount). */
const NOT_THING = new Set(["now", "today", "still"]);

/** How many of the newer sentence's words name the older count's thing. */
function namesThing(v: StatedValue, words: readonly string[]): number {
  return words.filter((w) => !NOT_THING.has(w) && v.context.includes(w)).length;
}

/** Updates from bare counts, each to the earlier count of the same thing (named by the most words, the latest of equals) with another number. */
export function bareCountUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const count = typeof n.st.bareCount === "string" ? n.st.bareCount : null;
    if (count === null || n.st.asks === true || n.st.mark?.key === "still-true") continue;
    const words = [...new Set(n.st.words)];
    // The count whose thing the sentence names most; the latest of equals.
    let latest: { o: PlacedStatement; slot: string; named: number } | undefined;
    for (const o of all) {
      if (o.order >= n.order || o.st.asks === true || o.st.mark?.key === "still-true") continue;
      const counts = o.st.values.filter((v) => v.type === "count" && v.former !== true);
      if (counts.some((v) => v.norm === count)) continue;
      for (const v of counts) {
        const named = namesThing(v, words);
        if (named < 2 || (latest && (named < latest.named || (named === latest.named && o.order <= latest.o.order)))) continue;
        latest = { o, named, slot: [v.unit, ...words.filter((w) => v.context.includes(w))].join(" ") };
      }
    }
    if (latest) out.push({ older: latest.o.id, newer: n.id, kind: "update", slot: latest.slot, by: "guess", strength: 1, rule: "bare-count" });
  }
  return out;
}


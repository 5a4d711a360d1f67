/**
 * A value said as what holds "these days" or "nowadays": "pickup's 4:15 these days". No change
 * word, and the sentence names its thing by one word (the subject), so the slot rule, which wants
 * two words of what a value is about, sees an added fact. But "these days" says the value is
 * the one that holds now, against what held before: it replaces the latest earlier statement
 * giving a value of the same kind (a time, an amount, a count of the same thing) right next to
 * that word ("School pickup for the twins: 3:20pm"), unless it already says the new value. Pure.
 */
import type { Statement } from "./statements.js";
import { slotKey, type Link, type PlacedStatement } from "./supersede.js";

const NOWADAYS = /\b(?:these days|nowadays)\b/i;
/** "these days" leaves "day" among the words next to the value: it says when, not what. */
const WHEN_WORDS = new Set(["day", "nowaday"]);

/** A statement that gives its values as what holds these days (read when it is stored). */
export function withNowadays<T extends Statement>(st: T): T {
  return NOWADAYS.test(st.text) && st.values.length > 0 ? { ...st, nowadays: true } : st;
}

export function nowadaysUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.nowadays !== true || n.st.asks === true || n.st.mark?.key === "still-true") continue;
    for (const vn of n.st.values) {
      if (vn.former === true) continue;
      const what = vn.near.filter((w) => !WHEN_WORDS.has(w));
      const fits = (o: PlacedStatement) =>
        o.order < n.order && o.st.mark?.key !== "still-true" && o.st.asks !== true &&
        o.st.values.some((vo) => slotKey(vo) === slotKey(vn) && vo.norm !== vn.norm && vo.near.some((w) => what.includes(w))) &&
        !o.st.values.some((vo) => slotKey(vo) === slotKey(vn) && vo.norm === vn.norm);
      const latest = all.filter(fits).sort((a, b) => b.order - a.order)[0];
      if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: what.filter((w) => latest.st.words.includes(w)).join(" "), by: "guess", strength: 1, rule: "slot" });
    }
  }
  return out;
}

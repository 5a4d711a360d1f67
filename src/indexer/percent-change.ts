/**
 * An amount changed by a share of it: "my word rate goes up 10% from 1 October", "the service
 * charge rises 4%", "the gym cut its fee by 20%". The sentence names no new amount, only a
 * percentage, which the slot rule never pairs with an amount (a share and a price are two kinds
 * of value). Said as a rise or a cut of the thing, it replaces the latest earlier amount of that
 * thing: a statement with a money value next to which stand two words the newer one says
 * (besides the words of rising and of when). "up to 20%" is a share
 * given, not a change by one; a sentence that gives its own new amount is left to the slot rule.
 * Pure.
 */
import { contentWords, MONTHS, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";
import { weekdayOf } from "./taken-back.js";

/**
 * "goes up 10%", "rises by 4%", "is cut by 20 %": a verb of rising or falling said of the thing.
 * Not "a 20% increase in endorsements" (a figure of growth, no amount of the person's).
 */
const BY_SHARE = /([^,;:.!?]{0,60}?)\b(?:goes up|go up|going up|went up|gone up|goes down|went down|is going up|rise[sn]?|rose|increases|increased|decreases|decreased|is cut|was cut|cut)\s+(?:by\s+)?\d+(?:\.\d+)?\s?(?:%|per ?cent)/i;

/** The pattern's own tail, which every match holds: a sentence without it is not tried with the whole pattern (its open start is tried at every character). */
const BY_SHARE_TAIL = /\d+(?:\.\d+)?\s?(?:%|per ?cent)/i;

/** Words of rising or falling, and of its being said: not what rose. */
const RISE_WORDS = new Set(contentWords("up down rise rises risen rising rose increase increases increased increasing decrease decreased cut raised lowered reduced drop drops dropped fall falls fell fallen goes go going went more less higher lower confirmed said"));
const isOther = (w: string) => RISE_WORDS.has(w) || weekdayOf(w) !== null || MONTHS.includes(w.slice(0, 3));

/** A statement changing an amount by a share, marked for the linker (as it was, when it does not, asks, or gives its own new amount). */
export function withShareChange<T extends Statement>(st: T): T {
  const m = BY_SHARE_TAIL.test(st.text) ? BY_SHARE.exec(st.text) : null;
  if (!m || st.asks === true || st.values.some((v) => v.type === "money")) return st;
  // What rose: the last few words of its clause before the verb ("my word rate", "the hourly court fee").
  const what = contentWords(m[1]!).filter((w) => !isOther(w)).slice(-4);
  return what.length === 0 ? st : { ...st, byShare: what, change: true };
}

/** Updates: each change by a share from the latest earlier amount of its thing. */
export function shareChangeUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const what = Array.isArray(n.st.byShare) ? n.st.byShare : [];
    if (what.length === 0 || n.st.mark?.key === "still-true") continue;
    const words = new Set(n.st.words.filter((w) => !isOther(w)));
    // What the amount is of: two words next to it that the newer says, one of them naming what rose.
    const amountOf = (o: PlacedStatement) => o.st.byShare === undefined && o.st.values.some((v) => v.type === "money" && v.near.filter((w) => words.has(w)).length >= 2 && v.near.some((w) => what.includes(w)));
    const latest = latestBefore(all, n, amountOf);
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: latest.st.words.filter((w) => words.has(w)).join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

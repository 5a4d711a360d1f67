/**
 * An amount changed by a share of it: "my word rate goes up 10% from 1 October", "the service
 * charge rises 4%", "the gym cut its fee by 20%". The sentence names no new amount, only a
 * percentage, which the slot rule never pairs with an amount (a share and a price are two kinds
 * of value). Said as a rise or a cut of the thing, it replaces the latest earlier amount of that
 * thing: a statement with a money value, next to which stands a word the newer one says, and
 * sharing two words with it besides the words of rising and of when. "up to 20%" is a share
 * given, not a change by one; a sentence that gives its own new amount is left to the slot rule.
 * Pure.
 */
import { contentWords, MONTHS, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";
import { weekdayOf } from "./taken-back.js";

/** "goes up 10%", "rises by 4%", "cut by 20 %", "a 10% rise", "10% more". */
const BY_SHARE = /\b(?:up|down|rise[sn]?|rising|rose|increase[sd]?|increasing|decrease[sd]?|cut|raised|lowered|reduced|drops?|dropped|falls?|fell|fallen)\s+(?:by\s+)?\d+(?:\.\d+)?\s?(?:%|per ?cent)|\b\d+(?:\.\d+)?\s?(?:%|per ?cent)\s+(?:rise|increase|cut|reduction|more|less|higher|lower)\b/i;

/** Words of rising or falling, and of its being said: not what rose. */
const RISE_WORDS = new Set(contentWords("up down rise rises risen rising rose increase increases increased increasing decrease decreased cut raised lowered reduced drop drops dropped fall falls fell fallen goes go going went more less higher lower confirmed said"));
const isOther = (w: string) => RISE_WORDS.has(w) || weekdayOf(w) !== null || MONTHS.includes(w.slice(0, 3));

/** A statement changing an amount by a share, marked for the linker (as it was, when it does not, asks, or gives its own new amount). */
export function withShareChange<T extends Statement>(st: T): T {
  if (st.asks === true || !BY_SHARE.test(st.text) || st.values.some((v) => v.type === "money")) return st;
  return { ...st, byShare: true, change: true };
}

/** Updates: each change by a share from the latest earlier amount of its thing. */
export function shareChangeUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.byShare !== true || n.st.mark?.key === "still-true") continue;
    const words = new Set(n.st.words.filter((w) => !isOther(w)));
    const amountOf = (o: PlacedStatement) => o.st.byShare !== true && o.st.values.some((v) => v.type === "money" && v.near.some((w) => words.has(w))) && o.st.words.filter((w) => words.has(w)).length >= 2;
    const latest = latestBefore(all, n, amountOf);
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: latest.st.words.filter((w) => words.has(w)).join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

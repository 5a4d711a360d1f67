/**
 * A quote replaced by what was taken: "Home insurance quote from Aviva: £420", later "Home
 * insurance sorted with LV, £389 for the year". No word says the amount changed, and no word sits
 * next to both amounts; but a quote is an offer, and once the thing is settled (sorted, signed,
 * paid, taken out) its price is what was taken, from whichever seller.
 *
 * Linked when the older statement names a quote and an amount, the newer names an amount, a word
 * of settling and no quote (two quotes side by side are both current), the two share at least two
 * words besides those and a period's (what is insured or bought), and the amounts differ.
 *
 * Pure: stored statements in (linking reads no text), links out.
 */
import type { Statement } from "./statements.js";
import { contentWords } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { onOtherBases } from "./vat-basis.js";

const QUOTE = new Set(contentWords("quote quotes quoted"));
const SETTLED = new Set(contentWords("sorted signed took taken paid chose settled bought"));
/** Words of how often a price is paid: "£420 a year" and "£389 for the year" share no thing by them. */
const PERIODS = new Set(contentWords("year yearly annual annually month monthly week weekly day daily"));
/** Shared words that say what was quoted: two at least, so "insurance" alone (car or home?) is not enough. */
const MIN_SHARED = 2;

const amounts = (st: Statement): string[] => st.values.filter((v) => v.type === "money" && v.former !== true).map((v) => v.norm);

/** Updates: a settled amount replacing the latest earlier quote of the same thing. */
export function quoteTakenUpdates(all: readonly PlacedStatement[]): Link[] {
  const quotes = all.filter((p) => p.st.asks !== true && p.st.mark?.key !== "still-true" && amounts(p.st).length > 0 && p.st.words.some((w) => QUOTE.has(w)));
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.asks === true || amounts(n.st).length === 0 || n.st.words.some((w) => QUOTE.has(w)) || !n.st.words.some((w) => SETTLED.has(w))) continue;
    const o = quotes
      // A price paid with VAT against a quote without it (or the other way) is the quote on another basis, no other price.
      .filter((q) => q.order < n.order && !amounts(q.st).some((a) => amounts(n.st).includes(a)) && !onOtherBases(q.st, n.st))
      .map((q) => ({ q, shared: q.st.words.filter((w) => n.st.words.includes(w) && !SETTLED.has(w) && !PERIODS.has(w)) }))
      .filter((x) => x.shared.length >= MIN_SHARED)
      .sort((a, b) => b.q.order - a.q.order)[0];
    if (o) out.push({ older: o.q.id, newer: n.id, kind: "update", slot: o.shared.join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

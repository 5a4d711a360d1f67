/**
 * A "no" to a value the assistant proposed, not to one the person gave: "I'll set the large
 * box to £25 in prices.json. OK?" – "no, £24 not 25". The value said no to was only ever the
 * assistant's, so no statement of the person's holds it (replies.ts finds none to replace); what
 * the reply changes is the thing the proposal was setting, named by the assistant's words before
 * the proposed value ("set the large box to"). The reply replaces the person's latest earlier
 * statement giving that thing a value (sharing two of those words, holding a figure, not already
 * the new one), and the earlier ones that gave it the same value (a figure said again in a
 * standing file and in a turn); of these, the plain sayings of the value when there are any, not
 * a sentence asking for the change ("needs to go up from £22"), which tells of the change. Pure.
 */
import { contentWords } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";

/** At most this many earlier statements of the one value a reply replaces. */
const MAX_SAME_VALUE = 3;

/** The content words of the assistant's sentence before the figure proposed ("I'll set the large box to £25 …" → set, larg, box). */
export function proposedThing(sentence: string, was: readonly string[]): string[] {
  const at = Math.min(...was.map((f) => sentence.replace(/,/g, "").search(new RegExp(`(?<![\\d.])${f.replace(/\./g, "\\.")}(?![\\d])`))).filter((i) => i >= 0));
  return Number.isFinite(at) ? [...new Set(contentWords(sentence.replace(/,/g, "").slice(0, at)))] : [];
}

/** The person's statements a reply to the assistant's own proposal replaces. */
export function proposalReplyUpdates(earlier: readonly PlacedStatement[], n: PlacedStatement): Link[] {
  const r = n.st.reply;
  const what = r?.what ?? [];
  if (!r || what.length < 2) return [];
  const gave = earlier
    .filter((o) => (o.st.figures ?? []).length > 0 && !(o.st.figures ?? []).includes(r.now) && what.filter((w) => o.st.words.includes(w)).length >= 2)
    .sort((a, b) => b.order - a.order);
  const latest = gave[0];
  if (!latest) return [];
  // The value the thing had: a figure the latest gave; earlier statements of that same figure held it too.
  const had = new Set(latest.st.figures);
  const same = gave.filter((o) => (o.st.figures ?? []).some((f) => had.has(f)));
  // "the large box needs to go up from £22" tells of the change asked for, not the value held: a plain saying of it is the one replaced.
  const plain = same.filter((o) => !o.st.change);
  return (plain.length > 0 ? plain : same).slice(0, MAX_SAME_VALUE).map((o) => ({ older: o.id, newer: n.id, kind: "update", slot: what.filter((w) => o.st.words.includes(w)).join(" "), by: "guess", strength: 1, rule: "reply" }));
}

/**
 * A thing switched to another ("Switched the meat order to Swannington Farm", "swapped the
 * broadband over to Zen") replaces what was said of that thing before ("Meat from Archer's
 * butchers in Blofield"): the verb's object names the thing, as "cut talks to 12" names what
 * was cut (set-to.ts). Conservative: every word of the object in the older sentence, one more
 * word shared besides (the old supplier named again, the place) or the older line keyed by the
 * object alone ("Meat supplier: Archer's"), the latest such sentence
 * only, and only said as done (past tense: "switch the footer to" asks for it). Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** "switched|swapped|changed (over) <up to three words> (over) to": the words between. */
const SWITCHED = /\b(?:switched|swapped|changed over)\s+((?:[\p{L}'’-]+\s+){1,3}?)(?:over\s+)?to\b/iu;

/** A pronoun as the object ("switched him to apixaban") says whose thing was switched, not which: no thing of its own. */
const PRONOUNS = new Set(["him", "her", "hers", "his", "them", "it", "me", "us"]);

/** The words of what a sentence says was switched to another; none when it says no such thing. */
export function switchedWhat(sentence: string): string[] {
  const m = SWITCHED.exec(sentence);
  return m ? contentWords(m[1]!).filter((w) => !PRONOUNS.has(w)) : [];
}

/** An older line keyed by the switched thing itself ("Dad's prescriptions: Boots on …"): it says that thing's arrangement, no other word needed. */
const keyedBy = (o: PlacedStatement, what: readonly string[]): boolean => {
  const key = o.st.keyValue?.key;
  return Array.isArray(key) && key.length === what.length && what.every((w) => key.includes(w));
};

/** A statement with what it switched (as it was, when it switched nothing). */
export function withSwitched<T extends Statement>(st: T): T {
  const what = switchedWhat(st.text);
  return what.length === 0 ? st : { ...st, switched: what };
}

const VERBS = new Set(["switch", "swapp", "swap", "chang", "over"]);

/** Updates from switches, each to the latest earlier statement naming the switched thing and one more word of it. */
export function switchedUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const what = Array.isArray(n.st.switched) ? n.st.switched : [];
    if (what.length === 0 || n.st.asks === true || n.st.mark?.key === "still-true") continue;
    const others = new Set(n.st.words.filter((w) => !what.includes(w) && !VERBS.has(w)));
    // A sentence that speaks of switching too ("I'll switch to audiobooks in the evening") is the same news told before, not the old arrangement.
    const latest = latestBefore(all, n, (o) => !Array.isArray(o.st.switched) && !o.st.words.includes("switch") && what.every((w) => o.st.words.includes(w)) && (o.st.words.some((w) => others.has(w)) || keyedBy(o, what)));
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: what.join(" "), by: "guess", strength: 1, rule: "switched" });
  }
  return out;
}

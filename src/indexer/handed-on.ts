/**
 * A thing handed on because the one who did it is gone: "Helen's off on sabbatical from next
 * month so Dr Kwame Asante is taking over as my supervisor", "Jodie upstairs is doing Mochi now,
 * Mrs Bashir's away till August". The newer sentence names the old holder, so the role rule
 * (a holder still named is a holder added) sees nothing replaced; but it names them as gone
 * (off, away, left, retired, on leave) beside someone taking over ("taking over", "stepping
 * in", or a change word such as "now"). It replaces the latest earlier statement naming that
 * person that shares another word with it (what they did: "supervisor", "Mochi") and gives no
 * figure of theirs (a plot, a number: then the line is about the person, not only the role). Read when a
 * statement is stored (so linking reads no text); linked among the person's statements. Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** A capitalised name said gone: "Helen's off", "Mrs Bashir's away", "Tom has left", "Ann is retiring". */
const GONE = /\b([A-Z][\p{L}’'-]+?)(?:['’]s|\s+is|\s+has|\s+will be)?\s+(?:(?:now|just)\s+)?(?:off|away|gone|left|leaving|retir(?:ed|ing)|on\s+(?:[a-z]+\s+)?leave|on sabbatical|stepp(?:ed|ing) down|mov(?:ed|ing) away)\b/gu;
/** Someone else taking over what the gone one did. */
const TAKES_OVER = /\b(?:(?:takes|taking|taken|took) over|step(?:s|ping|ped)? in|cover(?:s|ing)? for)\b/i;
/** Capitalised words that are no one's name (a sentence's first word, a pronoun, a title). */
const NOT_NAMES = new Set(["she", "he", "they", "it", "we", "i", "you", "the", "this", "that", "mrs", "mr", "ms", "miss", "dr", "prof"]);
/** Words of being gone, of taking over, of when, and titles: not what the person did. */
const NOT_THE_THING = new Set(
  "off away gone left leav retir leave sabbatical stepp step down mov tak took taken taking over cover covering next month week year till until back first last now mrs miss prof january february march april may june july august september october november december".split(" "),
);

/** The person a sentence says is gone while another takes over; undefined when it says no such thing. */
export function goneHolder(text: string, change: boolean): string | undefined {
  if (!change && !TAKES_OVER.test(text)) return undefined;
  for (const m of text.matchAll(GONE)) {
    const name = contentWords(m[1]!)[0];
    if (name !== undefined && !NOT_NAMES.has(name)) return name;
  }
  return undefined;
}

/** A statement with the person it says is gone while another takes over (as it was, when none). */
export function withHandedOn<T extends Statement>(st: T): T {
  if (st.asks === true || st.negated) return st;
  const from = goneHolder(st.text, st.change);
  return from === undefined ? st : { ...st, handedOn: { from } };
}

/** Updates from things handed on, each to the latest earlier statement naming the gone person and what they did. */
export function handedOnUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const from = n.st.handedOn?.from;
    if (from === undefined || n.st.mark?.key === "still-true") continue;
    const thing = new Set(n.st.words.filter((w) => w !== from && !NOT_THE_THING.has(w)));
    let shared: string[] = [];
    const latest = latestBefore(all, n, (o) => {
      // A line giving the person's own figures ("Colin Beck, plot 14, looks after the trough") says more of them than what
      // was handed on: it stays, as a role rule keeps a holder still named.
      if (o.st.handedOn !== undefined || o.st.negated || !o.st.words.includes(from) || (o.st.figures ?? []).length > 0) return false;
      shared = o.st.words.filter((w) => thing.has(w));
      return shared.length > 0;
    });
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: [from, ...latest.st.words.filter((w) => thing.has(w))].join(" "), by: "guess", strength: 1, rule: "handed-on" });
  }
  return out;
}

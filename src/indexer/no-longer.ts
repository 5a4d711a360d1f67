/**
 * A thing given up by a later negation: "dad's not on warfarin any more, GP switched him to
 * apixaban", "no longer with Octopus", "not doing Pilates anymore". The earlier line named the
 * thing as what held ("Dad's blood thinner: warfarin, INR clinic every other Thursday") and has
 * no value the slot rules could compare; the later one names it only to say it is over. It
 * replaces the latest earlier statement naming that thing, said plainly (no denial of its own),
 * that shares another word with the newer sentence (whose it is: "dad"). Only with "any more"
 * or "no longer": a bare "not X" is as often a choice between two things as a change. Read when
 * a statement is stored (so linking reads no text). Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** Words between the negation and the thing: how one has it ("on", "taking", "with"), not what it is. */
const HOW = String.raw`(?:(?:on|at|with|in|using|taking|doing|going to|seeing|at the|with the|on the|in the)\s+)?(?:(?:the|a|an|my|his|her|their|our)\s+)?`;
/** "not on warfarin any more", "not doing Pilates anymore": the thing, then "any more" in the same clause. */
const NOT_ANY_MORE = new RegExp(String.raw`\bnot\s+${HOW}([\p{L}][\p{L}'’-]+)[^.;,!?]*?\bany ?more\b`, "giu");
/** "no longer on warfarin", "no longer with Octopus". */
const NO_LONGER = new RegExp(String.raw`\bno longer\s+(?:(?:is|are|goes|go|uses|use|takes|take)\s+)?${HOW}([\p{L}][\p{L}'’-]+)`, "giu");

/** The things a sentence says are over ("not on warfarin any more" → warfarin), as content words. */
export function givenUpThings(text: string): string[] {
  const found = [...text.matchAll(NOT_ANY_MORE), ...text.matchAll(NO_LONGER)].flatMap((m) => contentWords(m[1]!));
  return [...new Set(found)];
}

/** A statement with the things it says are over (as it was, when none). */
export function withNoLonger<T extends Statement>(st: T): T {
  if (st.asks === true) return st;
  const things = givenUpThings(st.text);
  return things.length === 0 ? st : { ...st, noLonger: things };
}

/** Updates from things given up, each to the latest earlier plain statement naming the thing and one more word of the newer sentence. */
export function noLongerUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const things = Array.isArray(n.st.noLonger) ? n.st.noLonger : [];
    if (things.length === 0 || n.st.mark?.key === "still-true") continue;
    for (const thing of things) {
      const others = new Set(n.st.words.filter((w) => w !== thing));
      // An earlier "not … any more" of the same thing is the same news told before, not what held.
      const latest = latestBefore(all, n, (o) => !o.st.negated && o.st.noLonger === undefined && o.st.words.includes(thing) && o.st.words.some((w) => others.has(w)));
      if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: [thing, ...latest.st.words.filter((w) => others.has(w))].join(" "), by: "guess", strength: 1, rule: "no-longer" });
    }
  }
  return out;
}

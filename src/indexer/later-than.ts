/**
 * A thing moved by a difference from what was arranged: "the boiler service is two days later
 * than booked", "the delivery's a week earlier than planned". The sentence names no new day and
 * no word of moving, yet says the arranged day no longer holds: it is announced as a move (the
 * announced-move rule links it to that thing's latest plan), and what moved is its subject, the
 * words of its clause before the difference. Pure.
 */
import { contentWords, type Statement } from "./statements.js";

/** "<subject> is/are/'s <n> days|weeks later|earlier than booked|planned|…". */
const LATER_THAN = /([^:;,.!?]{0,80}?)\b(?:is|are|was|were|'s|’s|will be|now)\s+(?:now\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:days?|weeks?|fortnights?)\s+(?:later|earlier|sooner)\s+than\s+(?:booked|planned|arranged|scheduled|agreed|expected|first said|we said|promised)\b/iu;

/**
 * The pattern's own tail, which every match holds: a sentence without it is not tried with the
 * whole pattern, whose open start is tried at every character.
 */
const LATER_THAN_TAIL = /\s+than\s+(?:booked|planned|arranged|scheduled|agreed|expected|first said|we said|promised)\b/iu;

/** The words naming what a sentence says is later or earlier than arranged; none when it says no such thing. */
export function laterThanWhat(sentence: string): string[] {
  if (!LATER_THAN_TAIL.test(sentence)) return [];
  const m = LATER_THAN.exec(sentence);
  return m ? contentWords(m[1]!).slice(-6) : [];
}

/** A statement saying a thing is later or earlier than arranged, announced as moved (as it was, when it says nothing of the kind or announces already). */
export function withLaterThan<T extends Statement>(st: T): T {
  if (st.announced === true || st.asks === true) return st;
  const what = laterThanWhat(st.text);
  return what.length === 0 ? st : { ...st, announced: true, moved: what, change: true };
}

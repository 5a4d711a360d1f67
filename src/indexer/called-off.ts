/**
 * A thing said to be off ("The Aylsham stall is off.", "Lisbon's off.") is called off, as
 * "cancelled" says it: an announced move with no new value, whose subject names what was
 * called off (the announced-move rule links it to that thing's latest plan). Only "off" ending
 * its clause: "the oven is off", "off to Leeds", "day off" and "off the menu" say no such thing
 * of a plan... except the first, which the announced-move rule still needs a planned day for
 * (an oven has none). Pure.
 */
import { contentWords, type Statement } from "./statements.js";

/** "<subject> is off." / "<subject>'s off," / "<subject> are all off": the subject before it. */
const IS_OFF = /^(.{0,80}?)\b(?:is|are|was|'s|’s)\s+(?:now\s+|all\s+|definitely\s+)?off\s*(?:[.,;:!)—–-]|$)/iu;

/** The words naming what a sentence says is off; none when it says no such thing. */
export function calledOffWhat(sentence: string): string[] {
  const m = IS_OFF.exec(sentence.trim());
  if (!m) return [];
  // "Lisbon's off": the possessive's "s" belongs to the verb, not the word.
  return contentWords(m[1]!.replace(/['’]$/u, "")).slice(-6);
}

/** A statement saying a thing is off, announced as called off (as it was, when it says nothing of the kind or announces already). */
export function withCalledOff<T extends Statement>(st: T): T {
  if (st.announced === true) return st;
  const what = calledOffWhat(st.text);
  return what.length === 0 ? st : { ...st, announced: true, moved: what, change: true };
}

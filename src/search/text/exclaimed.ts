/**
 * An exclamation that names a thing, as people head a line with it: "a letter - K's cataract
 * op! Wrexham Maelor, Thurs 5 June", "booked MRCP part 1!!! Thu 16 Aug, 9am". The sentence
 * after it says when the thing is, so a line's time counts for a word the exclamation names
 * (pipeline/time-stated.ts, the floor; dates/when.ts, the when factor).
 *
 * The exclamation's last clause (after a dash, colon or comma) names the word when it holds it
 * with no subject pronoun and no verb in the past, or holds it after its last such word, as
 * what the event was done to ("booked MRCP part 1!!!": the date is the exam's). The word
 * before the verb did it ("She and Jo booked the ferry!! Stena, Sat 15 April"): the date is the
 * ferry's, not Jo's, and the exclamation is a sentence of its own.
 */
import { isPastForm } from "../query/irregular.js";

const PRONOUNS = new Set(["i", "we", "you", "he", "she", "they", "it"]);

/** Whether `sentence` ends in an exclamation whose last clause names what `holds` looks for. */
export function namesByExclaiming(sentence: string, holds: (s: string) => boolean): boolean {
  if (!/!\s*$/.test(sentence)) return false;
  const clause = sentence.split(/\s[-–—]\s|[:;,]\s/).pop()!;
  const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
  const lastEvent = words.findLastIndex((w) => tellsEvent(w.toLowerCase()));
  return holds(words.slice(lastEvent + 1).join(" "));
}

function tellsEvent(w: string): boolean {
  return PRONOUNS.has(w) || isPastForm(w) || (w.length > 4 && w.endsWith("ed"));
}

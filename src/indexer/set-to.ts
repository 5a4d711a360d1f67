/**
 * A value set to a new amount by a verb of changing its size: "the organisers cut talks to 12
 * minutes", "they capped the group at 8". The verb's object names the thing whose amount changed
 * (set-to-links.ts links it to that thing's latest amount); the sentence's other words are not
 * loosened by it, since a long sentence holds other amounts of other things. Pure.
 */

/** Verbs that give a thing a new size; "cut" and "capped" only with the "to"/"at" and a number after (a cut finger is no change). */
const SIZE_VERBS = "cut|cuts|trimmed|shortened|lengthened|extended|capped|halved|doubled|raised|lowered|reduced|dropped|upped|bumped|knocked down";

/** A number-ish value right after: a digit, a currency sign, or a number word. */
const NUMBER_AFTER = "(?=[$€£]?\\d|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety)\\b)";

/** The verb, up to three words of what was changed ("cut talks", "cut the slots for speakers"), then "to"/"at" and a number: the words between are what was set. */
const SET_WHAT = new RegExp(`\\b(?:${SIZE_VERBS})\\b((?:\\s+[\\p{L}'’-]+){0,3}?)\\s+(?:to|at|down to|back to)\\s+${NUMBER_AFTER}`, "iu");

/** The words naming what a sentence sets to a new amount, as `words` reads them ("cut talks to 12" → ["talk"]); none when it sets nothing or names nothing. */
export function setWhat(sentence: string, words: (t: string) => string[]): string[] {
  const m = SET_WHAT.exec(sentence);
  return m ? words(m[1] ?? "") : [];
}

/**
 * A past tense typed without its "e": "when is the oven being deliverd", "has the parcel arrivd",
 * "who orderd the flour". People typing fast drop the unstressed vowel of "-ed"; the word is in
 * no note, and it is too far from the notes' stem ("deliverd" against deliv, what the stemmer
 * makes of "delivered" and "deliver") for the nearest-term search (typos.ts) to find it by
 * letters alone. Its "-ed" spelling, stemmed as the index stems it, is compared instead.
 *
 * Only a word ending in a consonant and "d" (a real "-ed" is already the stemmer's), with at
 * least PAST_MIN letters before the "d": "bird", "card" or "hard" are words of the English list,
 * which typos.ts never respells anyway.
 */

/** Letters before the final "d", at least. */
const PAST_MIN = 4;

/** The "-ed" spelling of a past tense typed without its "e" ("deliverd" → "delivered"), or null. */
export function pastSpelling(word: string): string | null {
  const m = /^(\p{Ll}+[b-df-hj-np-tv-z])d$/u.exec(word);
  return m && m[1]!.length >= PAST_MIN && !m[1]!.endsWith("d") ? `${m[1]}ed` : null;
}

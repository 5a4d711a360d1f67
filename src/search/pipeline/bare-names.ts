/**
 * A name typed in lower case on its own, not as a possessive: "when did kez get stung", "what
 * did clive say about the rewire". The capital that marks a name in a question (distinctive.ts)
 * is not there, yet the notes write the word only as a name ("Kez late again", "rang Clive").
 * Such a word names who the question is about, as a possessive typed bare does
 * (typed-names.ts): a note on my own sting is no answer about Kez's, and a note naming Clive in
 * one line and the rewire in another says nothing of what Clive said about it.
 *
 * The test of "only as a name" is the possessive's (writtenAsName): capitalised at least once
 * where no sentence starts, never in lower case. A word of the question that is already a
 * possessive typed bare is left to that rule.
 */

/** A bare name at least this long: a two-letter word ("jo", "ed") is too often something else's clipping. */
const MIN_NAME = 3;

/** The words of a question typed in lower case that the notes write only as a name. */
export function typedBareNames(query: string, asked: ReadonlySet<string>, possessives: ReadonlySet<string>, isName: (word: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const m of query.matchAll(/(?<![\p{L}\p{N}'’])\p{Ll}+(?![\p{L}\p{N}'’])/gu)) {
    const word = m[0];
    if (word.length < MIN_NAME || !asked.has(word) || possessives.has(word) || out.has(word)) continue;
    if (isName(word)) out.add(word);
  }
  return out;
}

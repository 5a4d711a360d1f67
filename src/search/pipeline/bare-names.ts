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
 *
 * Only the question's subject, the word right after its opening words ("when did kez …", "what
 * did clive …"): a name elsewhere is as often a place or a boat the question asks about ("diesel
 * at ellesmere", "overnight up the helford", "when does curlew go back in"), and a place is no
 * owner; every such question of the earlier newcomer sets lost its answer when all were read so.
 */
import { subjectStart } from "./distinctive.js";

/** A bare name at least this long: a two-letter word ("jo", "ed") is too often something else's clipping. */
const MIN_NAME = 3;

/**
 * The word right after the question's subject: its verb ("what does alice drink"). A note tells
 * what someone does in its own verbs ("Alice prefers green tea"), so the name alone still
 * answers when that verb is all the question asks besides (typed-names.ts, ownerAlone); the
 * dream's check for a fact already proposed searches so.
 */
export function verbAfterSubject(query: string): string | null {
  const start = subjectStart(query);
  if (start < 0) return null;
  return /^\p{Ll}+[ \t]+(\p{Ll}+)(?![\p{L}\p{N}'’])/u.exec(query.slice(start))?.[1] ?? null;
}

/** The question's subject when it is typed in lower case and the notes write it only as a name. */
export function typedBareNames(query: string, asked: ReadonlySet<string>, possessives: ReadonlySet<string>, isName: (word: string) => boolean): Set<string> {
  const start = subjectStart(query);
  if (start < 0) return new Set();
  const word = /^\p{Ll}+(?![\p{L}\p{N}'’])/u.exec(query.slice(start))?.[0];
  if (word === undefined || word.length < MIN_NAME || !asked.has(word) || possessives.has(word)) return new Set();
  return isName(word) ? new Set([word]) : new Set();
}

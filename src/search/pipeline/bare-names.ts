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

/**
 * Titles the notes capitalise before a name ("Mrs Patel", "Dr Adeyemi", "Rev Clare", "St
 * Mary's"): typed before a bare name, the title and the name are one subject ("what did rev
 * clare say"), and the title alone is no name.
 */
export const TITLES: ReadonlySet<string> = new Set("mr mrs ms mx dr st mt fr sr jr rev revd prof".split(" "));

/** The question's words from its subject on, a title before it skipped: "rev clare say …" → the title, then "clare say …". */
function afterTitle(query: string, start: number): { title: string | null; rest: string } {
  const rest = query.slice(start);
  const title = /^(\p{Ll}+)\.?[ \t]+(?=\p{Ll})/u.exec(rest);
  return title && TITLES.has(title[1]!) ? { title: title[1]!, rest: rest.slice(title[0].length) } : { title: null, rest };
}

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
  return /^\p{Ll}+[ \t]+(\p{Ll}+)(?![\p{L}\p{N}'’])/u.exec(afterTitle(query, start).rest)?.[1] ?? null;
}

/**
 * The question's subject when it is typed in lower case and the notes write it only as a name;
 * with the title typed before it, when the question asks that word too ("rev clare").
 */
export function typedBareNames(query: string, asked: ReadonlySet<string>, possessives: ReadonlySet<string>, isName: (word: string) => boolean): Set<string> {
  const start = subjectStart(query);
  if (start < 0) return new Set();
  const { title, rest } = afterTitle(query, start);
  const word = /^\p{Ll}+(?![\p{L}\p{N}'’])/u.exec(rest)?.[0];
  if (word === undefined || word.length < MIN_NAME || !asked.has(word) || possessives.has(word) || !isName(word)) return new Set();
  return new Set(title !== null && asked.has(title) ? [title, word] : [word]);
}

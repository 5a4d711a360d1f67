/**
 * A word the question uses inside a compound, found in a result only inside another compound,
 * is not the question's word: "the wifi password at the sailing club" is not answered by the
 * "Book club" line. In an English noun compound the last word is the head and the word before
 * it narrows it down, so "book club" and "sailing club" name two different things that share
 * a head. The floor's subject test (distinctive.ts) counts such a head as missing from the
 * result, like a word no note contains: a question already partly about words no note has
 * ("wifi", "password") is then about something never written down. Counted only there, not
 * removed from the result's words: an adjective before a head is often a paraphrase ("a
 * not-so-great experience" for "a negative experience", LoCoMo), and a title before a name
 * another way of naming the same person ("advisor Danielle" for "Professor Danielle", BEAM).
 *
 * Only when the question's modifier is itself a distinctive word some note has and the result
 * lacks (not a question word: "whose birthday"), the head
 * is no name, and every occurrence of the head in the result stands right after another word
 * that is no function word ("Book club", "travel-insurance"): a head alone ("the club", "Club
 * night") or after the question's own modifier still counts. A question that asks which kind
 * of thing ("what kind of fiction stories") asks for the modifier: no compound there. A
 * modifier that reads as an adjective or an ordinal is none either (adjectiveLike). A name
 * is a modifier when it owns the head ("Derek's birthday" is not "Isla's birthday"), not
 * when it is the subject of a verb ("did Melanie celebrate"). Pure: the query, the result's
 * text and its matched terms in.
 */
import { STOP_WORDS } from "../query/stopwords.js";

/** A pair of adjacent question words: the modifier, then the head it narrows down. */
export interface Compound {
  modifier: string;
  head: string;
}

/** The question's words, lower-cased, a possessive taken off ("Derek's" → derek), and which were possessives. */
function queryWords(query: string): { word: string; possessive: boolean }[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => ({ word: w.replace(/['’]s$/, "").replace(/['’]/g, ""), possessive: /['’]s$/.test(w) }));
}

/**
 * A modifier that reads as an adjective or an ordinal: a quality is often said in other words
 * ("a not-so-great experience" for "a negative experience", "her 2nd puppy" for "her second
 * puppy"), so another word before the head is no sign of another thing. By the suffixes
 * English adjectives are made with, and the commonest short ones. A noun read as one
 * ("festival", "hospital") only makes the test apply less.
 */
function adjectiveLike(word: string): boolean {
  return ADJECTIVE_SUFFIX.test(word) || COMMON_ADJECTIVES.has(word);
}

const ADJECTIVE_SUFFIX = /(?:ive|al|ous|ful|ic|ical|able|ible|less|ish|ary|ory|ant|ent|ed|est|er|ern|ly|th|nd|rd|st)$/;
const COMMON_ADJECTIVES = new Set(
  "new old big small little large great good bad best worst first second third next last other own same different main whole full real long short high low early late young free open hard easy nice fine top fast slow cheap dear hot cold warm cool wet dry dark light red blue green black white grey gray pink brown yellow orange purple".split(" "),
);

/**
 * The compounds of the question among its distinctive terms: a distinctive word right after
 * another one ("sailing club", "boat insurance", "derek birthday").
 */
export function queryCompounds(query: string, distinctive: ReadonlySet<string>, names: ReadonlySet<string> = NONE, absent: ReadonlySet<string> = NONE): Compound[] {
  const words = queryWords(query);
  const out: Compound[] = [];
  for (let i = 1; i < words.length; i++) {
    const { word: modifier, possessive } = words[i - 1]!;
    const head = words[i]!.word;
    if (modifier === head || !distinctive.has(modifier) || !distinctive.has(head) || names.has(head)) continue;
    // A modifier no note has is no sign the notes' other one names another thing ("whose birthday").
    if (absent.has(modifier) || QUESTION_WORDS.has(modifier)) continue;
    // A name before a word is its subject ("did Melanie celebrate"), unless it owns it ("Derek's birthday").
    if (names.has(modifier) ? !possessive : adjectiveLike(modifier)) continue;
    if (i >= 3 && words[i - 2]!.word === "of" && KIND.has(words[i - 3]!.word)) continue;
    out.push({ modifier, head });
  }
  return out;
}

const QUESTION_WORDS = new Set(["what", "which", "whose", "who", "whom", "how", "where", "when", "why"]);

/** "what kind of …", "which type of …": the question asks for the modifier. */
const KIND = new Set(["kind", "kinds", "type", "types", "sort", "sorts", "genre", "genres", "variety", "brand", "make"]);

/** Text matching by the first letters, as snippets do: a word and its inflections ("club", "clubs"). */
function prefixOf(word: string): string {
  return word.slice(0, Math.max(4, Math.min(word.length, 6)));
}

function sameWord(textWord: string, word: string): boolean {
  const p = prefixOf(word);
  return word.length < 4 ? textWord === word : textWord.startsWith(p) && textWord.length <= word.length + 3;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’]*/gu;

/**
 * Whether the text holds the head only under modifiers other than the question's: at least
 * one occurrence, and each right after (a space or a hyphen between) a word of letters that is
 * no function word and not the question's modifier.
 */
export function onlyUnderOtherModifiers(text: string, c: Compound): boolean {
  return headOnlyAfter(text, c.head, (prev) => {
    const word = prev.toLowerCase();
    return /^\p{L}+$/u.test(word) && !STOP_WORDS.has(word) && !sameWord(word, c.modifier);
  });
}

/**
 * Whether the text holds the head at least once and each time right after (a space or a hyphen
 * between) a word, as written and without a possessive, that `other` accepts.
 */
export function headOnlyAfter(text: string, head: string, other: (prev: string) => boolean): boolean {
  let seen = false;
  for (const line of text.split("\n")) {
    let prev: { word: string; end: number } | null = null;
    for (const m of line.matchAll(WORD)) {
      const word = m[0].replace(/['’][sS]$/, "");
      if (sameWord(word.toLowerCase(), head)) {
        seen = true;
        const joined = prev !== null && /^[ \t-]+$/.test(line.slice(prev.end, m.index));
        if (!joined || !other(prev!.word)) return false;
      }
      prev = { word, end: m.index + m[0].length };
    }
  }
  return seen;
}

/**
 * The heads the result holds only under other modifiers, when it lacks the question's
 * modifier. The terms are the index's (stemmed forms found by FTS); the text decides only
 * whether each occurrence of a head stands in another compound.
 */
export function otherCompoundHeads(matched: readonly string[], text: string, compounds: readonly Compound[]): ReadonlySet<string> {
  if (compounds.length === 0) return NONE;
  const has = new Set(matched);
  return new Set(compounds.filter((c) => has.has(c.head) && !has.has(c.modifier) && onlyUnderOtherModifiers(text, c)).map((c) => c.head));
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A word the question uses inside a compound, found in a result only inside another compound,
 * is not the question's word: "the wifi password at the sailing club" is not answered by the
 * "Book club" line, nor "the car insurance" by "travel insurance". In an English noun compound
 * the last word is the head and the word before it narrows it down, so "book club" and
 * "sailing club" name two different things that share a head. The floor's subject test
 * (distinctive.ts) reads a result's matched words without such a head, so a result that holds
 * nothing else of the question is no evidence by its words.
 *
 * Only when the question's modifier is itself a distinctive word the result lacks, and every
 * occurrence of the head in the result stands right after another word that is no function
 * word ("Book club", "travel-insurance"): a head alone ("the club", "Club night") or after
 * the question's own modifier still counts. Names are modifiers too ("Derek's birthday" is
 * not "Isla's birthday"). Pure: the query, the result's text and its matched terms in.
 */
import { STOP_WORDS } from "../query/stopwords.js";

/** A pair of adjacent question words: the modifier, then the head it narrows down. */
export interface Compound {
  modifier: string;
  head: string;
}

/** The question's words, lower-cased, a possessive taken off ("Derek's" → derek). */
function queryWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
}

/**
 * The compounds of the question among its distinctive terms: a distinctive word right after
 * another one ("sailing club", "boat insurance", "derek birthday").
 */
export function queryCompounds(query: string, distinctive: ReadonlySet<string>): Compound[] {
  const words = queryWords(query);
  const out: Compound[] = [];
  for (let i = 1; i < words.length; i++) {
    const modifier = words[i - 1]!;
    const head = words[i]!;
    if (modifier !== head && distinctive.has(modifier) && distinctive.has(head)) out.push({ modifier, head });
  }
  return out;
}

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
  let seen = false;
  for (const line of text.toLowerCase().split("\n")) {
    let prev: { word: string; end: number } | null = null;
    for (const m of line.matchAll(WORD)) {
      const word = m[0].replace(/['’]s$/, "");
      if (sameWord(word, c.head)) {
        seen = true;
        const joined = prev !== null && /^[ \t-]+$/.test(line.slice(prev.end, m.index));
        const other = joined && /^\p{L}+$/u.test(prev!.word) && !STOP_WORDS.has(prev!.word) && !sameWord(prev!.word, c.modifier);
        if (!other) return false;
      }
      prev = { word, end: m.index + m[0].length };
    }
  }
  return seen;
}

/**
 * The result's matched terms without the heads it holds only under other modifiers, when it
 * lacks the question's modifier. The terms are the index's (stemmed forms found by FTS);
 * the text decides only whether each occurrence of a head stands in another compound.
 */
export function withoutOtherCompounds(matched: readonly string[], text: string, compounds: readonly Compound[]): readonly string[] {
  if (compounds.length === 0) return matched;
  const has = new Set(matched);
  const drop = new Set(compounds.filter((c) => has.has(c.head) && !has.has(c.modifier) && onlyUnderOtherModifiers(text, c)).map((c) => c.head));
  return drop.size === 0 ? matched : matched.filter((t) => !drop.has(t));
}

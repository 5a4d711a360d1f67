import { cjkBigrams } from "../store/fts-text.js";
import { STOP_WORDS } from "./stopwords.js";

export interface ParsedQuery {
  /** Lower-cased content words, in order, without duplicates. */
  terms: string[];
  /** CJK bigrams of the query, matched against the bigram column. */
  cjk: string[];
  /** FTS5 MATCH expression; empty when the query has nothing searchable. */
  match: string;
  /** True when the query had no content words and `terms` are its stop words. */
  stopWordsOnly: boolean;
  /** The FTS5 expression of one of `terms` (a quoted word, or a phrase for "e-mail"). */
  ftsOf: (term: string) => string;
}

// Words are runs of letters/digits, with inner apostrophes or hyphens ("don't", "e-mail").
const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A natural-language query → an OR of its content words. OR, not AND: a question shares
 * only some words with the note that answers it, and BM25 already ranks notes matching
 * more terms higher (AND measured nDCG@10 0.05 vs 0.68 on SciFact). Every term is quoted,
 * so user text can never be read as FTS5 syntax.
 */
export function parseQuery(q: string): ParsedQuery {
  const all: string[] = [];
  for (const m of q.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const w = stripPossessive(m[0].replace(/’/g, "'"));
    if (CJK_CHAR.test(w)) continue; // handled as bigrams
    all.push(w);
  }
  const content = all.filter((w) => !STOP_WORDS.has(w));
  // A query of only stop words ("who are you") still deserves an answer.
  const terms = dedupe(content.length > 0 ? content : all);
  const cjk = dedupe(cjkBigrams(q.normalize("NFKC")));
  const parts = [...terms.flatMap(ftsTerms), ...cjk.map((b) => `cjk:${quote(b)}`)];
  return {
    terms,
    cjk,
    match: dedupe(parts).join(" OR "),
    stopWordsOnly: content.length === 0 && all.length > 0,
    ftsOf: (t) => ftsTerms(t)[0]!,
  };
}

/**
 * "Caroline's" → "caroline": the possessive names the owner, and as the phrase "caroline s"
 * it would match only notes that write the possessive too, never "Caroline said" (on LoCoMo,
 * "What is Caroline's identity?" matched no line that names her). "it's", "let's" are stop
 * words and are looked up before this runs in their full form.
 */
function stripPossessive(word: string): string {
  if (STOP_WORDS.has(word)) return word;
  return /^[\p{L}\p{N}][\p{L}\p{N}'\-]*'s$/u.test(word) ? word.slice(0, -2) : word;
}

/**
 * unicode61 splits "don't" and "e-mail" into two tokens, so such a word becomes a phrase
 * of its parts, matching exactly what the tokenizer stored.
 */
function ftsTerms(word: string): string[] {
  const parts = word.split(/['\-]/).filter((p) => p !== "");
  if (parts.length <= 1) return [quote(word)];
  return [quote(parts.join(" "))];
}

function quote(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

function dedupe<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

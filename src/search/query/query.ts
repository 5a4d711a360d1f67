import { cjkBigrams } from "../../store/fts-text.js";
import { textForms, wordForms } from "./forms.js";
import { NON_EVIDENCE } from "./generic.js";
import { STOP_WORDS } from "./stopwords.js";
import { framesUpTo } from "./framing.js";

export interface ParsedQuery {
  /** Lower-cased content words, in order, without duplicates. */
  terms: string[];
  /** `terms` with the forms each stands for that text matching can look for (forms.ts textForms): what snippets match. */
  words: string[];
  /** CJK bigrams of the query, matched against the bigram column. */
  cjk: string[];
  /** FTS5 MATCH expression; empty when the query has nothing searchable. */
  match: string;
  /** True when the query had no content words and `terms` are its stop words. */
  stopWordsOnly: boolean;
  /**
   * The FTS5 expression of one of `terms`: a quoted word, a phrase for "e-mail", or for an
   * irregular verb or a word written several ways the OR of its forms ("go" → "go" OR "went" OR "gone"; forms.ts).
   */
  ftsOf: (term: string) => string;
  /** The words a term stands for: itself, and an irregular verb's other forms or the word's other spellings (forms.ts). */
  formsOf: (term: string) => string[];
  /** Phrases the query puts in double quotes, lower-cased: every result contains each of them. */
  phrases: string[];
  /** Words and phrases the query marks with a leading minus (-pizza, -"road trip"): no result contains any. */
  excluded: string[];
  /** FTS5 expression of each phrase, in the order of `phrases`. */
  phraseExprs: string[];
  /** FTS5 expression a result must match (the phrases, AND-ed); "" when there are none. */
  requiredExpr: string;
  /** FTS5 expression a result must not match (the exclusions, OR-ed); "" when there are none. */
  excludedExpr: string;
  /**
   * The phrases of `match` in the order FTS5 scores them, when `match` is only an OR of
   * them (no quoted phrase, no exclusion): each word, form or bigram, quoted. FTS5's bm25()
   * of `match` is then the sum of each phrase's own, which a warm host keeps (postings.ts).
   */
  orPhrases: string[];
}

// Words are runs of letters/digits, with inner apostrophes or hyphens ("don't", "e-mail").
const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Search syntax inside a query: a double-quoted phrase ("support group", or in curly quotes)
 * must appear, its words adjacent and in order (stemmed like every keyword, so "support
 * groups" finds "support group"), and a word or quoted phrase after a minus at the start of a word
 * (-pizza, -"road trip") must not appear. A lone or unbalanced quote is an ordinary character,
 * and a hyphen inside a word ("e-mail", "well-being") or before a digit ("-5") is no operator.
 */
const OPERATOR = /(^|\s)(-?)(?:"([^"]*)"|“([^”]*)”|(?<=(?:^|\s)-)([\p{L}][\p{L}\p{N}'’\-]*))/gu;

export interface QuerySyntax {
  /** The query with its operators taken out; a required phrase's words stay in as ordinary words. */
  text: string;
  phrases: string[][];
  excluded: string[][];
}

interface Operator {
  /** [start, end) in the text searched, without the whitespace before it. */
  start: number;
  end: number;
  excluded: boolean;
  /** The text inside the quotes (or the excluded word). */
  inner: string;
  /** Its words as the index tokenizes them; none for punctuation or CJK (matched by bigrams). */
  words: string[];
}

function operatorsIn(text: string): Operator[] {
  const out: Operator[] = [];
  for (const m of text.matchAll(OPERATOR)) {
    const inner = m[3] ?? m[4] ?? m[5] ?? "";
    out.push({ start: m.index + m[1]!.length, end: m.index + m[0].length, excluded: m[2] === "-", inner, words: wordsOf(inner) });
  }
  return out;
}

export function splitOperators(q: string, plainPhrases: ReadonlySet<string> = new Set(), literal = false): QuerySyntax {
  const phrases: string[][] = [];
  const excluded: string[][] = [];
  const normal = q.normalize("NFKC");
  // Literal text (an assistant's prompt): quote marks and minus signs are ordinary characters.
  if (literal) return { text: normal, phrases, excluded };
  let text = "";
  let pos = 0;
  for (const op of operatorsIn(normal)) {
    text += normal.slice(pos, op.start);
    pos = op.end;
    // An exclusion leaves nothing behind; a phrase's words stay in as ordinary words. Without
    // words the tokenizer would index, a phrase is ordinary text and an exclusion is dropped.
    if (!op.excluded) text += op.inner;
    if (op.words.length === 0) continue;
    if (op.excluded) excluded.push(op.words);
    else if (!plainPhrases.has(op.words.join(" "))) phrases.push(op.words);
  }
  return { text: text + normal.slice(pos), phrases, excluded };
}

/** [start, end) of each operator in the query, in order (for the date parser to skip them). */
export function operatorSpans(q: string): [number, number][] {
  return operatorsIn(q).filter((op) => op.words.length > 0).map((op) => [op.start, op.end]);
}

/** What the embedder should read: the query without its exclusions and quote marks. */
export function withoutOperators(q: string): string {
  const text = splitOperators(q).text.replace(/\s+/g, " ").trim();
  // Punctuation alone ('"', "-") means nothing to a sentence model either.
  return /[\p{L}\p{N}]/u.test(text) ? text : "";
}

/** Lower-cased words as FTS5's unicode61 tokenizer splits them ("e-mail" → e, mail); no CJK. */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    if (CJK_CHAR.test(m[0])) continue;
    out.push(...m[0].split(/['’\-]/).filter((p) => p !== ""));
  }
  return out;
}

/**
 * A natural-language query → an OR of its content words. OR, not AND: a question shares
 * only some words with the note that answers it, and BM25 already ranks notes matching
 * more terms higher (AND measured nDCG@10 0.05 vs 0.68 on SciFact). Every term is quoted,
 * so user text can never be read as FTS5 syntax. Quoted phrases and exclusions
 * (splitOperators) become constraints on the matches; they do not change the scores.
 * `plainPhrases` (as `phrases` spells them) are read as plain words, not as phrases;
 * `literal` reads the whole query as plain words (an assistant's prompt).
 */
export function parseQuery(
  query: string,
  plainPhrases?: ReadonlySet<string>,
  respelled?: ReadonlyMap<string, readonly string[]>,
  literal = false,
  also?: ReadonlyMap<string, readonly string[]>,
): ParsedQuery {
  const syntax = splitOperators(query, plainPhrases, literal);
  const q = syntax.text;
  const all: string[] = [];
  for (const m of q.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const w = stripPossessive(m[0].replace(/’/g, "'"));
    if (CJK_CHAR.test(w)) continue; // handled as bigrams
    all.push(w);
  }
  // Quantity, time and misspelled question words are no content either (generic.ts).
  // So is the verb of "what did I get up to" (framing.ts).
  const content = all.filter((w, i) => !STOP_WORDS.has(w) && !NON_EVIDENCE.has(w) && !framesUpTo(all, i));
  // A query of only stop words ("who are you") still deserves an answer.
  const terms = dedupe(content.length > 0 ? content : all);
  const cjk = dedupe(cjkBigrams(q.normalize("NFKC")));
  // A word no note contains stands for the indexed words nearest to it (typos.ts), besides itself.
  // A word the notes also write another way (pipeline/workspace-forms.ts) keeps its own forms besides.
  const formsOf = (t: string) => {
    const near = respelled?.get(t);
    if (near) return [t, ...near];
    const more = also?.get(t);
    return more ? dedupe([...wordForms(t), ...more]) : wordForms(t);
  };
  const ftsOf = (t: string) => {
    const forms = formsOf(t);
    return forms.length === 1 ? ftsTerm(t) : `(${forms.map(ftsTerm).join(" OR ")})`;
  };
  const phrasesOf = new Map<string, string[]>();
  for (const t of terms) phrasesOf.set(ftsOf(t), formsOf(t).map(ftsTerm));
  for (const b of cjk) phrasesOf.set(`cjk:${quote(b)}`, [`cjk:${quote(b)}`]);
  const parts = [...phrasesOf.keys()];
  const phrase = (words: string[]) => `{heading body} : ${quote(words.join(" "))}`;
  const phraseList = dedupe(syntax.phrases.map((w) => w.join(" ")));
  const phraseExprs = phraseList.map((p) => phrase(p.split(" ")));
  const requiredExpr = phraseExprs.join(" AND ");
  const excludedExpr = dedupe(syntax.excluded.map(phrase)).join(" OR ");
  let match = parts.join(" OR ");
  const orPhrases = requiredExpr === "" && excludedExpr === "" ? parts.flatMap((p) => phrasesOf.get(p)!) : [];
  if (match !== "" && requiredExpr !== "") match = `(${match}) AND ${requiredExpr}`;
  if (match !== "" && excludedExpr !== "") match = `(${match}) NOT (${excludedExpr})`;
  return {
    terms,
    words: dedupe(terms.flatMap((t) => (respelled?.has(t) ? formsOf(t) : [...textForms(t), ...(also?.get(t) ?? []).filter((f) => f.length >= 4 && !f.includes(" "))]))),
    cjk,
    match,
    stopWordsOnly: content.length === 0 && all.length > 0,
    ftsOf,
    formsOf,
    phrases: phraseList,
    phraseExprs,
    excluded: dedupe(syntax.excluded.map((w) => w.join(" "))),
    requiredExpr,
    excludedExpr,
    orPhrases,
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
function ftsTerm(word: string): string {
  const parts = word.split(/['\-]/).filter((p) => p !== "");
  return parts.length <= 1 ? quote(word) : quote(parts.join(" "));
}

function quote(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

function dedupe<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

/** A query word the notes hold, and the terms they also write it as (pipeline/workspace-forms.ts): "park" → "parkrun". */
export interface WorkspaceForm {
  word: string;
  terms: string[];
}

/** A query word no note contains, and the indexed terms searched for it (pipeline/typos.ts). */
export interface Respelling {
  word: string;
  /** The indexed terms searched for it (porter stems: "allerg"). */
  terms: string[];
  /** Each term as a word of the notes writes it ("allergic"): what is shown; the term itself when none is found. */
  shown?: string[];
}

/**
 * Typo tolerance: a query word that no note contains ("Okafr", "patelofemoral") searches the
 * indexed term nearest to it instead: edit distance (with transpositions) 1 for a word of
 * 5–7 letters, 2 for a longer one, over FTS5's own vocabulary (an fts5vocab table). The
 * vocabulary holds porter stems ("patellofemor"), so a stem is compared with the word, with
 * the word less up to 3 final letters (what the stemmer takes off), and with the word's own
 * stem (the index's tokenizer's: "alergy" → alergi, near allergi; "alergic" → alerg, near
 * allerg, where the stemmer rewrote or cut an ending no list here holds), or the stem of its
 * "-ed" spelling for a past tense typed without the "e" ("deliverd" → deliv, typed-past.ts). Only terms that
 * share the word's first letter are read: a typo in the first letter is rare, and the
 * vocabulary is read by a range of terms, not whole. Only a single nearest term is taken:
 * when several are equally near, the word is likelier a real word the notes lack than a
 * typo. Words with digits and words under 5 letters are left as written. Both limits were
 * measured: 4-letter words and up to 3 equally near terms made LoCoMo's no-answer queries
 * correctly empty 3.0 % instead of 4.3 %; with these, 3.9 %.
 */
import { readFileSync } from "node:fs";
import wordListPath from "word-list";
import type { DB } from "../../store/open.js";
import { sql } from "./sql.js";
import { ftsTokens } from "./fts-tokens.js";
import { pastSpelling } from "./typed-past.js";
import type { ParsedQuery, Respelling } from "../query/query.js";
import type { DocFrequencies } from "./evidence.js";

const MIN_LETTERS = 5;
const LONG_WORD = 8;
const MAX_STEM_CUT = 3;
/**
 * A question has a few words no note holds; a query with more is a pasted text, whose every
 * unknown word looked up held a daemon's other clients up (400 words: ~35 ms of CPU, over a
 * second of waiting on a loaded machine). Its first ones are looked up, the rest searched as written.
 */
export const MAX_RESPELLED = 24;

export function maxDistance(word: string): number {
  if (word.length < MIN_LETTERS) return 0;
  return word.length < LONG_WORD ? 1 : 2;
}

/** The respellings of the query's words that match nothing; none when every word matches. */
export function nearestTerms(db: DB, q: ParsedQuery, df: DocFrequencies): Respelling[] {
  if (q.stopWordsOnly) return [];
  const unmatched = unmatchedWords(q, df);
  if (unmatched.length === 0) return [];
  ensureVocab(db);
  // A pasted text brings hundreds of unmatched words, many with one first letter: its range of
  // the vocabulary is read once per search, not once per word.
  const ranges = new Map<string, VocabTerm[]>();
  const out: Respelling[] = [];
  for (const word of unmatched) {
    const terms = nearestOf(db, word, ranges);
    // Asked last: the list is read once, and only for a word that would be respelled.
    if (terms.length > 0 && !isEnglishWord(word)) out.push({ word, terms, shown: terms.map((t) => surfaceWord(db, t)) });
  }
  return out;
}

function unmatchedWords(q: ParsedQuery, df: DocFrequencies): string[] {
  const out: string[] = [];
  for (const t of q.terms) {
    if (out.length === MAX_RESPELLED) break;
    if (/^\p{L}+$/u.test(t) && maxDistance(t) > 0 && df.of(`{heading body} : ${q.ftsOf(t)}`) === 0) out.push(t);
  }
  return out;
}

let words: string | null = null;

/**
 * Whether the word is in the English word list (the npm package word-list: 274,000 words,
 * 2.8 MB, MIT; read once, on the first word no note contains). A real word the notes lack
 * ("plate" in "license plate") is what the user meant, and "correcting" it into a near
 * indexed word ("place") would answer a question never asked; names ("Okafr") and true
 * typos ("patelofemoral") are not in the list, and are still searched as their nearest terms.
 */
export function isEnglishWord(word: string): boolean {
  words ??= "\n" + readFileSync(wordListPath, "utf8");
  return words.includes(`\n${word}\n`);
}

/**
 * A word of the notes that an indexed term (a porter stem: "allerg") stands for, as written
 * ("allergic"): what `spelling:` shows. The first word of one chunk holding the term that
 * begins with the stem (or with it less a final "i", the stemmer's "y" → "i"); else the stem.
 */
function surfaceWord(db: DB, stem: string): string {
  // The index is contentless: the text is read from `chunks` by the matching rowid.
  const row = sql(db, "SELECT heading, text FROM chunks WHERE id = (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT 1)").get(`{heading body} : "${stem.replace(/"/g, '""')}"`) as
    | { heading: string; text: string }
    | undefined;
  if (!row) return stem;
  const prefix = stem.endsWith("i") ? stem.slice(0, -1) : stem;
  for (const m of `${row.heading} ${row.text}`.matchAll(/\p{L}+/gu)) {
    const w = m[0].toLowerCase();
    if (w.startsWith(prefix)) return w;
  }
  return stem;
}

function ensureVocab(db: DB): void {
  // A temporary table of this connection: nothing is added to the index's schema.
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_vocab USING fts5vocab(main, 'chunks_fts', 'row')");
}

interface VocabTerm {
  term: string;
  doc: number;
}

function vocabRange(db: DB, first: string, ranges: Map<string, VocabTerm[]>): VocabTerm[] {
  let rows = ranges.get(first);
  if (rows === undefined) {
    const next = String.fromCodePoint(first.codePointAt(0)! + 1);
    rows = sql(db, "SELECT term, doc FROM temp.chunks_vocab WHERE term >= ? AND term < ?").all(first, next) as VocabTerm[];
    ranges.set(first, rows);
  }
  return rows;
}

function nearestOf(db: DB, word: string, ranges: Map<string, VocabTerm[]>): string[] {
  const k = maxDistance(word);
  const rows = vocabRange(db, word[0]!, ranges);
  const letters = letterCounts(word);
  const cut = longestStemCut(word);
  const own = ownStem(word) ?? pastStem(word);
  const ownLetters = own === null ? null : letterCounts(own);
  let best = k + 1;
  let found: VocabTerm[] = [];
  for (const r of rows) {
    if (r.term.length < MIN_LETTERS || Math.abs(r.term.length - word.length) > k + MAX_STEM_CUT) continue;
    // Letters one string has and the other lacks bound every alignment from below (cutting an
    // ending removes at most `cut` of them): most terms are ruled out without the full table.
    if (letters !== null && bagDistance(letters, r.term) - cut > Math.min(k, best) && (own === null || (ownLetters !== null && bagDistance(ownLetters, r.term) > Math.min(k, best)))) continue;
    const d = Math.min(stemDistance(word, r.term, best), own === null ? best + 1 : editDistance(own, r.term, best));
    if (d > k) continue;
    if (d < best) {
      best = d;
      found = [r];
    } else if (d === best) found.push(r);
  }
  if (found.length === 1) return [found[0]!.term];
  // Equally near by a cut ending and by the stemmer's own stem ("alergy": alerg ~ allerg, alergi
  // ~ allergi): the stemmer's reading is the word's form ("allergy", not "allergic").
  const byOwn = own === null ? [] : found.filter((r) => editDistance(own, r.term, best) === best);
  if (byOwn.length === 1) return [byOwn[0]!.term];
  // Several terms equally near: the word is likelier a real word the notes lack than a typo.
  return [];
}

const A = 97;

/** How often each of a–z is in the word; null for a word with any other letter (then nothing is ruled out early). */
function letterCounts(word: string): Int8Array | null {
  const counts = new Int8Array(26);
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - A;
    if (c < 0 || c >= 26) return null;
    counts[c]!++;
  }
  return counts;
}

/** The bag distance of the counted word and `term`: a lower bound of their edit distance (transpositions keep the letters). */
const scratch = new Int8Array(26);

function bagDistance(counts: Int8Array, term: string): number {
  const diff = scratch;
  diff.set(counts);
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i) - A;
    if (c < 0 || c >= 26) return 0;
    diff[c]!--;
  }
  let extraWord = 0;
  let extraTerm = 0;
  for (let i = 0; i < 26; i++) {
    const d = diff[i]!;
    if (d > 0) extraWord += d;
    else extraTerm -= d;
  }
  return Math.max(extraWord, extraTerm);
}

/** The word as the index's tokenizer stems it, when that is one token other than the word; else null. */
function ownStem(word: string): string | null {
  const t = ftsTokens(`"${word}"`);
  return t === null || t === word || t.includes(" ") ? null : t;
}

/** The stem of a past tense typed without its "e", by its "-ed" spelling ("deliverd" → deliv; typed-past.ts); else null. */
function pastStem(word: string): string | null {
  const past = pastSpelling(word);
  return past === null ? null : ownStem(past);
}

/** The most letters stemDistance may cut off the word's end. */
function longestStemCut(word: string): number {
  let most = 0;
  for (let cut = 1; cut <= MAX_STEM_CUT && word.length - cut >= MIN_LETTERS; cut++) {
    if (STEMMED_ENDINGS.has(word.slice(word.length - cut))) most = cut;
  }
  return most;
}

// Endings the porter stemmer takes off ("patellofemoral" → "patellofemor"): only these may be
// cut from the word before comparing, so "netflix" is never compared as "netf".
const STEMMED_ENDINGS = new Set(["s", "e", "y", "es", "ed", "al", "er", "ly", "ing", "ion", "ous", "ive"]);

/** The least distance between `stem` and `word`, or `word` without an ending the stemmer removes. */
function stemDistance(word: string, stem: string, limit: number): number {
  let best = editDistance(word, stem, limit);
  for (let cut = 1; cut <= MAX_STEM_CUT && word.length - cut >= MIN_LETTERS; cut++) {
    if (STEMMED_ENDINGS.has(word.slice(word.length - cut))) best = Math.min(best, editDistance(word.slice(0, word.length - cut), stem, limit));
  }
  return best;
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions); > limit stops early. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A chunk that is a list of separate facts (MEMORY.md's "- Allergic to penicillin", "- Dad
 * lives at the Lindenhof care home") is scored by its best item as well as whole. BM25's
 * length normalisation reads a nine-line list as one long text about one subject, so a word
 * found in one of its items counts for less than the same word in a short daily note that
 * merely mentions it ("he is allergic to shellfish" above "Allergic to penicillin" for
 * "what am I allergic to"). Each item is a statement of its own: scored as a document of
 * its own length, with the index's idf and average length, it weighs what a note of that
 * length saying the same would weigh. The chunk keeps the better of the two scores, so a
 * list whose items together match more of the question loses nothing. Passage-level
 * scoring of this kind (a document scored by its best passage) is an old idea of
 * information retrieval; here the passages are the items the writer made.
 *
 * Pure apart from the tokenizer, which is the index's own (fts-tokens.ts), so an item's
 * words are counted as FTS5 counted the chunk's.
 */
import { bm25Term, type Bm25Params } from "./bm25.js";
import { ftsTokens } from "./fts-tokens.js";

/** Fewer items than this is prose with a bullet or two, not a list of facts. */
export const MIN_LIST_ITEMS = 3;

/** A list item's first line: "- ", "* ", "+ ", "1. ", "1) ", indented or not; a task box too. */
const ITEM_START = /^\s{0,8}(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;

const FENCE = /^\s*(?:```|~~~)/;

/**
 * The items of a chunk's text when it holds at least `min` of them (MIN_LIST_ITEMS unless
 * asked: a caller that only tells one item from another takes two), else null.
 * An item runs from its marker to the next marker, a blank line, a heading or a code fence;
 * lines before the first item (a heading, an introduction) belong to no item, and lines in a
 * fenced code block to none.
 */
export function listItems(text: string, min = MIN_LIST_ITEMS): string[] | null {
  const items: string[] = [];
  let cur: string[] | null = null;
  let fenced = false;
  for (const line of text.split("\n")) {
    // Inside a code block a "- " line is a diff's or a program's, not a fact.
    const fence = FENCE.test(line);
    if (fence) fenced = !fenced;
    const start = fenced || fence ? null : ITEM_START.exec(line);
    if (start && !/^\s*[-*_](\s*[-*_]){2,}\s*$/.test(line)) {
      if (cur) items.push(cur.join(" "));
      cur = [line.slice(start[0].length)];
    } else if (cur && !fenced && !fence && line.trim() !== "" && !/^\s*#/.test(line)) cur.push(line.trim());
    else if (cur) {
      items.push(cur.join(" "));
      cur = null;
    }
  }
  if (cur) items.push(cur.join(" "));
  const real = items.filter((i) => i.trim() !== "");
  return real.length >= min ? real : null;
}

/** The index tokenizer's tokens of a text (stemmed, lower-cased), in order: for the query's few terms. */
export function tokensOf(text: string): string[] {
  const t = ftsTokens(`"${text.replace(/"/g, '""')}"`);
  return t === null ? [] : t.split(" ");
}

/** A run of what unicode61 keeps in a token: letters, digits, and the marks it folds away. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * An item's tokens as the index would make them, for matching against `terms`' tokens. The
 * tokenizer is asked only about words that could stem to one of them (same first two letters:
 * the stemmer changes a word's end, never its start), each word once per process (fts-tokens.ts
 * keeps them): asking it about every item cost about 1 ms an item, too much for a first search
 * over notes full of lists. Any other word stands as itself, lower-cased, a token that matches
 * no term; the count of tokens is the item's length either way.
 */
export function itemTokens(item: string, starts: ReadonlySet<string>): string[] {
  return stemmedTokens(foldedWords(item), starts);
}

/** An item's words as unicode61 folds them (marks removed, lower case), before the stemmer. */
function foldedWords(item: string): string[] {
  // Plain ASCII has no marks to remove: lower-cased whole, its runs of letters and digits are the same words.
  if (ASCII.test(item)) return item.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return (item.match(WORD) ?? []).map((w) => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
}

function stemmedTokens(words: readonly string[], starts: ReadonlySet<string>): string[] {
  const out: string[] = [];
  // No word like a term's token: the words are the tokens.
  return stemmedBy(words, startsFrom([...starts].map(startKey)), out) < 0 ? [...words] : out;
}

/**
 * The start keys of the terms' tokens, with a bit per key's hash: a word whose bit is clear
 * starts like no term's token, known without a set look-up (nearly every word of an item, on
 * the scorer's hot path: thousands a search).
 */
interface Starts {
  keys: ReadonlySet<number>;
  bits: Uint32Array;
}

function startsFrom(keys: Iterable<number>): Starts {
  const set = new Set(keys);
  const bits = new Uint32Array(32);
  for (const k of set) bits[startBit(k) >>> 5]! |= 1 << (startBit(k) & 31);
  return { keys: set, bits };
}

/** A start key's bit (0..1023): its second unit's low bits mixed with its first's. */
function startBit(k: number): number {
  return (k ^ (k >>> 10)) & 1023;
}

/** Whether a word with start key `k` could stem to a term's token. */
function startsLike(k: number, s: Starts): boolean {
  const b = startBit(k);
  return (s.bits[b >>> 5]! & (1 << (b & 31))) !== 0 && s.keys.has(k);
}

/** A word's first two UTF-16 units (or its one) as a number: `slice(0, 2)` without making a string, on the scorer's hot path. */
function startKey(w: string): number {
  return w.length > 1 ? w.charCodeAt(0) * 65536 + w.charCodeAt(1) : w.length === 1 ? w.charCodeAt(0) : -1;
}

/**
 * Writes the words' tokens into `out` from its start and returns how many, or -1 when no word
 * could stem to a term's token (the item then scores 0: bm25Term of no match; `out` is then
 * left as it was); what lies past them in `out` is stale. Most items of a candidate hold no
 * such word: they are told apart reading the words only, writing none.
 */
function stemmedBy(words: readonly string[], starts: Starts, out: string[]): number {
  let first = 0;
  while (first < words.length && !startsLike(startKey(words[first]!), starts)) first++;
  if (first === words.length) return -1;
  let n = 0;
  for (let i = 0; i < first; i++) out[n++] = words[i]!;
  for (let i = first; i < words.length; i++) {
    const f = words[i]!;
    if (!startsLike(startKey(f), starts)) out[n++] = f;
    else for (const t of wordTokens(f)) out[n++] = t;
  }
  return n;
}

/**
 * A folded word's tokens, kept per process as an array: the scorer asks about the same few
 * words for every item of every candidate, and making the quoted phrase and splitting the
 * tokenizer's answer each time was most of what a search allocated (and its scavenges the
 * slowest searches' pauses). Bounded as fts-tokens.ts bounds its own.
 */
const tokensOfWord = new Map<string, readonly string[]>();
function wordTokens(f: string): readonly string[] {
  let t = tokensOfWord.get(f);
  if (t === undefined) {
    t = ftsTokens(`"${f}"`)?.split(" ") ?? [f];
    if (tokensOfWord.size >= 100_000) tokensOfWord.clear();
    tokensOfWord.set(f, t);
  }
  return t;
}

/** The start keys of the terms' tokens, once per terms list (a search scores every candidate against the same list). */
const startsKept = new WeakMap<readonly ItemTerm[], Starts>();
function startsOf(terms: readonly ItemTerm[]): Starts {
  let s = startsKept.get(terms);
  if (!s) startsKept.set(terms, (s = startsFrom(terms.flatMap((t) => t.forms.flat().map(startKey)))));
  return s;
}

/** A chunk's list items as folded words, or null when it is no list: a function of the text alone, so a caller may keep it per chunk. */
export function listItemWords(text: string): readonly (readonly string[])[] | null {
  const items = listItems(text);
  return items === null ? null : items.map(foldedWords);
}

/** How often the token sequence `seq` occurs in `tokens`' first `length`. */
export function occurrences(tokens: readonly string[], seq: readonly string[], length = tokens.length): number {
  if (seq.length === 0) return 0;
  let n = 0;
  for (let i = 0; i + seq.length <= length; i++) {
    let j = 0;
    while (j < seq.length && tokens[i + j] === seq[j]) j++;
    if (j === seq.length) n++;
  }
  return n;
}

/** One query term as the item scorer needs it: its weight, and each of its forms as tokens. */
export interface ItemTerm {
  idf: number;
  forms: readonly (readonly string[])[];
  /** How much an occurrence of each form counts (the noun of a verb's act counts less: query/forms.ts); 1 each when absent. */
  weights?: readonly number[];
}

/**
 * The best BM25 of any one item of a list chunk (0 for a chunk that is no list): each item
 * a document of its own length, against the index's average length.
 */
export function bestItemScore(text: string, terms: readonly ItemTerm[], avgLength: number, p: Bm25Params): number {
  return terms.length === 0 ? 0 : bestItemScoreOf(listItemWords(text), terms, avgLength, p);
}

/**
 * One token buffer for every item the scorer reads: an item's tokens are counted before the
 * next item's are made, and none leaves the (synchronous) scorer, so one array serves them all
 * instead of one grown per item.
 */
const itemBuffer: string[] = [];

/** `bestItemScore` of a chunk whose items' words were read before (listItemWords). */
export function bestItemScoreOf(items: readonly (readonly string[])[] | null, terms: readonly ItemTerm[], avgLength: number, p: Bm25Params): number {
  if (terms.length === 0 || !items) return 0;
  const starts = startsOf(terms);
  const tokens = itemBuffer;
  let best = 0;
  for (const words of items) {
    // -1: no word that could stem to a term's token, a score of 0.
    const length = stemmedBy(words, starts, tokens);
    if (length <= 0) continue;
    let score = 0;
    for (const t of terms) {
      let f = 0;
      for (let i = 0; i < t.forms.length; i++) f += occurrences(tokens, t.forms[i]!, length) * (t.weights?.[i] ?? 1);
      score += bm25Term(t.idf, f, length, avgLength, p);
    }
    best = Math.max(best, score);
  }
  return best;
}

/**
 * The keyword search's first pass from postings a warm host keeps. FTS5's bm25() of an OR of
 * phrases is, for each chunk, the sum in phrase order of each phrase's own term (fts5_aux.c:
 * `score += idf[i] * (freq[i] * (k1 + 1)) / (freq[i] + k1 * (1 - b + b * D / avgdl))`, zero
 * for a phrase the chunk lacks), and each term depends only on the phrase, the chunk and the
 * index: the same double whether FTS5 computes it for the phrase alone or inside the OR. So
 * each phrase's matches and terms are read once (one MATCH of the phrase alone) and kept
 * while the index is unchanged (sql.ts), and a query made of words asked before, in any
 * combination, is ranked here without walking their posting lists again: the same scores,
 * summed in the same order, as the SQL first pass it replaces.
 */
import type { DB } from "../../store/open.js";
import { askedBefore, isKept, keptPer } from "../../store/data-version.js";
import { STOP_WORDS } from "../query/stopwords.js";
import { keepColumnPostings } from "./bm25.js";
import { exprKey, keyByTokens, WORD_COLUMNS } from "./fts-tokens.js";
import { countsOf, sql } from "./sql.js";

/** FTS5's column weights: heading, body, CJK bigrams. */
interface KeywordWeights {
  heading: number;
  body: number;
  cjk: number;
}

/** One phrase's matches: chunk ids ascending and FTS5's bm25() term for each. */
interface Postings {
  ids: Float64Array;
  terms: Float64Array;
}

/** Postings kept per version of the index, bounded so ever-new words do not grow a host without end. */
const MAX_KEPT_POSTINGS = 1_000_000;

export interface Ranked {
  id: number;
  /** -bm25(): higher is better, as the SQL first pass reports it. */
  keyword: number;
}

/**
 * The `first` best chunks for the OR of `phrases` by FTS5's bm25() with these column
 * weights, best first; ties in chunk id order. Every match is ranked: filters apply after,
 * as in the SQL first pass.
 */
export function rankByPostings(db: DB, phrases: readonly string[], w: KeywordWeights, first: number): readonly Ranked[] {
  // The same words asked again (an assistant's every prompt, a page refreshed) are ranked once.
  return keptPer(db, "ranked", rankedKey(phrases, w, first), { max: 1000 }, () => merged(db, phrases, w, first));
}

/**
 * Whether the first pass of these phrases should come from postings: each is kept or was
 * asked before in this version of the index (then it is worth reading whole), or one at least
 * is kept (a warm host's common word): FTS5's ranking of the OR would walk that word's whole
 * posting list again, where the postings need only the others read, once. A query of words
 * all asked for the first time is left to FTS5's own ranking of the OR (a fresh process).
 */
export function worthPostings(db: DB, phrases: readonly string[], w: KeywordWeights, first: number): boolean {
  if (isKept(db, "ranked", rankedKey(phrases, w, first))) return true;
  let all = true;
  let some = false;
  for (const phrase of phrases) {
    const key = postingsKey(db, phrase, w);
    const kept = isKept(db, "postings", key);
    some ||= kept;
    // Every phrase is marked as asked, so the next query with it reads it whole.
    if (!kept && !askedBefore(db, `postings ${key}`)) all = false;
  }
  return all || some;
}

const rankedKey = (phrases: readonly string[], w: KeywordWeights, first: number) => `${first} ${w.heading} ${w.body} ${w.cjk} ${phrases.join(" ")}`;
/**
 * A phrase's postings are kept under its text, or in a host that read the common words ahead
 * (keepCommonPostings) under the tokens FTS5 searches for it, so "reading" finds what was
 * read for the token read. The same tokens always give the same matches and terms.
 */
const postingsKey = (db: DB, phrase: string, w: KeywordWeights) => `${w.heading} ${w.body} ${w.cjk} ${exprKey(db, phrase)}`;

/** Most postings read ahead: a fraction of MAX_KEPT_POSTINGS, so words asked later still fit. */
export const AHEAD_POSTINGS = 400_000;

/**
 * For a warm host: reads what a search needs of the index's most frequent words (stop words
 * left out) until `budget` postings are kept: their postings with FTS5's bm25() terms, their
 * per-column scores and their document counts. The first search naming a common word is
 * then ranked from them instead of FTS5 scoring every match of the OR, the slowest searches
 * a warm host sees (a rare word is cheap either way). Kept until the index changes, like all
 * of it; each word is read in its own snapshot, and the event loop turns between words.
 * Returns the words (index tokens) read, most common first.
 */
export async function keepCommonPostings(db: DB, w: KeywordWeights, budget = AHEAD_POSTINGS, signal?: AbortSignal, common = commonWords(db)): Promise<string[]> {
  keyByTokens(db);
  let used = 0;
  const words: string[] = [];
  for (const { term, doc } of common) {
    if (signal?.aborted || used >= budget) break;
    if (STOP_WORDS.has(term) || used + doc > budget) continue;
    const phrase = `"${term.replace(/"/g, '""')}"`;
    used += db
      .transaction(() => {
        const p = postingsOf(db, phrase, w);
        const df = countsOf(db).df;
        df.set(exprKey(db, phrase), p.ids.length);
        // BM25's rescoring asks for a word in the word columns (evidence.ts), as its own expression.
        const inWords = `${WORD_COLUMNS}${phrase}`;
        df.set(exprKey(db, inWords), keepColumnPostings(db, inWords));
        return p.ids.length;
      })
      .deferred();
    words.push(term);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return words;
}

/** The index's most frequent words (index tokens, with how many chunks hold each), most frequent first. */
export function commonWords(db: DB): { term: string; doc: number }[] {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_vocab USING fts5vocab(main, 'chunks_fts', 'row')");
  return sql(db, "SELECT term, doc FROM temp.chunks_vocab ORDER BY doc DESC LIMIT 2000").all() as { term: string; doc: number }[];
}

function merged(db: DB, phrases: readonly string[], w: KeywordWeights, first: number): Ranked[] {
  const lists = phrases.map((phrase) => postingsOf(db, phrase, w));
  const maxId = lists.reduce((m, l) => (l.ids.length > 0 ? Math.max(m, l.ids[l.ids.length - 1]!) : m), -1);
  return maxId < MAX_DENSE_ID ? summedInPlace(lists, maxId, first) : mergedByWalk(lists, first);
}

/** Chunk ids up to this are summed in one array indexed by id (8 bytes each); beyond, the lists are walked together. */
const MAX_DENSE_ID = 4_000_000;
/** The per-chunk sums of summedInPlace, NaN where no sum is open; kept between searches, grown as ids grow. */
let sums = new Float64Array(0);
/** The ids whose sum summedInPlace opened, in the order it opened them; kept between searches, grown as needed. */
let opened = new Int32Array(0);

/**
 * Each chunk's terms summed in phrase order (list by list, as FTS5 sums them: the same
 * doubles in the same order as the walk below) into an array indexed by chunk id, then each
 * sum offered once, in the order the sums were opened. The second pass reads each chunk once
 * (the opened ids), not each posting again: a chunk holding several of the query's words is
 * one offer, where the walk compares every list's head for every posting.
 */
function summedInPlace(lists: readonly Postings[], maxId: number, first: number): Ranked[] {
  if (sums.length <= maxId) sums = new Float64Array(Math.max(maxId + 1, sums.length * 2)).fill(Number.NaN);
  const total = lists.reduce((n, l) => n + l.ids.length, 0);
  if (opened.length < total) opened = new Int32Array(Math.max(total, opened.length * 2));
  const s = sums;
  const o = opened;
  let n = 0;
  for (const { ids, terms } of lists) {
    for (let a = 0; a < ids.length; a++) {
      const id = ids[a]!;
      const had = s[id]!;
      if (had !== had) {
        // had !== had: NaN, no sum open yet
        s[id] = 0 + terms[a]!;
        o[n++] = id;
      } else s[id] = had + terms[a]!;
    }
  }
  // The best are the same whatever order they are offered in (Top's order is total).
  const top = new Top(first);
  for (let i = 0; i < n; i++) {
    const id = o[i]!;
    const v = s[id]!;
    s[id] = Number.NaN;
    // Below the last kept keyword it cannot get in (a tie is Top's to judge by id): most sums,
    // told apart here without a call.
    if (!(v < top.bar)) top.offer(id, v);
  }
  return top.items;
}

function mergedByWalk(lists: readonly Postings[], first: number): Ranked[] {
  const ids = lists.map((l) => l.ids);
  const terms = lists.map((l) => l.terms);
  const n = lists.length;
  const at = new Int32Array(n);
  const top = new Top(first);
  // A merge of the lists by chunk id (each ascending): every chunk's terms are summed in
  // phrase order, as FTS5 sums them. (Plain locals and typed arrays: it runs over every
  // posting of the query's words.)
  for (;;) {
    let id = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const a = at[i]!;
      const l = ids[i]!;
      if (a < l.length && l[a]! < id) id = l[a]!;
    }
    if (id === Number.POSITIVE_INFINITY) break;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const a = at[i]!;
      if (ids[i]![a] === id) {
        sum += terms[i]![a]!;
        at[i] = a + 1;
      }
    }
    top.offer(id, sum);
  }
  return top.items;
}

/** The `k` best offers, best first: the higher keyword, then the lower id. */
class Top {
  readonly items: Ranked[] = [];
  /** The last kept keyword once k are kept (-Infinity before): an offer below it is turned away. */
  bar = Number.NEGATIVE_INFINITY;
  constructor(private readonly k: number) {}

  offer(id: number, keyword: number): void {
    const items = this.items;
    if (items.length === this.k && !better(keyword, id, items[items.length - 1]!)) return;
    // Its place by halving: the order is total, so the same place a walk from the end finds,
    // in a few comparisons instead of one per item it passes (a pool of 120, thousands of offers).
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(keyword, id, items[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    items.splice(lo, 0, { id, keyword });
    if (items.length > this.k) items.pop();
    if (items.length === this.k) this.bar = items[items.length - 1]!.keyword;
  }
}

function better(keyword: number, id: number, than: Ranked): boolean {
  return keyword > than.keyword || (keyword === than.keyword && id < than.id);
}

function postingsOf(db: DB, phrase: string, w: KeywordWeights): Postings {
  return keptPer(db, "postings", postingsKey(db, phrase, w), { max: MAX_KEPT_POSTINGS, size: (p) => p.ids.length }, () => {
    const rows = sql(db, "SELECT rowid, -bm25(chunks_fts, ?, ?, ?) FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid")
      .raw()
      .all(w.heading, w.body, w.cjk, phrase) as [number, number][];
    return { ids: Float64Array.from(rows, (r) => r[0]), terms: Float64Array.from(rows, (r) => r[1]) };
  });
}

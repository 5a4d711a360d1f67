import { annotationMatches } from "../../indexer/annotations.js";
import type { DB } from "../../store/open.js";
import { allKept, sql } from "./sql.js";
import { keptMany, keptWhileUnchanged } from "../../store/data-version.js";
import { publicPathSql } from "../../workspace/privacy.js";
import { rankByPostings, worthPostings } from "./postings.js";
import { bm25Term, termFreqs, weightedFreq, type Bm25Params } from "./bm25.js";
import { bestItemScoreOf, listItemWords, tokensOf, type ItemTerm } from "./list-items.js";
import { idf, type DocFrequencies, type EvidenceTerm, type TermStats } from "./evidence.js";
import type { ParsedQuery } from "../query/query.js";
import type { ScopedFilters, SearchFilters } from "../filters.js";

export interface Candidate {
  chunkId: number;
  path: string;
  kind: string;
  source: string;
  startLine: number;
  endLine: number;
  heading: string;
  date: string | null;
  text: string;
  tokens: number;
  /** -bm25(): FTS5 returns more-negative-is-better, flipped here so higher is better. Absent for vector-only candidates. */
  keyword?: number;
  /**
   * The query's evidence terms the chunk contains, when the keyword search already looked
   * them up (the engine's own BM25 does); search then skips asking FTS5 again.
   */
  matched?: Set<string>;
  /** The keyword score is that of the chunk's best list item (list-items.ts), not of the chunk whole. */
  listItem?: boolean;
}

export interface KeywordWeights {
  heading: number;
  body: number;
  cjk: number;
}

export const DEFAULT_KEYWORD_WEIGHTS: KeywordWeights = { heading: 2, body: 1, cjk: 1 };

function filterSql(db: DB, filters: ScopedFilters, where: string[], params: Record<string, unknown>): void {
  if (filters.publicOnly) where.push(publicPathSql("f.path"));
  // kind 'reflection' as well as the source: an index built before reports had a source of
  // their own lists them under 'memory' until their files are re-indexed.
  if (filters.source === "reflections") where.push("(f.source = 'reflections' OR f.kind = 'reflection')");
  else {
    where.push("f.source <> 'reflections' AND f.kind <> 'reflection'");
    if (filters.source) {
      where.push("f.source = @source");
      params.source = filters.source;
    }
  }
  if (filters.dateFrom) {
    where.push("c.date >= @dateFrom");
    params.dateFrom = filters.dateFrom;
  }
  if (filters.dateTo) {
    const asOfEnd = filters.asOf !== undefined ? Date.parse(`${filters.asOf}T23:59:59.999Z`) : Number.NaN;
    // As of a day, MEMORY.md unchanged since then says what it said then: kept, where a date
    // range drops every undated chunk. A file time not trusted yet (RACY_MTIME, -1: saved a
    // moment ago, or stamped ahead of this machine's clock) is unknown, and kept with the file.
    where.push(Number.isNaN(asOfEnd) ? "c.date <= @dateTo" : "(c.date <= @dateTo OR (c.date IS NULL AND f.mtime_ms <= @asOfEnd))");
    params.dateTo = filters.dateTo;
    if (!Number.isNaN(asOfEnd)) params.asOfEnd = asOfEnd;
  }
  if (filters.kinds && filters.kinds.length > 0) {
    where.push(`f.kind IN (${filters.kinds.map((_, i) => `@k${i}`).join(", ")})`);
    filters.kinds.forEach((k, i) => (params[`k${i}`] = k));
  }
  annotationFilterSql(db, filters, where, params);
}

/** The annotation filters as (key, wanted value) pairs; `project` is shorthand for one of them. */
export function annotationFilters(filters: SearchFilters): [string, string][] {
  const out: [string, string][] = [];
  if (filters.project !== undefined && filters.project.trim() !== "") out.push(["project", filters.project]);
  for (const [k, v] of Object.entries(filters.annotations ?? {})) {
    if (typeof v === "string" && v.trim() !== "") out.push([k.toLowerCase(), v]);
  }
  return out;
}

/**
 * Fuzzy matching happens over the distinct stored values of a key (a few hundred at most),
 * in JS; SQL then filters chunks by the exact normalised values that matched.
 */
function annotationFilterSql(db: DB, filters: SearchFilters, where: string[], params: Record<string, unknown>): void {
  annotationFilters(filters).forEach(([key, wanted], i) => {
    const norms = (sql(db, "SELECT DISTINCT norm FROM chunk_annotations WHERE key = ?").all(key) as { norm: string }[])
      .map((r) => r.norm)
      .filter((n) => annotationMatches(wanted, n));
    if (norms.length === 0) {
      where.push("0");
      return;
    }
    params[`ak${i}`] = key;
    norms.forEach((n, j) => (params[`an${i}_${j}`] = n));
    where.push(
      `EXISTS (SELECT 1 FROM chunk_annotations a${i} WHERE a${i}.chunk_id = c.id AND a${i}.key = @ak${i} AND a${i}.norm IN (${norms.map((_, j) => `@an${i}_${j}`).join(", ")}))`,
    );
  });
}

/**
 * Annotations of the given chunks, grouped: chunk id → { project: ["Pharmacy App"] }. Kept per
 * chunk while the index is unchanged (null: none), as every search reads its picks': a warm
 * host's picks are mostly chunks shown before. The records are shared: never change one.
 */
export function annotationsOf(db: DB, ids: number[]): Map<number, Record<string, string[]>> {
  const out = new Map<number, Record<string, string[]>>();
  if (ids.length === 0) return out;
  const kept = keptMany<Record<string, string[]> | null, number>(db, "chunk annotations", ids, { max: 50_000 }, (missing) => {
    const found = new Map<number, Record<string, string[]> | null>(missing.map((id) => [id, null]));
    const rows = sql(db, "SELECT chunk_id AS id, key, value FROM chunk_annotations WHERE chunk_id IN (SELECT value FROM json_each(?)) ORDER BY rowid").all(JSON.stringify(missing)) as { id: number; key: string; value: string }[];
    for (const r of rows) {
      const rec = found.get(r.id) ?? {};
      const list = (rec[r.key] ??= []);
      if (!list.includes(r.value)) list.push(r.value);
      found.set(r.id, rec);
    }
    return found;
  });
  ids.forEach((id, i) => {
    const rec = kept[i];
    if (rec) out.set(id, rec);
  });
  return out;
}

const CANDIDATE_COLUMNS = `c.id AS chunkId, f.path AS path, f.kind AS kind, f.source AS source,
           c.start_line AS startLine, c.end_line AS endLine, c.heading AS heading,
           c.date AS date, c.text AS text, c.tokens AS tokens`;

/**
 * A search's own candidate from a row: every field present, in one order, whichever query
 * made it. Rows of several shapes (a statement's row, a kept row with its score added, a
 * rescored row with its matched terms) made the functions that read candidates see many
 * object maps, and V8 threw their optimised code away each time a new one came.
 */
function candidateOf(r: Candidate, keyword: number | undefined): Candidate {
  return {
    chunkId: r.chunkId,
    path: r.path,
    kind: r.kind,
    source: r.source,
    startLine: r.startLine,
    endLine: r.endLine,
    heading: r.heading,
    date: r.date,
    text: r.text,
    tokens: r.tokens,
    keyword,
    matched: undefined,
    listItem: false,
  };
}

/**
 * Top `limit` chunks by BM25 over the FTS5 index, filters applied. FTS5 ranks and limits
 * first and only the winners are joined to their rows, so SQLite never reads the text of
 * the thousands of other matches. Filters run after that limit, so the first pass takes
 * extra rows; when filters threw away so many that fewer than `limit` remain while more
 * matches exist, the filtered query runs in full (correct, just slower).
 */
export function keywordSearch(
  db: DB,
  q: ParsedQuery,
  limit: number,
  filters: ScopedFilters = {},
  w: KeywordWeights = DEFAULT_KEYWORD_WEIGHTS,
  bm25?: Rescoring,
): Candidate[] {
  if (q.match === "") return [];
  const where: string[] = [];
  const params: Record<string, unknown> = { match: q.match, wh: w.heading, wb: w.body, wc: w.cjk };
  filterSql(db, filters, where, params);
  const firstPass = limit * 2 + 20;
  // Re-scored here: take every row FTS5's first pass found, so the cut to `limit` is made
  // by the final score.
  const take = bm25 ? firstPass : limit;
  const rankFirst = `
    WITH top AS (
      SELECT rowid AS id, -bm25(chunks_fts, @wh, @wb, @wc) AS keyword
      FROM chunks_fts WHERE chunks_fts MATCH @match
      ORDER BY bm25(chunks_fts, @wh, @wb, @wc) LIMIT @first)
    SELECT ${CANDIDATE_COLUMNS}, top.keyword AS keyword
    FROM top JOIN chunks c ON c.id = top.id JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")}
    ORDER BY top.keyword DESC LIMIT @limit`;
  const fromPostings = q.orPhrases.length > 0 && worthPostings(db, q.orPhrases, w, firstPass);
  let rows = fromPostings ? firstPassFromPostings(db, q.orPhrases, w, firstPass, take, where, params) : allKept<Candidate>(db, rankFirst, { ...params, first: firstPass, limit: take });
  if (rows.length < limit) {
    const matches = allKept<{ n: number }>(db, "SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH @match", { match: q.match })[0]!.n;
    if (matches > firstPass) {
      const full = `
        SELECT ${CANDIDATE_COLUMNS},
               -bm25(chunks_fts, @wh, @wb, @wc) AS keyword
        FROM chunks_fts
        JOIN chunks c ON c.id = chunks_fts.rowid
        JOIN files f ON f.id = c.file_id
        WHERE chunks_fts MATCH @match AND ${where.join(" AND ")}
        ORDER BY bm25(chunks_fts, @wh, @wb, @wc)
        LIMIT @limit`;
      rows = allKept<Candidate>(db, full, { ...params, limit: take });
    }
  }
  // Kept rows are shared with later searches; each search scores its own copies.
  const own = rows.map((r) => candidateOf(r, r.keyword));
  if (!bm25) return own;
  rescoreBm25(db, own, w, bm25);
  return own.sort((a, b) => b.keyword! - a.keyword!).slice(0, limit);
}

/**
 * The SQL first pass's answer from the postings a warm host keeps (postings.ts): the same
 * `first` chunks by FTS5's bm25(), then their rows with the filters, best first.
 */
function firstPassFromPostings(db: DB, phrases: readonly string[], w: KeywordWeights, first: number, take: number, where: string[], params: Record<string, unknown>): Candidate[] {
  const ranked = rankByPostings(db, phrases, w, first);
  if (ranked.length === 0) return [];
  const rows = candidateRows(db, ranked.map((r) => r.id), where, params);
  const out: Candidate[] = [];
  ranked.forEach((r, i) => {
    const row = rows[i];
    if (row && out.length < take) out.push(candidateOf(row, r.keyword));
  });
  return out;
}

/**
 * The rows of these chunks under these filters (null: they leave it out), kept while the index
 * is unchanged: the chunks of common words come back query after query.
 */
function candidateRows(db: DB, ids: readonly number[], where: string[], params: Record<string, unknown>): (Candidate | null)[] {
  const text = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
    WHERE c.id IN (SELECT value FROM json_each(@ids)) AND ${where.join(" AND ")}`;
  const { match: _match, wh: _wh, wb: _wb, wc: _wc, ...filterParams } = params;
  // The filters as a short number, so the keys stay short.
  const filterNumbers = keptWhileUnchanged(db, "filter numbers", () => new Map<string, number>());
  const filterText = `${where.join(" AND ")}\u0000${JSON.stringify(filterParams)}`;
  const fn = filterNumbers.get(filterText) ?? filterNumbers.set(filterText, filterNumbers.size).size - 1;
  const keyOf = rowKey(fn);
  const keys = ids.map(keyOf);
  const idOf = new Map(keys.map((k, i) => [k, ids[i]!]));
  return keptMany<Candidate | null, RowKey>(db, "candidate rows", keys, { max: MAX_CANDIDATE_ROWS }, (missing) => {
    const found = new Map<RowKey, Candidate | null>(missing.map((k) => [k, null]));
    for (const row of sql(db, text).all({ ...params, ids: JSON.stringify(missing.map((k) => idOf.get(k)!)) }) as Candidate[]) found.set(keyOf(row.chunkId), row);
    return found;
  });
}

type RowKey = number | string;

/**
 * A chunk's row key under filter number `fn`: one number (the filters in the high bits) for
 * any chunk id below 2^32 and the first million filter sets of an index version, a string
 * past them, so a key never collides.
 */
function rowKey(fn: number): (id: number) => RowKey {
  const high = fn * 2 ** 32;
  return fn < 2 ** 20 ? (id) => (id >= 0 && id < 2 ** 32 ? high + id : `${fn}:${id}`) : (id) => `${fn}:${id}`;
}

const MAX_CANDIDATE_ROWS = 50_000;

/** The rows of these chunks under `filters` (an unfiltered search's when none), kept as the first pass keeps them (warm()). */
export function keepCandidateRows(db: DB, ids: readonly number[], filters: ScopedFilters = {}): Candidate[] {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  filterSql(db, filters, where, params);
  return candidateRows(db, ids, where, params).filter((r): r is Candidate => r !== null);
}

/** The engine's own BM25 (bm25.ts): its k1/b, and the query's terms with their document frequencies (the index facts). */
export interface Rescoring {
  params: Bm25Params;
  terms: EvidenceTerm[];
  stats: TermStats;
  df: DocFrequencies;
}

/** Replaces each row's FTS5 score with BM25 at the given k1/b and Lucene's idf (bm25.ts). */
function rescoreBm25(db: DB, rows: Candidate[], w: KeywordWeights, rs: Rescoring): void {
  const { params: p, terms, stats } = rs;
  // A stop-word-only query has no evidence terms; its FTS5 order stands.
  if (terms.length === 0 || rows.length === 0) return;
  const tfs = termFreqs(db, terms, rs.df, rows.map((row) => row.chunkId));
  const items = itemTerms(terms, stats, tfs.rows);
  const words = itemWordsOf(db, rows.filter((r) => (tfs.tf.get(r.chunkId)?.size ?? 0) > 0));
  for (const r of rows) {
    const m = tfs.tf.get(r.chunkId);
    const len = tfs.length.get(r.chunkId) ?? tfs.avgLength;
    let score = 0;
    r.matched = new Set(m?.keys() ?? []);
    if (m) for (const t of stats.terms) {
      const f = m.get(t.term);
      if (f) score += bm25Term(idf(tfs.rows, t.df), weightedFreq(f, w), len, tfs.avgLength, p);
    }
    // A list of facts also counts as its best item (list-items.ts).
    const item = r.matched.size > 0 ? bestItemScoreOf(words.get(r.chunkId) ?? null, items, tfs.avgLength, p) : 0;
    r.keyword = Math.max(score, item);
    r.listItem = item > score;
  }
}

/**
 * The list items' words of these rows (those that matched a term: list-items.ts), kept per chunk while
 * the index is unchanged: splitting and folding a chunk's text is the same work every search
 * that finds the chunk again, and most of the item scoring's cost.
 */
export function itemWordsOf(db: DB, rows: readonly Pick<Candidate, "chunkId" | "text">[]): Map<number, readonly (readonly string[])[] | null> {
  const text = new Map(rows.map((r) => [r.chunkId, r.text]));
  const keys = [...text.keys()];
  const lists = keptMany<readonly (readonly string[])[] | null, number>(db, "list item words", keys, { max: 200_000, size: (v) => 1 + (v?.length ?? 0) }, (missing) => {
    // Each word once in memory, however many items hold it (a warm host keeps every chunk's).
    const one = keptWhileUnchanged(db, "item word strings", () => new Map<string, string>());
    if (one.size > 1_000_000) one.clear();
    const shared = (w: string) => one.get(w) ?? (one.set(w, w), w);
    return new Map(missing.map((k) => [k, listItemWords(text.get(k)!)?.map((item) => item.map(shared)) ?? null]));
  });
  return new Map(keys.map((k, i) => [k, lists[i]!]));
}

/** The query's word terms, weighed and tokenized for scoring a list's items (CJK bigrams live in their own column: not scored there). */
function itemTerms(terms: EvidenceTerm[], stats: TermStats, rows: number): ItemTerm[] {
  const out: ItemTerm[] = [];
  for (const s of stats.terms) {
    const t = terms.find((x) => x.term === s.term);
    if (!t || t.expr.startsWith("cjk")) continue;
    const forms = t.forms ?? [t];
    out.push({ idf: idf(rows, s.df), forms: forms.map((f) => tokensOf(f.term)), weights: forms.map((f) => f.weight ?? 1) });
  }
  return out;
}

/**
 * Chunks dated inside [from, to] (filters applied), newest first: a query that is only a date.
 * `required` / `excluded`: FTS5 expressions (quoted phrases, exclusions) a chunk must / must not match.
 */
export function datedChunks(db: DB, from: string, to: string, limit: number, filters: ScopedFilters = {}, fts: { required?: string; excluded?: string } = {}): Candidate[] {
  const where: string[] = ["c.date >= @from", "c.date <= @to"];
  const params: Record<string, unknown> = { from, to, limit };
  filterSql(db, filters, where, params);
  if (fts.required) {
    where.push("c.id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH @required)");
    params.required = fts.required;
  }
  if (fts.excluded) {
    where.push("c.id NOT IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH @excluded)");
    params.excluded = fts.excluded;
  }
  const text = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")} ORDER BY c.date DESC, f.path, c.seq LIMIT @limit`;
  return (sql(db, text).all(params) as Candidate[]).map((r) => candidateOf(r, undefined));
}

/** Chunk rows for ids found by vector search, with the same filters applied. */
export function loadCandidates(db: DB, ids: number[], filters: ScopedFilters = {}): Map<number, Candidate> {
  const out = new Map<number, Candidate>();
  if (ids.length === 0) return out;
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  filterSql(db, filters, where, params);
  // Chunked IN lists stay under SQLite's variable limit.
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    part.forEach((id, j) => (params[`id${j}`] = id));
    const text = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
      WHERE c.id IN (${part.map((_, j) => `@id${j}`).join(", ")})${where.length ? " AND " + where.join(" AND ") : ""}`;
    // IN lists of every length: not kept among the prepared statements.
    for (const row of db.prepare(text).all(params) as Candidate[]) out.set(row.chunkId, candidateOf(row, undefined));
    part.forEach((_, j) => delete params[`id${j}`]);
  }
  return out;
}

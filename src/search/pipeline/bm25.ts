import type { Statement } from "better-sqlite3";
import type { DB } from "../../store/open.js";
import { askedBefore, isKept, keptPer, keptWhileUnchanged } from "../../store/data-version.js";
import { exprKey } from "./fts-tokens.js";
import { sql } from "./sql.js";
import type { DocFrequencies, EvidenceTerm } from "./evidence.js";

/**
 * BM25 computed here rather than by FTS5's bm25(), which fixes k1 = 1.2, b = 0.75 and an
 * idf of ln((N − df + 0.5)/(df + 0.5)) clamped to 1e-6. That idf is zero for any word in
 * more than half the chunks: in a small workspace, or a conversation where every line
 * starts with a speaker's name, the words a question is about ("Caroline", the project's
 * name) then count for nothing. Here the idf is Lucene's, always positive (the same one
 * the relevance floor weighs coverage with), and k1/b are settings.
 *
 * FTS5 does not expose term frequencies, and reading them from fts5vocab means scanning
 * every posting of every query word (13 ms for one common word over 7,000 chunks). Instead,
 * a one-word MATCH restricted to the candidates returns FTS5's own bm25() for that word in
 * one column; with the row's length (the docsize table) and the table's averages (the
 * averages record) known, that score is a closed-form function of the word's frequency
 * in the column, and is inverted. The words are thus counted by FTS5's own tokenizer and
 * stemmer, exactly as matched.
 */

export interface Bm25Params {
  k1: number;
  b: number;
}

/** The constants FTS5's bm25() uses (fts5_aux.c). */
export const FTS5_K1 = 1.2;
export const FTS5_B = 0.75;

/** Column order of chunks_fts. */
export const FTS_COLUMNS = ["heading", "body", "cjk"] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];

/** Frequency of one query term in one chunk, per column. */
export type ColumnFreqs = [heading: number, body: number, cjk: number];

export interface TermFreqs {
  /** chunk id → term → per-column frequency (only chunks containing the term). */
  tf: Map<number, Map<string, ColumnFreqs>>;
  /** chunk id → length in tokens, all columns (what FTS5 calls D). */
  length: Map<number, number>;
  /** Rows in the FTS table and their mean length in tokens. */
  rows: number;
  avgLength: number;
}

/** FTS5's idf: ln((N − df + 0.5)/(df + 0.5)), 1e-6 when that is not positive. */
export function fts5Idf(n: number, df: number): number {
  const v = Math.log((n - df + 0.5) / (df + 0.5));
  return v <= 0 ? 1e-6 : v;
}

/**
 * The frequency f that made FTS5 report `score` (sign-flipped, ≥ 0) for one term:
 * score = idf · f(k1 + 1) / (f + k1(1 − b + b·D/avgdl)), solved for f. Rounded, since
 * with unit column weights f is a count.
 */
export function invertFts5Score(score: number, idf: number, length: number, avgLength: number): number {
  if (score <= 0 || idf <= 0) return 0;
  const s = score / idf;
  const k = FTS5_K1 * (1 - FTS5_B + (FTS5_B * length) / (avgLength > 0 ? avgLength : 1));
  if (s >= FTS5_K1 + 1) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.round((s * k) / (FTS5_K1 + 1 - s)));
}

/**
 * One term's BM25 contribution: idf · f(k1 + 1) / (f + k1(1 − b + b·D/avgdl)), where f is
 * the column-weighted frequency (a heading occurrence counts `weights.heading` times, as
 * in FTS5's bm25() with column weights).
 */
export function bm25Term(idfValue: number, freq: number, length: number, avgLength: number, p: Bm25Params): number {
  if (freq <= 0) return 0;
  const norm = p.k1 * (1 - p.b + (p.b * length) / (avgLength > 0 ? avgLength : 1));
  return (idfValue * freq * (p.k1 + 1)) / (freq + norm);
}

export function weightedFreq(f: ColumnFreqs, w: { heading: number; body: number; cjk: number }): number {
  return f[0] * w.heading + f[1] * w.body + f[2] * w.cjk;
}

/** SQLite's varint (as FTS5 writes it): big-endian 7-bit groups, the 9th byte whole. */
export function readVarint(buf: Uint8Array, pos: number): [value: number, next: number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = buf[pos + i];
    if (byte === undefined) return [v, pos + i];
    v = v * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [v, pos + i + 1];
  }
  const last = buf[pos + 8] ?? 0;
  return [v * 256 + last, pos + 9];
}

/** The varints of a blob, in order. */
export function readVarints(buf: Uint8Array): number[] {
  const out: number[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const [v, next] = readVarint(buf, pos);
    out.push(v);
    pos = next;
  }
  return out;
}

/** Rows and mean row length of chunks_fts, from FTS5's averages record (rowid 1 of %_data). */
export function ftsAverages(db: DB): { rows: number; avgLength: number } {
  const row = sql(db, "SELECT block FROM chunks_fts_data WHERE id = 1").get() as { block: Uint8Array } | undefined;
  if (!row) return { rows: 0, avgLength: 0 };
  const [rows, ...cols] = readVarints(row.block);
  const total = cols.reduce((s, x) => s + x, 0);
  return { rows: rows ?? 0, avgLength: rows ? total / rows : 0 };
}

/** Length in tokens (all columns) of the given chunks, from FTS5's docsize table. */
export function ftsLengths(db: DB, ids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const rows = sql(db, "SELECT id, sz FROM chunks_fts_docsize WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify(ids)) as { id: number; sz: Uint8Array }[];
  for (const r of rows) out.set(r.id, readVarints(r.sz).reduce((s, x) => s + x, 0));
  return out;
}

/**
 * Per-column frequencies of each term in each of the given chunks. `df` gives each term's
 * document frequency as FTS5 counts it (the index facts, facts.ts), needed to undo its idf.
 * What a chunk holds is kept while the index is unchanged (sql.ts): a warm host asks the
 * same words of the same chunks again.
 */
export function termFreqs(db: DB, terms: EvidenceTerm[], df: DocFrequencies, ids: number[]): TermFreqs {
  const { rows, avgLength } = keptWhileUnchanged(db, "fts averages", () => ftsAverages(db));
  const length = lengthsOf(db, ids);
  const tf = new Map<number, Map<string, ColumnFreqs>>();
  if (ids.length === 0 || terms.length === 0) return { tf, length, rows, avgLength };
  const avg = { rows, avgLength, length };
  for (const t of terms) {
    // A term standing for several words: each word's frequency (undone with its own idf),
    // summed, as BM25 treats synonyms.
    for (const part of t.forms ?? [t]) {
      const known = partFreqs(db, part.expr, fts5Idf(rows, df.of(part.expr)), ids, avg);
      // A form weighed less (the noun of a verb's act: forms.ts) counts as part of an occurrence.
      const w = part.weight ?? 1;
      for (const id of ids) {
        const raw = known.get(id);
        if (!raw) continue;
        const f: ColumnFreqs = w === 1 ? raw : [raw[0] * w, raw[1] * w, raw[2] * w];
        let m = tf.get(id);
        if (!m) tf.set(id, (m = new Map()));
        const had = m.get(t.term);
        m.set(t.term, had ? [had[0] + f[0], had[1] + f[1], had[2] + f[2]] : f);
      }
    }
  }
  return { tf, length, rows, avgLength };
}

/** Lengths of the given chunks, those not read before in this version of the index from the docsize table. */
export function lengthsOf(db: DB, ids: number[]): Map<number, number> {
  const known = keptWhileUnchanged(db, "fts lengths", () => new Map<number, number>());
  const missing = ids.filter((id) => !known.has(id));
  for (const [id, n] of ftsLengths(db, missing)) known.set(id, n);
  const out = new Map<number, number>();
  for (const id of ids) {
    const n = known.get(id);
    if (n !== undefined) out.set(id, n);
  }
  return out;
}

/**
 * One FTS5 expression's per-column frequencies in the given chunks (absent: the chunk does
 * not contain it), from its postings with FTS5's per-column scores (read once per version of
 * the index: a warm host asks the same words of ever other candidates).
 */
function partFreqs(db: DB, expr: string, idf: number, ids: number[], avg: Lengths): Map<number, ColumnFreqs> {
  // An expression asked for the first time in this version of the index: its frequencies in
  // these chunks only (reading its postings whole pays from the second time on).
  const key = exprKey(db, expr);
  if (!isKept(db, "column postings", key) && !askedBefore(db, `column postings ${key}`)) return streamedFreqs(db, expr, idf, ids, avg);
  const p = columnPostings(db, expr);
  const out = new Map<number, ColumnFreqs>();
  for (const id of ids) {
    const i = indexOf(p.ids, id);
    if (i < 0) continue;
    const d = avg.length.get(id) ?? avg.avgLength;
    out.set(id, invertColumns(p.h[i]!, p.b[i]!, p.c[i]!, idf, d, avg.avgLength));
  }
  return out;
}

/** A chunk's per-column frequencies of one term, from FTS5's per-column scores for it. */
function invertColumns(h: number, b: number, c: number, idf: number, length: number, avgLength: number): ColumnFreqs {
  return [invertFts5Score(h, idf, length, avgLength), invertFts5Score(b, idf, length, avgLength), invertFts5Score(c, idf, length, avgLength)];
}

interface Lengths {
  avgLength: number;
  length: Map<number, number>;
}

/**
 * The same from one pass over the expression's postings that scores only the given chunks.
 * "rowid + 0": tested against a set built once while the postings stream (a bare rowid IN
 * would be one MATCH per id).
 */
function streamedFreqs(db: DB, expr: string, idf: number, ids: number[], avg: Lengths): Map<number, ColumnFreqs> {
  const stmt = columnScores(db, expr, "AND (rowid + 0) IN (SELECT value FROM json_each(?))");
  const out = new Map<number, ColumnFreqs>();
  for (const [id, h, b, c] of stmt.raw().all(expr, JSON.stringify(ids)) as ColumnScoreRow[]) {
    const d = avg.length.get(id) ?? avg.avgLength;
    out.set(id, invertColumns(h, b, c, idf, d, avg.avgLength));
  }
  return out;
}

/** An expression's matches, chunk ids ascending, with FTS5's score for it in each column alone. */
interface ColumnPostings {
  ids: Float64Array;
  h: Float64Array;
  b: Float64Array;
  c: Float64Array;
}

/** Kept per version of the index, bounded so ever-new words do not grow a host without end. */
const MAX_KEPT_POSTINGS = 1_000_000;

function columnPostings(db: DB, expr: string): ColumnPostings {
  return keptPer(db, "column postings", exprKey(db, expr), { max: MAX_KEPT_POSTINGS, size: (p) => p.ids.length }, () => readColumnPostings(db, expr));
}

/** Reads an expression's per-column scores ahead of a search (postings.ts keepCommonPostings); returns its matches. */
export function keepColumnPostings(db: DB, expr: string): number {
  return columnPostings(db, expr).ids.length;
}

/**
 * The chunk ids (ascending) matching an expression, when its per-column postings are kept in
 * this version of the index (read ahead by a warm host, or asked twice); null otherwise. They
 * are every match of the expression, so an AND of two is the two lists' intersection.
 */
export function keptMatches(db: DB, expr: string): Float64Array | null {
  const key = exprKey(db, expr);
  return isKept(db, "column postings", key) ? columnPostings(db, expr).ids : null;
}

/** Every chunk id (ascending) matching an expression: its kept postings', else read (ids only) and kept while the index is unchanged. */
export function matchesOf(db: DB, expr: string): Float64Array {
  return (
    keptMatches(db, expr) ??
    keptPer(db, "matches", exprKey(db, expr), { max: MAX_KEPT_POSTINGS, size: (ids) => ids.length }, () =>
      Float64Array.from(sql(db, "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid").pluck().all(expr) as number[]),
    )
  );
}

function readColumnPostings(db: DB, expr: string): ColumnPostings {
  const rows = columnScores(db, expr, "ORDER BY rowid").raw().all(expr) as ColumnScoreRow[];
  return { ids: Float64Array.from(rows, (r) => r[0]), h: Float64Array.from(rows, (r) => r[1]), b: Float64Array.from(rows, (r) => r[2]), c: Float64Array.from(rows, (r) => r[3]) };
}

/** A chunk id and FTS5's score for one expression in the heading, body and CJK column alone. */
type ColumnScoreRow = [id: number, h: number, b: number, c: number];

/**
 * The statement for ColumnScoreRows of the chunks matching an expression, `tail` after its
 * MATCH. One column's weight 1, the others 0: FTS5's score for the term in that column alone.
 * Words live in heading and body, CJK bigrams in their own column: only the columns a term
 * can match are scored.
 */
function columnScores(db: DB, expr: string, tail: string): Statement {
  const columns = expr.startsWith("cjk") ? "0, 0, -bm25(chunks_fts, 0, 0, 1)" : "-bm25(chunks_fts, 1, 0, 0), -bm25(chunks_fts, 0, 1, 0), 0";
  return sql(db, `SELECT rowid, ${columns} FROM chunks_fts WHERE chunks_fts MATCH ? ${tail}`);
}

/** Position of `id` in ascending `ids`, -1 when absent. */
function indexOf(ids: Float64Array, id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

import type { DB } from "../store/open.js";
import type { ParsedQuery } from "./query.js";

export interface SearchFilters {
  source?: "memory" | "sessions";
  /** Inclusive YYYY-MM-DD bounds on the chunk's date (undated chunks are excluded when set). */
  dateFrom?: string;
  dateTo?: string;
  kinds?: string[];
}

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
  /** -bm25(): FTS5 returns more-negative-is-better, flipped here so higher is better. */
  keyword: number;
}

export interface KeywordWeights {
  heading: number;
  body: number;
  cjk: number;
}

export const DEFAULT_KEYWORD_WEIGHTS: KeywordWeights = { heading: 2, body: 1, cjk: 1 };

/** Top `limit` chunks by BM25 over the FTS5 index, with filters applied inside SQL. */
export function keywordSearch(db: DB, q: ParsedQuery, limit: number, filters: SearchFilters = {}, w: KeywordWeights = DEFAULT_KEYWORD_WEIGHTS): Candidate[] {
  if (q.match === "") return [];
  const where: string[] = ["chunks_fts MATCH @match"];
  const params: Record<string, unknown> = { match: q.match, limit, wh: w.heading, wb: w.body, wc: w.cjk };
  if (filters.source) {
    where.push("f.source = @source");
    params.source = filters.source;
  }
  if (filters.dateFrom) {
    where.push("c.date >= @dateFrom");
    params.dateFrom = filters.dateFrom;
  }
  if (filters.dateTo) {
    where.push("c.date <= @dateTo");
    params.dateTo = filters.dateTo;
  }
  if (filters.kinds && filters.kinds.length > 0) {
    where.push(`f.kind IN (${filters.kinds.map((_, i) => `@k${i}`).join(", ")})`);
    filters.kinds.forEach((k, i) => (params[`k${i}`] = k));
  }
  const sql = `
    SELECT c.id AS chunkId, f.path AS path, f.kind AS kind, f.source AS source,
           c.start_line AS startLine, c.end_line AS endLine, c.heading AS heading,
           c.date AS date, c.text AS text, c.tokens AS tokens,
           -bm25(chunks_fts, @wh, @wb, @wc) AS keyword
    FROM chunks_fts
    JOIN chunks c ON c.id = chunks_fts.rowid
    JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")}
    ORDER BY bm25(chunks_fts, @wh, @wb, @wc)
    LIMIT @limit`;
  return db.prepare(sql).all(params) as Candidate[];
}

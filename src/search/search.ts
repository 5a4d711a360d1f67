import type { DB } from "../store/open.js";
import { keywordSearch, type Candidate, type SearchFilters } from "./keyword.js";
import { parseQuery } from "./query.js";
import { makeSnippet } from "./snippet.js";

export interface SearchOptions {
  limit?: number;
  filters?: SearchFilters;
  explain?: boolean;
}

export interface ScoreExplanation {
  /** Raw BM25 (already sign-flipped: higher is better). */
  bm25: number;
  /** bm25 / (1 + bm25): bounded 0..1, monotonic, comparable across queries. */
  keyword: number;
  final: number;
  terms: string[];
}

export interface SearchResult {
  path: string;
  startLine: number;
  endLine: number;
  heading: string;
  date: string | null;
  score: number;
  snippet: string;
  source: string;
  kind: string;
  explain?: ScoreExplanation;
}

export interface SearchResponse {
  query: string;
  results: SearchResult[];
}

export function searchIndex(db: DB, query: string, opts: SearchOptions = {}): SearchResponse {
  const limit = opts.limit ?? 10;
  const q = parseQuery(query);
  const cands = keywordSearch(db, q, limit, opts.filters);
  const results = cands.map((c) => toResult(c, q.terms, opts.explain ?? false));
  return { query, results };
}

function toResult(c: Candidate, terms: string[], explain: boolean): SearchResult {
  const keyword = c.keyword / (1 + c.keyword);
  const r: SearchResult = {
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    date: c.date,
    score: round(keyword),
    snippet: makeSnippet(c.text, terms),
    source: c.source,
    kind: c.kind,
  };
  if (explain) r.explain = { bm25: round(c.keyword), keyword: round(keyword), final: round(keyword), terms };
  return r;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import { cosine } from "../embed/vector.js";
import type { DB } from "../store/open.js";
import type { VectorStore } from "../store/vectors.js";
import type { SearchConfig } from "./config.js";
import { resolveDates, type DateRange } from "./dates.js";
import { fuse } from "./fuse.js";
import { annotationsOf, keywordSearch, loadCandidates, type Candidate, type SearchFilters } from "./keyword.js";
import { jaccard, mmrRerank, wordSet } from "./mmr.js";
import { parseQuery } from "./query.js";
import { decayFactor } from "./recency.js";
import { makeSnippet } from "./snippet.js";

export type SearchMode = "hybrid" | "keyword" | "vector";

export interface SearchOptions {
  limit?: number;
  filters?: SearchFilters;
  explain?: boolean;
  /** Overrides search.mode for one query. */
  mode?: SearchMode;
}

export interface ScoreExplanation {
  /** Raw BM25, sign-flipped (higher is better); null when not a keyword match. */
  bm25: number | null;
  /** BM25 scaled to 0..1 over this query's keyword candidates (search.fusion.keywordNorm). */
  keyword: number;
  /** Cosine similarity of the best window; null when not a vector candidate. */
  cosine: number | null;
  /** Cosine min-max normalised over this query's vector candidates. */
  vector: number;
  vectorWeight: number;
  /** (1 - vectorWeight) * keyword + vectorWeight * vector. */
  fused: number;
  /** Recency factor for dated notes (1 for evergreen files). */
  decay: number;
  /** Whether the note's date lies in the date range the query names. */
  dateMatch: boolean;
  dateBoost: number;
  /** fused * decay * dateBoost = the result's score. */
  final: number;
  /** How much MMR held this result back for resembling results above it. */
  mmrPenalty: number;
  /** lambda * final - mmrPenalty: the value results are ordered by. */
  mmr: number;
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
  /** Inline annotations of the chunk (ctx::, project::, meeting::, mode::), when it has any. */
  annotations?: Record<string, string[]>;
  explain?: ScoreExplanation;
}

export interface SearchResponse {
  query: string;
  mode: SearchMode;
  /** The date range the query named ("last week"), if any, and how it was used. */
  dateRange: (DateRange & { text: string; mode: "boost" | "filter" }) | null;
  results: SearchResult[];
}

export interface QueryPlan {
  query: string;
  /** The query without its date words: what keywords and the embedder see. */
  text: string;
  dateRange: (DateRange & { text: string }) | null;
}

/** Splits the date expressions off a query ("... last week") against "now". */
export function planQuery(query: string, nowMs: number, config: SearchConfig): QueryPlan {
  if (config.dates.mode === "off") return { query, text: query, dateRange: null };
  const opts = config.dates.timeZone ? { timeZone: config.dates.timeZone } : {};
  const d = resolveDates(query, new Date(nowMs), opts);
  if (!d.range) return { query, text: query, dateRange: null };
  const text = d.rest.trim() !== "" ? d.rest : query;
  return { query, text, dateRange: { ...d.range, text: d.matches.map((m) => m.text).join(", ") } };
}

export interface SearchContext {
  db: DB;
  vectors: VectorStore;
  config: SearchConfig;
  nowMs: number;
  /** Embedding of plan.text; null when there is no embedder (keyword-only). */
  queryVector: Float32Array | null;
  vectorWeight: number;
}

interface Scored {
  cand: Candidate;
  cosine: number | null;
  keywordNorm: number;
  vectorNorm: number;
  fused: number;
  decay: number;
  dateMatch: boolean;
  dateBoost: number;
  final: number;
}

/**
 * Keyword and vector candidates → fused relevance → recency and date boosts → MMR.
 * Pure over the index: the caller (the Engine) refreshes the index and embeds the query.
 */
export function searchIndex(ctx: SearchContext, plan: QueryPlan, opts: SearchOptions = {}): SearchResponse {
  const cfg = ctx.config;
  const limit = opts.limit ?? cfg.limit;
  let mode: SearchMode = opts.mode ?? cfg.mode;
  if (ctx.queryVector === null && mode !== "keyword") mode = "keyword";
  const filters: SearchFilters = { ...opts.filters };
  const dateMode = cfg.dates.mode === "filter" ? "filter" : "boost";
  if (plan.dateRange && dateMode === "filter") {
    filters.dateFrom = maxStr(filters.dateFrom, plan.dateRange.from);
    filters.dateTo = minStr(filters.dateTo, plan.dateRange.to);
  }
  const q = parseQuery(plan.text);
  const pool = limit * cfg.candidateMultiplier;

  const byId = new Map<number, { cand: Candidate; cosine: number | null }>();
  if (mode !== "vector") {
    const w = { heading: cfg.keyword.headingWeight, body: cfg.keyword.bodyWeight, cjk: 1 };
    for (const c of keywordSearch(ctx.db, q, pool, filters, w)) byId.set(c.chunkId, { cand: c, cosine: null });
  }
  if (mode !== "keyword" && ctx.queryVector) {
    const hasFilters = Object.values(filters).some((v) => v !== undefined);
    // Filters apply after the nearest-neighbour scan, so look further when filtering.
    const hits = ctx.vectors.knn(ctx.queryVector, hasFilters ? pool * 4 : pool);
    const missing = hits.filter((h) => !byId.has(h.chunkId)).map((h) => h.chunkId);
    const rows = loadCandidates(ctx.db, missing, filters);
    let taken = 0;
    for (const h of hits) {
      const have = byId.get(h.chunkId);
      if (have) {
        have.cosine = h.similarity;
        continue;
      }
      const row = rows.get(h.chunkId);
      if (!row || taken >= pool) continue;
      byId.set(h.chunkId, { cand: row, cosine: h.similarity });
      taken++;
    }
  }
  if (byId.size === 0) return { query: plan.query, mode, dateRange: plan.dateRange ? { ...plan.dateRange, mode: dateMode } : null, results: [] };

  const entries = [...byId.values()];
  const weight = mode === "keyword" ? 0 : mode === "vector" ? 1 : ctx.vectorWeight;
  const fused = fuse(
    entries.map((e) => {
      const input: { id: number; keyword?: number; vector?: number } = { id: e.cand.chunkId };
      if (e.cand.keyword !== undefined) input.keyword = e.cand.keyword;
      if (e.cosine !== null) input.vector = e.cosine;
      return input;
    }),
    {
      method: mode === "hybrid" ? cfg.fusion.method : "weighted",
      vectorWeight: weight,
      rrfK: cfg.fusion.rrfK,
      keywordNorm: cfg.fusion.keywordNorm,
      vectorNorm: cfg.fusion.vectorNorm,
    },
  );
  const scored = new Map<number, Scored>();
  entries.forEach((e, i) => {
    const f = fused[i]!;
    const decay = decayFactor(e.cand.date, e.cand.kind, ctx.nowMs, cfg.recency);
    const dateMatch = plan.dateRange !== null && e.cand.date !== null && e.cand.date >= plan.dateRange.from && e.cand.date <= plan.dateRange.to;
    const dateBoost = dateMatch && dateMode === "boost" ? cfg.dates.boost : 1;
    scored.set(e.cand.chunkId, {
      cand: e.cand,
      cosine: e.cosine,
      keywordNorm: f.keywordNorm,
      vectorNorm: f.vectorNorm,
      fused: f.fused,
      decay,
      dateMatch,
      dateBoost,
      final: f.fused * decay * dateBoost,
    });
  });

  // MMR over the best `pool` by final score; similarity by vectors when both chunks have
  // them, else by shared words (which also catches overlapping neighbour chunks).
  const ranked = [...scored.values()].sort((a, b) => b.final - a.final).slice(0, pool);
  const vecs = cfg.mmr.lambda < 1 ? ctx.vectors.vectorsOf(ranked.map((s) => s.cand.chunkId)) : new Map<number, Float32Array[]>();
  const words = new Map<number, Set<string>>();
  const wordsOf = (id: number) => {
    let w = words.get(id);
    if (!w) words.set(id, (w = wordSet(scored.get(id)!.cand.text)));
    return w;
  };
  const sim = (a: number, b: number): number => {
    const va = vecs.get(a);
    const vb = vecs.get(b);
    const content = va && vb ? Math.max(0, bestPairCosine(va, vb)) : jaccard(wordsOf(a), wordsOf(b));
    return scored.get(a)!.cand.path === scored.get(b)!.cand.path ? Math.max(content, cfg.mmr.sameFileSimilarity) : content;
  };
  const picks = mmrRerank(
    ranked.map((s) => ({ id: s.cand.chunkId, relevance: s.final })),
    limit,
    cfg.mmr.lambda,
    sim,
  );

  const annotations = annotationsOf(ctx.db, picks.map((p) => p.id));
  const results = picks.map((p) => {
    const s = scored.get(p.id)!;
    const r: SearchResult = {
      path: s.cand.path,
      startLine: s.cand.startLine,
      endLine: s.cand.endLine,
      heading: s.cand.heading,
      date: s.cand.date,
      score: round(s.final),
      snippet: makeSnippet(s.cand.text, q.terms),
      source: s.cand.source,
      kind: s.cand.kind,
    };
    const ann = annotations.get(p.id);
    if (ann) r.annotations = ann;
    if (opts.explain) {
      r.explain = {
        bm25: s.cand.keyword === undefined ? null : round(s.cand.keyword),
        keyword: round(s.keywordNorm),
        cosine: s.cosine === null ? null : round(s.cosine),
        vector: round(s.vectorNorm),
        vectorWeight: weight,
        fused: round(s.fused),
        decay: round(s.decay),
        dateMatch: s.dateMatch,
        dateBoost: s.dateBoost,
        final: round(s.final),
        mmrPenalty: round(p.penalty),
        mmr: round(p.mmr),
        terms: q.terms,
      };
    }
    return r;
  });
  return { query: plan.query, mode, dateRange: plan.dateRange ? { ...plan.dateRange, mode: dateMode } : null, results };
}

function bestPairCosine(a: Float32Array[], b: Float32Array[]): number {
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, cosine(x, y));
  return best;
}

function maxStr(a: string | undefined, b: string): string {
  return a === undefined || b > a ? b : a;
}

function minStr(a: string | undefined, b: string): string {
  return a === undefined || b < a ? b : a;
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import type { DB } from "../store/open.js";
import type { VectorStore } from "../store/vectors.js";
import type { SearchConfig } from "./config.js";
import { type DateRange } from "./dates.js";
import { type SearchFilters } from "./keyword.js";
export type SearchMode = "hybrid" | "keyword" | "vector";
export interface SearchOptions {
    limit?: number;
    filters?: SearchFilters;
    explain?: boolean;
    /** Overrides search.mode for one query. */
    mode?: SearchMode;
    /** Raises the floor: results scoring below this (0..1) are left out (`--min-score`). */
    minScore?: number;
}
/** Why a result is evidence: which test of the floor it passed. */
export type Evidence = "keyword" | "vector" | "date";
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
    /** Query terms the chunk contains. */
    matched: string[];
    /** IDF-weighted share of the query's content words the chunk contains (evidence.ts). */
    coverage: number;
    /** The floor tests this result passed. */
    evidence: Evidence[];
}
/** The relevance floor a result must pass, as applied to this query. */
export interface FloorExplanation {
    enabled: boolean;
    /** Keyword evidence: coverage at least this. */
    keywordCoverage: number;
    /** Vector evidence: cosine at least this; null when vectors cannot be evidence here. */
    vectorCosine: number | null;
    /** The embedding provider the cosine level belongs to. */
    vectorModel: string | null;
    /** Caller's minimum score, if any. */
    minScore: number | null;
    /** Candidates scored, and how many passed. */
    candidates: number;
    passed: number;
    /** Per query term: chunks containing it and its weight (idf). */
    terms: {
        term: string;
        df: number;
        idf: number;
    }[];
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
    dateRange: (DateRange & {
        text: string;
        mode: "boost" | "filter";
    }) | null;
    results: SearchResult[];
    /** Set when results is empty: why, in one line (nothing searchable, nothing above the floor). */
    reason?: string;
    /** With `explain`: the floor and what passed it. */
    explain?: {
        floor: FloorExplanation;
    };
}
export interface QueryPlan {
    query: string;
    /** The query without its date words: what keywords and the embedder see. */
    text: string;
    dateRange: (DateRange & {
        text: string;
    }) | null;
}
/** Splits the date expressions off a query ("... last week") against "now". */
export declare function planQuery(query: string, nowMs: number, config: SearchConfig): QueryPlan;
export interface SearchContext {
    db: DB;
    vectors: VectorStore;
    config: SearchConfig;
    nowMs: number;
    /** Embedding of plan.text; null when there is no embedder (keyword-only). */
    queryVector: Float32Array | null;
    vectorWeight: number;
    /**
     * Model id of the query vector ("use-lite@0.2.0"), which picks the calibrated cosine
     * floor; default: the model the index's vectors were made with.
     */
    embedModel?: string | null;
}
/**
 * Keyword and vector candidates → fused relevance → recency and date boosts → the floor →
 * MMR. Pure over the index: the caller (the Engine) refreshes the index and embeds the query.
 */
export declare function searchIndex(ctx: SearchContext, plan: QueryPlan, opts?: SearchOptions): SearchResponse;

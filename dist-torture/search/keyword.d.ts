import type { DB } from "../store/open.js";
import type { ParsedQuery } from "./query.js";
/**
 * Where a chunk comes from: the user's markdown, conversation transcripts, or the engine's
 * own reports (reflections/, weekly reports). Reports are searched only when asked for:
 * they restate the user's notes and would crowd them out.
 */
export declare const SEARCH_SOURCES: readonly ["memory", "sessions", "reflections"];
export type SearchSource = (typeof SEARCH_SOURCES)[number];
export interface SearchFilters {
    source?: SearchSource;
    /** Inclusive YYYY-MM-DD bounds on the chunk's date (undated chunks are excluded when set). */
    dateFrom?: string;
    dateTo?: string;
    kinds?: string[];
    /** Only chunks annotated `project:: ...` with a value matching this, fuzzily (annotationMatches). */
    project?: string;
    /** Only chunks carrying each of these annotations (key → value, matched fuzzily): { mode: "deep" }. */
    annotations?: Record<string, string>;
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
    /** -bm25(): FTS5 returns more-negative-is-better, flipped here so higher is better. Absent for vector-only candidates. */
    keyword?: number;
}
export interface KeywordWeights {
    heading: number;
    body: number;
    cjk: number;
}
export declare const DEFAULT_KEYWORD_WEIGHTS: KeywordWeights;
/** The annotation filters as (key, wanted value) pairs; `project` is shorthand for one of them. */
export declare function annotationFilters(filters: SearchFilters): [string, string][];
/** Annotations of the given chunks, grouped: chunk id → { project: ["Pharmacy App"] }. */
export declare function annotationsOf(db: DB, ids: number[]): Map<number, Record<string, string[]>>;
/**
 * Top `limit` chunks by BM25 over the FTS5 index, filters applied. FTS5 ranks and limits
 * first and only the winners are joined to their rows, so SQLite never reads the text of
 * the thousands of other matches. Filters run after that limit, so the first pass takes
 * extra rows; when filters threw away so many that fewer than `limit` remain while more
 * matches exist, the filtered query runs in full (correct, just slower).
 */
export declare function keywordSearch(db: DB, q: ParsedQuery, limit: number, filters?: SearchFilters, w?: KeywordWeights): Candidate[];
/** Chunks dated inside [from, to] (filters applied), newest first: a query that is only a date. */
export declare function datedChunks(db: DB, from: string, to: string, limit: number, filters?: SearchFilters): Candidate[];
/** Chunk rows for ids found by vector search, with the same filters applied. */
export declare function loadCandidates(db: DB, ids: number[], filters?: SearchFilters): Map<number, Candidate>;

/**
 * Fusion of keyword and vector candidates into one relevance score in 0..1.
 *
 * Default: min-max normalise each list over its own candidates, then a weighted sum. It is
 * the only method that helped on our data with a weak embedder (RRF lost 8-21 points of
 * LoCoMo R@1: it gives the weak list as much say as BM25). RRF is kept as an option for
 * strong models, where it is the common choice.
 */
export type FusionMethod = "weighted" | "rrf";
export interface FusionInput {
    id: number;
    /** Sign-flipped BM25 (higher is better); undefined when not a keyword candidate. */
    keyword?: number;
    /** Cosine similarity of the best window; undefined when not a vector candidate. */
    vector?: number;
}
export interface FusedScore {
    id: number;
    /** Keyword score normalised over the candidates (0 when absent). */
    keywordNorm: number;
    vectorNorm: number;
    fused: number;
}
export type Normalization = "minmax" | "max";
export interface FusionOptions {
    method: FusionMethod;
    /**
     * How each list is scaled to 0..1. "max" (x / best) keeps proportions and never zeroes
     * the last candidate, which min-max does (the weakest keyword match would get 0 and
     * could then never be lifted by recency or MMR). Cosines bunch in a narrow band, so the
     * vector list is min-max scaled to spread it.
     */
    keywordNorm?: Normalization;
    vectorNorm?: Normalization;
    /** Share of the vector list in the weighted sum, 0..1. */
    vectorWeight: number;
    /** RRF's k constant. */
    rrfK?: number;
}
export declare function fuse(cands: FusionInput[], opts: FusionOptions): FusedScore[];

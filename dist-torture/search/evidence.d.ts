import { type DB } from "../store/open.js";
import type { ParsedQuery } from "./query.js";
/**
 * What makes a result evidence, in absolute terms that mean the same across queries:
 *
 * - keyword coverage: the share of the query's information the chunk contains, where each
 *   content word weighs its inverse document frequency over the whole index (a word in
 *   every note says nothing; a rare word says a lot). 1 = every content word is there. A
 *   word no note contains still counts in the total, so a query about something the notes
 *   never mention cannot reach a high coverage through its common words alone.
 * - vector: the cosine of the best window, compared with a level calibrated per model
 *   (VECTOR_FLOORS), never a min-max over this query's candidates.
 */
export interface TermStat {
    term: string;
    /** Chunks containing the term (as FTS5 matches it: stemmed, phrase for "e-mail"). */
    df: number;
    idf: number;
}
export interface TermStats {
    /** Chunks in the index. */
    n: number;
    terms: TermStat[];
    /** Sum of the terms' idf: the coverage denominator. */
    total: number;
}
/**
 * Lucene's BM25 idf, ln(1 + (N − df + 0.5)/(df + 0.5)): always positive, unlike FTS5's,
 * which gives 0 to a word in half the chunks and so would call a tiny workspace's every
 * shared word worthless.
 */
export declare function idf(n: number, df: number): number;
/** The query's evidence terms: its content words, and CJK bigrams against their column. */
export interface EvidenceTerm {
    term: string;
    /** FTS5 MATCH expression for this one term. */
    expr: string;
}
export declare function evidenceTerms(q: ParsedQuery): EvidenceTerm[];
export declare function termStats(db: DB, terms: EvidenceTerm[]): TermStats;
/** For each chunk id, the query terms it contains. One FTS5 lookup per term. */
export declare function matchedTerms(db: DB, terms: EvidenceTerm[], ids: number[]): Map<number, Set<string>>;
export declare function coverage(stats: TermStats, matched: Set<string> | undefined): number;
/**
 * Cosine levels above which a chunk counts as evidence by meaning alone, per embedding
 * provider. use-lite, calibrated with `npm run eval -- --dump` and scripts/eval-floor.mjs:
 * its cosines barely separate on LoCoMo (median 0.41 for gold chunks, 0.35 for other
 * candidates, 0.50 for the best chunk of a no-answer query), so vectors can admit little
 * on their own there. 0.5 keeps hybrid recall@5 within a point of no floor (0.6 does too)
 * and still admits a plain paraphrase ("a kitten resting on a rug" → "the cat sat on the
 * mat": 0.54, where unrelated notes score under 0.4), which 0.6 would not. The others are
 * not measured here (no such model installs on the build machines); they are set high so
 * that an uncalibrated model's vectors rank results but rarely admit one on their own.
 */
export declare const VECTOR_FLOORS: Record<string, number>;
/** "use-lite@0.2.0" → "use-lite"; "transformers:Xenova/..." → "transformers". */
export declare function providerOf(modelId: string | null | undefined): string | null;

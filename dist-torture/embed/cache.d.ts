import type { Embedder } from "./types.js";
/**
 * Vectors already computed, keyed by (model, exact text). A SQLite file of its own, apart from
 * the search index: the index is derived and gets deleted and rebuilt, and a rebuild must not
 * pay for embedding again. The eval harness shares one cache across runs with `--cache DIR`.
 */
export declare const EMBED_CACHE_FILE = "embeddings.db";
/** sha256 (hex) of the exact text: one changed character is a different entry. */
export declare function textHash(text: string): string;
export interface CacheStats {
    file: string;
    entries: number;
    bytes: number;
    models: {
        modelId: string;
        dimension: number;
        entries: number;
    }[];
}
export declare class EmbeddingCache {
    readonly file: string;
    private readonly db;
    private readonly getStmt;
    private readonly putStmt;
    constructor(file: string);
    /** The cache file inside `dir` (created if needed). */
    static inDir(dir: string): EmbeddingCache;
    /** Cached vectors for the hashes that have one; a stored blob of the wrong size counts as absent. */
    get(modelId: string, hashes: Iterable<string>): Map<string, Float32Array>;
    put(modelId: string, entries: Iterable<[hash: string, vector: Float32Array]>): void;
    stats(): CacheStats;
    close(): void;
}
export interface EmbedProgress {
    /** Texts embedded so far in this call (cache misses only). */
    embedded: number;
    /** Texts this call has to embed. */
    toEmbed: number;
    /** Distinct texts found in the cache. */
    hits: number;
}
export interface EmbedWithCacheResult {
    /** One vector per input text, in order. */
    vectors: Float32Array[];
    /** Distinct texts served from the cache. */
    hits: number;
    /** Distinct texts the embedder had to compute (now cached). */
    misses: number;
}
/**
 * Embeds `texts`, asking the embedder only for those not cached under its `modelId`. Repeated
 * texts are embedded once. Each batch is written to the cache as soon as it is done, so an
 * interrupted run keeps what it paid for. An aborted `signal` rejects with an "AbortError"
 * (between batches, or inside one when the embedder can stop mid-call).
 */
export declare function embedWithCache(embedder: Embedder, cache: EmbeddingCache, texts: string[], opts?: {
    onProgress?: (p: EmbedProgress) => void;
    signal?: AbortSignal;
}): Promise<EmbedWithCacheResult>;

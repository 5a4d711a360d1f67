import { type EmbeddingCache } from "../embed/cache.js";
import { type Embedder } from "../embed/types.js";
import type { VectorStore } from "../store/vectors.js";
export interface EmbedPendingProgress {
    done: number;
    total: number;
    /** Windows served from the embedding cache so far. */
    cached: number;
}
export interface EmbedPendingResult {
    /** Chunks that got vectors in this call. */
    embedded: number;
    /** Windows taken from the cache / computed by the model. */
    cacheHits: number;
    computed: number;
    /** Chunks still without vectors (interrupted, or a limit was set). */
    remaining: number;
    interrupted: boolean;
}
/** What the model sees for a chunk: its heading path gives short chunks their context. */
export declare function embedText(c: {
    heading: string;
    text: string;
}): string;
/**
 * Progressive indexing, second stage: gives vectors to chunks that lack them, a batch at a
 * time, each batch committed before the next starts. Keyword search never waits for this,
 * and an interrupted run (Ctrl-C, signal, limit) resumes where it stopped because the
 * state is simply "chunks without vectors". The signal reaches the embedder too: USE-lite
 * stops its workers mid-batch, so a stop request is honoured within about a second; windows
 * finished before it are already in the embedding cache.
 */
export declare function embedPending(vectors: VectorStore, embedder: Embedder, cache: EmbeddingCache, opts?: {
    batchChunks?: number;
    maxChunks?: number;
    signal?: AbortSignal;
    onProgress?: (p: EmbedPendingProgress) => void;
}): Promise<EmbedPendingResult>;

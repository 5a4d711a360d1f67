import { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { MemoryStore } from "../../store/memories.js";
import type { MemoryView } from "./inject.js";
import type { Memory } from "./types.js";
export declare function viewAt(m: Memory, now: number): MemoryView;
/** Active memories with their vividness at `now`, oldest first. */
export declare function activeViews(store: MemoryStore, now: number): MemoryView[];
/** The embedding cache the Engine uses for this workspace (embed.cacheDir, else .agent/). */
export declare function openEmbedCache(workspace: string): EmbeddingCache;
/**
 * One vector per text: the text's first window (memories are a sentence; the model would
 * ignore the rest anyway), through the cache when one is given.
 */
export declare function embedTexts(embedder: Embedder, texts: string[], cache?: EmbeddingCache | null): Promise<Float32Array[]>;
/** Resolves an embedder given directly or lazily. */
export type EmbedderInput = Embedder | null | (() => Promise<Embedder | null>);
export declare function resolveEmbedder(e: EmbedderInput | undefined): Promise<Embedder | null>;

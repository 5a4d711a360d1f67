import type { Embedder } from "../embed/types.js";
/**
 * The workspace's configured embedder, loaded on first use only (loading a model costs a
 * second or more, and most runs never need it), for jobs that take a lazy embedder
 * (reflection's memory formation). `close()` frees it if it was loaded.
 */
export declare function lazyEmbedder(workspace: string): {
    get: () => Promise<Embedder | null>;
    close: () => Promise<void>;
};

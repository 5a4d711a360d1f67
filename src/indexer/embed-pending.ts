import { embedWithCache, type EmbeddingCache } from "../embed/cache.js";
import { isAbortError, type Embedder } from "../embed/types.js";
import type { PendingChunk, VectorStore } from "../store/vectors.js";
import type { EmbedLeaseHolder } from "../store/embed-lease.js";
import { vectorInput } from "./vector-text.js";

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

/** A pass of `Engine.embed`: what was embedded, and with which model and why. */
export interface EmbedReport extends EmbedPendingResult {
  provider: string | null;
  modelId: string | null;
  reason: string;
  /** True when vectors of a previous model were dropped (they are re-embedded from the cache). */
  modelChanged: boolean;
  /** Another process was embedding this index: this call left the work to it. */
  busy: EmbedLeaseHolder | null;
}

// What the model reads for a chunk lives in vector-text.ts; embedText stays importable here.
export { embedText } from "./vector-text.js";

/**
 * Pending chunks read ahead of the batches. A chunk written meanwhile waits at most this
 * many chunks (well under a minute); one re-indexed meanwhile is simply not stored (insert
 * checks its text) and is found again by the next pass.
 */
const QUEUE_AHEAD = 256;

/**
 * Progressive indexing, second stage: gives vectors to chunks that lack them, a batch at a
 * time, each batch committed before the next starts. Keyword search never waits for this,
 * and an interrupted run (Ctrl-C, signal, limit) resumes where it stopped because the
 * state is simply "chunks without vectors". The signal reaches the embedder too: USE-lite
 * stops its workers mid-batch, so a stop request is honoured within about a second; windows
 * finished before it are already in the embedding cache.
 */
export async function embedPending(
  vectors: VectorStore,
  embedder: Embedder,
  cache: EmbeddingCache,
  opts: {
    batchChunks?: number;
    maxChunks?: number;
    signal?: AbortSignal;
    onProgress?: (p: EmbedPendingProgress) => void;
    /** What a transcript chunk gives the model (vector-text.ts); default "digest". */
    transcripts?: "digest" | "whole";
    /** Most windows a transcript chunk's digest gets (default TRANSCRIPT_WINDOWS). */
    transcriptWindows?: number;
  } = {},
): Promise<EmbedPendingResult> {
  // Each batch is one write transaction; between batches a watcher or search can write.
  const batchChunks = opts.batchChunks ?? 32;
  const total = Math.min(vectors.countPending(), opts.maxChunks ?? Infinity);
  const res: EmbedPendingResult = { embedded: 0, cacheHits: 0, computed: 0, remaining: 0, interrupted: false };
  opts.onProgress?.({ done: 0, total, cached: 0 });
  let queue: PendingChunk[] = [];
  while (res.embedded < total) {
    if (opts.signal?.aborted) {
      res.interrupted = true;
      break;
    }
    // Finding the newest pending chunks sorts every pending one: done once per QUEUE_AHEAD
    // chunks, not once per batch (a 40,000-turn import is thousands of batches).
    if (queue.length === 0) queue = vectors.pending(Math.min(Math.max(batchChunks, QUEUE_AHEAD), total - res.embedded));
    const batch: PendingChunk[] = queue.splice(0, Math.min(batchChunks, total - res.embedded));
    if (batch.length === 0) break;
    const windows = batch.map((c) => {
      const input = vectorInput(c, opts.transcripts, opts.transcriptWindows);
      const all = embedder.windows(input.text);
      return input.maxWindows === null ? all : all.slice(0, input.maxWindows);
    });
    const flat = windows.flat();
    let out;
    try {
      out = await embedWithCache(embedder, cache, flat, opts.signal ? { signal: opts.signal } : {});
    } catch (e) {
      if (!isAbortError(e)) throw e;
      res.interrupted = true;
      break;
    }
    res.cacheHits += out.hits;
    res.computed += out.misses;
    let at = 0;
    const items = batch.map((c, i) => {
      const n = windows[i]!.length;
      const vs = out.vectors.slice(at, at + n);
      at += n;
      return { chunkId: c.id, hash: c.hash, heading: c.heading, vectors: vs };
    });
    vectors.insert(items);
    // Count the batch even if some chunks vanished meanwhile, so the loop always ends.
    res.embedded += batch.length;
    opts.onProgress?.({ done: res.embedded, total, cached: res.cacheHits });
    // A batch served wholly from the cache never waits on anything: without this turn of the
    // event loop, a SIGTERM, a search or a socket request would wait for the whole pass.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  res.remaining = vectors.countPending();
  return res;
}

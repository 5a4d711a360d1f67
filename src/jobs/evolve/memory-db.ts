/**
 * The I/O helpers the evolution modules share: memories as seen at an instant (vividness
 * decayed to `now`), and embedding memory texts through the embedding cache the host hands
 * in (so a memory is embedded once per model, not on every run).
 */
import { embedWithCache, type EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { MemoryStore } from "../../store/memories.js";
import { vividnessAt } from "./fade.js";
import type { MemoryView } from "./inject.js";
import type { Memory } from "./types.js";

export function viewAt(m: Memory, now: number): MemoryView {
  return { ...m, vividNow: vividnessAt(m, now) };
}

/** Active memories with their vividness at `now`, oldest first. */
export function activeViews(store: MemoryStore, now: number): MemoryView[] {
  return store.list().map((m) => viewAt(m, now));
}

/**
 * One vector per text: the text's first window (memories are a sentence; the model would
 * ignore the rest anyway), through the cache when one is given.
 */
export async function embedTexts(embedder: Embedder, texts: string[], cache?: EmbeddingCache | null, kind: "query" | "document" = "document"): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  await embedder.init?.();
  const windows = texts.map((t) => embedder.windows(t)[0] ?? t);
  // The cache holds notes' vectors; a query's (with its own prefix) is never stored.
  if (cache && kind === "document") return (await embedWithCache(embedder, cache, windows)).vectors;
  const out: Float32Array[] = [];
  const batch = Math.max(1, embedder.batchSize);
  for (let i = 0; i < windows.length; i += batch) out.push(...(await embedder.embed(windows.slice(i, i + batch), { kind })));
  return out;
}

/** Resolves an embedder given directly or lazily. */
export type EmbedderInput = Embedder | null | (() => Promise<Embedder | null>);

export async function resolveEmbedder(e: EmbedderInput | undefined): Promise<Embedder | null> {
  if (e === undefined || e === null) return null;
  return typeof e === "function" ? e() : e;
}

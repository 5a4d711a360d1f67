import type { SearchResponse } from "./types.js";

export interface VectorInfo {
  /** Embedder in use and why, or null for keyword-only search. */
  provider: string | null;
  modelId: string | null;
  reason: string;
  /** Set when search runs without vectors. */
  warning?: string;
  /** Chunks that have no vectors yet (they are found by keywords only). */
  missing: number;
  /** When some are missing: who is embedding them, or what to run ("the daemon (pid 42) is embedding 1,234 chunk(s)..."). */
  pending?: string;
}

/** What a search through the engine returns: the ranked response plus what happened around it. */
export interface SearchReport extends SearchResponse {
  /** What the pre-search freshness check reindexed (usually nothing). */
  refreshed: { indexed: string[]; removed: string[] };
  vectors: VectorInfo;
}

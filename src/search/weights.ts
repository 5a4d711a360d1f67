import type { SearchConfig } from "./config.js";

/**
 * Per-provider vector weight when the config sets none. A weak model gets a low weight:
 * USE-lite alone scores far below BM25 (LoCoMo R@1 0.430 vs 0.693; SciFact nDCG@10 0.266
 * vs 0.694). Mixed in, LoCoMo R@1 was 0.701 / 0.705 / 0.715 / 0.708 at weights
 * 0.1 / 0.2 / 0.3 / 0.5, but SciFact nDCG@10 was 0.701 at 0.2 and 0.689 at 0.3, below
 * BM25: 0.2 is the largest weight tried that beats keyword-only on both sets.
 * The transformers/ollama/gguf values are not measured here (no such model can be
 * downloaded on the build machines); 0.5 is the common equal-weight starting point for
 * strong models.
 */
export const DEFAULT_VECTOR_WEIGHTS: Record<string, number> = {
  "use-lite": 0.2,
  transformers: 0.5,
  ollama: 0.5,
  gguf: 0.5,
};

export function vectorWeightFor(config: SearchConfig, provider: string | null): number {
  if (config.fusion.vectorWeight !== undefined) return config.fusion.vectorWeight;
  return provider ? (DEFAULT_VECTOR_WEIGHTS[provider] ?? 0.3) : 0;
}

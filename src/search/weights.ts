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
export const VECTOR_FLOORS: Record<string, number> = {
  "use-lite": 0.5,
  transformers: 0.75,
  ollama: 0.75,
  gguf: 0.75,
};

/** "use-lite@0.2.0" → "use-lite"; "transformers:Xenova/..." → "transformers". */
export function providerOf(modelId: string | null | undefined): string | null {
  if (!modelId) return null;
  const m = /^[a-z0-9-]+/.exec(modelId);
  return m ? m[0] : null;
}

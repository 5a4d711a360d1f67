/**
 * Fusion of keyword and vector candidates into one relevance score in 0..1.
 *
 * Default: min-max normalise each list over its own candidates, then a weighted sum. It is
 * the only method that helped on our data with a weak embedder (RRF lost 8-21 points of
 * LoCoMo R@1: it gives the weak list as much say as BM25). RRF is kept as an option for
 * strong models, where it is the common choice.
 */

export type FusionMethod = "weighted" | "rrf";

export interface FusionInput {
  id: number;
  /** Sign-flipped BM25 (higher is better); undefined when not a keyword candidate. */
  keyword?: number;
  /** Cosine similarity of the best window; undefined when unknown (keyword mode, chunk not embedded yet). */
  vector?: number;
}

export interface FusedScore {
  id: number;
  /** Keyword score normalised over the candidates (0 when absent). */
  keywordNorm: number;
  vectorNorm: number;
  fused: number;
}

export type Normalization = "minmax" | "max";

export interface FusionOptions {
  method: FusionMethod;
  /**
   * How each list is scaled to 0..1. "max" (x / best) keeps proportions and never zeroes
   * the last candidate, which min-max does (the weakest keyword match would get 0 and
   * could then never be lifted by recency or MMR). Cosines bunch in a narrow band, so the
   * vector list is min-max scaled to spread it.
   */
  keywordNorm?: Normalization;
  vectorNorm?: Normalization;
  /** Share of the vector list in the weighted sum, 0..1. */
  vectorWeight: number;
  /** RRF's k constant. */
  rrfK?: number;
  /**
   * The cosine at which the model's similarity counts as evidence (VECTOR_FLOORS). When set,
   * a candidate's scaled vector score is multiplied by min(1, cosine / level): min-max
   * scaling makes the nearest of a weak list look as good as the nearest of a strong one,
   * and this gives back the absolute level. null/undefined: plain scaling.
   */
  cosineLevel?: number | null;
}

function scaler(kind: Normalization, values: number[]): (x: number) => number {
  if (kind === "minmax") return minMax(values);
  const hi = values.length === 0 ? 0 : Math.max(...values);
  return hi <= 0 ? () => 0 : (x) => Math.max(0, x / hi);
}

function minMax(values: number[]): (x: number) => number {
  if (values.length === 0) return () => 0;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // One candidate, or all equal: they are all "the best we have".
  if (hi - lo < 1e-12) return () => 1;
  return (x) => (x - lo) / (hi - lo);
}

export function fuse(cands: FusionInput[], opts: FusionOptions): FusedScore[] {
  if (opts.method === "rrf") return rrf(cands, opts.rrfK ?? 60);
  const kw = scaler(opts.keywordNorm ?? "max", cands.filter((c) => c.keyword !== undefined).map((c) => c.keyword!));
  const vec = scaler(opts.vectorNorm ?? "minmax", cands.filter((c) => c.vector !== undefined).map((c) => c.vector!));
  const w = opts.vectorWeight;
  const level = opts.cosineLevel ?? null;
  const confidence = (cos: number) => (level === null || level <= 0 ? 1 : Math.min(1, Math.max(0, cos) / level));
  return cands.map((c) => {
    const keywordNorm = c.keyword === undefined ? 0 : kw(c.keyword);
    const vectorNorm = c.vector === undefined ? 0 : vec(c.vector) * confidence(c.vector);
    return { id: c.id, keywordNorm, vectorNorm, fused: (1 - w) * keywordNorm + w * vectorNorm };
  });
}

/** Reciprocal rank fusion, rescaled so the best possible score is 1. */
function rrf(cands: FusionInput[], k: number): FusedScore[] {
  const rank = (key: "keyword" | "vector") => {
    const sorted = cands.filter((c) => c[key] !== undefined).sort((a, b) => b[key]! - a[key]!);
    return new Map(sorted.map((c, i) => [c.id, 1 / (k + i + 1)]));
  };
  const kr = rank("keyword");
  const vr = rank("vector");
  const max = 2 / (k + 1);
  return cands.map((c) => {
    const keywordNorm = (kr.get(c.id) ?? 0) / (1 / (k + 1));
    const vectorNorm = (vr.get(c.id) ?? 0) / (1 / (k + 1));
    return { id: c.id, keywordNorm, vectorNorm, fused: ((kr.get(c.id) ?? 0) + (vr.get(c.id) ?? 0)) / max };
  });
}

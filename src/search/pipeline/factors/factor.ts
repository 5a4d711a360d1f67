import type { Candidate } from "../keyword.js";
import type { TermStats } from "../evidence.js";
import type { SearchPlan } from "../../plan.js";
import type { ScoreExplanation } from "../../types.js";

/** What is known of a candidate before the factors run (score.ts measures it). */
export interface Measured {
  cand: Candidate;
  cosine: number | null;
  keywordNorm: number;
  vectorNorm: number;
  /** Keyword and vector relevance fused (fuse.ts): the score the factors multiply. */
  fused: number;
  /** The note is of the time the query names (or, written after it, says something happened then). */
  dateMatch: boolean;
  /** The date phrase's term weight this candidate got (0 unless dateMatch). */
  dateTerm: number;
  /** Query terms the chunk contains, in the query's order. */
  matched: string[];
  /** IDF-weighted share of the query's content words the chunk contains (evidence.ts). */
  coverage: number;
}

/** What every factor may read about the query, once per search. */
export interface FactorQuery {
  plan: SearchPlan;
  stats: TermStats;
  nowMs: number;
}

/** One factor's value for a candidate, and the fields of `--explain` that show it. */
export interface FactorValue {
  value: number;
  explain: Partial<ScoreExplanation>;
}

/**
 * A score factor: the candidate's fused relevance is multiplied by every factor's value, in
 * the order of SCORE_FACTORS (factors/index.ts), and `--explain` shows each factor's fields,
 * so the explanation is made of the same numbers as the score. `prepare` runs once per
 * query and returns the per-candidate function.
 */
export interface ScoreFactor {
  name: string;
  prepare(q: FactorQuery): (m: Measured) => FactorValue;
}

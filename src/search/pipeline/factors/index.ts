/**
 * The score factors, in the order they multiply the fused relevance and appear in
 * `--explain`. A new ranking idea is a module in this folder and a line here.
 */
import { amountBoost } from "./amount-boost.js";
import { coverageFactor } from "./coverage.js";
import { dateBoost } from "./date-boost.js";
import type { ScoreFactor } from "./factor.js";
import { measureBoost } from "./measure-boost.js";
import { recency } from "./recency.js";
import { whenBoost } from "./when-boost.js";

export type { FactorQuery, FactorValue, Measured, ScoreFactor } from "./factor.js";

export const SCORE_FACTORS: readonly ScoreFactor[] = [recency, dateBoost, whenBoost, amountBoost, measureBoost, coverageFactor];

import { decayFactor } from "../recency.js";
import { round } from "../../round.js";
import type { ScoreFactor } from "./factor.js";

/** Newer dated notes rank higher; evergreen files keep 1 (recency.ts, search.recency). */
export const recency: ScoreFactor = {
  name: "recency",
  prepare: ({ plan, nowMs }) => (m) => {
    const decay = decayFactor(m.cand.date, m.cand.kind, nowMs, plan.config.recency);
    return { value: decay, explain: { decay: round(decay) } };
  },
};

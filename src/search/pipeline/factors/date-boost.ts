import type { ScoreFactor } from "./factor.js";

/** A note of the time the query names ranks higher (search.dates.boost; in filter mode only such notes are candidates). */
export const dateBoost: ScoreFactor = {
  name: "dateBoost",
  prepare: ({ plan }) => (m) => {
    const boost = m.dateMatch && plan.dates.mode === "boost" ? plan.config.dates.boost : 1;
    return { value: boost, explain: { dateMatch: m.dateMatch, dateBoost: boost } };
  },
};

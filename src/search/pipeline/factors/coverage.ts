import { round } from "../../round.js";
import type { ScoreFactor } from "./factor.js";

/** More of the query's information in the chunk ranks it higher: (1 − w) + w × coverage (search.keyword.coverageWeight); 1 in vector mode. */
export const coverageFactor: ScoreFactor = {
  name: "coverage",
  prepare: ({ plan }) => {
    const w = plan.config.keyword.coverageWeight;
    return (m) => {
      const f = plan.mode === "vector" ? 1 : 1 - w + w * m.coverage;
      return { value: f, explain: { coverageFactor: round(f) } };
    };
  },
};

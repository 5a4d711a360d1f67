import { textForms } from "../../query/forms.js";
import { statesTimeWhereItMatches } from "../../dates/when.js";
import type { ScoreFactor } from "./factor.js";

/** A question that asks when prefers the chunk whose matching line states a time (when.ts, search.dates.whenBoost). */
export const whenBoost: ScoreFactor = {
  name: "whenBoost",
  prepare: ({ plan, stats, nowMs }) => {
    const cfg = plan.config.dates;
    if (!plan.dates.asksWhen) return () => ({ value: 1, explain: { whenBoost: 1 } });
    const weighted = stats.terms.map((t) => ({ term: t.term, weight: t.idf, forms: textForms(t.term) }));
    const now = new Date(nowMs);
    return (m) => {
      const boost = statesTimeWhereItMatches(m.cand.text, weighted, m.cand.date, now, cfg.timeZone) ? cfg.whenBoost : 1;
      return { value: boost, explain: { whenBoost: boost } };
    };
  },
};

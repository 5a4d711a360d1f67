import { textForms } from "../../query/forms.js";
import { asksMeasure, QUALITY_TERMS, statesMeasureWhereItMatches } from "../../text/measures.js";
import type { ScoreFactor } from "./factor.js";

/**
 * A question that asks how heavy, tall or far something is prefers the chunk where a line
 * holding one of its words states a measure of that kind (text/measures.ts). It weighs as an
 * amount does (search.keyword.amountBoost): a measure is the amount of the quality asked.
 * Only the question's words for the thing count, not the quality's: "heavy" beside "25kg"
 * in a note on a sack of compost is no answer to how heavy the cat is.
 */
export const measureBoost: ScoreFactor = {
  name: "measureBoost",
  prepare: ({ plan, stats }) => {
    const boost = plan.config.keyword.amountBoost;
    const dimension = asksMeasure(plan.query);
    if (boost === 1 || dimension === null) return () => ({ value: 1, explain: {} });
    const forms = stats.terms.filter((t) => !QUALITY_TERMS.test(t.term)).map((t) => textForms(t.term));
    return (m) => {
      const value = forms.length > 0 && statesMeasureWhereItMatches(m.cand.text, forms, dimension) ? boost : 1;
      // Shown only when it applies, so explanations of other questions keep their shape.
      return { value, explain: value === 1 ? {} : { measureBoost: value } };
    };
  },
};

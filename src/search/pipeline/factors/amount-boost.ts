import { textForms } from "../../query/forms.js";
import { asksAmount, statesAmountWhereItMatches } from "../../text/amounts.js";
import type { ScoreFactor } from "./factor.js";

/**
 * A question that asks how much prefers the chunk where a line holding one of its words states
 * an amount of money (text/amounts.ts, search.keyword.amountBoost). Only the question's
 * distinctive words count, not its price words: "cost" beside "85 euro" in a note about
 * something else is no answer to what the laptop repair cost.
 */
export const amountBoost: ScoreFactor = {
  name: "amountBoost",
  prepare: ({ plan, stats }) => {
    const boost = plan.config.keyword.amountBoost;
    if (boost === 1 || !asksAmount(plan.query)) return () => ({ value: 1, explain: {} });
    const forms = stats.terms.filter((t) => !PRICE_TERMS.test(t.term)).map((t) => textForms(t.term));
    return (m) => {
      const value = forms.length > 0 && statesAmountWhereItMatches(m.cand.text, forms) ? boost : 1;
      // Shown only when it applies, so explanations of other questions keep their shape.
      return { value, explain: value === 1 ? {} : { amountBoost: value } };
    };
  },
};

/** The words that ask for the amount rather than name what it is of. */
const PRICE_TERMS = /^(?:cost|costs|costing|price|prices|priced|paid|pay|pays|charge|charged|fee|fees|amount)$/;

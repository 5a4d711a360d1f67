import { asksForNext } from "../../query/date-tense.js";
import { textForms } from "../../query/forms.js";
import { iso, todayIn } from "../../dates/calendar.js";
import { statesTimeWhereItMatches } from "../../dates/when.js";
import type { ScoreFactor } from "./factor.js";

/**
 * A question that asks when prefers the chunk whose matching line states a time (when.ts,
 * search.dates.whenBoost), and divides by the same amount the score of a chunk that cannot
 * say when at all: one of an undated file (MEMORY.md, USER.md) whose matching line states no
 * time. A dated note's date may be the answer ("when did I go to the dentist": the note of
 * that day), so a dated line that states no time stays as it is. Without the division a
 * short list item of MEMORY.md naming the topic ("Dad, bad hip for years") outranks, by
 * BM25's length normalization alone, the dated note that says "hip replacement, thurs 30
 * March". A question asking for the next one ("when is my next crit", date-tense.ts
 * `asksForNext`) counts only a time still to come: the line dating the last crit is the old
 * news. Not every question in the future tense: "when is the meeting scheduled" is asked, in a
 * transcript read later, of a time that has passed (BEAM lost a knowledge update to that).
 */
export const whenBoost: ScoreFactor = {
  name: "whenBoost",
  prepare: ({ plan, stats, nowMs }) => {
    const cfg = plan.config.dates;
    if (!plan.dates.asksWhen) return () => ({ value: 1, explain: { whenBoost: 1 } });
    const weighted = stats.terms.map((t) => ({ term: t.term, weight: t.idf, forms: textForms(t.term) }));
    const now = new Date(nowMs);
    const notBefore = asksForNext(plan.query, true) ? iso(todayIn(now, cfg.timeZone)) : undefined;
    return (m) => {
      const boost = statesTimeWhereItMatches(m.cand.text, weighted, m.cand.date, now, cfg.timeZone, notBefore) ? cfg.whenBoost : m.cand.date === null ? 1 / cfg.whenBoost : 1;
      return { value: boost, explain: { whenBoost: boost } };
    };
  },
};

import { describe, expect, it } from "vitest";
import { SearchConfigSchema } from "../../src/search/config.js";
import { planSearch } from "../../src/search/plan.js";
import { SCORE_FACTORS } from "../../src/search/pipeline/factors/index.js";

const NOW = Date.parse("2026-11-26T09:00:00Z");
const config = SearchConfigSchema.parse({ dates: { timeZone: "UTC" } });
const plan = (q: string, opts = {}, cfg = config) => planSearch(q, opts, { nowMs: NOW, config: cfg });

describe("the search plan", () => {
  it("reads the query once: words, phrases, exclusions, the date reading and whether it asks when", () => {
    const p = plan('when did the "support group" meet last week -pizza');
    expect(p.parsed.phrases).toEqual(["support group"]);
    expect(p.parsed.excluded).toEqual(["pizza"]);
    expect(p.dates.range).toMatchObject({ from: "2026-11-16", to: "2026-11-22", text: "last week" });
    expect(p.dates.asksWhen).toBe(true);
    expect(p.text).not.toMatch(/last week/);
    expect(p.embedText).toBe("when did the support group meet");
    // The question's own words, date words included, for the reranker and boot.
    expect(p.questionWords).toContain("week");
  });

  it("is immutable; the relaxed-phrase retry and the embedder's answer give new plans", () => {
    const p = plan('"purple elephant" notes');
    expect(Object.isFrozen(p)).toBe(true);
    const relaxed = p.relaxing(["purple elephant"]);
    expect(relaxed).not.toBe(p);
    expect(relaxed.parsed.phrases).toEqual([]);
    expect(relaxed.relaxed).toEqual(["purple elephant"]);
    expect(p.parsed.phrases).toEqual(["purple elephant"]);
    expect(p.relaxing([])).toBe(p);
    expect(p.mode).toBe("hybrid");
    const none = p.withVectors({ hasVector: false, model: "use-lite@0.2.0", weight: 0.3 });
    expect(none.mode).toBe("keyword");
    expect(none.floor.vectorCosine).toBeNull();
    const some = p.withVectors({ hasVector: true, model: "use-lite@0.2.0", weight: 0.3 });
    expect(some.mode).toBe("hybrid");
    expect(some.floor).toMatchObject({ vectorCosine: 0.5, vectorModel: "use-lite" });
  });

  it("carries the privacy scope into the candidate filters for group and isolated sessions only", () => {
    expect(plan("x", { session: "group" }).filters.publicOnly).toBe(true);
    expect(plan("x", { session: "isolated" }).privateFiles).toBe(false);
    expect("publicOnly" in plan("x").filters).toBe(false);
    expect(plan("x").privateFiles).toBe(true);
  });

  it("with a reranker, the first stage returns the model's candidates with their text", () => {
    const p = plan("which database", { rerank: true, limit: 3 });
    expect(p.rerank).toEqual({ limit: 3, keepText: false });
    expect(p.limit).toBe(config.rerank.candidates);
    expect(p.withText).toBe(true);
    // A date-only query has no question for a model to judge by.
    expect(plan("yesterday", { rerank: true }).rerank).toBeNull();
  });

  it("narrows the caller's date filters to the range in filter mode", () => {
    const p = plan("standup last week", { filters: { dateFrom: "2026-11-18" } }, SearchConfigSchema.parse({ dates: { mode: "filter", timeZone: "UTC" } }));
    expect(p.filters).toMatchObject({ dateFrom: "2026-11-18", dateTo: "2026-11-22" });
  });

  it("the score factors are a list, in the order explain shows them", () => {
    expect(SCORE_FACTORS.map((f) => f.name)).toEqual(["recency", "dateBoost", "whenBoost", "amountBoost", "measureBoost", "coverage"]);
  });
});

/**
 * Candidates for a query that is only a date ("yesterday", "what happened last week"): the
 * notes of those days, newest first. The date is their evidence, the floor does not apply,
 * and each scores its recency.
 */
import type { SearchIndexes } from "./candidates.js";
import { syntaxWords } from "./candidates.js";
import { annotationsOf, datedChunks } from "./keyword.js";
import { maxStr, minStr, type SearchPlan } from "./plan.js";
import { respond, toResult } from "./present.js";
import { decayFactor } from "./recency.js";
import { round } from "./round.js";
import type { FloorExplanation, SearchResponse } from "./types.js";

export function listDated(ix: SearchIndexes, plan: SearchPlan, floor: FloorExplanation): SearchResponse {
  const range = plan.dates.range!;
  const q = plan.parsed;
  const from = maxStr(plan.filters.dateFrom, range.from);
  const to = minStr(plan.filters.dateTo, range.to);
  const constrained = q.requiredExpr !== "" || q.excludedExpr !== "";
  const rows = from <= to ? datedChunks(ix.db, from, to, plan.limit, plan.filters, { required: q.requiredExpr, excluded: q.excludedExpr }) : [];
  floor.dateOnly = true;
  floor.candidates = rows.length;
  floor.passed = rows.length;
  const days = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  if (rows.length === 0) return respond(plan, [], floor, null, constrained ? `no notes dated ${days} ${syntaxWords(q)}` : `no notes dated ${days}`);
  const annotations = annotationsOf(ix.db, rows.map((r) => r.chunkId));
  const results = rows.map((c) => {
    const decay = decayFactor(c.date, c.kind, ix.nowMs, plan.config.recency);
    const r = toResult(plan, c, decay, annotations.get(c.chunkId));
    if (plan.explain) {
      r.explain = {
        bm25: null,
        dateTerm: 0,
        keyword: 0,
        cosine: null,
        vector: 0,
        vectorWeight: 0,
        fused: 1,
        decay: round(decay),
        dateMatch: true,
        dateBoost: 1,
        whenBoost: 1,
        coverageFactor: 1,
        final: round(decay),
        mmrPenalty: 0,
        mmr: round(decay),
        terms: q.words,
        matched: [],
        coverage: 0,
        evidence: q.phrases.length > 0 ? ["date", "phrase"] : ["date"],
      };
    }
    return r;
  });
  return respond(plan, results, floor, null);
}

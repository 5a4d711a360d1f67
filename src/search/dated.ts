/**
 * Candidates for a query that is only a date ("yesterday", "what happened last week"): the
 * notes of those days, newest first. The date is their evidence, the floor does not apply,
 * and each scores its recency. Days still to come have no notes: for them ("what's on 4
 * December"), the notes of the year before that name one of those days in any phrasing the
 * date parser reads ("proposal by 4 December", "next Friday" written the day before).
 */
import type { SearchIndexes } from "./candidates.js";
import { syntaxWords } from "./candidates.js";
import { annotationsOf, datedChunks, type Candidate } from "./keyword.js";
import { maxStr, minStr, type SearchPlan } from "./plan.js";
import { respond, toResult } from "./present.js";
import { mentionsTimeIn } from "./when.js";
import { decayFactor } from "./recency.js";
import { round } from "./round.js";
import type { FloorExplanation, SearchResponse } from "./types.js";

export function listDated(ix: SearchIndexes, plan: SearchPlan, floor: FloorExplanation): SearchResponse {
  const range = plan.dates.range!;
  const q = plan.parsed;
  const from = maxStr(plan.filters.dateFrom, range.from);
  const to = minStr(plan.filters.dateTo, range.to);
  const constrained = q.requiredExpr !== "" || q.excludedExpr !== "";
  const fts = { required: q.requiredExpr, excluded: q.excludedExpr };
  const rows = plan.dates.searched === "mentions" ? mentioning(ix, plan, fts) : from <= to ? datedChunks(ix.db, from, to, plan.limit, plan.filters, fts) : [];
  floor.dateOnly = true;
  floor.candidates = rows.length;
  floor.passed = rows.length;
  const days = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  const none = plan.dates.searched === "mentions" ? `no note mentions ${days}` : `no notes dated ${days}`;
  if (rows.length === 0) return respond(plan, [], floor, null, constrained ? `${none} ${syntaxWords(q)}` : none);
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

/** How far back a note may plan a day ahead, and how many of those chunks are read. */
const MENTION_LOOKBACK_DAYS = 366;
const MENTION_SCAN = 5000;

/** The chunks written before the (future) range that name a day of it, newest first. */
function mentioning(ix: SearchIndexes, plan: SearchPlan, fts: { required: string; excluded: string }): Candidate[] {
  const range = plan.dates.range!;
  const from = maxStr(plan.filters.dateFrom, new Date(Date.parse(`${range.from}T00:00:00Z`) - MENTION_LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10));
  const to = minStr(plan.filters.dateTo, range.from);
  if (from > to) return [];
  const rows = datedChunks(ix.db, from, to, MENTION_SCAN, plan.filters, fts);
  return rows.filter((c) => c.date !== null && mentionsTimeIn(c.text, c.date, range)).slice(0, plan.limit);
}

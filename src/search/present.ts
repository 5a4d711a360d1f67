/**
 * Stage 7, present: the picked chunks as results (snippet, annotations, the score, and with
 * `explain` every number the score was made of), and the answer around them.
 */
import type { DB } from "../store/open.js";
import type { Picked } from "./diversify.js";
import { annotationsOf, type Candidate } from "./keyword.js";
import type { SearchPlan } from "./plan.js";
import { round } from "./round.js";
import { factorExplanation, type Scoring } from "./score.js";
import { makeSnippet } from "./snippet.js";
import type { DateReadingExplanation, DateTermExplanation, FloorExplanation, ScoreExplanation, SearchResponse, SearchResult } from "./types.js";

/** The answer: the results, the query's syntax and date reading, and with `explain` the floor. */
export function respond(
  plan: SearchPlan,
  results: SearchResult[],
  floor: FloorExplanation,
  dateTerm: DateTermExplanation | null,
  reason?: string,
): SearchResponse {
  const q = plan.parsed;
  const d = plan.dates;
  const reading: DateReadingExplanation = { tense: d.tense ?? "nearest", searched: d.searched };
  const dateRange = d.range ? { ...d.range, mode: d.mode, reading } : null;
  const res: SearchResponse = { query: plan.query, mode: plan.mode, dateRange, results };
  if (q.phrases.length > 0 || q.excluded.length > 0 || plan.relaxed.length > 0) res.syntax = { phrases: q.phrases, excluded: q.excluded, relaxed: [...plan.relaxed] };
  // "okafr → okafor": a word no note contains, searched as the indexed terms nearest to it.
  if (plan.spellings.length > 0) res.spellings = plan.spellings.map((s) => ({ word: s.word, terms: [...s.terms] }));
  if (results.length === 0 && reason) res.reason = reason;
  if (plan.explain) res.explain = dateTerm === null ? { floor } : { floor, dateTerm };
  return res;
}

export function presentPicks(db: DB, plan: SearchPlan, picks: Picked[], scoring: Scoring): SearchResult[] {
  const annotations = annotationsOf(db, picks.map((p) => p.s.cand.chunkId));
  return picks.map(({ s, pick }) => {
    const r = toResult(plan, s.cand, s.final, annotations.get(s.cand.chunkId));
    if (plan.explain) {
      r.explain = {
        bm25: s.cand.keyword === undefined ? null : round(s.cand.keyword),
        dateTerm: round(s.dateTerm),
        keyword: round(s.keywordNorm),
        cosine: s.cosine === null ? null : round(s.cosine),
        vector: round(s.vectorNorm),
        vectorWeight: scoring.vectorWeight,
        fused: round(s.fused),
        ...factorExplanation(s),
        final: round(s.final),
        mmrPenalty: round(pick.penalty),
        mmr: round(pick.mmr),
        terms: plan.parsed.terms,
        matched: s.matched,
        coverage: round(s.coverage),
        evidence: s.evidence,
        // The factors' fields (decay, dateMatch, dateBoost, whenBoost, coverageFactor) come from SCORE_FACTORS.
      } as ScoreExplanation;
    }
    return r;
  });
}

export function toResult(plan: SearchPlan, c: Candidate, score: number, ann: Record<string, string[]> | undefined): SearchResult {
  const r: SearchResult = {
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    date: c.date,
    score: round(score),
    snippet: makeSnippet(c.text, plan.parsed.words),
    source: c.source,
    kind: c.kind,
  };
  if (ann) r.annotations = ann;
  if (plan.withText) r.text = c.text;
  return r;
}

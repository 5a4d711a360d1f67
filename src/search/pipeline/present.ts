/**
 * Stage 8, present: the picks as results (snippet, annotations, the score, the reranking
 * model's grade, and with `explain` every number the score was made of), and the answer
 * around them; or, when a stage ended the search, the answer with its reason.
 */
import type { SearchPlan } from "../plan.js";
import type { RerankInfo } from "../rerank/rerank.js";
import type { Ranked } from "../rerank/stage.js";
import { round } from "../round.js";
import { makeSnippet } from "../text/snippet.js";
import type { DateReadingExplanation, DateTermExplanation, FloorExplanation, ScoreExplanation, SearchResponse, SearchResult } from "../types.js";
import type { Picked } from "./diversify.js";
import type { Candidate } from "./keyword.js";
import type { Scored } from "./score.js";
import { isExit, type Exit } from "./stages.js";

export function present(outcome: Ranked | Exit): SearchResponse {
  if (isExit(outcome)) return respond(outcome.plan, [], outcome.floor, outcome.dateTerm, outcome.exit);
  const { facts, scoring } = outcome;
  const plan = facts.plan;
  const results = outcome.picks.map((p) => presentPick(plan, p, outcome, scoring.vectorWeight));
  const res = respond(plan, results, facts.floor, scoring.dateTerm);
  return outcome.rerank ? withRerank(res, outcome.rerank) : res;
}

/** The answer: the results, the query's syntax and date reading, and with `explain` the floor. */
function respond(plan: SearchPlan, results: SearchResult[], floor: FloorExplanation, dateTerm: DateTermExplanation | null, reason?: string): SearchResponse {
  const q = plan.parsed;
  const d = plan.dates;
  const reading: DateReadingExplanation = { tense: d.tense ?? "nearest", searched: d.searched };
  const dateRange = d.range ? { ...d.range, mode: d.mode, reading } : null;
  const res: SearchResponse = { query: plan.query, mode: plan.mode, dateRange, results };
  if (q.phrases.length > 0 || q.excluded.length > 0 || plan.relaxed.length > 0) res.syntax = { phrases: q.phrases, excluded: q.excluded, relaxed: [...plan.relaxed] };
  // "okafr → okafor": a word no note contains, searched as the indexed terms nearest to it.
  if (plan.spellings.length > 0) res.spellings = plan.spellings.map((s) => ({ word: s.word, terms: [...s.terms], shown: [...(s.shown ?? s.terms)] }));
  if (d.impossible.length > 0) res.dateNotices = [...d.impossible];
  if (results.length === 0 && reason) res.reason = reason;
  if (plan.explain) res.explain = dateTerm === null ? { floor } : { floor, dateTerm };
  return res;
}

function withRerank(res: SearchResponse, info: RerankInfo): SearchResponse {
  const out: SearchResponse = { ...res, rerank: info };
  if (out.results.length === 0) out.reason = `nothing relevant: ${info.model} judged all ${info.candidates} result(s) unrelated to the question`;
  return out;
}

function presentPick(plan: SearchPlan, p: Picked, outcome: Ranked, vectorWeight: number): SearchResult {
  const { s, pick } = p;
  const r = toResult(plan, s.cand, s.final, outcome.annotations.get(s.cand.chunkId));
  // The chunk's whole text: asked for, or read by a reranking model (then kept only if asked for).
  if (plan.rerank ? plan.rerank.keepText : plan.withText) r.text = s.cand.text;
  if (plan.explain) {
    r.explain = {
      bm25: s.cand.keyword === undefined ? null : round(s.cand.keyword),
      ...(s.cand.listItem ? { listItem: true } : {}),
      dateTerm: round(s.dateTerm),
      keyword: round(s.keywordNorm),
      cosine: s.cosine === null ? null : round(s.cosine),
      vector: round(s.vectorNorm),
      vectorWeight,
      fused: round(s.fused),
      ...factorExplanation(s),
      final: round(s.final),
      mmrPenalty: round(pick.penalty),
      mmr: round(pick.mmr),
      // A date-only query has no terms: its words are shown.
      terms: outcome.facts.listing ? plan.parsed.words : plan.parsed.terms,
      matched: s.matched,
      coverage: round(s.coverage),
      evidence: s.evidence,
      // The factors' fields (decay, dateMatch, dateBoost, whenBoost, coverageFactor) come from SCORE_FACTORS.
    } as ScoreExplanation;
  }
  // Falsy ones stay undefined, as they were left out before.
  r.supersededBy = p.supersededBy || undefined;
  r.contradicts = p.contradicts || undefined;
  r.grade = p.grade;
  r.relevance = p.relevance;
  return r;
}

/** The explanation fields the factors contribute, in their order. */
function factorExplanation(s: Scored): Partial<ScoreExplanation> {
  return Object.assign({}, ...s.factors.map((f) => f.explain)) as Partial<ScoreExplanation>;
}

/**
 * A result with every field present, in the order the JSON shows them (an absent one is
 * undefined, which JSON leaves out): one object map for every result, so what reads results
 * (the JSON writer, the printer, a reranking stage) meets one shape, not one per combination
 * of the optional fields.
 */
function toResult(plan: SearchPlan, c: Candidate, score: number, ann: Record<string, string[]> | undefined): SearchResult {
  return {
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    date: c.date,
    score: round(score),
    snippet: makeSnippet(c.text, plan.parsed.words),
    source: c.source,
    kind: c.kind,
    annotations: ann,
    text: undefined,
    explain: undefined,
    supersededBy: undefined,
    contradicts: undefined,
    grade: undefined,
    relevance: undefined,
  };
}

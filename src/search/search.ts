/**
 * The search pipeline. The Engine reads the query once into a plan (plan.ts), embeds the
 * plan's text, and runs these stages over one read snapshot of the index:
 *
 *   1. candidates  keyword (FTS5 + BM25) and vector (nearest windows) candidates, the plan's
 *                  filters and privacy scope applied in their SQL (candidates.ts); a quoted
 *                  phrase no note contains is retried as plain words (plan.relaxing); a word
 *                  no note contains is searched as its nearest indexed terms (typos.ts,
 *                  plan.withSpellings); a query
 *                  that is only a date lists the notes of those days instead (dated.ts)
 *   2. fuse        keyword and vector relevance into one number in 0..1 (score.ts, fuse.ts)
 *   3. score       the factors multiplied in: recency, date boost, when boost, coverage
 *                  (factors/, one module each; `--explain` shows each factor's numbers)
 *   4. floor       only evidence passes: keyword coverage, cosine, date, phrase (floor.ts)
 *   5. rerank      (opt-in, after this function) a local model grades the results (rerank.ts,
 *                  run by the Engine, which owns the models)
 *   6. diversify   MMR over the best, so one note's chunks do not crowd out the rest (diversify.ts)
 *   7. present     snippets, annotations, explanations, and the reason when empty (present.ts)
 *
 * Pure over the index: the caller refreshes the index and embeds the query.
 */
import { gatherCandidates, syntaxWords, unmatchedPhrases, type SearchIndexes } from "./candidates.js";
import { listDated } from "./dated.js";
import { diversify } from "./diversify.js";
import { applyFloor, floorExplanation } from "./floor.js";
import type { SearchPlan } from "./plan.js";
import { presentPicks, respond } from "./present.js";
import { scoreCandidates } from "./score.js";
import { nearestTerms } from "./typos.js";
import type { FloorExplanation, SearchResponse } from "./types.js";

export type { SearchIndexes } from "./candidates.js";
export { checkQuerySize, MAX_QUERY_BYTES, MAX_QUERY_WORDS } from "./bound.js";
export { planSearch, type PlanOptions, type RerankPlan, type SearchMode, type SearchOptions, type SearchPlan } from "./plan.js";
export type { DateReadingExplanation, DateTermExplanation, Evidence, FloorExplanation, NearMiss, ScoreExplanation, SearchResponse, SearchResult } from "./types.js";

export function searchIndex(ix: SearchIndexes, plan: SearchPlan): SearchResponse {
  // One read snapshot for every query below: a writer in another process (a watcher, an
  // `agent index`) replaces a file's chunks with new ids, and candidates read before its
  // commit would otherwise be judged against term matches read after it (none: empty).
  if (ix.db.inTransaction) return runStages(ix, plan);
  return ix.db.transaction(() => runStages(ix, plan)).deferred();
}

function runStages(ix: SearchIndexes, asked: SearchPlan): SearchResponse {
  const plan = asked.relaxing(unmatchedPhrases(ix.db, asked.parsed));
  const q = plan.parsed;
  const floor = floorExplanation(plan);
  const empty = (reason: string) => respond(plan, [], floor, null, reason);
  // A query that is only a date ("yesterday", "last week"): the notes of those days.
  // "what happened last week" has no content word left either.
  if ((q.match === "" || q.stopWordsOnly) && plan.dates.range) return listDated(ix, plan, floor);
  if (q.match === "" && (plan.mode === "keyword" || ix.queryVector === null || plan.text.trim() === "")) return empty("the query has no words to search for");
  if (q.stopWordsOnly && q.phrases.length === 0 && floor.enabled && (plan.mode === "keyword" || ix.queryVector === null)) {
    return empty(`the query has only common words (${q.terms.join(", ")}), which are no evidence; add a word the note would contain`);
  }

  // A word no note contains is searched as its nearest indexed terms, from here on.
  return searchWords(ix, plan.withSpellings(nearestTerms(ix.db, q)), floor);
}

/** Stages 1 to 7 for a query that has words to search. */
function searchWords(ix: SearchIndexes, plan: SearchPlan, floor: FloorExplanation): SearchResponse {
  const q = plan.parsed;
  const entries = gatherCandidates(ix, plan); // 1
  if (entries.length === 0) return respond(plan, [], floor, null, q.phrases.length > 0 || q.excluded.length > 0 ? `no note matches the query's words ${syntaxWords(q)}` : "no note matches any word of the query");
  const scoring = scoreCandidates(ix, plan, entries); // 2, 3
  const { kept, reason } = applyFloor(plan, scoring, floor); // 4
  if (kept.length === 0) return respond(plan, [], floor, scoring.dateTerm, reason);
  const picks = diversify(ix, plan, kept); // 6
  return respond(plan, presentPicks(ix.db, plan, picks, scoring), floor, scoring.dateTerm); // 7
}

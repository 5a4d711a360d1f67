/**
 * Search: read a query once into a plan (plan.ts), then run the pipeline (pipeline/run.ts,
 * whose body is the list of its stages). The query language (query/, dates/) is read only
 * by the plan; the stages read the plan.
 */
export { runSearch, type SearchDeps, type SearchRun } from "./pipeline/run.js";
export { startQueryVector } from "./pipeline/embed-query.js";
export type { SearchIndexes } from "./pipeline/stages.js";
export { checkQuerySize, MAX_QUERY_BYTES, MAX_QUERY_WORDS } from "./bound.js";
export { planSearch, type PlanOptions, type RerankPlan, type SearchMode, type SearchOptions, type SearchPlan } from "./plan.js";
export type { DateReadingExplanation, DateTermExplanation, Evidence, FloorExplanation, NearMiss, ScoreExplanation, SearchResponse, SearchResult } from "./types.js";

/**
 * Stage 7, rerank (opt-in: search.rerank, `--rerank`): the configured local model reads the
 * first stage's picks, whole, and grades them (rerank.ts: the prompt, the reply parser and
 * the reordering, pure); the picks come back reordered, cut to the caller's limit. The
 * models belong to the engine and are handed in, loaded only by a reranked search.
 */
import type { LLMProvider } from "../../llm/types.js";
import type { Picks } from "../pipeline/diversify.js";
import { isExit, type Exit } from "../pipeline/stages.js";
import { makeSnippet } from "../text/snippet.js";
import type { Grade, RerankInfo } from "./rerank.js";

/** The models a reranked search may use: the LLM, or the cross-encoder of search.rerank.crossEncoder. */
export interface Rerankers {
  llm(): LLMProvider;
  crossEncoder(): Promise<{ score(question: string, passages: string[], signal?: AbortSignal): Promise<number[]> }>;
}

/** The picks after the second stage, and what it did. */
export interface Ranked extends Picks {
  rerank?: RerankInfo;
}

interface Passage {
  i: number;
  path: string;
  date: string | null;
  heading: string;
  text?: string;
  snippet: string;
  grade?: Grade;
  relevance?: number;
}

export async function rerank(first: Picks | Exit, models: Rerankers, signal: AbortSignal | undefined): Promise<Ranked | Exit> {
  if (isExit(first) || first.facts.plan.rerank === null || first.picks.length === 0) return first;
  const plan = first.facts.plan;
  const limit = plan.rerank!.limit;
  // Loaded only by a reranked search: a plain one stays as lean to start as before.
  const { crossEncodeResponse, rerankResponse } = await import("./rerank.js");
  const rr = plan.config.rerank;
  const how = { ...(signal ? { signal } : {}), keepText: true };
  const question = { text: plan.query, words: plan.questionWords };
  const passages: Passage[] = first.picks.map(({ s }, i) => ({ i, path: s.cand.path, date: s.cand.date, heading: s.cand.heading, text: s.cand.text, snippet: makeSnippet(s.cand.text, plan.parsed.words) }));
  const res = { results: passages } as { results: Passage[]; rerank?: RerankInfo };
  let out: typeof res;
  if (rr.provider !== "cross-encoder") out = await rerankResponse(models.llm(), question, res, limit, rr, how);
  else {
    // The model loads on first use, inside the stage: a missing model is the stage's error.
    const { rerankerName } = await import("../../embed/cross-encoder.js");
    const scorer = { model: rerankerName(rr.crossEncoder), score: async (q: string, p: string[], sig?: AbortSignal) => (await models.crossEncoder()).score(q, p, sig) };
    out = await crossEncodeResponse(scorer, question, res, limit, { ...rr, minRelevance: rr.crossEncoder.minRelevance }, how);
  }
  const picks = out.results.map((p) => ({ ...first.picks[p.i]!, ...(p.grade !== undefined ? { grade: p.grade } : {}), ...(p.relevance !== undefined ? { relevance: p.relevance } : {}) }));
  return { ...first, picks, ...(out.rerank ? { rerank: out.rerank } : {}) };
}

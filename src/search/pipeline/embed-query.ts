/**
 * Stage 1, embed the query: the plan's text as a vector, when the mode uses vectors and an
 * embedder answers; the plan learns what it got (`withVectors`: the mode that can run, the
 * vector weight, the cosine level). With no vector of the model in the index yet, nothing
 * could match: the model is not even loaded, and the search answers by keywords at keyword
 * speed. Runs before the read snapshot: embedding is slow and async.
 */
import { remembersQueries } from "../../embed/query-memo.js";
import type { Selection } from "../../embed/select.js";
import type { Embedder } from "../../embed/types.js";
import { redact } from "../../shared/redact.js";
import type { VectorStore } from "../../store/vectors.js";
import type { SearchPlan } from "../plan.js";
import type { VectorInfo } from "../report.js";
import { vectorWeightFor } from "../weights.js";

/** What stage 1 needs: the embedder (loaded once by its owner) and the index's vectors. */
export interface QueryEmbedding {
  embedder(): Promise<Selection>;
  vectors(): VectorStore;
  /** What becomes of chunks without vectors yet, for the answer's warning ("run `agent index` …"). */
  pendingNote(): string;
}

export interface EmbeddedQuery {
  /** The plan once the embedder answered (or did not). */
  plan: SearchPlan;
  vector: Float32Array | null;
  info: VectorInfo;
}

export async function embedQuery(asked: SearchPlan, deps: QueryEmbedding): Promise<EmbeddedQuery> {
  const { vector, info } = await queryVector(asked, deps);
  const plan = asked.withVectors({
    hasVector: vector !== null,
    model: deps.vectors().model()?.modelId ?? null,
    weight: vectorWeightFor(asked.config, info.provider),
  });
  return { plan, vector, info };
}

async function queryVector(plan: SearchPlan, deps: QueryEmbedding): Promise<{ vector: Float32Array | null; info: VectorInfo }> {
  if (plan.mode === "keyword") return { vector: null, info: { provider: null, modelId: null, reason: "keyword mode", missing: 0 } };
  const sel = await deps.embedder();
  const info: VectorInfo = { provider: null, modelId: null, reason: sel.reason, missing: 0 };
  if (sel.warning) info.warning = sel.warning;
  // A date-only query ("what happened yesterday") has no words to embed.
  if (!sel.embedder || plan.embedText === "") return { vector: null, info };
  const e = sel.embedder;
  const vectors = deps.vectors();
  const out: VectorInfo = { ...info, provider: e.provider, modelId: e.modelId, missing: vectors.countPending() };
  if (!vectors.hasVectorsOf(e.modelId, e.dimension)) {
    out.warning = `no chunk has vectors yet, so this was answered by keywords; ${deps.pendingNote()}`;
    return { vector: null, info: out };
  }
  await e.init?.();
  const vector = (await e.embed([queryWindow(e, plan)], { kind: "query" }))[0] ?? null;
  if (out.missing > 0) out.pending = deps.pendingNote();
  return { vector, info: out };
}

/** The text the model gets for the plan's query: redacted before it is cut to the model's window (a key cut in two would escape its rule). */
function queryWindow(e: Embedder, plan: SearchPlan): string {
  const text = redact(plan.embedText);
  return e.windows(text)[0] ?? text;
}

/**
 * Puts the plan's query on its way to the model at once, before the caller's freshness check,
 * when stage 1 is sure to ask for that very vector: a mode that uses vectors, words to embed,
 * an embedder that remembers its queries (so stage 1's call joins this one instead of running
 * the model again, query-memo.ts) and vectors of its model in the index. On a host the
 * embedder's thread then computes while this one checks freshness; nothing else changes (the
 * same text, the same vector). Never throws: stage 1 meets any failure itself.
 */
export async function startQueryVector(plan: SearchPlan, deps: QueryEmbedding): Promise<void> {
  try {
    if (plan.mode === "keyword" || plan.embedText === "") return;
    const e = (await deps.embedder()).embedder;
    if (!e || !remembersQueries(e) || !deps.vectors().hasVectorsOf(e.modelId, e.dimension)) return;
    await e.init?.();
    await e.embed([queryWindow(e, plan)], { kind: "query" });
  } catch {
    // Stage 1 asks again and reports what went wrong.
  }
}

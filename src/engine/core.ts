/**
 * What the engine's services need of the engine: a structural type, so the service modules
 * (loaded on first use) do not import the Engine class that loads them.
 */
import type { SessionType } from "../context/assemble.js";
import type { EmbeddingCache } from "../embed/cache.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import type { JobDeps } from "../jobs/job.js";
import type { LLMProvider } from "../llm/types.js";
import type { SearchReport } from "../search/report.js";
import type { PlanOptions, SearchOptions, SearchPlan } from "../search/search.js";
import type { DB } from "../store/open.js";
import type { AgentConfig } from "./config.js";
import type { RecallFront } from "./recall-log.js";

export interface EngineCore {
  readonly workspace: string;
  readonly config: AgentConfig;
  readonly now: () => number;
  state(): DB;
  /** Whether state.db exists yet (read-only commands create no files). */
  hasState(): boolean;
  llm(): LLMProvider;
  /** The embedder the config selects and why (loaded once). */
  embedder(): Promise<Selection>;
  embedderOrNull(): Promise<Embedder | null>;
  embeddingCacheOrNull(): EmbeddingCache | null;
  /** Loads the cross-encoder of search.rerank (provider "cross-encoder") now: its name and where it loaded from. */
  loadReranker(): Promise<{ model: string; modelDir: string }>;
  /** Reads a query into the plan a search runs (search/plan.ts). */
  plan(query: string, opts?: PlanOptions): SearchPlan;
  search(query: string | SearchPlan, opts?: SearchOptions & { refresh?: boolean; session?: SessionType; rerank?: boolean; signal?: AbortSignal; front?: RecallFront; recall?: boolean }): Promise<SearchReport>;
  jobDeps(): JobDeps;
}

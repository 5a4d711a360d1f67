/**
 * What the engine's services need of the engine: a structural type, so the service modules
 * (loaded on first use) do not import the Engine class that loads them.
 */
import type { EmbeddingCache } from "../embed/cache.js";
import type { Selection } from "../embed/select.js";
import type { Embedder } from "../embed/types.js";
import type { JobDeps } from "../jobs/job.js";
import type { LLMProvider } from "../llm/types.js";
import type { SearchReport } from "../search/report.js";
import type { PlanOptions, SearchPlan } from "../search/search.js";
import type { DB } from "../store/open.js";
import type { AgentConfig } from "./config.js";
import type { EngineSearchOptions } from "./search.js";

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
  /** The embedding cache (embeddings.db), opened on first use. */
  embeddingCache(): EmbeddingCache | null;
  /** Reads a query into the plan a search runs (search/plan.ts). */
  plan(query: string, opts?: PlanOptions): SearchPlan;
  search(query: string | SearchPlan, opts?: EngineSearchOptions): Promise<SearchReport>;
  jobDeps(): JobDeps;
}

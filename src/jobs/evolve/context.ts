/**
 * `agent context` with the evolution system: the assembled prompt gets "## Who you are now"
 * (the latest snapshot's narrative) and, with a query, "## Memories" ranked by inject.ts;
 * the memories that made it into the prompt are then recorded as recalled (which
 * refreshes them). Search results (MemoryHit) are passed through unchanged.
 */
import { assembleContext, type AssembledContext, type MemoryHit, type SessionType } from "../../context/assemble.js";
import { loadContextFiles } from "../../context/load.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { DB } from "../../store/open.js";
import type { EvolutionConfig } from "./config.js";
import { MEMORY_LEGEND } from "./inject.js";
import { experienceForContext, markRecalled, type ExperienceForContext } from "./recall.js";

export interface EvolvedContextInput {
  workspace: string;
  /** The state database (memories, snapshots, recall marks); owned by the caller. */
  db: DB;
  /** memoryResults and minRelevance (the `evolution` section). */
  evolution: Pick<EvolutionConfig, "memoryResults" | "minRelevance">;
  /** Where memory vectors are cached; null embeds without caching. */
  cache: EmbeddingCache | null;
  session: SessionType;
  now: number;
  perFileChars: number;
  totalChars: number;
  /** Zone of "today" for the daily notes. */
  timeZone?: string;
  query?: string;
  /** Search results to add (the caller ran the search). */
  memories?: MemoryHit[];
  /** For ranking memories by meaning; null = word overlap. */
  embedder: Embedder | null;
  /** Default true: memories shown are recorded as recalled. */
  recordRecall?: boolean;
  /** Read files with several hard links (index.allowHardLinks). */
  allowHardLinks?: boolean;
}

export interface EvolvedContext extends AssembledContext {
  problems: string[];
  experience: ExperienceForContext;
  /** Ids of the memories recorded as recalled. */
  recalled: number[];
}

export async function buildEvolvedContext(input: EvolvedContextInput): Promise<EvolvedContext> {
  const experience = await experienceForContext({
    db: input.db,
    config: input.evolution,
    cache: input.cache,
    session: input.session,
    now: input.now,
    embedder: input.embedder,
    ...(input.query !== undefined ? { query: input.query } : {}),
  });
  const files = loadContextFiles(input.workspace, { now: input.now, session: input.session, allowHardLinks: input.allowHardLinks ?? false, ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}) });
  const ctx = assembleContext(files, {
    session: input.session,
    perFileChars: input.perFileChars,
    totalChars: input.totalChars,
    root: input.workspace,
    ...(input.query ? { query: input.query } : {}),
    ...(input.memories !== undefined ? { memories: input.memories } : {}),
    ...(experience.identity !== null ? { identity: { text: experience.identity.text, private: experience.identity.private } } : {}),
    ...(experience.memories.length > 0 ? { experience: { legend: MEMORY_LEGEND, memories: experience.memories } } : {}),
  });
  const recalled =
    input.recordRecall === false ? [] : markRecalled(input.db, ctx.report.experience.shownIds, input.now, "context", input.query?.trim() || null);
  return { ...ctx, problems: files.problems, experience, recalled };
}

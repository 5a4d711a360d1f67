/**
 * `agent context` with the evolution system: the assembled prompt gets "## Who you are now"
 * (the latest snapshot's narrative) and, with a query, "## Memories" ranked by inject.ts;
 * the memories that made it into the prompt are then recorded as recalled (which
 * refreshes them). Search results (MemoryHit) are passed through unchanged.
 */
import { type AssembledContext, type MemoryHit, type SessionType } from "../../context/assemble.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { DB } from "../../store/open.js";
import type { EvolutionConfig } from "./config.js";
import { type ExperienceForContext } from "./recall.js";
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
}
export interface EvolvedContext extends AssembledContext {
    problems: string[];
    experience: ExperienceForContext;
    /** Ids of the memories recorded as recalled. */
    recalled: number[];
}
export declare function buildEvolvedContext(input: EvolvedContextInput): Promise<EvolvedContext>;

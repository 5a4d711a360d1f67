/**
 * Recall and the person's corrections: which memories go into a prompt (ranked by
 * inject.ts), recording that they were recalled (which refreshes them), listing, and
 * `agent memories forget | pin | unpin | restore`.
 *
 * Privacy: group and isolated sessions are never shown memories of a non-shareable type
 * (user_preference, relationship_event, pattern_recognized: the person's preferences,
 * relationships and habits, which live in main sessions like MEMORY.md and USER.md), and
 * get the "who you are now" narrative only when none of the memories it names is of such a
 * type. Every memory is formed from conversations, never copied from MEMORY.md, so nothing
 * MEMORY.md-derived reaches those sessions through here.
 */
import type { SessionType } from "../../context/assemble.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import { MemoryStore } from "../../store/memories.js";
import type { DB } from "../../store/open.js";
import type { EvolutionConfig } from "./config.js";
import { type MemoryView, type RankedMemory } from "./inject.js";
import { type Memory, type MemoryType } from "./types.js";
export type RecallVia = "context" | "search";
/**
 * Records that memories were recalled at `now`: each one's vividness is brought up to date,
 * then refreshed (half-way back to vivid), its recall count goes up, and the recall is
 * logged. Archived and unknown ids are skipped. One transaction.
 */
export declare function recordRecall(store: MemoryStore, ids: readonly number[], now: number, via: RecallVia, query?: string | null): number[];
export declare function isShareable(type: MemoryType): boolean;
export interface RecallInput {
    /** The state database; owned by the caller. */
    db: DB;
    /** memoryResults and minRelevance (the `evolution` section). */
    config: Pick<EvolutionConfig, "memoryResults" | "minRelevance">;
    /** Where memory vectors are cached; null embeds without caching. */
    cache: EmbeddingCache | null;
    query: string;
    session: SessionType;
    now: number;
    /** Relevance by cosine with this embedder; null = word overlap. */
    embedder: Embedder | null;
    limit?: number;
    minRelevance?: number;
}
export interface RecallResult {
    ranked: RankedMemory[];
    /** Memories left out because the session may not see their type. */
    withheld: number;
    /** "cosine (use-lite@0.2.0)" or "word overlap (no embedder)". */
    relevance: string;
    warnings: string[];
}
/** Ranks the workspace's active memories for a task. Reads only; call recordRecall for the ones shown. */
export declare function rankForTask(input: RecallInput): Promise<RecallResult>;
export interface Identity {
    /** The latest snapshot's narrative. */
    text: string;
    /** True when it names a memory of a non-shareable type (withheld from group/isolated sessions). */
    private: boolean;
    snapshotId: number;
    createdAt: number;
}
/** The "who you are now" narrative of the latest snapshot, or null before the first one. */
export declare function currentIdentity(db: DB): Identity | null;
/** What `agent context` adds from the evolution system: memories for the task and the identity. */
export interface ExperienceForContext {
    identity: Identity | null;
    memories: {
        id: number;
        line: string;
        private: boolean;
    }[];
    ranked: RankedMemory[];
    withheld: number;
    relevance: string;
    warnings: string[];
}
export declare function experienceForContext(input: Omit<RecallInput, "query"> & {
    query?: string;
}): Promise<ExperienceForContext>;
/** Marks memories shown in a prompt (or by a search) as recalled. */
export declare function markRecalled(db: DB, ids: readonly number[], now: number, via: RecallVia, query: string | null): number[];
export interface ListMemoriesOptions {
    type?: MemoryType;
    /** List the archive (faded and forgotten memories) instead of the active ones. */
    faded?: boolean;
    now: number;
}
/** Memories with their vividness now: active ones most vivid × significant first; the archive newest first. */
export declare function listMemories(db: DB, opts: ListMemoriesOptions): MemoryView[];
export declare class MemoryNotFoundError extends Error {
    constructor(id: number);
}
export interface MemoryChange {
    memory: Memory;
    changed: boolean;
    message: string;
}
/** Moves a memory to the archive ("forgotten by you"); it stays restorable, nothing is deleted. */
export declare function forgetMemory(db: DB, id: number, now: number): MemoryChange;
/** Pins a memory: vivid again, and it never fades until unpinned. */
export declare function pinMemory(db: DB, id: number, now: number): MemoryChange;
/** Unpins a memory: it fades again from now on, starting from its current vividness. */
export declare function unpinMemory(db: DB, id: number, now: number): MemoryChange;
/** Brings a memory back from the archive, vivid enough not to fade out again at once (0.5). */
export declare function restoreMemory(db: DB, id: number, now: number): MemoryChange;

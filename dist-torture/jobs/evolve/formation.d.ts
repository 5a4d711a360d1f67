/**
 * Formation and fading against the state database: the I/O around form.ts and fade.ts.
 *
 *   planMemories   embeds the candidates and the active memories of their types (through
 *                  the embedding cache) and decides reject / create / reinforce. Without an
 *                  embedder, duplicates are found by normalised text equality only.
 *   applyFormation writes the plan in one transaction: new memories (vivid, source =
 *                  the reflection run and its sessions), reinforcements (vividness back
 *                  to 1, significance up a little, reinforce count +1).
 *   fadePass       moves memories that faded out by `now` to the archive, with the reason.
 *
 * The nightly reflection calls all three (formation after its first model call succeeded;
 * the fade pass on every run, so fading happens daily); `agent evolve` runs the fade pass.
 */
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { MemoryStore } from "../../store/memories.js";
import { type FormationDecision, type MemoryCandidate } from "./form.js";
import type { MemorySource, MemoryType } from "./types.js";
export interface FormationPlan {
    decisions: FormationDecision[];
    /** How duplicates were found: "cosine ≥ 0.8 (use-lite@…)" or "exact text (no embedder)". */
    dedupe: string;
    warnings: string[];
}
export interface PlanMemoriesInput {
    store: MemoryStore;
    candidates: readonly MemoryCandidate[];
    embedder: Embedder | null;
    /** Where vectors are cached; null embeds without caching (dry runs write nothing). */
    cache: EmbeddingCache | null;
    duplicateCosine: number;
}
export declare function planMemories(input: PlanMemoriesInput): Promise<FormationPlan>;
export interface FormationSummary {
    candidates: number;
    created: {
        id: number;
        type: MemoryType;
        content: string;
        significance: number;
    }[];
    reinforced: {
        id: number;
        type: MemoryType;
        content: string;
        similarity: number;
    }[];
    rejected: {
        type: MemoryType;
        content: string;
        significance: number;
        threshold: number;
        reason: string;
    }[];
    dedupe: string;
    /** Memories moved to the archive by the fade pass of the same run. */
    archived: {
        id: number;
        type: MemoryType;
        reason: string;
    }[];
    dryRun: boolean;
}
export declare function emptySummary(dedupe: string, dryRun: boolean): FormationSummary;
/**
 * Writes the plan in one transaction. With `dryRun`, writes nothing and reports what would
 * have been created (ids are then 0).
 */
export declare function applyFormation(store: MemoryStore, plan: FormationPlan, opts: {
    now: number;
    source: MemorySource;
    dryRun?: boolean;
}): FormationSummary;
/**
 * Moves every memory that has faded out by `now` to the archive (reason recorded), in one
 * transaction, and returns them. Nothing is deleted; pinned memories never fade.
 */
export declare function fadePass(store: MemoryStore, now: number, opts?: {
    dryRun?: boolean;
}): {
    id: number;
    type: MemoryType;
    content: string;
    reason: string;
}[];

import type { CompletionResult, LLMProvider } from "../../llm/types.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { DB } from "../../store/open.js";
import { type ReflectionConfig } from "./config.js";
import { type SoulSwap } from "./history.js";
import { type Insight } from "./prompts.js";
import type { EvolutionConfig } from "../evolve/config.js";
import { type FormationSummary } from "../evolve/formation.js";
import { type EmbedderInput } from "../evolve/memory-db.js";
export interface RunReflectionInput {
    workspace: string;
    /** The open state database; the caller opens and closes it (in memory for a dry run without one). */
    db: DB;
    /** The validated `reflection` section (overrides already merged in by the caller). */
    reflection: ReflectionConfig;
    /** The validated `evolution` section: memory formation's duplicate threshold. */
    evolution: Pick<EvolutionConfig, "duplicateCosine">;
    provider: LLMProvider;
    /** Injectable clock, ms since epoch. */
    now?: () => number;
    /** Cancels the model calls (Ctrl-C); the run is recorded as an error and writes nothing else. */
    signal?: AbortSignal;
    /** Look back this far ("24h", "3d") instead of "since the last completed reflection". */
    since?: string;
    /** Compute everything, return the diff, write nothing (not even the run row). */
    dryRun?: boolean;
    /**
     * Embedder for memory formation's duplicate check, or a function that loads it (called only
     * when the reflection proposes memories). Without one, a candidate counts as a repeat of a
     * memory only when their texts are equal after normalisation.
     */
    embedder?: EmbedderInput;
    /** The embedding cache for formation; default: the workspace's cache (never in a dry run). */
    embedCache?: EmbeddingCache | null;
    /** How SOUL.md is swapped; tests inject failures and races. Default swapFile. */
    swap?: SoulSwap;
}
/**
 * What a run did:
 *   skipped    too few qualifying sessions, or the model said nothing meaningful happened
 *   updated    SOUL.md replaced, new version recorded
 *   proposed   new SOUL written to SOUL.proposed.md (changed during the run / change budget)
 *   unchanged  the model returned the same SOUL
 *   kept       the model's SOUL was unusable or refused by a floor; SOUL.md kept (an error)
 * With dryRun the status says what would have happened.
 */
export type ReflectionStatus = "skipped" | "updated" | "proposed" | "unchanged" | "kept";
export interface ReflectionResult {
    status: ReflectionStatus;
    dryRun: boolean;
    /** reflection_runs.id; null for dry runs. */
    runId: number | null;
    /** Why it was skipped, kept or proposed. */
    reason: string | null;
    since: string;
    until: string;
    provider: string;
    model: string;
    /** The sessions reflected on, with their message counts in the window. */
    sessions: {
        id: string;
        messages: number;
    }[];
    /** Sessions with any message in the window, qualifying or not. */
    sessionsSeen: number;
    firstDistillation: boolean;
    /** True when SOUL.md lacked the three layers and was mapped into them (see layers.ts). */
    mapped: boolean;
    insights: Insight[];
    principles: string[];
    /** Set when call 1's reply was not usable JSON and its raw text became one insight. */
    reflectionFallback?: string;
    version?: number;
    /** A version recorded first for the person's SOUL.md (their own text or hand edits). */
    baselineVersion?: number;
    /** SOUL.md was missing and was restored from this version before reflecting. */
    restoredFrom?: number;
    words?: number;
    tokens?: number;
    summary?: string;
    report?: string;
    /** Unified diff from SOUL.md to the new SOUL (also for proposals and dry runs). */
    diff?: string;
    /** Share of lines the new SOUL changes (0..1), as the change budget counts them. */
    changeShare?: number;
    proposalPath?: string;
    proposalReason?: "changed-during-run" | "change-budget";
    /** A file kept beside SOUL.md holding an edit that raced the swap (workspace-relative). */
    keptPath?: string;
    /** Workspace-relative path of the report file. */
    reportPath?: string;
    /** Locked content the model changed and the code put back. */
    restoredLocked: string[];
    warnings: string[];
    /**
     * Memories formed from call 1's candidates and the daily fade pass; absent when nothing was
     * proposed and nothing faded. For a dry run, what would have happened.
     */
    memories?: FormationSummary;
}
/** One model reply as the run record keeps it. */
export interface RecordedReply {
    call: "reflection" | "soul";
    /** The raw text, cut to REPLY_CAP characters. */
    text: string;
    chars: number;
    capped: boolean;
    finishReason: CompletionResult["finishReason"];
    model: string;
    durationMs: number;
}
/** The raw replies kept per run: enough to see what a small model did, bounded for the database. */
export declare const REPLY_CAP = 8000;
export declare function runReflection(input: RunReflectionInput): Promise<ReflectionResult>;
/** Local YYYY-MM-DD. */
export declare function localDate(ms: number): string;

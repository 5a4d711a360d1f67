import type { LLMProvider } from "../../llm/types.js";
import type { DB } from "../../store/open.js";
import { type JobResult } from "../runs.js";
import type { EvolutionConfig } from "./config.js";
import { type TraitDrift } from "./drift.js";
import { type MemoryWeek, type SoulWeek } from "./report.js";
import { type DefiningMemory, type MemoryStats, type Traits } from "./snapshot.js";
import { type MemoryType } from "./types.js";
export declare const EVOLVE_JOB = "evolve";
export interface RunEvolutionInput {
    workspace: string;
    /** The state database (memories, snapshots, SOUL versions, the inbox); owned by the caller. */
    db: DB;
    /** The `evolution` section. */
    config: EvolutionConfig;
    /** Zone of report weeks and dates (see evolutionTimeZone). */
    timeZone: string | undefined;
    now: () => number;
    /**
     * Writes the narrative when evolution.narrative (or `narrative`) is "model"; a function is
     * called only then, so a rules-only run never creates a model.
     */
    provider?: LLMProvider | (() => LLMProvider) | null;
    /** Overrides evolution.narrative for this run. */
    narrative?: "rules" | "model";
    /**
     * The ISO week this evolution is for ("2026-W47"): names the report and the snapshot.
     * Default: the week of `now`. The daemon passes the week it owes, so a catch-up on Monday
     * morning still reports the week that ended on Sunday.
     */
    week?: string;
    signal?: AbortSignal;
}
export interface SnapshotResult {
    snapshotId: number;
    week: string;
    createdAt: number;
    traits: Traits;
    stats: MemoryStats;
    defining: DefiningMemory[];
    drift: TraitDrift[];
    /** False for the first snapshot ever. */
    hadPrevious: boolean;
    narrative: string;
    /** "rules", or the model that wrote it. */
    narrativeBy: string;
    /** Memories the fade pass moved to the archive. */
    archived: {
        id: number;
        type: MemoryType;
        content: string;
        reason: string;
    }[];
    warnings: string[];
}
export interface EvolutionResult extends SnapshotResult {
    /** Workspace-relative report path. */
    reportPath: string;
    /** True when an earlier report of ours for the same week was replaced. */
    reportReplaced: boolean;
    memories: MemoryWeek;
    soul: SoulWeek;
    team: string[];
    inboxId: number;
}
/** `agent snapshot`: fade pass, snapshot and drift, recorded; no report. */
export declare function takePersonalitySnapshot(input: RunEvolutionInput): Promise<SnapshotResult>;
/** `agent evolve` and the daemon's weekly job. */
export declare function runEvolution(input: RunEvolutionInput): Promise<EvolutionResult>;
/** How every weekly report's inbox title starts; one week, one report. */
export declare function weeklyTitlePrefix(week: string): string;
/** The job-run record of an evolution (for job_runs via recordRun). */
export declare function evolveJobResult(r: EvolutionResult): JobResult;

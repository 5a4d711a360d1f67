import { type ReflectionConfigInput } from "./reflect/config.js";
import { type ReflectionResult, type RunReflectionInput } from "./reflect/pipeline.js";
import { EVOLVE_JOB, type EvolutionResult, type RunEvolutionInput } from "./evolve/cycle.js";
import { type FlushResult } from "./flush/run.js";
import { type AlertMessage, type NotifyResult } from "./heartbeat/notify.js";
import { HEARTBEAT_JOB, type HeartbeatResult } from "./heartbeat/run.js";
import type { Job, JobDeps } from "./job.js";
import { type NightlyStatus } from "./schedule/nightly.js";
import { type WeeklyStatus } from "./schedule/weekly.js";
export declare const REFLECT_JOB = "reflect";
export declare const FLUSH_JOB = "flush";
export { HEARTBEAT_JOB, EVOLVE_JOB };
/** Every job there is; a name outside this list is refused (`agent jobs --job bogus`). */
export declare const JOB_NAMES: readonly ["reflect", "flush", "heartbeat", "evolve"];
export type JobName = (typeof JOB_NAMES)[number];
export declare function isJobName(name: string): name is JobName;
export declare class UnknownJobError extends Error {
    readonly job: string;
    constructor(job: string);
}
/** The name itself when it is a job's, else UnknownJobError naming the jobs there are. */
export declare function parseJobName(name: string): JobName;
export interface ReflectArgs {
    /** Compute everything, write nothing, record nothing. */
    dryRun?: boolean;
    /** Window of sessions to reflect on ("24h", "3d"); default reflection.since. */
    since?: string;
    /** Overrides of the reflection section for this run (`--provider`-like flags). */
    config?: Partial<ReflectionConfigInput>;
    /** The night a scheduled run is for ("YYYY-MM-DD"); recorded as done when it succeeds. */
    night?: string;
    catchUp?: boolean;
}
export interface FlushArgs {
    session: string;
    /** Ignore the threshold and the once-per-cycle rule. */
    force?: boolean;
}
export interface HeartbeatArgs {
    /** Run even outside the active hours (`agent heartbeat --now`). */
    ignoreActiveHours?: boolean;
}
export interface EvolveArgs {
    /** Overrides evolution.narrative for this run. */
    narrative?: "rules" | "model";
    /** The ISO week a scheduled run is for; recorded as done when it succeeds. */
    week?: string;
    catchUp?: boolean;
}
export interface JobArgs {
    reflect: ReflectArgs;
    flush: FlushArgs;
    heartbeat: HeartbeatArgs;
    evolve: EvolveArgs;
}
export interface JobValues {
    reflect: ReflectionResult;
    flush: FlushResult;
    heartbeat: HeartbeatResult;
    evolve: EvolutionResult;
}
export type JobCatalog = {
    [N in JobName]: Job<JobArgs[N], JobValues[N]>;
};
/** What the catalog needs beside the deps: the schedule's view and test seams for the two long jobs. */
export interface CatalogEnv {
    /** The tick length: lateness beyond it makes a due run a catch-up. */
    tickMs: number;
    /** When the host started: a workspace that never evolved owes no week from before. */
    startedAt: number;
    /** A problem worth one line in the host's log (an unreadable sessions/ folder). */
    warn: (key: string, message: string) => void;
    /** Replaces runReflection (tests). */
    reflect?: (input: RunReflectionInput) => Promise<ReflectionResult>;
    /** Replaces runEvolution (tests). */
    evolve?: (input: RunEvolutionInput) => Promise<EvolutionResult>;
    /** Replaces the configured notifier (tests). */
    notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
}
export declare function buildCatalog(deps: JobDeps, env: CatalogEnv): JobCatalog;
/** The nightly reflection's state at `now` (see schedule/nightly.ts). */
export declare function nightlyOf(deps: JobDeps, now: number, graceMs: number): NightlyStatus;
/** The weekly evolution's state at `now` (see schedule/weekly.ts). */
export declare function weeklyOf(deps: JobDeps, now: number, graceMs: number, startedAt: number): WeeklyStatus;

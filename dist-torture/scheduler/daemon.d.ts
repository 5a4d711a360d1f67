import { type FlushSettings } from "../jobs/flush/run.js";
import type { AlertMessage, NotifyResult } from "../jobs/heartbeat/notify.js";
import { type HeartbeatSettings } from "../jobs/heartbeat/run.js";
import { type ReflectionResult, type RunReflectionInput } from "../jobs/reflect/pipeline.js";
import { type JobRun } from "../jobs/runs.js";
import type { LLMProvider } from "../llm/types.js";
import { type Clock } from "./clock.js";
import { type ScheduleConfig } from "./config.js";
import { type NightlyStatus } from "./nightly.js";
import type { Embedder } from "../embed/types.js";
import { type EvolutionConfig } from "../jobs/evolve/config.js";
import { type EvolutionResult, type RunEvolutionInput } from "../jobs/evolve/cycle.js";
import { type WeeklyStatus } from "./weekly.js";
export declare const FLUSH_JOB = "flush";
export declare const REFLECT_JOB = "reflect";
export interface DaemonSettings {
    schedule: ScheduleConfig;
    /** schedule.timeZone, else context.timeZone, else this machine's zone. */
    scheduleTimeZone?: string;
    heartbeat: HeartbeatSettings;
    flush: FlushSettings;
    /** The weekly evolution (issue #6); absent = off. */
    evolution?: EvolutionConfig;
    /** evolution.timeZone, else the schedule's zone. */
    evolutionTimeZone?: string;
}
/** Everything the daemon reads from agent.config.json, validated once at start. */
export declare function daemonSettings(workspace: string): DaemonSettings;
export interface DaemonEvent {
    at: number;
    level: "info" | "warn" | "error";
    /** "started", "audit", "job", "stopping", "stopped", "warning". */
    event: string;
    message: string;
    run?: JobRun;
}
export interface Closable {
    close(): Promise<void> | void;
}
export interface DaemonOptions {
    workspace: string;
    provider: LLMProvider;
    clock?: Clock;
    /** Default: read from agent.config.json. */
    settings?: DaemonSettings;
    /** Starts the index watcher once the lock is held; closed on stop. */
    startWatcher?: () => Promise<Closable> | Closable;
    log?: (e: DaemonEvent) => void;
    /** Replaces runReflection (tests). */
    reflect?: (input: RunReflectionInput) => Promise<ReflectionResult>;
    /** Replaces runEvolution (tests). */
    evolve?: (input: RunEvolutionInput) => Promise<EvolutionResult>;
    /** The embedder nightly reflection uses to find repeated memories (loaded on first use). */
    embedder?: () => Promise<Embedder | null>;
    /** Replaces the configured notifier (tests). */
    notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
}
export declare class Daemon {
    readonly workspace: string;
    readonly clock: Clock;
    private readonly opts;
    private settings;
    private tickMs;
    private lock;
    private jobsDb;
    private watcher;
    private state;
    private stopping;
    private poked;
    private jobAbort;
    private wake;
    private failures;
    private startedAt;
    private seen;
    private warned;
    constructor(opts: DaemonOptions);
    /** Takes the lock, audits the workspace, opens the state and starts the watcher. */
    start(): Promise<void>;
    /** Runs until stop(): tick, sleep until the next due job (or one tick), repeat. */
    run(): Promise<void>;
    /** Asks the loop to end: no new job starts, the model call in flight is cancelled. */
    stop(reason?: string): void;
    /** Wakes the loop early (a transcript changed). */
    poke(): void;
    get isStopping(): boolean;
    /** Runs every due job once, in order: flushes, heartbeat, nightly reflection. */
    tick(): Promise<JobRun[]>;
    /** The nightly reflection's state right now. */
    nightly(now?: any): NightlyStatus;
    private flushTick;
    private heartbeatTick;
    private nightlyTick;
    /** The weekly evolution's state right now (see weekly.ts). */
    weekly(now?: any): WeeklyStatus;
    private weeklyTick;
    private runJob;
    private mayRun;
    /** How long to sleep: until the next due heartbeat or night, at most one tick. */
    nextDelay(): number;
    private db;
    private cleanup;
    private describeSchedule;
    private warnOnce;
    private emit;
}

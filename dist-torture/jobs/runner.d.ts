/**
 * The one job runner. `agent reflect|flush|heartbeat|evolve`, cron and the daemon all start
 * jobs through `JobService.run`, so every run is recorded the same way in job_runs (once:
 * start, end, outcome, reason) and cancelled the same way: an aborted signal stops the model
 * call in flight and the run is recorded as an error with reason "cancelled" (every write
 * a job makes is an atomic replace or a verified append that runs after the model answered,
 * so a cancel never lands in the middle of one).
 *
 * The daemon is `tick()` in a loop (`ScheduleLoop`): each tick runs every due job one at a
 * time, in catalog order — flushes of growing transcripts, the heartbeat inside its active
 * hours, the nightly reflection with catch-up, the weekly evolution. A job that fails is
 * retried on the next tick; if it keeps failing the retries back off (1, 2, 4... ticks, at
 * most 30 minutes) so a model that is down is not called every minute all night. A failing
 * job never stops the loop.
 */
import type { Clock } from "../shared/clock.js";
import { type CatalogEnv, type JobArgs, type JobName, type JobValues } from "./catalog.js";
import { InboxStore } from "./inbox.js";
import type { JobDeps, JobDue, JobTrigger } from "./job.js";
import type { NightlyStatus } from "./schedule/nightly.js";
import type { WeeklyStatus } from "./schedule/weekly.js";
import { type JobRun } from "./runs.js";
export interface JobEvent {
    at: number;
    level: "info" | "warn" | "error";
    /** "job" (a run ended), "warning", "recovered". */
    event: string;
    message: string;
    run?: JobRun;
}
export interface JobServiceOptions extends Partial<Pick<CatalogEnv, "reflect" | "evolve" | "notify">> {
    /** Where job endings and warnings go (the daemon's log). */
    log?: (e: JobEvent) => void;
    /** When the host started (default now): a workspace that never evolved owes no earlier week. */
    startedAt?: number;
}
export interface RunOptions {
    signal?: AbortSignal;
    /** Default "manual". */
    trigger?: JobTrigger;
}
export interface RunOutcome<V> {
    /** The recorded run (id -1 for a run that is not recorded, such as a dry run). */
    run: JobRun;
    /** What the job returned; undefined when it failed or was cancelled. */
    value: V | undefined;
}
export declare class JobService {
    readonly deps: JobDeps;
    readonly tickMs: number;
    readonly startedAt: number;
    private readonly jobs;
    private readonly log;
    private readonly failures;
    private readonly warned;
    constructor(deps: JobDeps, opts?: JobServiceOptions);
    /** The job names, in the order a tick runs them. */
    get names(): readonly JobName[];
    /** Whether `name` is due now, and why (what `agent heartbeat` checks before running). */
    due<N extends JobName>(name: N, now?: number): JobDue<JobArgs[N]>;
    /**
     * Runs job `name` once and records it: a 'running' row, then the outcome. Never throws for
     * a failing job (the run says error and why); a dry run leaves no row.
     */
    run<N extends JobName>(name: N, args: JobArgs[N], opts?: RunOptions): Promise<RunOutcome<JobValues[N]>>;
    /**
     * The daemon's one step: every due job, one at a time, in tick order, each run recorded;
     * a job in back-off waits for its retry time. An aborted signal starts nothing new and
     * cancels the run in flight.
     */
    tick(signal: AbortSignal): Promise<JobRun[]>;
    /** When the loop should wake next: the next due heartbeat, night or week, or a retry; at most one tick away. */
    nextWakeAt(): number;
    /** Recent runs, newest first; optionally of one job. */
    runs(opts?: {
        limit?: number;
        job?: JobName;
    }): JobRun[];
    /** The inbox (`agent inbox`, the unread count of `agent jobs`). */
    get inbox(): InboxStore;
    /** The nightly reflection's state (for `agent daemon`'s start line and `agent doctor`). */
    nightly(now?: number): NightlyStatus;
    /** The weekly evolution's state. */
    weekly(now?: number): WeeklyStatus;
    /**
     * Runs left 'running' by a process that no longer exists are closed as errors (call once
     * when a daemon starts). Returns how many.
     */
    recoverInterrupted(): number;
    /** One line on what runs when, for the daemon's start message. */
    describeSchedule(): string;
    private runStore;
    private mayRun;
    private settle;
    private warnOnce;
    private emit;
}
/**
 * The daemon's loop around a JobService: tick, then sleep until the next wake time (at most
 * one tick), until the signal aborts. `poke()` wakes it early (a transcript changed).
 */
export declare class ScheduleLoop {
    readonly service: JobService;
    readonly clock: Clock;
    private wake;
    private poked;
    constructor(service: JobService, clock: Clock);
    run(signal: AbortSignal): Promise<void>;
    poke(): void;
}

/**
 * Job bookkeeping in the state database (.agent/state.db, tables from schema.sql migration 3):
 * every run of a scheduled job (job, start, end, outcome, reason), small named scheduler
 * facts, and the helper that runs a job and records it whatever happens. Plain repositories:
 * the jobs and the scheduler decide what to record.
 */
import type { DB } from "../store/open.js";
import { InboxStore } from "./inbox.js";
export type JobOutcome = "running" | "ok" | "skip" | "error";
export type FinalOutcome = Exclude<JobOutcome, "running">;
export interface JobRun {
    id: number;
    job: string;
    startedAt: number;
    endedAt: number | null;
    outcome: JobOutcome;
    reason: string | null;
    details: Record<string, unknown>;
}
export interface JobResult {
    outcome: FinalOutcome;
    reason?: string | null;
    details?: Record<string, unknown>;
}
export declare class JobRunStore {
    readonly db: DB;
    constructor(db: DB);
    /** Records that a run started and returns its id; it stays 'running' until finished. */
    start(job: string, startedAt: number, details?: Record<string, unknown>): number;
    finish(id: number, end: JobResult & {
        endedAt: number;
    }): void;
    get(id: number): JobRun | undefined;
    /** The newest runs, newest first; optionally of one job only. */
    recent(opts?: {
        limit?: number;
        job?: string;
    }): JobRun[];
    /** The newest run of `job` (with one of `outcomes`, when given). */
    last(job: string, outcomes?: JobOutcome[]): JobRun | undefined;
    /**
     * Runs left 'running' by a process that no longer exists (killed, power cut) are closed
     * as errors, so `agent jobs` does not show them running forever. Returns how many.
     */
    closeInterrupted(now: number): number;
}
/** Small named facts the scheduler keeps between runs ("nightly.lastDate" → "2026-11-21"). */
export declare class JobStateStore {
    readonly db: DB;
    constructor(db: DB);
    get(key: string): string | undefined;
    set(key: string, value: string, at: number): void;
}
/** The job repositories over the state database the host opened (and will close). */
export interface JobStores {
    db: DB;
    runs: JobRunStore;
    inbox: InboxStore;
    state: JobStateStore;
}
export declare function jobStores(db: DB): JobStores;
/**
 * Runs `fn` as job `job` and records it: a 'running' row first, then the outcome it returns,
 * or 'error' with the message when it throws. Never throws itself (a failure to record is
 * reported in the returned run's reason), so one bad job cannot stop a scheduler.
 */
export declare function recordRun(runs: JobRunStore, job: string, now: () => number, details: Record<string, unknown>, fn: (runId: number) => Promise<JobResult> | JobResult): Promise<JobRun>;
export declare function errorMessage(e: unknown): string;

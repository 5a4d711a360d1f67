import type { DB } from "./open.js";
export type SoulOrigin = "reflection" | "rollback" | "baseline";
export type RunOutcome = "tick" | "skip" | "complete" | "error";
export interface SoulVersionSummary {
    number: number;
    /**
     * Who wrote the text: "user" for the person's own SOUL.md, hand edits, saves and the
     * rollbacks they asked for ('baseline', 'rollback'); "reflection" for the model's.
     */
    author: "user" | "reflection";
    createdAt: number;
    hash: string;
    words: number;
    tokens: number;
    summary: string;
    model: string | null;
    sessionIds: string[];
    origin: SoulOrigin;
    runId: number | null;
    restoredFrom: number | null;
}
export interface SoulVersion extends SoulVersionSummary {
    content: string;
    report: string | null;
    /** The parsed insights JSON ({insights, principles}), or null. */
    insights: unknown;
}
export interface NewSoulVersion {
    createdAt: number;
    content: string;
    words: number;
    tokens: number;
    summary: string;
    origin: SoulOrigin;
    report?: string | null;
    insights?: unknown;
    model?: string | null;
    sessionIds?: string[];
    runId?: number | null;
    restoredFrom?: number | null;
}
export interface ReflectionRun {
    id: number;
    startedAt: number;
    endedAt: number | null;
    outcome: RunOutcome;
    reason: string | null;
    details: Record<string, unknown>;
}
/** sha256 of the text's UTF-8 bytes: the hash versions and SOUL.md are compared by. */
export declare function contentHash(text: string | Buffer): string;
export declare class SoulVersionStore {
    readonly db: DB;
    constructor(db: DB);
    /** All versions, oldest first, without their content. */
    list(): SoulVersionSummary[];
    count(): number;
    get(number: number): SoulVersion | undefined;
    latest(): SoulVersion | undefined;
    /** The newest `limit` versions, newest first. */
    recent(limit: number): SoulVersion[];
    /** The newest version with this content hash, or undefined. */
    findByHash(hash: string): number | undefined;
    /** Replaces a run's details (a review of its proposal is added to them later). */
    setRunDetails(id: number, details: Record<string, unknown>): void;
    /** Records a version with the next number and returns that number. */
    insert(v: NewSoulVersion): number;
    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
    transaction<T>(fn: () => T): T;
    /** Records that a run started ('tick') and returns its id. */
    startRun(startedAt: number, details?: Record<string, unknown>): number;
    finishRun(id: number, end: {
        outcome: Exclude<RunOutcome, "tick">;
        endedAt: number;
        reason?: string | null;
        details?: Record<string, unknown>;
    }): void;
    getRun(id: number): ReflectionRun | undefined;
    /** The newest run that completed: where the next run's session window starts. */
    lastCompletedRun(): ReflectionRun | undefined;
    /** The newest `limit` runs, newest first. */
    runs(limit?: number): ReflectionRun[];
}

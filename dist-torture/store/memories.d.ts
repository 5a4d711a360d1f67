/**
 * Memories, the archive, the recall log and personality snapshots in the state database
 * (.agent/state.db, tables from schema.sql migration 5). A plain repository: no policy, no
 * clock — the evolution job (src/jobs/evolve) decides what vividness, significance and
 * archive reasons to record. Rows are never deleted: the archive is the memories whose
 * archived_at is set.
 */
import type { DB } from "./open.js";
import type { Memory, MemorySource, MemoryType, Valence } from "./memory-types.js";
export interface NewMemory {
    type: MemoryType;
    content: string;
    data?: Record<string, unknown>;
    significance: number;
    valence: Valence;
    domain: string;
    createdAt: number;
    source: MemorySource;
    /** Default 1 (vivid). */
    vividness?: number;
}
export interface MemoryPatch {
    significance?: number;
    vividness?: number;
    vividAt?: number;
    recallCount?: number;
    lastRecalledAt?: number | null;
    reinforceCount?: number;
    lastReinforcedAt?: number | null;
    pinned?: boolean;
    archivedAt?: number | null;
    archiveReason?: string | null;
    data?: Record<string, unknown>;
}
export interface SnapshotRecord {
    id: number;
    createdAt: number;
    trigger: "weekly" | "manual";
    week: string;
    /** Parsed JSON, as the evolution job wrote it. */
    traits: unknown;
    narrative: string;
    narrativeBy: string;
    defining: unknown;
    stats: unknown;
    drift: unknown;
    soulHash: string | null;
    reportPath: string | null;
    reportHash: string | null;
}
export type NewSnapshot = Omit<SnapshotRecord, "id" | "reportPath" | "reportHash">;
export declare class MemoryStore {
    readonly db: DB;
    constructor(db: DB);
    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
    transaction<T>(fn: () => T): T;
    insert(m: NewMemory): number;
    get(id: number): Memory | undefined;
    /** Oldest first. `archived`: false = active only (default), true = the archive only, "all" = both. */
    list(opts?: {
        archived?: boolean | "all";
        type?: MemoryType;
    }): Memory[];
    count(opts?: {
        archived?: boolean;
    }): number;
    update(id: number, patch: MemoryPatch): void;
    logRecall(memoryId: number, at: number, via: string, query: string | null): void;
    /** Recalls logged in [from, to). */
    recallsBetween(from: number, to: number): number;
    createdBetween(from: number, to: number): number;
    reinforcedBetween(from: number, to: number): number;
    archivedBetween(from: number, to: number): Memory[];
    insertSnapshot(s: NewSnapshot): number;
    setSnapshotReport(id: number, reportPath: string, reportHash: string): void;
    /** The newest snapshot (by time, then id). */
    latestSnapshot(): SnapshotRecord | undefined;
    /** Newest first. */
    snapshots(limit?: number): SnapshotRecord[];
    /** Whether some snapshot's report was written to `reportPath` with exactly this content hash. */
    wroteReport(reportPath: string, reportHash: string): boolean;
}

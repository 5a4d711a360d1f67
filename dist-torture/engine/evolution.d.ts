/**
 * The engine's memories and personality, as every front sees them: list, rank for a task,
 * forget/pin/unpin/restore, a personality snapshot, and export/import of all the state.
 */
import type { SessionType } from "../context/assemble.js";
import { type SnapshotResult } from "../jobs/evolve/cycle.js";
import { type ImportResult, type StateExport } from "../jobs/evolve/export.js";
import { type MemoryChange, type RecallResult } from "../jobs/evolve/recall.js";
import type { MemoryView } from "../jobs/evolve/inject.js";
import type { MemoryType } from "../jobs/evolve/types.js";
import type { EngineCore } from "./core.js";
export type MemoryAction = "forget" | "pin" | "unpin" | "restore";
export interface RankRequest {
    query: string;
    session?: SessionType;
    type?: MemoryType;
    limit?: number;
}
export declare class EvolutionService {
    private readonly engine;
    constructor(engine: EngineCore);
    /** Reads go through an empty in-memory database when the workspace has no state yet: a look creates no file. */
    private db;
    list(opts?: {
        type?: MemoryType;
        faded?: boolean;
        limit?: number;
    }): MemoryView[];
    /** Memories ranked for a task, as context does; the ones returned are marked recalled. */
    rank(req: RankRequest): Promise<RecallResult & {
        recalled: number[];
    }>;
    change(action: MemoryAction, id: number): MemoryChange;
    /** A personality snapshot now (traits, narrative, defining memories, drift); no report. */
    snapshot(opts?: {
        narrative?: "rules" | "model";
    }): Promise<SnapshotResult>;
    /** All the engine's own state as JSON (the index is not included: it is rebuilt from the markdown). */
    exportState(): StateExport;
    /** Restores an export; the state it replaces is backed up first. */
    importState(data: unknown, opts?: {
        force?: boolean;
    }): ImportResult;
}

/** Which compaction cycle of each session has had its flush (state.db table flush_cycles). */
import type { DB } from "../../store/open.js";
export interface FlushedCycle {
    session: string;
    cycleKey: string;
    flushedAt: number;
    runId: number | null;
}
export declare class FlushCycleStore {
    readonly db: DB;
    constructor(db: DB);
    get(session: string): FlushedCycle | undefined;
    markFlushed(session: string, cycleKey: string, at: number, runId?: number | null): void;
}

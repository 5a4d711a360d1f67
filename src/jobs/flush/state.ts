/** Which compaction cycle of each session has had its flush (state.db table flush_cycles). */
import type { DB } from "../../store/open.js";

export interface FlushedCycle {
  session: string;
  cycleKey: string;
  flushedAt: number;
  runId: number | null;
}

export class FlushCycleStore {
  constructor(readonly db: DB) {}

  get(session: string): FlushedCycle | undefined {
    const row = this.db.prepare("SELECT * FROM flush_cycles WHERE session = ?").get(session) as
      | { session: string; cycle_key: string; flushed_at: number; run_id: number | null }
      | undefined;
    return row === undefined ? undefined : { session: row.session, cycleKey: row.cycle_key, flushedAt: row.flushed_at, runId: row.run_id };
  }

  markFlushed(session: string, cycleKey: string, at: number, runId: number | null = null): void {
    this.db
      .prepare(
        `INSERT INTO flush_cycles (session, cycle_key, flushed_at, run_id) VALUES (?, ?, ?, ?)
         ON CONFLICT(session) DO UPDATE SET cycle_key = excluded.cycle_key, flushed_at = excluded.flushed_at, run_id = excluded.run_id`,
      )
      .run(session, cycleKey, at, runId);
  }
}

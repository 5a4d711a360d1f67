export class FlushCycleStore {
    db;
    constructor(db) {
        this.db = db;
    }
    get(session) {
        const row = this.db.prepare("SELECT * FROM flush_cycles WHERE session = ?").get(session);
        return row === undefined ? undefined : { session: row.session, cycleKey: row.cycle_key, flushedAt: row.flushed_at, runId: row.run_id };
    }
    markFlushed(session, cycleKey, at, runId = null) {
        this.db
            .prepare(`INSERT INTO flush_cycles (session, cycle_key, flushed_at, run_id) VALUES (?, ?, ?, ?)
         ON CONFLICT(session) DO UPDATE SET cycle_key = excluded.cycle_key, flushed_at = excluded.flushed_at, run_id = excluded.run_id`)
            .run(session, cycleKey, at, runId);
    }
}
//# sourceMappingURL=state.js.map
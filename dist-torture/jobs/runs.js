import { isProcessAlive } from "../shared/process.js";
import { InboxStore } from "./inbox.js";
export class JobRunStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /** Records that a run started and returns its id; it stays 'running' until finished. */
    start(job, startedAt, details = {}) {
        const r = this.db
            .prepare("INSERT INTO job_runs (job, started_at, outcome, details) VALUES (?, ?, 'running', ?)")
            .run(job, startedAt, JSON.stringify({ pid: process.pid, ...details }));
        return Number(r.lastInsertRowid);
    }
    finish(id, end) {
        const prev = this.get(id);
        const details = { ...(prev?.details ?? {}), ...(end.details ?? {}) };
        this.db
            .prepare("UPDATE job_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?")
            .run(end.outcome, end.endedAt, end.reason ?? null, JSON.stringify(details), id);
    }
    get(id) {
        const row = this.db.prepare("SELECT * FROM job_runs WHERE id = ?").get(id);
        return row === undefined ? undefined : toRun(row);
    }
    /** The newest runs, newest first; optionally of one job only. */
    recent(opts = {}) {
        const limit = opts.limit ?? 20;
        const rows = (opts.job === undefined
            ? this.db.prepare("SELECT * FROM job_runs ORDER BY started_at DESC, id DESC LIMIT ?").all(limit)
            : this.db.prepare("SELECT * FROM job_runs WHERE job = ? ORDER BY started_at DESC, id DESC LIMIT ?").all(opts.job, limit));
        return rows.map(toRun);
    }
    /** The newest run of `job` (with one of `outcomes`, when given). */
    last(job, outcomes) {
        if (outcomes === undefined)
            return this.recent({ job, limit: 1 })[0];
        const marks = outcomes.map(() => "?").join(", ");
        const row = this.db
            .prepare(`SELECT * FROM job_runs WHERE job = ? AND outcome IN (${marks}) ORDER BY started_at DESC, id DESC LIMIT 1`)
            .get(job, ...outcomes);
        return row === undefined ? undefined : toRun(row);
    }
    /**
     * Runs left 'running' by a process that no longer exists (killed, power cut) are closed
     * as errors, so `agent jobs` does not show them running forever. Returns how many.
     */
    closeInterrupted(now) {
        const rows = this.db.prepare("SELECT * FROM job_runs WHERE outcome = 'running'").all();
        let n = 0;
        for (const r of rows.map(toRun)) {
            const pid = typeof r.details.pid === "number" ? r.details.pid : undefined;
            if (pid !== undefined && isProcessAlive(pid))
                continue;
            this.finish(r.id, { outcome: "error", endedAt: now, reason: "interrupted: the process stopped before the run ended" });
            n++;
        }
        return n;
    }
}
function toRun(r) {
    return {
        id: r.id,
        job: r.job,
        startedAt: r.started_at,
        endedAt: r.ended_at,
        outcome: r.outcome,
        reason: r.reason,
        details: parseJson(r.details),
    };
}
function parseJson(text) {
    try {
        const v = JSON.parse(text);
        return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
    }
    catch {
        return {};
    }
}
/** Small named facts the scheduler keeps between runs ("nightly.lastDate" → "2026-11-21"). */
export class JobStateStore {
    db;
    constructor(db) {
        this.db = db;
    }
    get(key) {
        const row = this.db.prepare("SELECT value FROM job_state WHERE key = ?").get(key);
        return row?.value;
    }
    set(key, value, at) {
        this.db
            .prepare("INSERT INTO job_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
            .run(key, value, at);
    }
}
export function jobStores(db) {
    return { db, runs: new JobRunStore(db), inbox: new InboxStore(db), state: new JobStateStore(db) };
}
/**
 * Runs `fn` as job `job` and records it: a 'running' row first, then the outcome it returns,
 * or 'error' with the message when it throws. Never throws itself (a failure to record is
 * reported in the returned run's reason), so one bad job cannot stop a scheduler.
 */
export async function recordRun(runs, job, now, details, fn) {
    const startedAt = now();
    let id;
    let result;
    try {
        id = runs.start(job, startedAt, details);
        result = await fn(id);
    }
    catch (e) {
        result = { outcome: "error", reason: errorMessage(e) };
    }
    const endedAt = now();
    if (id !== undefined) {
        try {
            runs.finish(id, { ...result, endedAt });
            const saved = runs.get(id);
            if (saved !== undefined)
                return saved;
        }
        catch (e) {
            result = { outcome: "error", reason: `${result.reason ?? result.outcome}; and recording the run failed: ${errorMessage(e)}` };
        }
    }
    return {
        id: id ?? -1,
        job,
        startedAt,
        endedAt,
        outcome: result.outcome,
        reason: result.reason ?? null,
        details: { ...details, ...(result.details ?? {}) },
    };
}
export function errorMessage(e) {
    const msg = e instanceof Error ? e.message : String(e);
    return msg.split("\n")[0] ?? msg;
}
//# sourceMappingURL=runs.js.map
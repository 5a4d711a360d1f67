/**
 * SOUL.md history and reflection runs in the state database (.agent/state.db, tables from
 * schema.sql migration 2). A plain repository: no file I/O, no policy; the reflection job
 * (src/jobs/reflect) decides what to record and when.
 */
import { createHash } from "node:crypto";
/** sha256 of the text's UTF-8 bytes: the hash versions and SOUL.md are compared by. */
export function contentHash(text) {
    return createHash("sha256").update(text).digest("hex");
}
const SUMMARY_COLS = "number, created_at, content_hash, words, tokens, summary, model, session_ids, origin, run_id, restored_from";
export class SoulVersionStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /** All versions, oldest first, without their content. */
    list() {
        const rows = this.db.prepare(`SELECT ${SUMMARY_COLS} FROM soul_versions ORDER BY number`).all();
        return rows.map(toSummary);
    }
    count() {
        return this.db.prepare("SELECT count(*) AS n FROM soul_versions").get().n;
    }
    get(number) {
        const row = this.db.prepare("SELECT * FROM soul_versions WHERE number = ?").get(number);
        return row === undefined ? undefined : toVersion(row);
    }
    latest() {
        const row = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT 1").get();
        return row === undefined ? undefined : toVersion(row);
    }
    /** The newest `limit` versions, newest first. */
    recent(limit) {
        const rows = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT ?").all(limit);
        return rows.map(toVersion);
    }
    /** The newest version with this content hash, or undefined. */
    findByHash(hash) {
        const row = this.db.prepare("SELECT number FROM soul_versions WHERE content_hash = ? ORDER BY number DESC LIMIT 1").get(hash);
        return row?.number;
    }
    /** Replaces a run's details (a review of its proposal is added to them later). */
    setRunDetails(id, details) {
        this.db.prepare("UPDATE reflection_runs SET details = ? WHERE id = ?").run(JSON.stringify(details), id);
    }
    /** Records a version with the next number and returns that number. */
    insert(v) {
        const next = this.db.prepare("SELECT coalesce(max(number), 0) + 1 AS n FROM soul_versions").get().n;
        this.db
            .prepare(`INSERT INTO soul_versions (number, created_at, content, content_hash, words, tokens, summary, report,
           insights, model, session_ids, origin, run_id, restored_from)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
            .run(next, v.createdAt, v.content, contentHash(v.content), v.words, v.tokens, v.summary, v.report ?? null, v.insights === undefined || v.insights === null ? null : JSON.stringify(v.insights), v.model ?? null, JSON.stringify(v.sessionIds ?? []), v.origin, v.runId ?? null, v.restoredFrom ?? null);
        return next;
    }
    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
    transaction(fn) {
        return this.db.transaction(fn).immediate();
    }
    /** Records that a run started ('tick') and returns its id. */
    startRun(startedAt, details = {}) {
        const r = this.db
            .prepare("INSERT INTO reflection_runs (started_at, outcome, details) VALUES (?, 'tick', ?)")
            .run(startedAt, JSON.stringify(details));
        return Number(r.lastInsertRowid);
    }
    finishRun(id, end) {
        this.db
            .prepare("UPDATE reflection_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?")
            .run(end.outcome, end.endedAt, end.reason ?? null, JSON.stringify(end.details ?? {}), id);
    }
    getRun(id) {
        const row = this.db.prepare("SELECT * FROM reflection_runs WHERE id = ?").get(id);
        return row === undefined ? undefined : toRun(row);
    }
    /** The newest run that completed: where the next run's session window starts. */
    lastCompletedRun() {
        const row = this.db
            .prepare("SELECT * FROM reflection_runs WHERE outcome = 'complete' ORDER BY started_at DESC, id DESC LIMIT 1")
            .get();
        return row === undefined ? undefined : toRun(row);
    }
    /** The newest `limit` runs, newest first. */
    runs(limit = 20) {
        const rows = this.db.prepare("SELECT * FROM reflection_runs ORDER BY id DESC LIMIT ?").all(limit);
        return rows.map(toRun);
    }
}
function toSummary(r) {
    return {
        number: r.number,
        author: r.origin === "reflection" ? "reflection" : "user",
        createdAt: r.created_at,
        hash: r.content_hash,
        words: r.words,
        tokens: r.tokens,
        summary: r.summary,
        model: r.model,
        sessionIds: parseJson(r.session_ids, []),
        origin: r.origin,
        runId: r.run_id,
        restoredFrom: r.restored_from,
    };
}
function toVersion(r) {
    return {
        ...toSummary(r),
        content: r.content ?? "",
        report: r.report ?? null,
        insights: r.insights ? parseJson(r.insights, null) : null,
    };
}
function toRun(r) {
    return {
        id: r.id,
        startedAt: r.started_at,
        endedAt: r.ended_at,
        outcome: r.outcome,
        reason: r.reason,
        details: parseJson(r.details, {}),
    };
}
function parseJson(text, fallback) {
    try {
        return JSON.parse(text);
    }
    catch {
        return fallback;
    }
}
//# sourceMappingURL=soul-versions.js.map
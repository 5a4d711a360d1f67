const PATCH_COLUMNS = {
    significance: "significance",
    vividness: "vividness",
    vividAt: "vivid_at",
    recallCount: "recall_count",
    lastRecalledAt: "last_recalled_at",
    reinforceCount: "reinforce_count",
    lastReinforcedAt: "last_reinforced_at",
    pinned: "pinned",
    archivedAt: "archived_at",
    archiveReason: "archive_reason",
    data: "data",
};
export class MemoryStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
    transaction(fn) {
        return this.db.transaction(fn).immediate();
    }
    insert(m) {
        const r = this.db
            .prepare(`INSERT INTO memories (type, content, data, significance, valence, domain, created_at, vividness, vivid_at, source)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
            .run(m.type, m.content, JSON.stringify(m.data ?? {}), m.significance, m.valence, m.domain, m.createdAt, m.vividness ?? 1, m.createdAt, JSON.stringify(m.source));
        return Number(r.lastInsertRowid);
    }
    get(id) {
        const row = this.db.prepare("SELECT * FROM memories WHERE id = ?").get(id);
        return row === undefined ? undefined : toMemory(row);
    }
    /** Oldest first. `archived`: false = active only (default), true = the archive only, "all" = both. */
    list(opts = {}) {
        const where = [];
        const args = [];
        const archived = opts.archived ?? false;
        if (archived === false)
            where.push("archived_at IS NULL");
        else if (archived === true)
            where.push("archived_at IS NOT NULL");
        if (opts.type !== undefined) {
            where.push("type = ?");
            args.push(opts.type);
        }
        const sql = `SELECT * FROM memories${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY id`;
        return this.db.prepare(sql).all(...args).map(toMemory);
    }
    count(opts = {}) {
        const sql = opts.archived ? "SELECT count(*) AS n FROM memories WHERE archived_at IS NOT NULL" : "SELECT count(*) AS n FROM memories WHERE archived_at IS NULL";
        return this.db.prepare(sql).get().n;
    }
    update(id, patch) {
        const sets = [];
        const args = [];
        for (const [k, col] of Object.entries(PATCH_COLUMNS)) {
            const v = patch[k];
            if (v === undefined)
                continue;
            sets.push(`${col} = ?`);
            args.push(k === "pinned" ? (v ? 1 : 0) : k === "data" ? JSON.stringify(v) : v);
        }
        if (sets.length === 0)
            return;
        this.db.prepare(`UPDATE memories SET ${sets.join(", ")} WHERE id = ?`).run(...args, id);
    }
    logRecall(memoryId, at, via, query) {
        this.db.prepare("INSERT INTO memory_recalls (memory_id, at, via, query) VALUES (?, ?, ?, ?)").run(memoryId, at, via, query);
    }
    /** Recalls logged in [from, to). */
    recallsBetween(from, to) {
        return this.db.prepare("SELECT count(*) AS n FROM memory_recalls WHERE at >= ? AND at < ?").get(from, to).n;
    }
    createdBetween(from, to) {
        return this.db.prepare("SELECT count(*) AS n FROM memories WHERE created_at >= ? AND created_at < ?").get(from, to).n;
    }
    reinforcedBetween(from, to) {
        return this.db.prepare("SELECT count(*) AS n FROM memories WHERE last_reinforced_at >= ? AND last_reinforced_at < ?").get(from, to).n;
    }
    archivedBetween(from, to) {
        return this.db.prepare("SELECT * FROM memories WHERE archived_at >= ? AND archived_at < ? ORDER BY archived_at, id").all(from, to).map(toMemory);
    }
    insertSnapshot(s) {
        const r = this.db
            .prepare(`INSERT INTO personality_snapshots (created_at, trigger, week, traits, narrative, narrative_by, defining, stats, drift, soul_hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
            .run(s.createdAt, s.trigger, s.week, JSON.stringify(s.traits), s.narrative, s.narrativeBy, JSON.stringify(s.defining), JSON.stringify(s.stats), JSON.stringify(s.drift), s.soulHash);
        return Number(r.lastInsertRowid);
    }
    setSnapshotReport(id, reportPath, reportHash) {
        this.db.prepare("UPDATE personality_snapshots SET report_path = ?, report_hash = ? WHERE id = ?").run(reportPath, reportHash, id);
    }
    /** The newest snapshot (by time, then id). */
    latestSnapshot() {
        const row = this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT 1").get();
        return row === undefined ? undefined : toSnapshot(row);
    }
    /** Newest first. */
    snapshots(limit = 20) {
        return this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT ?").all(limit).map(toSnapshot);
    }
    /** Whether some snapshot's report was written to `reportPath` with exactly this content hash. */
    wroteReport(reportPath, reportHash) {
        return this.db.prepare("SELECT 1 FROM personality_snapshots WHERE report_path = ? AND report_hash = ? LIMIT 1").get(reportPath, reportHash) !== undefined;
    }
}
function toMemory(r) {
    return {
        id: r.id,
        type: r.type,
        content: r.content,
        data: parseObject(r.data),
        significance: r.significance,
        valence: r.valence,
        domain: r.domain,
        createdAt: r.created_at,
        lastRecalledAt: r.last_recalled_at,
        recallCount: r.recall_count,
        reinforceCount: r.reinforce_count,
        lastReinforcedAt: r.last_reinforced_at,
        vividness: r.vividness,
        vividAt: r.vivid_at,
        pinned: r.pinned === 1,
        source: parseObject(r.source),
        archivedAt: r.archived_at,
        archiveReason: r.archive_reason,
    };
}
function toSnapshot(r) {
    return {
        id: r.id,
        createdAt: r.created_at,
        trigger: r.trigger,
        week: r.week,
        traits: parseJson(r.traits, {}),
        narrative: r.narrative,
        narrativeBy: r.narrative_by,
        defining: parseJson(r.defining, []),
        stats: parseJson(r.stats, {}),
        drift: parseJson(r.drift, []),
        soulHash: r.soul_hash,
        reportPath: r.report_path,
        reportHash: r.report_hash,
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
function parseObject(text) {
    const v = parseJson(text, {});
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
}
//# sourceMappingURL=memories.js.map
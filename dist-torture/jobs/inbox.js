export class InboxStore {
    db;
    constructor(db) {
        this.db = db;
    }
    add(item) {
        const r = this.db
            .prepare("INSERT INTO inbox (created_at, kind, title, body, source, run_id) VALUES (?, ?, ?, ?, ?, ?)")
            .run(item.createdAt, item.kind, item.title, item.body, item.source ?? null, item.runId ?? null);
        return Number(r.lastInsertRowid);
    }
    /**
     * Adds the item, or replaces the one from the same source whose title starts with
     * `titlePrefix` (a report that is redone, such as a second evolution in one week, must
     * not leave two reports for one week). A replaced item keeps its id and is unread again.
     */
    replace(item, titlePrefix) {
        return this.db.transaction(() => {
            const found = this.db
                .prepare("SELECT id FROM inbox WHERE source IS ? AND substr(title, 1, ?) = ? ORDER BY created_at DESC, id DESC")
                .all(item.source ?? null, titlePrefix.length, titlePrefix);
            const [keep, ...extra] = found;
            if (keep === undefined)
                return this.add(item);
            this.db
                .prepare("UPDATE inbox SET created_at = ?, kind = ?, title = ?, body = ?, run_id = ?, read = 0 WHERE id = ?")
                .run(item.createdAt, item.kind, item.title, item.body, item.runId ?? null, keep.id);
            const del = this.db.prepare("DELETE FROM inbox WHERE id = ?");
            for (const e of extra)
                del.run(e.id);
            return keep.id;
        }).immediate();
    }
    /** Newest first; unread only unless `all`. */
    list(opts = {}) {
        const limit = opts.limit ?? 50;
        const rows = (opts.all
            ? this.db.prepare("SELECT * FROM inbox ORDER BY created_at DESC, id DESC LIMIT ?").all(limit)
            : this.db.prepare("SELECT * FROM inbox WHERE read = 0 ORDER BY created_at DESC, id DESC LIMIT ?").all(limit));
        return rows.map(toItem);
    }
    get(id) {
        const row = this.db.prepare("SELECT * FROM inbox WHERE id = ?").get(id);
        return row === undefined ? undefined : toItem(row);
    }
    markRead(ids) {
        const stmt = this.db.prepare("UPDATE inbox SET read = 1 WHERE id = ?");
        this.db.transaction(() => {
            for (const id of ids)
                stmt.run(id);
        })();
    }
    unreadCount() {
        return this.db.prepare("SELECT count(*) AS n FROM inbox WHERE read = 0").get().n;
    }
}
function toItem(r) {
    return {
        id: r.id,
        createdAt: r.created_at,
        kind: r.kind,
        title: r.title,
        body: r.body,
        source: r.source,
        runId: r.run_id,
        read: r.read === 1,
    };
}
//# sourceMappingURL=inbox.js.map
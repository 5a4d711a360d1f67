/** Conversation ids are printed and typed: letters, digits, ".", "_" and "-", up to 64. */
export function isValidConversationId(id) {
    return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id);
}
export class ConversationStore {
    db;
    constructor(db) {
        this.db = db;
    }
    create(c) {
        if (!isValidConversationId(c.id))
            throw new Error(`conversation id "${c.id}" is not allowed: use letters, digits, ".", "_" and "-"`);
        this.db
            .prepare("INSERT INTO conversations (id, created_at, updated_at, title, forked_from) VALUES (?, ?, ?, ?, ?)")
            .run(c.id, c.createdAt, c.createdAt, c.title, c.forkedFrom ?? null);
        return this.get(c.id);
    }
    get(id) {
        const row = this.db
            .prepare(`SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c WHERE c.id = ?`)
            .get(id);
        return row === undefined ? undefined : toConversation(row);
    }
    /** Newest first. */
    list(limit = 20) {
        const rows = this.db
            .prepare(`SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`)
            .all(limit);
        return rows.map(toConversation);
    }
    messages(id) {
        const rows = this.db
            .prepare("SELECT seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq")
            .all(id);
        return rows.map((r) => ({ seq: r.seq, createdAt: r.created_at, role: r.role, kind: r.kind, content: r.content, data: parseData(r.data) }));
    }
    /** Appends a message and returns its sequence number (1, 2, 3... per conversation). */
    append(id, m) {
        return this.db.transaction(() => {
            const next = (this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id).s ?? 0) + 1;
            this.db
                .prepare("INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .run(id, next, m.createdAt, m.role, m.kind, m.content, JSON.stringify(m.data ?? {}));
            this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(m.createdAt, id);
            return next;
        }).immediate();
    }
    /** The highest sequence number in a conversation (0 when it has no messages). */
    lastSeq(id) {
        return this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id).s ?? 0;
    }
    /**
     * Undoes a question that failed (the model was unreachable, the run was cancelled): the
     * messages after `keepSeq` go, and a conversation left with no message at all goes too,
     * so a failed first question leaves nothing behind and a failed follow-up leaves the
     * conversation as it was. Returns the number of messages removed.
     */
    rollback(id, keepSeq) {
        return this.db.transaction(() => {
            const removed = this.db.prepare("DELETE FROM conversation_messages WHERE conversation_id = ? AND seq > ?").run(id, keepSeq).changes;
            if (this.lastSeq(id) === 0)
                this.db.prepare("DELETE FROM conversations WHERE id = ?").run(id);
            else if (removed > 0) {
                const last = this.db.prepare("SELECT MAX(created_at) AS t FROM conversation_messages WHERE conversation_id = ?").get(id);
                this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(last.t, id);
            }
            return removed;
        }).immediate();
    }
    /** A new conversation `newId` holding a copy of `fromId`'s messages; the original is untouched. */
    fork(fromId, newId, now) {
        return this.db.transaction(() => {
            const src = this.get(fromId);
            if (src === undefined)
                throw new Error(`there is no conversation "${fromId}"`);
            this.create({ id: newId, title: src.title, createdAt: now, forkedFrom: fromId });
            this.db
                .prepare(`INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data)
           SELECT ?, seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`)
                .run(newId, fromId);
            return this.get(newId);
        }).immediate();
    }
}
function toConversation(r) {
    return { id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, title: r.title, forkedFrom: r.forked_from, messages: r.messages };
}
function parseData(text) {
    try {
        const v = JSON.parse(text);
        return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
    }
    catch {
        return {};
    }
}
//# sourceMappingURL=conversations.js.map
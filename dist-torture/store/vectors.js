import { dataVersion, vectorTableSql } from "./open.js";
/**
 * The index's vectors: which model they belong to, which chunks still lack them, and
 * nearest-neighbour search. Vectors of one model only: switching models drops them all
 * (the embedding cache makes re-embedding cheap), so two models are never compared.
 */
export class VectorStore {
    db;
    constructor(db) {
        this.db = db;
    }
    model() {
        const id = this.meta("embed_model");
        const dim = this.meta("embed_dim");
        if (!id || !dim || !this.hasTable())
            return null;
        return { modelId: id, dimension: Number(dim) };
    }
    /**
     * Makes the vector table match the model. Returns true when existing vectors were
     * dropped because the model (or its dimension) changed.
     */
    useModel(modelId, dimension) {
        const cur = this.model();
        if (cur && cur.modelId === modelId && cur.dimension === dimension)
            return false;
        this.db
            .transaction(() => {
            this.db.exec("DROP TRIGGER IF EXISTS chunk_vectors_delete; DELETE FROM chunk_vectors; DROP TABLE IF EXISTS vec_chunks;");
            this.db.exec(vectorTableSql(dimension));
            this.setMeta("embed_model", modelId);
            this.setMeta("embed_dim", String(dimension));
        })
            .immediate();
        return cur !== null;
    }
    /** Chunks without vectors; counted again only after the database changed (a search asks every time). */
    countPending() {
        const version = dataVersion(this.db);
        if (this.pendingMemo?.version === version)
            return this.pendingMemo.n;
        const n = this.db.prepare("SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)").get().n;
        this.pendingMemo = { version, n };
        return n;
    }
    pendingMemo = null;
    countEmbedded() {
        return this.db.prepare("SELECT count(DISTINCT chunk_id) AS n FROM chunk_vectors").get().n;
    }
    /** Chunks without vectors, oldest id first, so an interrupted run resumes in order. */
    pending(limit) {
        return this.db
            .prepare("SELECT c.id, c.heading, c.text, c.hash FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id) ORDER BY c.id LIMIT ?")
            .all(limit);
    }
    /**
     * Stores each chunk's window vectors in one transaction, only if the chunk still holds the
     * text they were computed from: another connection may have re-indexed the note while the
     * model ran. Chunk ids are never reused (AUTOINCREMENT), and the text hash and heading are
     * checked in this same transaction, so a vector can never land on other text. Returns how
     * many chunks were stored.
     */
    insert(items) {
        const exists = this.db.prepare("SELECT 1 FROM chunks WHERE id = ? AND hash = ? AND heading = ?");
        const insVec = this.db.prepare("INSERT INTO chunk_vectors(chunk_id, win) VALUES (?, ?) ON CONFLICT(chunk_id, win) DO NOTHING");
        let stored = 0;
        this.db
            .transaction(() => {
            // Another process rebuilt the index meanwhile (its vector table is recreated by the
            // next useModel): nothing to store into, the chunks stay pending.
            if (!this.hasTable())
                return;
            const insEmb = this.db.prepare("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, ?)");
            for (const it of items) {
                if (!exists.get(it.chunkId, it.hash, it.heading))
                    continue;
                it.vectors.forEach((v, win) => {
                    const r = insVec.run(it.chunkId, win);
                    if (r.changes === 0)
                        return;
                    insEmb.run(BigInt(r.lastInsertRowid), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
                });
                stored++;
            }
        })
            .immediate();
        return stored;
    }
    /** The k nearest chunks (by their best window) to a normalised query vector. */
    knn(query, k) {
        if (!this.hasTable() || k <= 0)
            return [];
        // Ask for more windows than chunks wanted: several windows can belong to one chunk.
        const rows = this.db
            .prepare(`SELECT v.chunk_id AS chunkId, MIN(n.distance) AS distance
         FROM (SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ?) n
         JOIN chunk_vectors v ON v.id = n.rowid
         GROUP BY v.chunk_id ORDER BY distance LIMIT ?`)
            .all(Buffer.from(query.buffer, query.byteOffset, query.byteLength), Math.min(4096, k * 3), k);
        return rows.map((r) => ({ chunkId: r.chunkId, similarity: 1 - r.distance }));
    }
    /** All window vectors of the given chunks (for MMR's similarity between results). */
    vectorsOf(chunkIds) {
        const out = new Map();
        if (chunkIds.length === 0 || !this.hasTable())
            return out;
        const stmt = this.db.prepare(`SELECT v.chunk_id AS chunkId, e.embedding AS emb FROM chunk_vectors v JOIN vec_chunks e ON e.rowid = v.id WHERE v.chunk_id = ? ORDER BY v.win`);
        for (const id of chunkIds) {
            const rows = stmt.all(id);
            if (rows.length === 0)
                continue;
            out.set(id, rows.map((r) => {
                const copy = new Uint8Array(r.emb.byteLength);
                copy.set(r.emb);
                return new Float32Array(copy.buffer);
            }));
        }
        return out;
    }
    hasTable() {
        return this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'").get() !== undefined;
    }
    meta(key) {
        return this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key)?.value;
    }
    setMeta(key, value) {
        this.db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run(key, value);
    }
}
//# sourceMappingURL=vectors.js.map
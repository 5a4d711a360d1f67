import type { Statement } from "better-sqlite3";
import { dataVersion, keptWhileUnchanged } from "./data-version.js";
import { vectorTableSql, type DB } from "./open.js";
import { MemoryVectorIndex, type MemoryIndexOptions, type VectorHit } from "./vector-memory.js";

export interface PendingChunk {
  id: number;
  heading: string;
  text: string;
  /** sha256 of text: the vector is stored only if the chunk still has this text. */
  hash: string;
  /** The file's kind (src/workspace/kinds.ts): what the model reads depends on it. */
  kind: string;
}

export interface ChunkVectors {
  chunkId: number;
  /** The chunk's heading and text hash when it was read for embedding. */
  hash: string;
  heading: string;
  vectors: Float32Array[];
}

export type { VectorHit } from "./vector-memory.js";

/**
 * The index's vectors: which model they belong to, which chunks still lack them, and
 * nearest-neighbour search. Vectors of one model only: switching models drops them all
 * (the embedding cache makes re-embedding cheap), so two models are never compared.
 */
export class VectorStore {
  constructor(readonly db: DB) {}

  /** Statements every search runs (MMR asks for its picks' vectors), prepared once. */
  private readonly prepared = new Map<string, Statement>();

  private stmt(text: string): Statement {
    let s = this.prepared.get(text);
    if (!s) this.prepared.set(text, (s = this.db.prepare(text)));
    return s;
  }

  /**
   * A quantized in-memory first pass for a long-lived process (vector-memory.ts). Until it
   * has loaded, knn keeps using sqlite-vec's exact scan.
   */
  private memory: MemoryVectorIndex | null = null;

  /** Starts keeping the in-memory copy; resolves when it is loaded. */
  useMemoryIndex(opts: MemoryIndexOptions = {}, signal?: AbortSignal): Promise<void> {
    this.memory ??= new MemoryVectorIndex(this.db, opts);
    return this.memory.build(signal);
  }

  memoryIndex(): MemoryVectorIndex | null {
    return this.memory;
  }

  /**
   * Kept while the database is unchanged: every search asks (its plan names the model), and
   * only a write (useModel, here or in another process) changes the answer. A copy is
   * returned, so no caller can change what is kept.
   */
  model(): { modelId: string; dimension: number } | null {
    const kept = keptWhileUnchanged(this.db, "vector model", () => ({ model: this.readModel() }));
    return kept.model && { ...kept.model };
  }

  private readModel(): { modelId: string; dimension: number } | null {
    const id = this.meta("embed_model");
    const dim = this.meta("embed_dim");
    if (!id || !dim || !this.hasTable()) return null;
    return { modelId: id, dimension: Number(dim) };
  }

  /**
   * Makes the vector table match the model. Returns true when existing vectors were
   * dropped because the model (or its dimension) changed.
   */
  useModel(modelId: string, dimension: number): boolean {
    const cur = this.model();
    if (cur && cur.modelId === modelId && cur.dimension === dimension) return false;
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
  countPending(): number {
    const version = dataVersion(this.db);
    if (this.pendingMemo?.version === version) return this.pendingMemo.n;
    const n = (this.db.prepare("SELECT count(*) AS n FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)").get() as { n: number }).n;
    this.pendingMemo = { version, n };
    return n;
  }

  private pendingMemo: { version: string; n: number } | null = null;

  /** Whether any chunk has a vector of this model (a query vector can match something). */
  hasVectorsOf(modelId: string, dimension: number): boolean {
    const cur = this.model();
    if (!cur || cur.modelId !== modelId || cur.dimension !== dimension) return false;
    return this.db.prepare("SELECT 1 FROM chunk_vectors LIMIT 1").get() !== undefined;
  }

  countEmbedded(): number {
    return (this.db.prepare("SELECT count(DISTINCT chunk_id) AS n FROM chunk_vectors").get() as { n: number }).n;
  }

  /**
   * Chunks without vectors, newest first: undated notes (MEMORY.md, topic notes: few, and
   * what a search most often needs), then by date from the latest day back, and within a day
   * the latest written first. A year of imported history is then searchable by meaning for
   * the recent weeks long before the whole of it is embedded, and a turn captured during a
   * long pass goes ahead of the backlog. An interrupted run resumes where it stopped, since
   * the order depends only on which chunks still lack vectors.
   */
  pending(limit: number): PendingChunk[] {
    return this.db
      .prepare(
        `SELECT c.id, c.heading, c.text, c.hash, f.kind FROM chunks c JOIN files f ON f.id = c.file_id
         WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.chunk_id = c.id)
         ORDER BY c.date IS NOT NULL, c.date DESC, c.id DESC LIMIT ?`,
      )
      .all(limit) as PendingChunk[];
  }

  /**
   * Stores each chunk's window vectors in one transaction, only if the chunk still holds the
   * text they were computed from: another connection may have re-indexed the note while the
   * model ran. Chunk ids are never reused (AUTOINCREMENT), and the text hash and heading are
   * checked in this same transaction, so a vector can never land on other text. Returns how
   * many chunks were stored.
   */
  insert(items: ChunkVectors[]): number {
    const exists = this.db.prepare("SELECT 1 FROM chunks WHERE id = ? AND hash = ? AND heading = ?");
    const insVec = this.db.prepare("INSERT INTO chunk_vectors(chunk_id, win) VALUES (?, ?) ON CONFLICT(chunk_id, win) DO NOTHING");
    let stored = 0;
    this.db
      .transaction(() => {
        // Another process rebuilt the index meanwhile (its vector table is recreated by the
        // next useModel): nothing to store into, the chunks stay pending.
        if (!this.hasTable()) return;
        const insEmb = this.db.prepare("INSERT INTO vec_chunks(rowid, embedding) VALUES (?, ?)");
        for (const it of items) {
          if (!exists.get(it.chunkId, it.hash, it.heading)) continue;
          it.vectors.forEach((v, win) => {
            const r = insVec.run(it.chunkId, win);
            if (r.changes === 0) return;
            insEmb.run(BigInt(r.lastInsertRowid), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
          });
          stored++;
        }
      })
      .immediate();
    return stored;
  }

  /** The k nearest chunks (by their best window) to a normalised query vector. */
  knn(query: Float32Array, k: number): VectorHit[] {
    if (this.memory) {
      const hits = this.memory.knn(query, k);
      if (hits) return hits;
      // Dropped by a model change: load again in the background, answer exactly meanwhile.
      void this.memory.build().catch(() => undefined);
    }
    return this.exactKnn(query, k);
  }

  /** The k nearest chunks by sqlite-vec's exact scan. */
  exactKnn(query: Float32Array, k: number): VectorHit[] {
    if (!this.hasTable() || k <= 0) return [];
    // Ask for more windows than chunks wanted: several windows can belong to one chunk.
    const rows = this.db
      .prepare(
        `SELECT v.chunk_id AS chunkId, MIN(n.distance) AS distance
         FROM (SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ?) n
         JOIN chunk_vectors v ON v.id = n.rowid
         GROUP BY v.chunk_id ORDER BY distance LIMIT ?`,
      )
      .all(Buffer.from(query.buffer, query.byteOffset, query.byteLength), Math.min(4096, k * 3), k) as { chunkId: number; distance: number }[];
    return rows.map((r) => ({ chunkId: r.chunkId, similarity: 1 - r.distance }));
  }

  /** All window vectors of the given chunks (for MMR's similarity between results), in one query. */
  vectorsOf(chunkIds: number[]): Map<number, Float32Array[]> {
    const kept = this.memory?.vectorsOf(chunkIds);
    if (kept) return kept;
    const out = new Map<number, Float32Array[]>();
    if (chunkIds.length === 0 || !this.hasTable()) return out;
    const rows = this
      .stmt(
        `SELECT v.chunk_id AS id, e.embedding AS emb FROM chunk_vectors v JOIN vec_chunks e ON e.rowid = v.id
         WHERE v.chunk_id IN (SELECT value FROM json_each(?)) ORDER BY v.chunk_id, v.win`,
      )
      .all(JSON.stringify(chunkIds)) as { id: number; emb: Buffer }[];
    for (const r of rows) {
      const copy = new Uint8Array(r.emb.byteLength);
      copy.set(r.emb);
      const list = out.get(r.id) ?? [];
      list.push(new Float32Array(copy.buffer));
      out.set(r.id, list);
    }
    return out;
  }

  /** Kept while the database is unchanged: MMR asks on every search, and only a write makes or drops the table. */
  private hasTable(): boolean {
    return keptWhileUnchanged(this.db, "vector table", () => this.stmt("SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'").get() !== undefined);
  }

  private meta(key: string): string | undefined {
    return (this.stmt("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  private setMeta(key: string, value: string): void {
    this.db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").run(key, value);
  }
}

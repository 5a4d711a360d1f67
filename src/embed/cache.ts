import { createHash } from "node:crypto";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { schemaSection } from "../store/open.js";
import type { Embedder } from "./types.js";
import { fromBlob, toBlob } from "./vector.js";
import { enableWal } from "../shared/wal.js";

/**
 * Vectors already computed, keyed by (model, exact text). A SQLite file of its own, apart from
 * the search index: the index is derived and gets deleted and rebuilt, and a rebuild must not
 * pay for embedding again. The eval harness shares one cache across runs with `--cache DIR`.
 */

export const EMBED_CACHE_FILE = "embeddings.db";
const SCHEMA_VERSION = 1;

/** sha256 (hex) of the exact text: one changed character is a different entry. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export interface CacheStats {
  file: string;
  entries: number;
  bytes: number;
  models: { modelId: string; dimension: number; entries: number }[];
}

export class EmbeddingCache {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement<[string, string], { vector: Buffer; dim: number }>;
  private readonly putStmt: Database.Statement<[string, string, number, Buffer, number]>;

  constructor(file: string) {
    this.file = path.resolve(file);
    const dir = path.dirname(this.file);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EEXIST" && code !== "ENOTDIR") throw e;
      throw new Error(`${dir} is not a folder, so the embedding cache cannot be kept there: set embed.cacheDir in agent.config.json to a folder (or remove the key to keep the cache in .agent/)`);
    }
    this.db = new Database(this.file);
    // WAL + a busy timeout: an indexer, a watcher and an eval run may share one cache file.
    this.db.pragma("busy_timeout = 5000");
    enableWal(this.db, 5000);
    this.db.pragma("synchronous = NORMAL");
    const version = this.db.pragma("user_version", { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      this.db.close();
      throw new Error(
        `embedding cache ${this.file} was written by a newer version (schema ${version}): upgrade, or point the cache elsewhere`,
      );
    }
    // The table comes from schema.sql's "cache" section, like every other schema.
    this.db.exec(schemaSection("cache"));
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.getStmt = this.db.prepare("SELECT vector, dim FROM embeddings WHERE model_id = ? AND text_hash = ?");
    this.putStmt = this.db.prepare(
      "INSERT OR REPLACE INTO embeddings (model_id, text_hash, dim, vector, created_at) VALUES (?, ?, ?, ?, ?)",
    );
  }

  /** The cache file inside `dir` (created if needed). */
  static inDir(dir: string): EmbeddingCache {
    return new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
  }

  /** Cached vectors for the hashes that have one; a stored blob of the wrong size counts as absent. */
  get(modelId: string, hashes: Iterable<string>): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    const read = this.db.transaction((hs: Iterable<string>) => {
      for (const h of hs) {
        if (out.has(h)) continue;
        const row = this.getStmt.get(modelId, h);
        if (row !== undefined && row.vector.byteLength === row.dim * 4) out.set(h, fromBlob(row.vector));
      }
    });
    read(hashes);
    return out;
  }

  put(modelId: string, entries: Iterable<[hash: string, vector: Float32Array]>): void {
    const now = Date.now();
    const write = this.db.transaction((es: Iterable<[string, Float32Array]>) => {
      for (const [h, v] of es) this.putStmt.run(modelId, h, v.length, toBlob(v), now);
    });
    write(entries);
  }

  stats(): CacheStats {
    const models = this.db
      .prepare(
        "SELECT model_id AS modelId, MAX(dim) AS dimension, COUNT(*) AS entries FROM embeddings GROUP BY model_id ORDER BY model_id",
      )
      .all() as CacheStats["models"];
    const entries = models.reduce((a, m) => a + m.entries, 0);
    let bytes = 0;
    for (const suffix of ["", "-wal"]) {
      try {
        bytes += statSync(this.file + suffix).size;
      } catch {
        // no WAL file right now
      }
    }
    return { file: this.file, entries, bytes, models };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export interface EmbedProgress {
  /** Texts embedded so far in this call (cache misses only). */
  embedded: number;
  /** Texts this call has to embed. */
  toEmbed: number;
  /** Distinct texts found in the cache. */
  hits: number;
}

export interface EmbedWithCacheResult {
  /** One vector per input text, in order. */
  vectors: Float32Array[];
  /** Distinct texts served from the cache. */
  hits: number;
  /** Distinct texts the embedder had to compute (now cached). */
  misses: number;
}

/**
 * Embeds `texts`, asking the embedder only for those not cached under its `modelId`. Repeated
 * texts are embedded once. Each batch is written to the cache as soon as it is done, so an
 * interrupted run keeps what it paid for. An aborted `signal` rejects with an "AbortError"
 * (between batches, or inside one when the embedder can stop mid-call).
 */
export async function embedWithCache(
  embedder: Embedder,
  cache: EmbeddingCache,
  texts: string[],
  opts: { onProgress?: (p: EmbedProgress) => void; signal?: AbortSignal } = {},
): Promise<EmbedWithCacheResult> {
  const hashes = texts.map(textHash);
  const unique = new Map<string, string>();
  hashes.forEach((h, i) => {
    if (!unique.has(h)) unique.set(h, texts[i]);
  });

  const found = cache.get(embedder.modelId, unique.keys());
  // A vector of another length under the same id (a model swapped under an Ollama tag) is stale.
  if (embedder.dimension > 0) {
    for (const [h, v] of found) if (v.length !== embedder.dimension) found.delete(h);
  }
  // Shortest first, so each batch holds texts of similar length: models pad (or cost) a batch to
  // its longest member. Results are keyed by hash, so the order does not leak out.
  const missing = [...unique.keys()]
    .filter((h) => !found.has(h))
    .sort((a, b) => (unique.get(a) as string).length - (unique.get(b) as string).length);
  const hits = unique.size - missing.length;

  const batchSize = Math.max(1, embedder.batchSize);
  opts.onProgress?.({ embedded: 0, toEmbed: missing.length, hits });
  for (let start = 0; start < missing.length; start += batchSize) {
    throwIfAborted(opts.signal);
    const batch = missing.slice(start, start + batchSize);
    const texts = batch.map((h) => unique.get(h) as string);
    const vectors = await (opts.signal ? embedder.embed(texts, { signal: opts.signal }) : embedder.embed(texts));
    // An embedder that cannot stop mid-call still finished this batch: keep it, then stop.
    if (vectors.length !== batch.length) {
      throw new Error(`${embedder.modelId} returned ${vectors.length} vectors for ${batch.length} texts`);
    }
    const entries: [string, Float32Array][] = batch.map((h, j) => [h, vectors[j]]);
    cache.put(embedder.modelId, entries);
    for (const [h, v] of entries) found.set(h, v);
    opts.onProgress?.({ embedded: Math.min(start + batchSize, missing.length), toEmbed: missing.length, hits });
  }

  return { vectors: hashes.map((h) => found.get(h) as Float32Array), hits, misses: missing.length };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  const err = new Error("embedding stopped");
  err.name = "AbortError";
  throw err;
}

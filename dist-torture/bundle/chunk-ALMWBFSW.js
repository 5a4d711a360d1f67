import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  schemaSection
} from "./chunk-UXHALSJY.js";
import {
  fromBlob,
  toBlob
} from "./chunk-AKCMT4GJ.js";

// dist/embed/cache.js
import { createHash } from "node:crypto";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
var EMBED_CACHE_FILE = "embeddings.db";
var SCHEMA_VERSION = 1;
function textHash(text) {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
var EmbeddingCache = class _EmbeddingCache {
  file;
  db;
  getStmt;
  putStmt;
  constructor(file) {
    this.file = path.resolve(file);
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.db = new Database(this.file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 5000");
    this.db.pragma("synchronous = NORMAL");
    const version = this.db.pragma("user_version", { simple: true });
    if (version > SCHEMA_VERSION) {
      this.db.close();
      throw new Error(`embedding cache ${this.file} was written by a newer version (schema ${version}): upgrade, or point the cache elsewhere`);
    }
    this.db.exec(schemaSection("cache"));
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.getStmt = this.db.prepare("SELECT vector, dim FROM embeddings WHERE model_id = ? AND text_hash = ?");
    this.putStmt = this.db.prepare("INSERT OR REPLACE INTO embeddings (model_id, text_hash, dim, vector, created_at) VALUES (?, ?, ?, ?, ?)");
  }
  /** The cache file inside `dir` (created if needed). */
  static inDir(dir) {
    return new _EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
  }
  /** Cached vectors for the hashes that have one; a stored blob of the wrong size counts as absent. */
  get(modelId, hashes) {
    const out = /* @__PURE__ */ new Map();
    const read = this.db.transaction((hs) => {
      for (const h of hs) {
        if (out.has(h))
          continue;
        const row = this.getStmt.get(modelId, h);
        if (row !== void 0 && row.vector.byteLength === row.dim * 4)
          out.set(h, fromBlob(row.vector));
      }
    });
    read(hashes);
    return out;
  }
  put(modelId, entries) {
    const now = Date.now();
    const write = this.db.transaction((es) => {
      for (const [h, v] of es)
        this.putStmt.run(modelId, h, v.length, toBlob(v), now);
    });
    write(entries);
  }
  stats() {
    const models = this.db.prepare("SELECT model_id AS modelId, MAX(dim) AS dimension, COUNT(*) AS entries FROM embeddings GROUP BY model_id ORDER BY model_id").all();
    const entries = models.reduce((a, m) => a + m.entries, 0);
    let bytes = 0;
    for (const suffix of ["", "-wal"]) {
      try {
        bytes += statSync(this.file + suffix).size;
      } catch {
      }
    }
    return { file: this.file, entries, bytes, models };
  }
  close() {
    if (this.db.open)
      this.db.close();
  }
};
async function embedWithCache(embedder, cache, texts, opts = {}) {
  const hashes = texts.map(textHash);
  const unique = /* @__PURE__ */ new Map();
  hashes.forEach((h, i) => {
    if (!unique.has(h))
      unique.set(h, texts[i]);
  });
  const found = cache.get(embedder.modelId, unique.keys());
  if (embedder.dimension > 0) {
    for (const [h, v] of found)
      if (v.length !== embedder.dimension)
        found.delete(h);
  }
  const missing = [...unique.keys()].filter((h) => !found.has(h)).sort((a, b) => unique.get(a).length - unique.get(b).length);
  const hits = unique.size - missing.length;
  const batchSize = Math.max(1, embedder.batchSize);
  opts.onProgress?.({ embedded: 0, toEmbed: missing.length, hits });
  for (let start = 0; start < missing.length; start += batchSize) {
    throwIfAborted(opts.signal);
    const batch = missing.slice(start, start + batchSize);
    const texts2 = batch.map((h) => unique.get(h));
    const vectors = await (opts.signal ? embedder.embed(texts2, { signal: opts.signal }) : embedder.embed(texts2));
    if (vectors.length !== batch.length) {
      throw new Error(`${embedder.modelId} returned ${vectors.length} vectors for ${batch.length} texts`);
    }
    const entries = batch.map((h, j) => [h, vectors[j]]);
    cache.put(embedder.modelId, entries);
    for (const [h, v] of entries)
      found.set(h, v);
    opts.onProgress?.({ embedded: Math.min(start + batchSize, missing.length), toEmbed: missing.length, hits });
  }
  return { vectors: hashes.map((h) => found.get(h)), hits, misses: missing.length };
}
function throwIfAborted(signal) {
  if (!signal?.aborted)
    return;
  const err = new Error("embedding stopped");
  err.name = "AbortError";
  throw err;
}

export {
  EMBED_CACHE_FILE,
  EmbeddingCache,
  embedWithCache
};
//# sourceMappingURL=chunk-ALMWBFSW.js.map

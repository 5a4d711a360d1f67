import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_CACHE_FILE, EmbeddingCache, embedWithCache, textHash, type EmbedProgress } from "../../src/embed/cache.js";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { CountingEmbedder, maxAbsDiff } from "./helpers.js";

describe("EmbeddingCache + embedWithCache (real USE-lite underneath)", () => {
  let tmp: string;
  let useLite: UseLiteEmbedder;
  const texts = Array.from({ length: 40 }, (_, i) => `note ${i}: remember to water plant number ${i} on day ${i % 7}`);

  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "embed-cache-"));
    useLite = new UseLiteEmbedder();
  });
  afterAll(async () => {
    await useLite.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("hashes the exact text with sha256", () => {
    expect(textHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(textHash("abc ")).not.toBe(textHash("abc"));
  });

  it("embeds misses in batches, then serves everything from the cache", async () => {
    const cache = EmbeddingCache.inDir(path.join(tmp, "a"));
    try {
      const counting = new CountingEmbedder(useLite);
      const progress: EmbedProgress[] = [];
      const first = await embedWithCache(counting, cache, texts, { onProgress: (p) => progress.push(p) });
      expect(first).toMatchObject({ hits: 0, misses: 40 });
      expect(counting.calls).toBe(5); // 40 texts at batch 8
      expect(first.vectors).toHaveLength(40);
      expect(progress.at(-1)).toEqual({ embedded: 40, toEmbed: 40, hits: 0 });

      const second = await embedWithCache(counting, cache, texts);
      expect(counting.calls).toBe(5); // no new calls at all
      expect(second).toMatchObject({ hits: 40, misses: 0 });
      for (let i = 0; i < texts.length; i++) expect(maxAbsDiff(second.vectors[i], first.vectors[i])).toBe(0);

      const changed = [...texts];
      changed[7] = `${texts[7]} (edited)`;
      counting.textsEmbedded = [];
      const third = await embedWithCache(counting, cache, changed);
      expect(third).toMatchObject({ hits: 39, misses: 1 });
      expect(counting.textsEmbedded).toEqual([changed[7]]);

      expect(cache.stats()).toMatchObject({ entries: 41, models: [{ modelId: "use-lite@0.2.0", dimension: 512, entries: 41 }] });
    } finally {
      cache.close();
    }
  });

  it("embeds a repeated text once", async () => {
    const cache = EmbeddingCache.inDir(path.join(tmp, "dupes"));
    try {
      const counting = new CountingEmbedder(useLite);
      const r = await embedWithCache(counting, cache, ["same", "other", "same"]);
      expect(counting.textsEmbedded).toEqual(["same", "other"]);
      expect(r.misses).toBe(2);
      expect(maxAbsDiff(r.vectors[0], r.vectors[2])).toBe(0);
    } finally {
      cache.close();
    }
  });

  it("never shares vectors between model ids", async () => {
    const cache = EmbeddingCache.inDir(path.join(tmp, "models"));
    try {
      const a = new CountingEmbedder(useLite);
      const b = new CountingEmbedder(useLite, { modelId: "use-lite@other-settings" });
      await embedWithCache(a, cache, texts.slice(0, 5));
      const r = await embedWithCache(b, cache, texts.slice(0, 5));
      expect(r).toMatchObject({ hits: 0, misses: 5 });
      expect(b.calls).toBe(1);
      expect(cache.get("use-lite@0.2.0", [textHash(texts[0])]).size).toBe(1);
      expect(cache.get("nobody", [textHash(texts[0])]).size).toBe(0);
      expect(cache.stats().models.map((m) => m.modelId)).toEqual(["use-lite@0.2.0", "use-lite@other-settings"]);
    } finally {
      cache.close();
    }
  });

  it("survives closing and reopening the file (an index rebuild re-embeds nothing)", async () => {
    const dir = path.join(tmp, "reopen");
    const first = EmbeddingCache.inDir(dir);
    const counting = new CountingEmbedder(useLite);
    const before = await embedWithCache(counting, first, texts.slice(0, 10));
    first.close();

    const reopened = new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
    try {
      const after = await embedWithCache(counting, reopened, texts.slice(0, 10));
      expect(counting.calls).toBe(2); // the 10 texts at batch 8, before the file was closed; none after
      expect(after).toMatchObject({ hits: 10, misses: 0 });
      for (let i = 0; i < 10; i++) expect(maxAbsDiff(after.vectors[i], before.vectors[i])).toBe(0);
    } finally {
      reopened.close();
    }
  });

  it("stores Float32 bytes with their dimension in WAL mode", () => {
    const file = path.join(tmp, "raw", EMBED_CACHE_FILE);
    const cache = new EmbeddingCache(file);
    cache.put("m", [["h1", new Float32Array([1, -2.5, 3])]]);
    cache.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      const row = db.prepare("SELECT dim, vector FROM embeddings WHERE model_id = 'm' AND text_hash = 'h1'").get() as {
        dim: number;
        vector: Buffer;
      };
      expect(row.dim).toBe(3);
      expect(row.vector.byteLength).toBe(12);
      expect(row.vector.readFloatLE(4)).toBe(-2.5);
    } finally {
      db.close();
    }
  });
});

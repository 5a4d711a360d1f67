import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EmbeddingCache } from "../../src/embed/cache.js";
import type { EmbedOptions, Embedder } from "../../src/embed/types.js";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { cosine } from "../../src/embed/vector.js";
import { embedPending, embedText } from "../../src/indexer/embed-pending.js";
import { Indexer } from "../../src/indexer/indexer.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { longText } from "../embed/helpers.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";

const INDEX_CONFIG = IndexConfigSchema.parse({ chunkTokens: 400, overlapTokens: 50 });
const useLite = new UseLiteEmbedder({ threads: 2 });
afterAll(async () => {
  await useLite.close();
});

/** The real model, with a hook that runs once just before its first batch is embedded. */
class HookedEmbedder implements Embedder {
  constructor(
    private readonly inner: Embedder,
    private hook: (() => void) | null,
  ) {}
  get provider() {
    return this.inner.provider;
  }
  get modelId() {
    return this.inner.modelId;
  }
  get dimension() {
    return this.inner.dimension;
  }
  get maxInputTokens() {
    return this.inner.maxInputTokens;
  }
  get batchSize() {
    return this.inner.batchSize;
  }
  windows(text: string): string[] {
    return this.inner.windows(text);
  }
  async embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]> {
    const h = this.hook;
    this.hook = null;
    h?.();
    return this.inner.embed(texts, opts);
  }
  async close(): Promise<void> {}
}

interface Side {
  db: DB;
  store: IndexStore;
  vectors: VectorStore;
  indexer: Indexer;
}

function connect(ws: string): Side {
  const { db } = openIndexDb(path.join(agentDir(ws), "index.db"));
  const store = new IndexStore(db);
  return { db, store, vectors: new VectorStore(db), indexer: new Indexer(ws, store, INDEX_CONFIG) };
}

/** Each chunk with vectors has exactly one per window of its current text. */
function vectorsMatchText(side: Side, embedder: Embedder): { chunks: number; bad: number } {
  const rows = side.db.prepare("SELECT c.id, c.heading, c.text, (SELECT count(*) FROM chunk_vectors v WHERE v.chunk_id = c.id) AS n FROM chunks c").all() as {
    id: number;
    heading: string;
    text: string;
    n: number;
  }[];
  let bad = 0;
  for (const r of rows) if (r.n !== 0 && r.n !== embedder.windows(embedText(r)).length) bad++;
  return { chunks: rows.length, bad };
}

describe("a pass served from the embedding cache", () => {
  it("honours a stop request between batches (a SIGTERM handler runs as an event-loop task)", async () => {
    const ws = tempDir("agent-embed-cached-stop-");
    const side = connect(ws);
    const cache = new EmbeddingCache(path.join(agentDir(ws), "embeddings.db"));
    try {
      for (let i = 0; i < 24; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nThe ${i}th note about the garden shed and its roof.\n`);
      side.indexer.sync();
      side.vectors.useModel(useLite.modelId, useLite.dimension);
      expect((await embedPending(side.vectors, useLite, cache, { batchChunks: 4 })).computed).toBeGreaterThan(0);
      // Same model, vectors gone: every window is in the cache now.
      side.db.exec("DELETE FROM chunk_vectors");
      const total = side.vectors.countPending();
      const ac = new AbortController();
      // Queued like a signal handler: it runs only when the loop lets the event loop turn.
      setImmediate(() => ac.abort());
      const r = await embedPending(side.vectors, useLite, cache, { batchChunks: 4, signal: ac.signal });
      expect(r.computed).toBe(0);
      expect(r.interrupted).toBe(true);
      expect(r.embedded).toBeLessThan(total);
      expect(r.remaining).toBeGreaterThan(0);
    } finally {
      cache.close();
      side.db.close();
      cleanup(ws);
    }
  }, 120_000);
});

describe("embedding beside a second connection", () => {
  const dirs: string[] = [];
  const dbs: DB[] = [];
  afterEach(() => {
    while (dbs.length > 0) dbs.pop()!.close();
    while (dirs.length > 0) cleanup(dirs.pop()!);
  });

  function workspace(): string {
    const ws = tempDir("agent-embed-race-");
    dirs.push(ws);
    return ws;
  }

  it("never stores the old text's vector under a re-indexed note's new chunk", async () => {
    const ws = workspace();
    write(ws, "notes/a.md", "# Alpha\n\nThe alpaca farm opens in May.\n");
    write(ws, "notes/z.md", "# Zeta\n\nOld text: the zeppelin hangar is rented by the month.\n");
    const embedding = connect(ws);
    const editing = connect(ws);
    dbs.push(embedding.db, editing.db);
    embedding.indexer.sync();
    const cache = new EmbeddingCache(path.join(agentDir(ws), "embeddings.db"));
    try {
      // While the model runs on the pending chunks (read by the first connection), the second
      // connection re-indexes z.md: its old chunk (the highest id) is deleted and new ones added.
      const newText = "# Zeta\n\nNew text: we bought the hangar outright and sold the zeppelin.\n";
      const hooked = new HookedEmbedder(useLite, () => {
        write(ws, "notes/z.md", newText);
        expect(editing.indexer.syncPaths(["notes/z.md"]).indexed).toEqual(["notes/z.md"]);
      });
      embedding.vectors.useModel(hooked.modelId, hooked.dimension);
      const first = await embedPending(embedding.vectors, hooked, cache);
      expect(first.interrupted).toBe(false);

      // The new chunk holds no vector computed for the old text: it is pending, or (after the
      // next run) holds the vector of its own text.
      const zId = (embedding.db.prepare("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = 'notes/z.md'").get() as { id: number }).id;
      const stored = embedding.vectors.vectorsOf([zId]).get(zId);
      const zChunk = embedding.db.prepare("SELECT heading, text FROM chunks WHERE id = ?").get(zId) as { heading: string; text: string };
      const [own] = await useLite.embed([embedText(zChunk)]);
      const [old] = await useLite.embed([embedText({ heading: "Zeta", text: "Old text: the zeppelin hangar is rented by the month." })]);
      if (stored !== undefined) {
        expect(cosine(stored[0]!, own!)).toBeGreaterThan(0.999);
        expect(cosine(stored[0]!, old!)).toBeLessThan(0.99);
      }
      await embedPending(embedding.vectors, useLite, cache);
      expect(embedding.vectors.countPending()).toBe(0);
      const after = embedding.vectors.vectorsOf([zId]).get(zId)!;
      expect(cosine(after[0]!, own!)).toBeGreaterThan(0.999);
      expect(vectorsMatchText(embedding, useLite).bad).toBe(0);
    } finally {
      cache.close();
    }
  }, 120_000);

  it("a chunk id is never reused after the highest chunks are deleted", () => {
    const ws = workspace();
    write(ws, "notes/a.md", "# A\n\none\n");
    write(ws, "notes/b.md", "# B\n\ntwo\n");
    const side = connect(ws);
    dbs.push(side.db);
    side.indexer.sync();
    const maxBefore = (side.db.prepare("SELECT max(id) AS m FROM chunks").get() as { m: number }).m;
    write(ws, "notes/b.md", "# B\n\ntwo, edited\n");
    side.indexer.syncPaths(["notes/b.md"]);
    const ids = (side.db.prepare("SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = 'notes/b.md'").all() as { id: number }[]).map((r) => r.id);
    for (const id of ids) expect(id).toBeGreaterThan(maxBefore);
  });

  it("stops within 2 s of an abort, keeps what was finished, and resumes to completion", async () => {
    const ws = workspace();
    // Long notes: many full windows, tens of seconds of embedding on 2 cores.
    for (let i = 0; i < 12; i++) write(ws, `notes/long-${i}.md`, `# Long ${i}\n\n${i} ${longText(400)}\n`);
    const side = connect(ws);
    dbs.push(side.db);
    side.indexer.sync();
    const cache = new EmbeddingCache(path.join(agentDir(ws), "embeddings.db"));
    try {
      side.vectors.useModel(useLite.modelId, useLite.dimension);
      const total = side.vectors.countPending();
      const ctl = new AbortController();
      // Abort while the second batch is being embedded: the first is committed, more is left.
      let firstBatch!: () => void;
      const firstDone = new Promise<void>((r) => (firstBatch = r));
      const run = embedPending(side.vectors, useLite, cache, { signal: ctl.signal, batchChunks: 4, onProgress: (p) => p.done > 0 && firstBatch() });
      await firstDone;
      await new Promise((r) => setTimeout(r, 200));
      const abortedAt = Date.now();
      ctl.abort();
      const res = await run;
      expect(Date.now() - abortedAt).toBeLessThan(2000);
      expect(res.interrupted).toBe(true);
      expect(res.remaining).toBeGreaterThan(0);
      // Consistent: a chunk has all its windows' vectors or none.
      expect(vectorsMatchText(side, useLite).bad).toBe(0);
      const resumed = await embedPending(side.vectors, useLite, cache);
      expect(resumed.interrupted).toBe(false);
      expect(side.vectors.countPending()).toBe(0);
      expect(side.vectors.countEmbedded()).toBe(total);
      expect(vectorsMatchText(side, useLite).bad).toBe(0);
    } finally {
      cache.close();
    }
  }, 180_000);
});

import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { MemoryVectorIndex } from "../../src/store/vector-memory.js";
import { VectorStore, type VectorHit } from "../../src/store/vectors.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const DIM = 64;
const dbs: DB[] = [];
let dir = "";
afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  cleanup(dir);
});

function open(): { db: DB; store: IndexStore; vectors: VectorStore; file: string } {
  dir ||= tempDir("agent-vecmem-");
  const file = path.join(dir, "index.db");
  const db = openIndexDb(file).db;
  dbs.push(db);
  const vectors = new VectorStore(db);
  vectors.useModel("test-model@1", DIM);
  return { db, store: new IndexStore(db), vectors, file };
}

/** A deterministic generator: vectors clustered around a few centres, like real notes. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return v.map((x) => x / n);
}

function clustered(r: () => number, centres: Float32Array[]): Float32Array {
  const c = centres[Math.floor(r() * centres.length)]!;
  return unit(c.map((x) => x + (r() - 0.5) * 0.6));
}

const fileRow = (p: string, n: number) => ({ path: p, kind: "note", source: "memory", date: null, size: n, mtimeMs: 1000 + n, hash: `h${p}${n}`, capped: false });
const chunkRow = (text: string) => ({ startLine: 1, endLine: 1, heading: "", text, hash: text, tokens: 1, cjk: "" });

/** Adds `files` files of `per` chunks each and gives every chunk one or two window vectors. */
function fill(store: IndexStore, vectors: VectorStore, r: () => number, centres: Float32Array[], files: number, per: number, prefix = "f"): void {
  for (let f = 0; f < files; f++) {
    const chunks = Array.from({ length: per }, (_, i) => chunkRow(`${prefix}${f} chunk ${i}`));
    store.replaceFile(fileRow(`${prefix}${f}.md`, f), chunks, 0);
  }
  embedPending(vectors, r, centres);
}

function embedPending(vectors: VectorStore, r: () => number, centres: Float32Array[]): void {
  for (;;) {
    const pending = vectors.pending(500);
    if (pending.length === 0) return;
    vectors.insert(pending.map((c) => ({ chunkId: c.id, hash: c.hash, heading: c.heading, vectors: r() < 0.3 ? [clustered(r, centres), clustered(r, centres)] : [clustered(r, centres)] })));
  }
}

function centresOf(r: () => number, n: number): Float32Array[] {
  return Array.from({ length: n }, () => unit(Float32Array.from({ length: DIM }, () => r() - 0.5)));
}

const ids = (hits: VectorHit[]) => hits.map((h) => h.chunkId);

describe("the in-memory vector pass", () => {
  it("answers exactly what sqlite-vec's exact scan answers when every window fits the first pass", async () => {
    const { store, vectors } = open();
    const r = rng(1);
    const centres = centresOf(r, 6);
    fill(store, vectors, r, centres, 40, 5);
    const mem = new MemoryVectorIndex(vectors.db, { minBitCandidates: 100_000 });
    expect(mem.knn(centres[0]!, 10)).toBeNull(); // not loaded yet: the caller scans exactly
    await mem.build();
    expect(mem.stats()).toMatchObject({ ready: true, dimension: DIM });
    expect(mem.stats().windows).toBeGreaterThan(200);
    for (let q = 0; q < 20; q++) {
      const query = clustered(r, centres);
      const exact = vectors.exactKnn(query, 25);
      const got = mem.knn(query, 25)!;
      // The same similarities to the last bit: computed as sqlite-vec computes them.
      expect(got).toEqual(exact);
    }
    // The result vectors MMR compares come from the copy, identical to the stored ones.
    const some = ids(vectors.exactKnn(centres[1]!, 30));
    const stored = vectors.vectorsOf(some);
    const kept = mem.vectorsOf(some)!;
    expect([...kept.keys()].sort()).toEqual([...stored.keys()].sort());
    for (const [id, list] of stored) {
      const mine = kept.get(id)!.map((v) => [...v].join()).sort();
      expect(mine).toEqual(list.map((v) => [...v].join()).sort());
    }
  });

  it("keeps recall@10 high when the sign bits must narrow the windows down", async () => {
    const { store, vectors } = open();
    const r = rng(2);
    const centres = centresOf(r, 12);
    fill(store, vectors, r, centres, 300, 10);
    const mem = new MemoryVectorIndex(vectors.db, { minBitCandidates: 64, bitFactor: 8 });
    await mem.build();
    let found = 0;
    let looked = 0;
    for (let q = 0; q < 30; q++) {
      const query = clustered(r, centres);
      const exact = ids(vectors.exactKnn(query, 10));
      const got = new Set(ids(mem.knn(query, 10)!));
      looked += exact.length;
      found += exact.filter((id) => got.has(id)).length;
    }
    // 3,000+ windows, of which a few hundred are scored exactly per query.
    expect(found / looked).toBeGreaterThanOrEqual(0.85);
  });

  it("follows the database: new vectors are found, vectors of re-indexed and deleted notes are not", async () => {
    const { store, vectors, file } = open();
    const r = rng(3);
    const centres = centresOf(r, 4);
    fill(store, vectors, r, centres, 20, 3);
    const mem = new MemoryVectorIndex(vectors.db, { minBitCandidates: 100_000 });
    await mem.build();
    const before = mem.stats().updates;

    // Another connection (a watcher, `agent index`) adds a note with its vectors.
    const other = openIndexDb(file).db;
    dbs.push(other);
    const theirs = new IndexStore(other);
    const theirVectors = new VectorStore(other);
    const target = unit(Float32Array.from({ length: DIM }, (_, j) => (j % 2 === 0 ? 1 : -1)));
    theirs.replaceFile(fileRow("new.md", 1), [chunkRow("brand new")], 0);
    const p = theirVectors.pending(10);
    theirVectors.insert(p.map((c) => ({ chunkId: c.id, hash: c.hash, heading: c.heading, vectors: [target] })));
    const newId = p[0]!.id;
    const hit = mem.knn(target, 5)!;
    expect(hit[0]).toMatchObject({ chunkId: newId });
    expect(hit[0]!.similarity).toBeCloseTo(1, 5);
    expect(mem.stats().updates).toBe(before + 1);

    // The note is re-indexed (new chunk ids, no vectors yet): its old vectors are gone.
    theirs.replaceFile(fileRow("new.md", 2), [chunkRow("brand new, edited")], 0);
    expect(ids(mem.knn(target, 5)!)).not.toContain(newId);
    expect(ids(mem.knn(target, 50)!)).toEqual(ids(vectors.exactKnn(target, 50)));

    // Vector row ids freed at the top are reused by SQLite: the copy must not confuse them.
    const p2 = theirVectors.pending(10);
    theirVectors.insert(p2.map((c) => ({ chunkId: c.id, hash: c.hash, heading: c.heading, vectors: [target] })));
    expect(mem.knn(target, 1)![0]!.chunkId).toBe(p2[0]!.id);
    theirs.deleteFile("f0.md");
    expect(ids(mem.knn(centres[0]!, 60)!)).toEqual(ids(vectors.exactKnn(centres[0]!, 60)));
  });

  it("a search that reads nothing new does not re-read the vectors", async () => {
    const { store, vectors } = open();
    const r = rng(4);
    const centres = centresOf(r, 3);
    fill(store, vectors, r, centres, 10, 3);
    const mem = new MemoryVectorIndex(vectors.db);
    await mem.build();
    mem.knn(centres[0]!, 5);
    const updates = mem.stats().updates;
    // A write that touches no vector (a file row) moves the data version, not the vectors.
    store.replaceFile(fileRow("text-only.md", 9), [chunkRow("no vector yet")], 0);
    mem.knn(centres[1]!, 5);
    mem.knn(centres[2]!, 5);
    expect(mem.stats().updates).toBe(updates);
  });

  it("drops the copy when the model changes, and VectorStore falls back to the exact scan meanwhile", async () => {
    const { store, vectors } = open();
    const r = rng(5);
    const centres = centresOf(r, 3);
    fill(store, vectors, r, centres, 10, 3);
    await vectors.useMemoryIndex({ minBitCandidates: 100_000 });
    expect(vectors.memoryIndex()!.stats().ready).toBe(true);
    vectors.useModel("other-model@2", DIM);
    // The first search after the change finds the copy stale, answers by the exact scan
    // (no vectors of the new model yet) and starts a reload.
    expect(vectors.knn(centres[0]!, 5)).toEqual([]);
    await vectors.useMemoryIndex();
    expect(vectors.memoryIndex()!.stats()).toMatchObject({ ready: true, windows: 0, builds: 2 });
    embedPending(vectors, r, centres);
    expect(ids(vectors.knn(centres[2]!, 10))).toEqual(ids(vectors.exactKnn(centres[2]!, 10)));
    expect(vectors.memoryIndex()!.stats().windows).toBeGreaterThan(30);
  });
});

import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { bm25Term, FTS5_B, FTS5_K1, fts5Idf, ftsAverages, ftsLengths, invertFts5Score, readVarint, readVarints, termFreqs } from "../../src/search/pipeline/bm25.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { docFrequencies, evidenceTerms, idf } from "../../src/search/pipeline/evidence.js";
import { parseQuery } from "../../src/search/query/query.js";
import { planSearch } from "../../src/search/search.js";
import { searchPlan } from "../helpers/search-workspace.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
let ws = "";
let db: DB | null = null;

afterEach(() => {
  db?.close();
  db = null;
  cleanup(ws);
});

function indexed(files: Record<string, string>): DB {
  ws = tempDir("agent-bm25-");
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
  new Indexer(ws, new IndexStore(db), IndexConfigSchema.parse({}), { now: () => NOW }).sync();
  return db;
}

function keywordSearch(d: DB, query: string, search: object = {}) {
  const cfg = SearchConfigSchema.parse({ dates: { timeZone: "UTC" }, recency: { enabled: false }, mmr: { lambda: 1 }, ...search });
  const vectors = new VectorStore(d);
  const plan = planSearch(query, { explain: true }, { nowMs: NOW, config: cfg }).withVectors({ hasVector: false, model: vectors.model()?.modelId ?? null, weight: 0 });
  return searchPlan(plan, { db: d, vectors, nowMs: NOW });
}

describe("BM25 formulas", () => {
  it("inverts FTS5's score back to the term frequency", async () => {
    const fts = { k1: FTS5_K1, b: FTS5_B };
    for (const [tf, len, avg] of [[1, 10, 20], [3, 200, 150], [7, 40, 40], [12, 900, 120]] as const) {
      for (const i of [1e-6, 0.3, 4.2]) expect(invertFts5Score(bm25Term(i, tf, len, avg, fts), i, len, avg)).toBe(tf);
    }
    expect(invertFts5Score(0, 1, 10, 10)).toBe(0);
  });

  it("takes FTS5's idf clamp into account and uses a positive idf itself", async () => {
    expect(fts5Idf(10, 8)).toBe(1e-6);
    expect(fts5Idf(10, 1)).toBeCloseTo(Math.log(9.5 / 1.5));
    expect(idf(10, 8)).toBeGreaterThan(0.2);
  });

  it("saturates with k1 and normalises length with b", async () => {
    const p = { k1: 1.2, b: 0.75 };
    expect(bm25Term(2, 2, 100, 100, p)).toBeGreaterThan(bm25Term(2, 1, 100, 100, p));
    expect(bm25Term(2, 2, 100, 100, p)).toBeLessThan(2 * bm25Term(2, 1, 100, 100, p));
    expect(bm25Term(2, 1, 50, 100, p)).toBeGreaterThan(bm25Term(2, 1, 200, 100, p));
    expect(bm25Term(2, 1, 50, 100, { k1: 1.2, b: 0 })).toBe(bm25Term(2, 1, 200, 100, { k1: 1.2, b: 0 }));
    expect(bm25Term(2, 0, 50, 100, p)).toBe(0);
  });

  it("reads SQLite varints", async () => {
    expect(readVarint(Uint8Array.from([0x0f]), 0)).toEqual([15, 1]);
    expect(readVarint(Uint8Array.from([0x81, 0x00]), 0)).toEqual([128, 2]);
    expect(readVarints(Uint8Array.from([0x0f, 0x81, 0x00, 0x00]))).toEqual([15, 128, 0]);
  });
});

describe("BM25 over a real index", () => {
  it("counts each term per column as FTS5 stored it (stemmed), and reads lengths and averages", async () => {
    const d = indexed({
      "notes/pottery.md": "# Pottery\n\nPottery class again: potteries, pottery wheels and more pottery.\n",
      "notes/garden.md": "# Garden\n\nTomatoes need water.\n",
    });
    const q = parseQuery("pottery wheel");
    const terms = evidenceTerms(q);
    const ids = (d.prepare("SELECT id FROM chunks ORDER BY id").all() as { id: number }[]).map((r) => r.id);
    const tf = termFreqs(d, terms, docFrequencies(d), ids);
    const potteryChunk = [...tf.tf.keys()][0]!;
    // Heading "Pottery" once; the body holds the chunk's text, title line included.
    const f = tf.tf.get(potteryChunk)!.get("pottery")!;
    expect(f[0]).toBe(1);
    expect(f[1]).toBeGreaterThanOrEqual(4);
    expect(tf.tf.get(potteryChunk)!.get("wheel")).toEqual([0, 1, 0]);
    expect(tf.tf.size).toBe(1);
    const { rows, avgLength } = ftsAverages(d);
    expect(rows).toBe(ids.length);
    const lengths = ftsLengths(d, ids);
    expect([...lengths.values()].reduce((a, b) => a + b, 0) / rows).toBeCloseTo(avgLength);
  });

  it("a name in most chunks still counts: the line that has it and the topic ranks first", async () => {
    // "Caroline" is in 3 of 4 chunks: FTS5's idf calls it worthless, and the two pottery
    // notes would tie on "pottery" alone.
    const d = indexed({
      "memory/2026-11-01.md": "# 2026-11-01\n\n**Melanie**: I started a pottery class, the wheel is hard.\n",
      "memory/2026-11-02.md": "# 2026-11-02\n\n**Caroline**: I started a pottery class, the wheel is hard.\n",
      "memory/2026-11-03.md": "# 2026-11-03\n\n**Caroline**: The weather was grey all week.\n",
      "memory/2026-11-04.md": "# 2026-11-04\n\n**Caroline**: We walked by the river.\n",
    });
    const own = await keywordSearch(d, "Caroline's pottery");
    expect(own.results[0]!.path).toBe("memory/2026-11-02.md");
    expect(own.results[0]!.explain!.matched).toEqual(["caroline", "pottery"]);
    expect(own.results[0]!.explain!.bm25!).toBeGreaterThan(own.results[1]!.explain!.bm25! * 1.05);
    // FTS5's bm25(): the name adds next to nothing.
    const fts = await keywordSearch(d, "Caroline's pottery", { keyword: { bm25: { enabled: false } } });
    const [a, b] = [fts.results[0]!.explain!.bm25!, fts.results[1]!.explain!.bm25!];
    expect(Math.abs(a - b)).toBeLessThan(1e-3);
  });

  it("the floor's matched terms are the same whichever BM25 ranks", async () => {
    const d = indexed({
      "notes/a.md": "# A\n\nWe decided to move the VPS to Hetzner.\n",
      "notes/b.md": "# B\n\nDinner with Ana.\n",
    });
    const own = await keywordSearch(d, "VPS provider Hetzner");
    const fts = await keywordSearch(d, "VPS provider Hetzner", { keyword: { bm25: { enabled: false } } });
    expect(own.results.map((r) => [r.path, r.explain!.matched, r.explain!.coverage])).toEqual(fts.results.map((r) => [r.path, r.explain!.matched, r.explain!.coverage]));
    expect((await keywordSearch(d, "kubernetes autoscaling")).results).toEqual([]);
  });
});

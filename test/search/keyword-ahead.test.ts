import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/embed/types.js";
import { Indexer } from "../../src/indexer/indexer.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { planSearch, type SearchResponse } from "../../src/search/search.js";
import type { DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { indexDeps } from "../helpers/search-workspace.js";
import { runSearch } from "../../src/search/search.js";
import { twoConnections } from "../helpers/two-connections.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const dbs: DB[] = [];
const dirs: string[] = [];

afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

/** An embedder whose query vector arrives when the test says so (as a worker thread's would, later). */
function heldEmbedder(): { embedder: Embedder; asked: Promise<void>; release: () => void } {
  let onAsked!: () => void;
  const asked = new Promise<void>((r) => (onAsked = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const embedder: Embedder = {
    provider: "use-lite",
    modelId: "use-lite@test",
    dimension: 8,
    maxInputTokens: 100,
    batchSize: 1,
    windows: (t) => [t],
    embed: async () => {
      onAsked();
      await released;
      return [new Float32Array(8)];
    },
    close: async () => undefined,
  };
  return { embedder, asked, release };
}

/** Two connections to one indexed workspace: the search's, and a writer's (another process). */
function workspace(): { ws: string; db: DB; writer: Indexer; vectors: VectorStore } {
  const ws = tempDir("agent-ahead-");
  dirs.push(ws);
  for (let i = 0; i < 12; i++) write(ws, `notes/fruit-${i}.md`, `# Fruit ${i}\n\nnote number ${i} about apples and pears\n`);
  const { mine: db, writer } = twoConnections(ws, () => NOW, dbs);
  // The index claims vectors of the stand-in model; the nearest-neighbour scan finds none.
  const real = new VectorStore(db);
  const vectors = Object.assign(Object.create(real) as VectorStore, { hasVectorsOf: () => true, countPending: () => 0, knn: () => [] });
  return { ws, db, writer, vectors };
}

const turns = (n: number) => Array.from({ length: n }, () => new Promise<void>((r) => setImmediate(r))).reduce((a, b) => a.then(() => b), Promise.resolve());

describe("a hybrid search reads its keyword candidates while the query's vector is computed", () => {
  const cfg = SearchConfigSchema.parse({ mode: "hybrid", dates: { timeZone: "UTC" } });

  it("reads the index before the vector arrives, and answers as a search that waited would", async () => {
    const { db, vectors } = workspace();
    const held = heldEmbedder();
    const deps = indexDeps({ db, vectors, nowMs: NOW }, { embedder: held.embedder, reason: "test" });
    let readsBeforeVector = 0;
    let vectorIn = false;
    const read = deps.read;
    deps.read = (fn) => {
      if (!vectorIn) readsBeforeVector++;
      return read(fn);
    };
    const plan = () => planSearch("apples", { explain: true }, { nowMs: NOW, config: cfg });
    const searching = runSearch(plan(), deps);
    await held.asked;
    await turns(3);
    expect(readsBeforeVector).toBe(1);
    vectorIn = true;
    held.release();
    const res = (await searching).response;
    expect(res.results.map((r) => r.path)).toHaveLength(10);
    // The same search with its vector at once, nothing read ahead to take: the same answer.
    const keywordAfter = (await runSearch(plan(), indexDeps({ db, vectors, nowMs: NOW }, { embedder: { ...held.embedder, embed: async () => [new Float32Array(8)] }, reason: "test" }))).response;
    expect(strip(res)).toEqual(strip(keywordAfter));
  });

  it("reads them again when another process changed the index while the vector was computed", async () => {
    const { ws, db, writer, vectors } = workspace();
    const held = heldEmbedder();
    const plan = () => planSearch("orchard apples", { explain: true }, { nowMs: NOW, config: cfg });
    const searching = runSearch(plan(), indexDeps({ db, vectors, nowMs: NOW }, { embedder: held.embedder, reason: "test" }));
    await held.asked;
    await turns(3);
    // Meanwhile a note that fits the query better arrives, and every chunk gets a new id.
    write(ws, "notes/orchard.md", "# Orchard\n\nthe apples orchard by the river, planted in spring\n");
    expect(writer.sync({ force: true }).indexed.length).toBe(13);
    held.release();
    const res = (await searching).response;
    expect(res.results[0]?.path).toBe("notes/orchard.md");
    const fresh = (await runSearch(plan(), indexDeps({ db, vectors, nowMs: NOW }, { embedder: { ...held.embedder, embed: async () => [new Float32Array(8)] }, reason: "test" }))).response;
    expect(strip(res)).toEqual(strip(fresh));
  });
});

/** The answer without its timings. */
function strip(res: SearchResponse): unknown {
  return JSON.parse(JSON.stringify(res, (k, v: unknown) => (/ms$|Ms$/i.test(k) ? undefined : v)));
}

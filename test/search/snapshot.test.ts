import { afterEach, describe, expect, it } from "vitest";
import { SearchConfigSchema } from "../../src/search/config.js";
import { planSearch } from "../../src/search/search.js";
import type { DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { searchPlan } from "../helpers/search-workspace.js";
import { twoConnections } from "../helpers/two-connections.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const dbs: DB[] = [];
const dirs: string[] = [];

afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

describe("a search reads one snapshot of the index", () => {
  it("finds its results while another connection re-indexes every file in the middle of it", async () => {
    const ws = tempDir("agent-snapshot-");
    dirs.push(ws);
    for (let i = 0; i < 20; i++) write(ws, `notes/other-${i}.md`, `# Other ${i}\n\nfiller note number ${i} about apples\n`);
    const { mine, writer } = twoConnections(ws, () => NOW, dbs);

    // The vector pass runs between the keyword candidates and the term matches; here it
    // lets another connection (as another process would) rewrite every chunk with new ids.
    const real = new VectorStore(mine);
    let rewritten = 0;
    const vectors = Object.assign(Object.create(real) as VectorStore, {
      knn: () => {
        rewritten = writer.sync({ force: true }).indexed.length;
        return [];
      },
    });
    const cfg = SearchConfigSchema.parse({ mode: "hybrid", dates: { timeZone: "UTC" } });
    const before = (mine.prepare("SELECT min(id) AS id FROM chunks").get() as { id: number }).id;
    // Stage 1 gets a vector from a stand-in embedder whose vectors the index claims to hold.
    Object.assign(vectors, { hasVectorsOf: () => true, countPending: () => 0 });
    const embedder = { provider: "use-lite", modelId: "use-lite@test", dimension: 8, maxInputTokens: 100, batchSize: 1, windows: (t: string) => [t], embed: async () => [new Float32Array(8)], close: async () => {} };
    const res = await searchPlan(planSearch("apples", {}, { nowMs: NOW, config: cfg }), { db: mine, vectors, nowMs: NOW }, { embedder, reason: "test" });
    expect(rewritten).toBe(20);
    expect(res.reason).toBeUndefined();
    expect(res.results).toHaveLength(10);
    // The rewrite did land: after the search, the chunks have new ids.
    const after = (mine.prepare("SELECT min(id) AS id FROM chunks").get() as { id: number }).id;
    expect(after).toBeGreaterThan(before);
  });
});

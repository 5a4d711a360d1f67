import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { VectorStore } from "../../src/store/vectors.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const INDEX_CONFIG = IndexConfigSchema.parse({ chunkTokens: 400, overlapTokens: 50 });
const dbs: DB[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) cleanup(dir);
});

// The model and the vector table are kept while the database is unchanged (every search
// asks): a change of model, by this connection or by another process, is seen at once.
describe("the vector store's model, kept while the index is unchanged", () => {
  it("follows a model change made here and one made by another connection", () => {
    const ws = tempDir("agent-vector-model-");
    dirs.push(ws);
    write(ws, "MEMORY.md", "# Memory\n\nThe zeppelin hangar lease runs to March.\n");
    const file = path.join(agentDir(ws), "index.db");
    const a = openIndexDb(file).db;
    const b = openIndexDb(file).db;
    dbs.push(a, b);
    new Indexer(ws, new IndexStore(a), INDEX_CONFIG).sync();
    const va = new VectorStore(a);
    const vb = new VectorStore(b);
    expect(va.model()).toBeNull();
    expect(va.model()).toBeNull();
    expect(va.useModel("model-a", 4)).toBe(false);
    expect(va.model()).toEqual({ modelId: "model-a", dimension: 4 });
    // What a caller does with its answer does not change what is kept.
    const got = va.model()!;
    got.modelId = "changed by a caller";
    expect(va.model()).toEqual({ modelId: "model-a", dimension: 4 });
    const [chunk] = va.pending(1);
    expect(va.insert([{ chunkId: chunk!.id, hash: chunk!.hash, heading: chunk!.heading, vectors: [new Float32Array([1, 0, 0, 0])] }])).toBe(1);
    expect(va.vectorsOf([chunk!.id]).get(chunk!.id)).toHaveLength(1);
    // Another process switches the model: its vectors go, and this connection sees it.
    expect(vb.useModel("model-b", 8)).toBe(true);
    expect(va.model()).toEqual({ modelId: "model-b", dimension: 8 });
    expect(va.vectorsOf([chunk!.id]).size).toBe(0);
    expect(va.hasVectorsOf("model-a", 4)).toBe(false);
  });
});

import Database from "better-sqlite3";
import { existsSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { Indexer } from "../../src/indexer/indexer.js";
import { IndexStore } from "../../src/store/index-store.js";
import { VectorStore } from "../../src/store/vectors.js";
import { fileIdentity, loadSchema, openIndexDb, recoverIndexDb, resetIndexInPlace, type DB } from "../../src/store/open.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";

const INDEX_CONFIG = IndexConfigSchema.parse({ chunkTokens: 400, overlapTokens: 50 });

/** What a brand-new process opening the index sees: paths of files whose text matches `word`. */
function freshLookup(ws: string, word: string): string[] {
  const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true });
  try {
    return (
      db
        .prepare("SELECT DISTINCT f.path FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH ? ORDER BY f.path")
        .all(word) as { path: string }[]
    ).map((r) => r.path);
  } finally {
    db.close();
  }
}

describe("rebuild in place", () => {
  const dirs: string[] = [];
  const dbs: DB[] = [];
  const engines: Engine[] = [];
  afterEach(async () => {
    while (engines.length > 0) await engines.pop()!.close();
    while (dbs.length > 0) dbs.pop()!.close();
    while (dirs.length > 0) cleanup(dirs.pop()!);
  });

  function workspace(): string {
    const ws = tempDir("agent-rebuild-");
    dirs.push(ws);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "MEMORY.md", "# Memory\n\nThe cat is called Pistachio.\n");
    for (let i = 0; i < 5; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nfiller about apples ${i}\n`);
    return ws;
  }

  it("a second connection keeps reading and writing the live index across a reset", () => {
    const ws = workspace();
    const file = path.join(agentDir(ws), "index.db");
    const a = openIndexDb(file).db;
    const b = openIndexDb(file).db;
    dbs.push(a, b);
    const ia = new Indexer(ws, new IndexStore(a), INDEX_CONFIG);
    const ib = new Indexer(ws, new IndexStore(b), INDEX_CONFIG);
    ia.sync();
    const before = fileIdentity(file);
    resetIndexInPlace(a);
    expect(new IndexStore(b).counts()).toEqual({ files: 0, chunks: 0 });
    ia.sync();
    // The other connection's statements were prepared against the old tables; they still work.
    write(ws, "notes/after.md", "# After\n\nwritten after the rebuild: zeppelin\n");
    expect(ib.syncPaths(["notes/after.md"]).indexed).toEqual(["notes/after.md"]);
    expect(fileIdentity(file)).toBe(before);
    expect(freshLookup(ws, "zeppelin")).toEqual(["notes/after.md"]);
    expect(freshLookup(ws, "pistachio")).toEqual(["MEMORY.md"]);
  });

  it("vectors computed before another process's reset are dropped, not stored or thrown", () => {
    const ws = workspace();
    const file = path.join(agentDir(ws), "index.db");
    const a = openIndexDb(file).db;
    const b = openIndexDb(file).db;
    dbs.push(a, b);
    new Indexer(ws, new IndexStore(a), INDEX_CONFIG).sync();
    const va = new VectorStore(a);
    va.useModel("test-model", 4);
    const pending = va.pending(100);
    expect(pending.length).toBeGreaterThan(0);
    resetIndexInPlace(b);
    new Indexer(ws, new IndexStore(b), INDEX_CONFIG).sync();
    const unit = new Float32Array([1, 0, 0, 0]);
    expect(va.insert(pending.map((c) => ({ chunkId: c.id, hash: c.hash, heading: c.heading, vectors: [unit] })))).toBe(0);
    expect(va.useModel("test-model", 4)).toBe(false);
    expect(va.countPending()).toBe(new IndexStore(a).counts().chunks);
  });

  it("Engine.rebuild leaves another engine on the live index, and removes old leftovers", async () => {
    const ws = workspace();
    const file = path.join(agentDir(ws), "index.db");
    const daemon = Engine.open({ workspace: ws, embedder: null });
    const cli = Engine.open({ workspace: ws, embedder: null });
    engines.push(daemon, cli);
    daemon.indexing.index();
    // Leftovers of the rename-based rebuild of earlier versions.
    for (const ext of [".old", "-wal.old", "-shm.old"]) writeFileSync(file + ext, "left over");
    const inode = statSync(file).ino;
    const summary = cli.indexing.rebuild();
    expect(summary.indexed.length).toBeGreaterThanOrEqual(6);
    expect(statSync(file).ino).toBe(inode);
    for (const ext of [".old", "-wal.old", "-shm.old"]) expect(existsSync(file + ext), ext).toBe(false);
    // The daemon's later writes reach the index every new process reads.
    for (let i = 0; i < 10; i++) {
      write(ws, `notes/edit-${i}.md`, `# Edit ${i}\n\nkeyword${i}zz after the rebuild\n`);
      expect(daemon.indexing.syncPaths([`notes/edit-${i}.md`]).indexed).toEqual([`notes/edit-${i}.md`]);
      expect(freshLookup(ws, `keyword${i}zz`)).toEqual([`notes/edit-${i}.md`]);
    }
    const found = await daemon.search("pistachio", { mode: "keyword" });
    expect(found.results.map((r) => r.path)).toContain("MEMORY.md");
  });

  it("an index of an older schema is recreated inside the same file, under an open connection", () => {
    const ws = workspace();
    const file = path.join(agentDir(ws), "index.db");
    const older = { ...loadSchema(), version: loadSchema().version - 1 };
    const holder = openIndexDb(file, { schema: older }).db;
    dbs.push(holder);
    new Indexer(ws, new IndexStore(holder), INDEX_CONFIG).sync();
    const before = fileIdentity(file);
    const current = openIndexDb(file);
    dbs.push(current.db);
    expect(current.notices[0]!.message).toMatch(/schema v\d+ is not the current v\d+; rebuilding/);
    expect(fileIdentity(file)).toBe(before);
    expect(holder.pragma("user_version", { simple: true })).toBe(loadSchema().version);
    expect(new IndexStore(holder).counts()).toEqual({ files: 0, chunks: 0 });
  });

  it("corruption recovery rebuilds in place when the file still opens, and reopens a file another process replaced", () => {
    const ws = workspace();
    const file = path.join(agentDir(ws), "index.db");
    const a = openIndexDb(file).db;
    new Indexer(ws, new IndexStore(a), INDEX_CONFIG).sync();
    const before = fileIdentity(file);
    const rec = recoverIndexDb(file, a, before);
    expect(rec.inPlace).toBe(true);
    expect(a.open).toBe(false);
    expect(fileIdentity(file)).toBe(before);
    const again = openIndexDb(file).db;
    dbs.push(again);
    expect(new IndexStore(again).counts()).toEqual({ files: 0, chunks: 0 });

    // Identity changed since this connection opened: nothing is moved or reset.
    const stale = openIndexDb(file).db;
    const rec2 = recoverIndexDb(file, stale, "0:0");
    expect(rec2.inPlace).toBe(false);
    expect(rec2.notices[0]!.message).toMatch(/another process already replaced it/);
    expect(fileIdentity(file)).toBe(before);
  });
});

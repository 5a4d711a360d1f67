import Database from "better-sqlite3";
import { renameSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { RACY_MTIME } from "../../src/indexer/indexer.js";
import { cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

function rows(ws: string) {
  const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true });
  try {
    return {
      files: db.prepare("SELECT path, indexed_at FROM files ORDER BY path").all() as { path: string; indexed_at: number }[],
      chunks: (db.prepare("SELECT count(*) AS n FROM chunks").get() as { n: number }).n,
      fts: (db.prepare("SELECT count(*) AS n FROM chunks_fts").get() as { n: number }).n,
      orphans: (db.prepare("SELECT count(*) AS n FROM chunks WHERE file_id NOT IN (SELECT id FROM files)").get() as { n: number }).n,
      ftsOrphans: (db.prepare("SELECT count(*) AS n FROM chunks_fts WHERE rowid NOT IN (SELECT id FROM chunks)").get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}

describe("incremental indexing", () => {
  let ws = "";
  let engine: Engine | null = null;
  let clock = 1_700_000_000_000;
  afterEach(() => {
    engine?.close();
    engine = null;
    cleanup(ws);
  });

  function setup(): Engine {
    ws = tempDir();
    write(ws, "MEMORY.md", "# Memory\n\nThe VPS runs Debian at Hetzner.\n");
    for (let d = 1; d <= 9; d++) write(ws, `memory/2026-03-0${d}.md`, `# Day ${d}\n\nWorked on item${d} and the garden.\n`);
    engine = Engine.open({ workspace: ws, now: () => clock, embedder: null });
    return engine;
  }

  it("indexes everything once, then touches only the changed file", async () => {
    const e = setup();
    const first = e.indexing.index();
    expect(first.indexed).toHaveLength(10);
    const before = rows(ws);
    clock += 1000;
    write(ws, "memory/2026-03-04.md", "# Day 4\n\nWorked on the pharmacy integration.\n");
    const second = e.indexing.index();
    expect(second.indexed).toEqual(["memory/2026-03-04.md"]);
    expect(second.unchanged).toBe(9);
    const after = rows(ws);
    const changedAt = (r: typeof after) => Object.fromEntries(r.files.map((f) => [f.path, f.indexed_at]));
    for (const f of before.files) {
      if (f.path === "memory/2026-03-04.md") expect(changedAt(after)[f.path]).toBe(clock);
      else expect(changedAt(after)[f.path]).toBe(f.indexed_at);
    }
    expect((await e.search("pharmacy")).results[0]?.path).toBe("memory/2026-03-04.md");
    expect((await e.search("item4")).results).toHaveLength(0);
  });

  it("a touch without a content change rewrites nothing", async () => {
    const e = setup();
    e.indexing.index();
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(ws, "MEMORY.md"), future, future);
    const s = e.indexing.index();
    expect(s.indexed).toEqual([]);
    expect(s.unchanged).toBe(10);
  });

  it("delete and rename leave no orphan rows in files, chunks or the FTS index", async () => {
    const e = setup();
    e.indexing.index();
    rmSync(path.join(ws, "memory/2026-03-02.md"));
    renameSync(path.join(ws, "memory/2026-03-03.md"), path.join(ws, "memory/2026-04-03.md"));
    const s = e.indexing.index();
    expect(s.removed.sort()).toEqual(["memory/2026-03-02.md", "memory/2026-03-03.md"]);
    expect(s.indexed).toEqual(["memory/2026-04-03.md"]);
    const r = rows(ws);
    expect(r.files.map((f) => f.path)).not.toContain("memory/2026-03-02.md");
    expect(r.files.map((f) => f.path)).toContain("memory/2026-04-03.md");
    expect(r.orphans).toBe(0);
    expect(r.ftsOrphans).toBe(0);
    expect(r.fts).toBe(r.chunks);
    expect((await e.search("item2")).results).toHaveLength(0);
    const moved = (await e.search("item3")).results;
    expect(moved.map((x) => x.path)).toEqual(["memory/2026-04-03.md"]);
    expect(moved[0]!.date).toBe("2026-04-03");
  });

  it("search right after an edit returns the new text, with no watcher running", async () => {
    const e = setup();
    e.indexing.index();
    write(ws, "MEMORY.md", "# Memory\n\nThe VPS moved to Netcup in November.\n");
    const res = (await e.search("where does the VPS run"));
    expect(res.refreshed.indexed).toEqual(["MEMORY.md"]);
    expect(res.results[0]!.snippet).toContain("Netcup");
    expect((await e.search("Hetzner")).results).toHaveLength(0);
  });

  it("the index is derived: deleting it and indexing again gives identical search results", async () => {
    const e = setup();
    e.indexing.index();
    const queries = ["garden", "VPS Debian", "item7 garden"];
    const before = await Promise.all(queries.map(async (q) => (await e.search(q, { limit: 5 })).results));
    e.close();
    for (const ext of ["", "-wal", "-shm"]) rmSync(path.join(agentDir(ws), "index.db" + ext), { force: true });
    engine = Engine.open({ workspace: ws, now: () => clock, embedder: null });
    engine.indexing.index();
    const after = await Promise.all(queries.map(async (q) => (await engine!.search(q, { limit: 5 })).results));
    expect(after).toEqual(before);
  });

  it("never changes a user file", async () => {
    const e = setup();
    const before = fingerprint(ws);
    e.indexing.index();
    (await e.search("garden"));
    e.indexing.rebuild();
    expect(fingerprint(ws)).toEqual(before);
  });

  describe("racy files: a second save in the same file-time tick", () => {
    const mtimeOf = (rel: string) => {
      const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true });
      try {
        return (db.prepare("SELECT mtime_ms FROM files WHERE path = ?").get(rel) as { mtime_ms: number }).mtime_ms;
      } finally {
        db.close();
      }
    };

    it("a file indexed right after it was written is read again, so a same-size rewrite in the same tick is seen", async () => {
      ws = tempDir();
      write(ws, "projects/garden.md", "# Garden\n\nPlant the aster1 seeds.\n");
      const tick = new Date();
      utimesSync(path.join(ws, "projects/garden.md"), tick, tick);
      engine = Engine.open({ workspace: ws, embedder: null });
      expect(engine.indexing.index().indexed).toContain("projects/garden.md");
      // Just written: recorded as racy, and not reported stale for it.
      expect(mtimeOf("projects/garden.md")).toBe(RACY_MTIME);
      expect(engine.indexing.status().stale).toEqual([]);
      // The same size, and the file system's clock has not ticked: size and mtime are as indexed.
      write(ws, "projects/garden.md", "# Garden\n\nPlant the aster2 seeds.\n");
      utimesSync(path.join(ws, "projects/garden.md"), tick, tick);
      const res = await engine.search("aster2", { mode: "keyword" });
      expect(res.results.map((r) => r.snippet)).toEqual(["Plant the aster2 seeds."]);
      expect((await engine.search("aster1", { mode: "keyword" })).results).toEqual([]);
    });

    it("a file whose mtime is old enough is recorded as it is, and trusted by the stat test", () => {
      ws = tempDir();
      write(ws, "projects/garden.md", "# Garden\n\nPlant the aster1 seeds.\n");
      const old = new Date(Date.now() - 60_000);
      utimesSync(path.join(ws, "projects/garden.md"), old, old);
      engine = Engine.open({ workspace: ws, embedder: null });
      engine.indexing.index();
      expect(mtimeOf("projects/garden.md")).toBe(statSync(path.join(ws, "projects/garden.md")).mtimeMs);
      const again = engine.indexing.index();
      expect(again.indexed).toEqual([]);
      expect(again.unchanged).toBeGreaterThan(0);
    });
  });
});

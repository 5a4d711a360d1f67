import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IndexStore } from "../../src/store/index-store.js";
import { loadSchema, openIndexDb } from "../../src/store/open.js";
import { openStateDb, stateMigrations, StateVersionError } from "../../src/store/state.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

describe("index schema versioning", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("applies schema.sql with WAL, a busy timeout and the current user_version", () => {
    dir = tempDir();
    const { db, notices } = openIndexDb(path.join(dir, "index.db"));
    expect(notices).toEqual([]);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(db.pragma("user_version", { simple: true })).toBe(loadSchema().version);
    const tables = (db.prepare("SELECT name FROM sqlite_master").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["files", "chunks", "chunks_fts", "problems", "meta"]));
    db.close();
  });

  it("an index from another schema version is rebuilt, never misread", () => {
    dir = tempDir();
    const file = path.join(dir, "index.db");
    const v1 = openIndexDb(file);
    new IndexStore(v1.db).replaceFile(
      { path: "a.md", kind: "note", source: "memory", date: null, size: 1, mtimeMs: 1, hash: "h", capped: false },
      [{ startLine: 1, endLine: 1, heading: "", text: "old layout text", hash: "x", tokens: 3, cjk: "" }],
      1,
    );
    v1.db.close();
    const bumped = { ...loadSchema(), version: loadSchema().version + 1 };
    const v2 = openIndexDb(file, { schema: bumped });
    expect(v2.notices).toHaveLength(1);
    expect(v2.notices[0]!.message).toMatch(/schema v\d+ is not the current v\d+; rebuilding/);
    expect(v2.db.pragma("user_version", { simple: true })).toBe(bumped.version);
    expect(new IndexStore(v2.db).counts()).toEqual({ files: 0, chunks: 0 });
    v2.db.close();
    // Going back to the real schema rebuilds again rather than reading a "newer" file.
    const back = openIndexDb(file);
    expect(back.notices[0]!.message).toMatch(/rebuilding/);
    back.db.close();
  });
});

describe("state database migrations", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("runs each migration once, keeps data across a new migration, and refuses a newer file untouched", () => {
    dir = tempDir();
    const file = path.join(dir, "state.db");
    const base = stateMigrations();
    const db1 = openStateDb(file, base);
    db1.prepare("INSERT INTO meta(key, value) VALUES ('k', 'kept')").run();
    db1.close();
    const extra = [...base, { version: base.length + 1, sql: "CREATE TABLE extra(x INTEGER);" }];
    const db2 = openStateDb(file, extra);
    expect(db2.pragma("user_version", { simple: true })).toBe(base.length + 1);
    expect((db2.prepare("SELECT value FROM meta WHERE key = 'k'").get() as { value: string }).value).toBe("kept");
    db2.close();
    const db3 = openStateDb(file, extra); // idempotent re-open
    db3.close();
    expect(() => openStateDb(file, base)).toThrow(StateVersionError);
    const check = new Database(file, { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(base.length + 1);
    check.close();
  });
});

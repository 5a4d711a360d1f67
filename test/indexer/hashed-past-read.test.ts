import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";
import { sha256 } from "../../src/workspace/read.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// An older build hashed a file past the bytes it kept when an editor's save landed mid-read: the
// row holds the new text's hash, the size its stat said then (0), and no chunks. A pass that
// trusted the hash alone left the file unindexed for good.
describe("a row whose size is not its hash's", () => {
  let ws = "";
  let db: DB | null = null;
  afterEach(() => {
    db?.close();
    db = null;
    cleanup(ws);
  });

  it("is indexed again on the next pass, not taken as unchanged", () => {
    ws = tempDir();
    const rel = "memory/2026-01-30.md";
    write(ws, rel, "# Friday\n\n- Dentist moved to Thursday 9am.\n");
    db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
    const store = new IndexStore(db);
    const indexer = new Indexer(ws, store, IndexConfigSchema.parse({}), { now: () => 1_700_000_000_000 });
    indexer.sync();
    const chunks = () => (db!.prepare("SELECT count(*) AS n FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?").get(rel) as { n: number }).n;
    expect(chunks()).toBeGreaterThan(0);
    // The row as the older build left it.
    const row = store.getFile(rel)!;
    const hash = sha256(readFileSync(path.join(ws, rel)));
    store.replaceFile({ path: rel, kind: row.kind, source: row.source, date: row.date, size: 0, mtimeMs: row.mtime_ms, hash, capped: false }, [], 1_700_000_000_000);
    expect(chunks()).toBe(0);
    indexer.sync();
    expect(chunks()).toBeGreaterThan(0);
    expect(store.getFile(rel)!.hash).toBe(hash);
  });
});

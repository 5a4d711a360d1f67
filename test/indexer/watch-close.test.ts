import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { watchWorkspace } from "../../src/indexer/watch.js";
import { agentDir } from "../../src/workspace/paths.js";
import { cleanup, eventually, tempDir, write } from "../helpers/workspace.js";

/**
 * A note saved a moment before the watcher is closed (the daemon told to stop) is still
 * waiting out the quiet period; closing hands it over instead of dropping it, so the index
 * the daemon leaves has it rather than waiting for the next start's full pass.
 */

// Longer than any test runs: only close() can hand the batch over.
const QUIET_MS = 600_000;

let ws: string;
beforeEach(() => {
  ws = tempDir("agent-watch-close-");
  write(ws, "notes/before.md", "# Before\n\nThere before the watcher started.\n");
});
afterEach(() => cleanup(ws));

describe("closing the watcher with a change still waiting", () => {
  it("hands the waiting paths to onBatch and waits for it", async () => {
    const batches: string[][] = [];
    const w = watchWorkspace(ws, {
      debounceMs: QUIET_MS,
      onBatch: async ({ paths }) => {
        await new Promise((r) => setTimeout(r, 20));
        batches.push(paths);
      },
    });
    await w.ready;
    write(ws, "memory/2026-03-04.md", "# 4 March\n\nThe locksmith comes at 9.\n");
    await eventually(() => w.pending() > 0, 20_000);
    expect(batches).toEqual([]);
    await w.close();
    expect(batches).toEqual([["memory/2026-03-04.md"]]);
  });

  it("leaves the index with the note saved just before the engine's watcher closed", async () => {
    const engine = Engine.open({ workspace: ws });
    try {
      engine.indexing.index();
      const watcher = await engine.indexing.watch({ debounceMs: QUIET_MS });
      write(ws, "memory/2026-03-05.md", "# 5 March\n\nThe Quillfeather invoice was paid.\n");
      // The watcher's own view: the path has reached it and waits out the quiet period.
      const inner = (watcher as unknown as { watcher: { pending(): number } }).watcher;
      await eventually(() => inner.pending() > 0, 20_000);
      await watcher.close();
    } finally {
      engine.close();
    }
    const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare("SELECT count(*) AS n FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?")
        .get("memory/2026-03-05.md") as { n: number };
      expect(row.n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});

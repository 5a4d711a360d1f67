import Database from "better-sqlite3";
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine, type IndexSummary } from "../../src/index.js";
import type { IndexWatcher } from "../../src/engine/watcher.js";
import { keywordSearch } from "../../src/search/pipeline/keyword.js";
import { parseQuery } from "../../src/search/query/query.js";
import { cleanup, eventually, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * The watcher is checked through its own read-only connection to the index, never through
 * `engine.search`: a search reindexes changed files itself, which would hide a watcher
 * that missed an event.
 */

const WAIT = 20_000;

let ws: string;
let engine: Engine;
let watcher: IndexWatcher | null;
let ro: Database.Database | null;
let syncs: IndexSummary[];
let errors: unknown[];

beforeEach(async () => {
  ws = tempDir("agent-watch-");
  write(ws, "notes/existing.md", "# Existing\n\nA note that was there before the watcher: Marigoldfinch.\n");
  mkdirSync(path.join(ws, "burst"));
  engine = Engine.open({ workspace: ws });
  engine.indexing.index();
  syncs = [];
  errors = [];
  watcher = await engine.indexing.watch({ debounceMs: 100, onSync: (s) => syncs.push(s), warn: (m) => errors.push(m) });
  ro = new Database(path.join(agentDir(ws), "index.db"), { readonly: true, fileMustExist: true });
});

afterEach(async () => {
  await watcher?.close();
  watcher = null;
  ro?.close();
  ro = null;
  engine.close();
  cleanup(ws);
});

/** Files whose indexed chunks contain `word`, as the index holds them right now. */
function found(word: string): string[] {
  return [...new Set(keywordSearch(ro!, parseQuery(word), 1000).map((r) => r.path))].sort();
}

function rowsFor(rel: string): { files: number; chunks: number } {
  const files = (ro!.prepare("SELECT count(*) AS n FROM files WHERE path = ?").get(rel) as { n: number }).n;
  const chunks = (ro!.prepare("SELECT count(*) AS n FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?").get(rel) as { n: number }).n;
  return { files, chunks };
}

function counts(): { files: number; chunks: number; fts: number; orphans: number } {
  const n = (sql: string) => (ro!.prepare(sql).get() as { n: number }).n;
  return {
    files: n("SELECT count(*) AS n FROM files"),
    chunks: n("SELECT count(*) AS n FROM chunks"),
    fts: n("SELECT count(*) AS n FROM chunks_fts"),
    orphans: n("SELECT count(*) AS n FROM chunks WHERE file_id NOT IN (SELECT id FROM files)"),
  };
}

function expectConsistent(): void {
  const c = counts();
  expect(c.fts).toBe(c.chunks);
  expect(c.orphans).toBe(0);
}

describe("engine.indexing.watch", () => {
  it("indexes a new file, follows a modification, and removes a deleted file", { timeout: 60_000 }, async () => {
    write(ws, "notes/a.md", "# Alpha\n\nThe first version mentions Periwinklestone.\n");
    await eventually(() => found("Periwinklestone").includes("notes/a.md"), WAIT);
    expectConsistent();

    write(ws, "notes/a.md", "# Alpha\n\nThe second version mentions Cobaltfeather instead.\n");
    await eventually(() => found("Cobaltfeather").includes("notes/a.md") && found("Periwinklestone").length === 0, WAIT);
    expect(rowsFor("notes/a.md").files).toBe(1);
    expectConsistent();

    unlinkSync(path.join(ws, "notes/a.md"));
    await eventually(() => rowsFor("notes/a.md").files === 0, WAIT);
    expect(rowsFor("notes/a.md")).toEqual({ files: 0, chunks: 0 });
    expect(found("Cobaltfeather")).toEqual([]);
    expectConsistent();
    // The note that was already there is untouched by all this.
    expect(found("Marigoldfinch")).toEqual(["notes/existing.md"]);
    expect(syncs.some((s) => s.removed.includes("notes/a.md"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a rename leaves only the new path", { timeout: 60_000 }, async () => {
    write(ws, "notes/a.md", "Renamed note about Saffronquay.\n");
    await eventually(() => found("Saffronquay").includes("notes/a.md"), WAIT);

    renameSync(path.join(ws, "notes/a.md"), path.join(ws, "notes/b.md"));
    await eventually(() => rowsFor("notes/a.md").files === 0 && rowsFor("notes/b.md").files === 1, WAIT);
    expect(found("Saffronquay")).toEqual(["notes/b.md"]);
    expect(rowsFor("notes/a.md")).toEqual({ files: 0, chunks: 0 });
    expectConsistent();
    expect(errors).toEqual([]);
  });

  it("an editor-style atomic save (temp file renamed over the original) ends with the new content", { timeout: 60_000 }, async () => {
    write(ws, "notes/a.md", "Before the save: Juniperwhistle.\n");
    await eventually(() => found("Juniperwhistle").includes("notes/a.md"), WAIT);

    const tmp = path.join(ws, "notes/.a.md.tmp");
    writeFileSync(tmp, "After the save: Obsidianlark.\n");
    renameSync(tmp, path.join(ws, "notes/a.md"));
    await eventually(() => found("Obsidianlark").includes("notes/a.md") && found("Juniperwhistle").length === 0, WAIT);
    expect(rowsFor("notes/a.md").files).toBe(1);
    // The dot-named temp file never reached the index.
    expect(rowsFor("notes/.a.md.tmp").files).toBe(0);
    expectConsistent();

    // Twice in a row, quickly, as editors do on repeated saves.
    for (const word of ["Tangerinefjord", "Umberquokka"]) {
      writeFileSync(tmp, `Saved again: ${word}.\n`);
      renameSync(tmp, path.join(ws, "notes/a.md"));
    }
    await eventually(() => found("Umberquokka").includes("notes/a.md") && found("Tangerinefjord").length === 0, WAIT);
    expect(found("Obsidianlark")).toEqual([]);
    expectConsistent();
    expect(errors).toEqual([]);
  });

  it("a burst of 300 writes to 300 files all end up indexed; 300 deletes leave none", { timeout: 120_000 }, async () => {
    const N = 300;
    const rel = (i: number) => `burst/note-${String(i).padStart(3, "0")}.md`;
    for (let i = 0; i < N; i++) writeFileSync(path.join(ws, rel(i)), `# Burst ${i}\n\nburstword token${i}x\n`);

    await eventually(() => (ro!.prepare("SELECT count(*) AS n FROM files WHERE path LIKE 'burst/%'").get() as { n: number }).n === N, WAIT);
    expect(counts().files).toBeGreaterThanOrEqual(N);
    expect(found("burstword")).toHaveLength(N);
    for (const i of [0, 1, 150, 298, 299]) expect(found(`token${i}x`)).toEqual([rel(i)]);
    expectConsistent();
    // Debounced: far fewer batches than events.
    expect(syncs.length).toBeLessThan(N);

    for (let i = 0; i < N; i++) unlinkSync(path.join(ws, rel(i)));
    await eventually(() => (ro!.prepare("SELECT count(*) AS n FROM files WHERE path LIKE 'burst/%'").get() as { n: number }).n === 0, WAIT);
    expect(found("burstword")).toEqual([]);
    const c = counts();
    expect(c.files).toBe(1); // notes/existing.md
    expectConsistent();
    expect(found("Marigoldfinch")).toEqual(["notes/existing.md"]);
    expect(errors).toEqual([]);
  });

  it("a folder created with files in it, then removed, is picked up by the rescan", { timeout: 60_000 }, async () => {
    write(ws, "projects/deep/plan.md", "Project plan about Heliotropeglade.\n");
    await eventually(() => found("Heliotropeglade").includes("projects/deep/plan.md"), WAIT);
    rmSync(path.join(ws, "projects"), { recursive: true });
    await eventually(() => rowsFor("projects/deep/plan.md").files === 0, WAIT);
    expect(found("Heliotropeglade")).toEqual([]);
    expectConsistent();
    expect(errors).toEqual([]);
  });

  it("a batch that failed on a busy database is indexed by a repair pass, with no further edit and no search", { timeout: 60_000 }, async () => {
    // Another process holds the index's write lock while the watcher's batch runs.
    const holder = new Database(path.join(agentDir(ws), "index.db"));
    holder.exec("BEGIN IMMEDIATE");
    try {
      write(ws, "notes/busy.md", "Written while another process holds the index: Cobaltwren.\n");
      await eventually(() => errors.some((m) => /^index: .*locked/i.test(String(m))), WAIT);
      expect(found("Cobaltwren")).toEqual([]);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    await eventually(() => found("Cobaltwren").includes("notes/busy.md"), WAIT);
    expect(syncs.some((s) => s.indexed.includes("notes/busy.md"))).toBe(true);
    expectConsistent();
  });

  it("close() resolves and the engine keeps working without the watcher", { timeout: 60_000 }, async () => {
    await watcher!.close();
    watcher = null;
    write(ws, "notes/late.md", "Written after close: Vermilionbay.\n");
    const s = engine.indexing.index();
    expect(s.indexed).toEqual(["notes/late.md"]);
    expect(found("Vermilionbay")).toEqual(["notes/late.md"]);
    expectConsistent();
    expect(errors).toEqual([]);
  });
});

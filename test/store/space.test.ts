/**
 * Space is given back: a large note deleted leaves the index at the size of what is left,
 * after the next pass and after a rebuild, in place (the same file, so a daemon that has it
 * open keeps its index). Real SQLite files in a temp folder.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let ws = "";
afterEach(() => cleanup(ws));

/** index.db and its WAL, in bytes. */
function indexBytes(): number {
  const f = path.join(agentDir(ws), "index.db");
  return statSync(f).size + (existsSync(`${f}-wal`) ? statSync(`${f}-wal`).size : 0);
}

function bigNote(bytes: number): string {
  let s = "# Big\n\n";
  for (let i = 0; s.length < bytes; i++) s += `## Section ${i}\n\nThe warehouse item ${i} went to shelf ${i % 97} on day ${i % 31}, with notes on the compressor and dock ${i}.\n\n`;
  return s;
}

function setUp(): void {
  ws = tempDir("agent-space-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  for (let j = 0; j < 28; j++) write(ws, `notes/n${j}.md`, `# Note ${j}\n\nSmall note ${j} about the garden.\n`);
  write(ws, "notes/big.md", bigNote(1_500_000));
}

describe("space is given back", () => {
  it("after a large note is deleted, the next pass hands its pages back", async () => {
    setUp();
    const engine = Engine.open({ workspace: ws });
    try {
      engine.indexing.index();
      const full = indexBytes();
      expect(full).toBeGreaterThan(3_000_000);
      rmSync(path.join(ws, "notes/big.md"));
      engine.indexing.index();
      expect(indexBytes()).toBeLessThan(full / 4);
      expect(engine.indexing.status().chunks).toBe(28);
      expect((await engine.search("garden")).results.length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
  });

  it("a rebuild leaves the file at the new index's size, and a connection opened before keeps working", async () => {
    setUp();
    const engine = Engine.open({ workspace: ws });
    const other = Engine.open({ workspace: ws });
    try {
      engine.indexing.index();
      const full = indexBytes();
      rmSync(path.join(ws, "notes/big.md"));
      engine.indexing.rebuild();
      expect(indexBytes()).toBeLessThan(full / 4);
      // The daemon's connection (another engine on the same file) reads the rebuilt index.
      expect((await other.search("garden", { refresh: false })).results.length).toBeGreaterThan(0);
      expect(other.indexing.status().chunks).toBe(28);
    } finally {
      await engine.close();
      await other.close();
    }
  });

  it("an index made before incremental vacuum is rewritten once when a pass frees much of it", async () => {
    setUp();
    const file = path.join(agentDir(ws), "index.db");
    let engine = Engine.open({ workspace: ws });
    engine.indexing.index();
    await engine.close();
    // As an older version left it: no auto-vacuum.
    const db = new Database(file);
    db.pragma("auto_vacuum = NONE");
    db.exec("VACUUM");
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(0);
    db.close();
    const full = indexBytes();
    engine = Engine.open({ workspace: ws });
    try {
      rmSync(path.join(ws, "notes/big.md"));
      engine.indexing.index();
      expect(indexBytes()).toBeLessThan(full / 4);
    } finally {
      await engine.close();
    }
    const after = new Database(file, { readonly: true });
    expect(after.pragma("auto_vacuum", { simple: true })).toBe(2);
    after.close();
  });
});

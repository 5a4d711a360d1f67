/**
 * The old layout (index, state and logs in `<workspace>/.agent/`) moves once into this device's
 * folder outside the workspace: every state row is still there, the index answers without
 * embedding anything again, nothing SQLite is left in the workspace, and a move cut short
 * finishes on the next open. A real old-layout workspace is made here the way the previous
 * version laid it out: the same engine's files, put back under `.agent/`.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import type { EmbedOptions, Embedder } from "../../src/embed/types.js";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";
import { agentDir, swapDir } from "../../src/workspace/paths.js";
import { WORKSPACE_ID_FILE } from "../../src/workspace/workspace-id.js";
import { runAgent } from "../helpers/cli.js";
import { mountTmpfs, tmpfsMissing } from "../helpers/tmpfs.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const useLite = new UseLiteEmbedder({ threads: 2 });
afterAll(async () => {
  await useLite.close();
});

/** The real model, counting the texts it is asked to embed. */
class Counting implements Embedder {
  texts = 0;
  constructor(private readonly inner: Embedder) {}
  get provider() {
    return this.inner.provider;
  }
  get modelId() {
    return this.inner.modelId;
  }
  get dimension() {
    return this.inner.dimension;
  }
  get maxInputTokens() {
    return this.inner.maxInputTokens;
  }
  get batchSize() {
    return this.inner.batchSize;
  }
  windows(text: string): string[] {
    return this.inner.windows(text);
  }
  async embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]> {
    this.texts += texts.length;
    return this.inner.embed(texts, opts);
  }
  async close(): Promise<void> {}
}

let dirs: string[] = [];
let savedHome: string | undefined;
beforeEach(() => {
  savedHome = process.env.AGENT_STATE_HOME;
});
afterEach(() => {
  process.env.AGENT_STATE_HOME = savedHome;
  for (const d of dirs) cleanup(d);
  dirs = [];
});
const temp = (prefix: string): string => {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
};

function rowCounts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all() as { name: string }[]).map((t) => t.name);
    return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

/** Every SQLite file (or its -wal/-shm/-journal) anywhere under `dir`. */
function sqliteFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(db|sqlite3?)(-wal|-shm|-journal)?$/.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * A workspace as the previous version left it: indexed and embedded, with state rows, a
 * backup, a hooks.log line and a capture cursor, all in `<workspace>/.agent/`.
 */
async function oldLayoutWorkspace(): Promise<{ ws: string; rows: Record<string, number>; chunks: Record<string, number> }> {
  const ws = path.join(temp("agent-oldws-"), "assistant");
  write(ws, "agent.config.json", JSON.stringify({ context: { timeZone: "UTC" } }));
  write(ws, "MEMORY.md", "# MEMORY\n\n- The boat's winter berth is at Harbour Seven, pier B.\n");
  write(ws, "notes/garden.md", "# Garden\n\nThe quince tree needs pruning in late February.\n");
  write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\n- Called the sailmaker about the torn jib.\n");
  process.env.AGENT_STATE_HOME = temp("agent-oldhome-");
  const embedder = new Counting(useLite);
  const engine = Engine.open({ workspace: ws, embedder });
  try {
    engine.indexing.index();
    await engine.indexing.embed();
    expect(embedder.texts).toBeGreaterThan(0);
    const backup = await engine.runJob("backup", {});
    expect(backup.value, backup.run.reason ?? "").toBeTruthy();
  } finally {
    await engine.close();
  }
  const dir = agentDir(ws);
  writeFileSync(path.join(dir, "hooks.log"), "2026-11-20T10:00:00.000Z claude-code prompt: a miss\n");
  mkdirSync(path.join(dir, "capture"));
  writeFileSync(path.join(dir, "capture", "chat-1.json"), JSON.stringify({ bytes: 10 }));
  const rows = rowCounts(path.join(dir, "state.db"));
  const chunks = rowCounts(path.join(dir, "index.db"));
  renameSync(dir, path.join(ws, ".agent"));
  rmSync(path.join(ws, WORKSPACE_ID_FILE));
  // The previous version's SOUL.md swap folder, which stays where it is.
  mkdirSync(path.join(ws, ".agent", "swap"));
  process.env.AGENT_STATE_HOME = temp("agent-newhome-");
  return { ws, rows, chunks };
}

describe("the old layout moves once into this device's folder", { timeout: 120_000 }, () => {
  it("every state row and the whole index move; nothing is embedded again; nothing SQLite stays in the workspace", async () => {
    const { ws, rows, chunks } = await oldLayoutWorkspace();
    expect(sqliteFiles(ws).length).toBeGreaterThan(0);
    const embedder = new Counting(useLite);
    const engine = Engine.open({ workspace: ws, embedder });
    try {
      const dir = agentDir(ws);
      expect(dir.startsWith(process.env.AGENT_STATE_HOME!)).toBe(true);
      expect(rowCounts(path.join(dir, "state.db"))).toEqual(rows);
      expect(rowCounts(path.join(dir, "index.db"))).toEqual(chunks);
      const summary = engine.indexing.index();
      expect(summary.indexed).toEqual([]);
      const report = await engine.indexing.embed();
      expect(report.embedded).toBe(0);
      const found = await engine.search("winter berth for the boat");
      expect(found.results[0]?.path).toBe("MEMORY.md");
      expect(embedder.texts).toBe(1); // the query, and nothing else
      expect(readFileSync(path.join(dir, "hooks.log"), "utf8")).toContain("a miss");
      expect(existsSync(path.join(dir, "capture", "chat-1.json"))).toBe(true);
      expect(readdirSync(path.join(dir, "backups")).length).toBeGreaterThan(0);
    } finally {
      await engine.close();
    }
    expect(sqliteFiles(ws)).toEqual([]);
    // Only SOUL.md's swap folder is left inside, and the id that names this device's folder.
    expect(readdirSync(path.join(ws, ".agent"))).toEqual(["swap"]);
    expect(existsSync(swapDir(ws))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(ws, WORKSPACE_ID_FILE), "utf8")).id).toMatch(/^[0-9a-f]{16}$/);
  });

  it("a move cut short finishes on the next open: a whole copy already there is not doubled, a different file is kept beside it", async () => {
    const { ws, rows } = await oldLayoutWorkspace();
    // As if a first run had made the id and copied state.db and the log, then died.
    const id = "0123456789abcdef";
    writeFileSync(path.join(ws, WORKSPACE_ID_FILE), JSON.stringify({ id }));
    const dest = path.join(process.env.AGENT_STATE_HOME!, "workspaces", id);
    mkdirSync(dest, { recursive: true });
    copyFileSync(path.join(ws, ".agent", "state.db"), path.join(dest, "state.db"));
    writeFileSync(path.join(dest, "hooks.log"), "a line this device wrote since\n");
    const r = await runAgent(["status", "--workspace", ws]);
    expect(r.code, r.stderr).toBe(0);
    expect(agentDir(ws)).toBe(dest);
    expect(rowCounts(path.join(dest, "state.db"))).toEqual(rows);
    expect(readdirSync(dest).filter((n) => n.includes("from-workspace"))).toEqual(["hooks.log.from-workspace"]);
    expect(readFileSync(path.join(dest, "hooks.log"), "utf8")).toBe("a line this device wrote since\n");
    expect(readFileSync(path.join(dest, "hooks.log.from-workspace"), "utf8")).toContain("a miss");
    expect(sqliteFiles(ws)).toEqual([]);
  });

  it("a daemon of the old layout still running: refused, naming how to stop it, and nothing moved", async () => {
    const { ws } = await oldLayoutWorkspace();
    writeFileSync(path.join(ws, ".agent", "daemon.lock"), JSON.stringify({ pid: process.pid, host: os.hostname(), startedAt: Date.now(), workspace: ws }));
    const r = await runAgent(["search", "boat", "--workspace", ws]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`a daemon of the previous version (pid ${process.pid})`);
    expect(r.stderr).toContain(`kill ${process.pid}`);
    expect(existsSync(path.join(ws, ".agent", "state.db"))).toBe(true);
    expect(existsSync(path.join(ws, ".agent", "index.db"))).toBe(true);
  });

  it("moving or renaming the workspace folder keeps its per-device folder (the id travels with it)", () => {
    const parent = temp("agent-move-");
    const ws = path.join(parent, "a");
    write(ws, "MEMORY.md", "# MEMORY\n\n- x\n");
    const before = agentDir(ws);
    renameSync(ws, path.join(parent, "b"));
    expect(agentDir(path.join(parent, "b"))).toBe(before);
  });

  it("a copy of the folder beside the original (same id) is refused, and `rm .agent-workspace` gives it its own", () => {
    const parent = temp("agent-copy-");
    const ws = path.join(parent, "a");
    write(ws, "MEMORY.md", "# MEMORY\n\n- x\n");
    const first = agentDir(ws);
    const copy = path.join(parent, "copy");
    cpSync(ws, copy, { recursive: true });
    expect(() => agentDir(copy)).toThrow(/has the same workspace id as .*rm .*\.agent-workspace/);
    rmSync(path.join(copy, WORKSPACE_ID_FILE));
    expect(agentDir(copy)).not.toBe(first);
    expect(agentDir(ws)).toBe(first);
  });
});

const noTmpfs = tmpfsMissing();
describe.skipIf(noTmpfs !== undefined)(titled("the old layout moves across file systems", noTmpfs), { timeout: 120_000 }, () => {
  it("copied, flushed, compared and only then removed: the same rows on the other disk", async () => {
    const { ws, rows } = await oldLayoutWorkspace();
    const disk = mountTmpfs(64 * 1024 * 1024);
    try {
      process.env.AGENT_STATE_HOME = path.join(disk.dir, "state");
      const dir = agentDir(ws);
      expect(dir.startsWith(disk.dir)).toBe(true);
      expect(rowCounts(path.join(dir, "state.db"))).toEqual(rows);
      expect(sqliteFiles(ws)).toEqual([]);
      expect(readdirSync(dir).filter((n) => n.includes(".moving-"))).toEqual([]);
    } finally {
      disk.unmount();
    }
  });
});

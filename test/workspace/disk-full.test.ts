/**
 * A full disk, for real (a small tmpfs, filled): a write that does not fit is never reported
 * as done, and leaves nothing torn behind for the next write to glue onto; a search still
 * answers from the index as it was; every error says "disk full: … free space at PATH".
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { errorText } from "../../src/engine/errors.js";
import { appendVerified } from "../../src/workspace/safe-write.js";
import { runAgent } from "../helpers/cli.js";
import { mountTmpfs, tmpfsMissing, type Tmpfs } from "../helpers/tmpfs.js";
import { titled } from "../helpers/needs.js";
import { write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const why = tmpfsMissing();
let disk: Tmpfs;
let ws = "";
let savedStateHome: string | undefined;
beforeEach(() => {
  if (why !== undefined) return;
  disk = mountTmpfs(2 * 1024 * 1024);
  ws = path.join(disk.dir, "ws");
  // This device's folder (index, state) on the full disk too, as when both share one disk.
  savedStateHome = process.env.AGENT_STATE_HOME;
  process.env.AGENT_STATE_HOME = path.join(disk.dir, "state");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
  write(ws, "MEMORY.md", "# MEMORY\n\n- The fridge supplier is Kühlmann.\n");
  for (let i = 0; i < 10; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nThe fridge ${i} hums near the loading dock.\n`);
});
afterEach(() => {
  process.env.AGENT_STATE_HOME = savedStateHome;
  if (why === undefined) disk.unmount();
});

const big = (n: number) => Array.from({ length: Math.ceil(n / 60) }, (_, i) => `line ${i}: the compressor of the cold room was checked and logged.`).join("\n").slice(0, n);

describe.skipIf(why !== undefined)(titled("disk full (a real tmpfs)", why), { timeout: 60_000 }, () => {
  it("an append that does not fit throws 'disk full … free space at' and leaves the file byte for byte as it was", () => {
    const file = path.join(ws, "memory", "2026-11-27.md");
    write(ws, "memory/2026-11-27.md", "# 2026-11-27\n\n- First entry.\n");
    const before = readFileSync(file);
    disk.leave(16 * 1024);
    expect(() => appendVerified(file, big(60_000))).toThrow(new RegExp(`^disk full: writing ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} stopped after \\d+ of 60000 bytes.*; free space at ${path.dirname(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(readFileSync(file).equals(before)).toBe(true);
    // Space again: the next append lands whole, right after the old end.
    disk.free();
    appendVerified(file, "- Second entry.\n");
    expect(readFileSync(file, "utf8")).toBe("# 2026-11-27\n\n- First entry.\n- Second entry.\n");
  });

  it("MCP's memory_append (the engine's appendNote) of 60 KB with 16 KB free is refused, and nothing of it landed", async () => {
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2026-11-27T10:00:00Z") });
    try {
      await (await engine.assist()).appendNote("First note of the day.");
      const note = path.join(ws, "memory", "2026-11-27.md");
      const before = readFileSync(note);
      disk.leave(16 * 1024);
      await expect((await engine.assist()).appendNote(big(60_000))).rejects.toThrow(/^disk full: .*free space at /);
      expect(readFileSync(note).equals(before)).toBe(true);
    } finally {
      await engine.close();
    }
  });

  it("`agent log` of 20 KB with 8 KB free exits non-zero with 'disk full', and the next turn is a line of its own", async () => {
    const session = path.join(ws, "sessions", "chat.jsonl");
    const first = await runAgent(["log", "--workspace", ws, "--session", "chat", "--role", "user", "What did we order for the cold room?"]);
    expect(first.code, first.stderr).toBe(0);
    disk.leave(8 * 1024);
    const r = await runAgent(["log", "--workspace", ws, "--session", "chat", "--role", "assistant", big(20_000)]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/disk full: .*free space at /);
    disk.free();
    const next = await runAgent(["log", "--workspace", ws, "--session", "chat", "--role", "user", "And the compressor?"]);
    expect(next.code, next.stderr).toBe(0);
    const lines = readFileSync(session, "utf8").split("\n").filter((l) => l !== "");
    for (const l of lines) expect(() => JSON.parse(l), l.slice(0, 80)).not.toThrow();
    expect(lines.map((l) => (JSON.parse(l) as { content?: string }).content).filter(Boolean)).toEqual(["What did we order for the cold room?", "And the compressor?"]);
  });

  it("on a full disk a search still answers from the index, and indexing says 'disk full … free space at'", async () => {
    const idx = await runAgent(["index", "--workspace", ws]);
    expect(idx.code, idx.stderr).toBe(0);
    disk.leave(0);
    const r = await runAgent(["search", "fridge supplier", "--workspace", ws, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { results: { path: string }[] }).results[0]!.path).toBe("MEMORY.md");
    expect(r.stderr).toMatch(/disk full: .*free space at .*searches answer from the index as it was/);
    // The index was not taken for damaged and moved aside.
    expect(existsSync(agentDir(ws))).toBe(true);
    expect(statSync(path.join(agentDir(ws), "index.db")).size).toBeGreaterThan(0);
    const again = await runAgent(["index", "--workspace", ws]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`free space at ${agentDir(ws)}`);
    disk.free();
    const back = await runAgent(["search", "fridge", "--workspace", ws, "--json"]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).not.toMatch(/disk full/);
  });

  it("SQLite's 'database or disk is full' and 'disk I/O error' on a full disk are said as 'disk full … free space at PATH'", () => {
    const engine = Engine.open({ workspace: ws });
    mkdirSync(agentDir(ws), { recursive: true });
    const file = path.join(agentDir(ws), "probe.db");
    const db = new Database(file);
    db.exec("CREATE TABLE t (b BLOB)");
    disk.leave(0);
    let err: unknown;
    try {
      db.prepare("INSERT INTO t VALUES (?)").run(Buffer.alloc(256 * 1024));
    } catch (e) {
      err = e;
    }
    db.close();
    void engine.close();
    expect(err).toBeDefined();
    expect(errorText(err)).toMatch(new RegExp(`^disk full: .*; free space at ${agentDir(ws).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });
});

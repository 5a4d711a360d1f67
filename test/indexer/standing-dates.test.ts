/**
 * A line of MEMORY.md is as old as the line, not as the file's last save: adding a line must not
 * make the old ones newer than the note that changed them. Real files with real mtimes, a real
 * index file, indexed again as the person edits.
 */
import Database from "better-sqlite3";
import { appendFileSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { agentDir } from "../../src/workspace/paths.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const RENT_NOTE = "memory/2026-11-10.md";

let ws = "";
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanup(ws);
});

/** Sets a file's modification time to that instant (a save on that day). */
const savedAt = (rel: string, iso: string) => utimesSync(path.join(ws, rel), new Date(iso), new Date(iso));

function workspace(memory: string, memorySaved: string): void {
  ws = tempDir("agent-standing-dates-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
  write(ws, "MEMORY.md", memory);
  savedAt("MEMORY.md", memorySaved);
  write(ws, RENT_NOTE, "# 2026-11-10\n\n- Letter from Bankside: storage unit rent goes up to £95 a month from December.\n");
}

function index(): void {
  engine ??= Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  engine.indexing.index();
}

const updates = () => engine!.indexing.links().filter((l) => l.kind === "update").map((l) => `${l.older.path}:${l.older.line} > ${l.newer.path}:${l.newer.line}`);

async function firstFor(query: string): Promise<string> {
  const res = await engine!.search(query, { recall: false });
  return res.results[0]!.path;
}

const staleLines = async () => (await engine!.indexing.health()).stale.map((s) => `${s.old.path}:${s.old.line} > ${s.current.path}:${s.current.line}`);

describe("a standing file's line keeps the time it was first seen", () => {
  it("adding a line to MEMORY.md leaves its old line replaced by the note that changed it", async () => {
    workspace("# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n", "2026-11-01T10:00:00Z");
    index();
    expect(updates()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3"]);
    appendFileSync(path.join(ws, "MEMORY.md"), "- Bike lock code 3391.\n");
    savedAt("MEMORY.md", "2026-11-30T09:00:00Z");
    index();
    expect(updates()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3"]);
    expect(await firstFor("storage unit rent")).toBe(RENT_NOTE);
    expect(await staleLines()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3"]);
  });

  it("a line moved within the file keeps its time", async () => {
    workspace("# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n- Bins go out on Tuesdays.\n", "2026-11-01T10:00:00Z");
    index();
    write(ws, "MEMORY.md", "# Memory\n\n- Bins go out on Tuesdays.\n- Dentist is Dr Shah.\n\n## Money\n\n-   storage unit at Bankside: rent £85 a month, unit 14\n");
    savedAt("MEMORY.md", "2026-11-30T09:00:00Z");
    index();
    expect(updates()).toEqual(["MEMORY.md:8 > memory/2026-11-10.md:3"]);
    expect(await staleLines()).toEqual(["MEMORY.md:8 > memory/2026-11-10.md:3"]);
  });

  it("a line changed in MEMORY.md after the note is the current one, and both keep their times when new rules derive the statements again", async () => {
    const lessons = "memory/2026-11-12.md";
    workspace("# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n- Piano lessons with Mrs Kay: £30 a lesson.\n", "2026-11-01T10:00:00Z");
    write(ws, lessons, "# 2026-11-12\n\n- Piano lessons with Mrs Kay are going up to £32 a lesson from January.\n");
    index();
    expect(updates().sort()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3", "MEMORY.md:4 > memory/2026-11-12.md:3"]);
    // The person wrote a newer fee in after the note: that edit is what holds; the rent line is untouched.
    write(ws, "MEMORY.md", "# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n- Piano lessons with Mrs Kay: £35 a lesson.\n");
    savedAt("MEMORY.md", "2026-11-20T09:00:00Z");
    index();
    const after = ["MEMORY.md:3 > memory/2026-11-10.md:3", "memory/2026-11-12.md:3 > MEMORY.md:4"];
    expect(updates().sort()).toEqual(after);
    await engine!.close();
    engine = null;

    // An index built by earlier statement rules: every statement is derived again from the same files.
    const db = new Database(path.join(agentDir(ws), "index.db"));
    db.prepare("UPDATE meta SET value = '1' WHERE key = 'truth_rules'").run();
    db.close();
    index();
    expect(updates().sort()).toEqual(after);
    expect(await firstFor("piano lessons Mrs Kay")).toBe("MEMORY.md");
    expect(await staleLines()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3"]);
  });
});

describe("a standing file read for the first time", () => {
  it("a dated note saying the slot changed replaces its line, though the file was saved later", async () => {
    workspace("# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n- Bike lock code 3391.\n", "2026-11-30T09:00:00Z");
    index();
    expect(updates()).toEqual(["MEMORY.md:3 > memory/2026-11-10.md:3"]);
    expect(await firstFor("storage unit rent")).toBe(RENT_NOTE);
  });

  it("a line whose value no earlier note changed keeps the file's save as its time", async () => {
    workspace("# Memory\n\n- Storage unit at Bankside: rent £85 a month, unit 14.\n", "2026-11-30T09:00:00Z");
    write(ws, RENT_NOTE, "# 2026-11-10\n\n- Storage unit at Bankside: rent £80 a month, unit 14.\n");
    index();
    expect(updates()).toEqual(["memory/2026-11-10.md:3 > MEMORY.md:3"]);
  });
});

/**
 * A MEMORY.md record ("Dentist appointment: Tuesday 10:00 with Dr. Weber.") and a later daily
 * note that moves the appointment: the record's time is the appointment's, as it is when the line
 * says "on Tuesday", so the note replaces it. A real workspace, a real index file.
 */
import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-11-30T12:00:00Z");
let ws = "";
let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanup(ws);
});

function open(record: string, note: string): Engine {
  ws = tempDir("agent-record-label-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" } }));
  write(ws, "MEMORY.md", `# Memory\n\n- ${record}\n- The boathouse alarm code is 4411.\n`);
  utimesSync(path.join(ws, "MEMORY.md"), new Date("2026-11-20T10:00:00Z"), new Date("2026-11-20T10:00:00Z"));
  write(ws, "memory/2026-11-26.md", `# 2026-11-26\n\n- ${note}\n`);
  engine = Engine.open({ workspace: ws, now: () => NOW, embedder: null });
  engine.indexing.index();
  return engine;
}

const updates = (e: Engine) => e.indexing.links().filter((l) => l.kind === "update").map((l) => `${l.older.path}:${l.older.line} > ${l.newer.path}:${l.newer.line}`);

describe("a record's label names the values after its colon", () => {
  it("the note moving the appointment replaces the record's time, and comes first", async () => {
    const e = open("Dentist appointment: Tuesday 10:00 with Dr. Weber.", "The dentist appointment moved to Wednesday 15:00 (Dr. Weber was ill).");
    expect(updates(e)).toEqual(["MEMORY.md:3 > memory/2026-11-26.md:3"]);
    const res = await e.search("when is my dentist appointment", { recall: false });
    expect(res.results[0]!.path).toBe("memory/2026-11-26.md");
    expect(res.results.find((r) => r.path === "MEMORY.md")?.supersededBy?.path).toBe("memory/2026-11-26.md");
  });

  it("the record's other values stay its own: the alarm code is not replaced by the appointment", () => {
    const e = open("Dentist appointment: Tuesday at 10:00.", "The dentist appointment moved to Wednesday at 15:00.");
    expect(updates(e)).toEqual(["MEMORY.md:3 > memory/2026-11-26.md:3"]);
  });
});

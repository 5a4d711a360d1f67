/**
 * A MEMORY.md record ("Dentist appointment: Tuesday 10:00 with Dr. Weber.") and a later daily
 * note that moves the appointment: the record's time is the appointment's, as it is when the line
 * says "on Tuesday", so the note replaces it. A real workspace, a real index file.
 */
import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const engineOf = keywordEngines();
// MEMORY.md saved before the note was written.
const SAVED = Date.parse("2026-11-10T10:00:00Z") / 1000;

const open = (record: string, note: string): Engine =>
  engineOf(
    { "MEMORY.md": `# Memory\n\n- ${record}\n- The boathouse alarm code is 4411.\n`, "memory/2026-11-18.md": `# 2026-11-18\n\n- ${note}\n` },
    { mtimes: { "MEMORY.md": SAVED } },
  );

const updates = (e: Engine) => e.indexing.links().filter((l) => l.kind === "update").map((l) => `${l.older.path}:${l.older.line} > ${l.newer.path}:${l.newer.line}`);

describe("a record's label names the values after its colon", () => {
  it("the note moving the appointment replaces the record's time, and comes first", async () => {
    const e = open("Dentist appointment: Tuesday 10:00 with Dr. Weber.", "The dentist appointment moved to Wednesday 15:00 (Dr. Weber was ill).");
    expect(updates(e)).toEqual(["MEMORY.md:3 > memory/2026-11-18.md:3"]);
    const res = await e.search("when is my dentist appointment", { recall: false });
    expect(res.results[0]!.path).toBe("memory/2026-11-18.md");
    expect(res.results.find((r) => r.path === "MEMORY.md")?.supersededBy?.path).toBe("memory/2026-11-18.md");
  });

  it("the record's other line stays its own: only the appointment's line is replaced", () => {
    const e = open("Dentist appointment: Tuesday at 10:00.", "The dentist appointment moved to Wednesday at 15:00.");
    expect(updates(e)).toEqual(["MEMORY.md:3 > memory/2026-11-18.md:3"]);
  });
});

import { describe, expect, it } from "vitest";
import { gatherCandidates, type ChunkText } from "../../../src/jobs/dream/candidates.js";
import { DreamConfigSchema } from "../../../src/jobs/dream/config.js";
import type { RecallSignals } from "../../../src/store/recalls.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 3, 20);
const config = DreamConfigSchema.parse({});

function sig(path: string, over: Partial<RecallSignals> = {}): RecallSignals {
  return { path, chunkHash: `h-${path}`, startLine: 1, endLine: 4, recalls: 4, queries: ["a b", "c d", "e f"], days: ["2026-04-17", "2026-04-18"], fronts: ["cli"], firstAt: NOW - 3 * DAY, lastAt: NOW - DAY, meanRank: 1, ...over };
}

const TEXT: Record<string, ChunkText> = {
  "memory/2026-04-10.md": { text: "# 2026-04-10\n\nThe router firmware must be updated before the ISP visit on Friday.", startLine: 1, endLine: 3, heading: "" },
  "memory/2026-04-11.md": { text: "Router firmware must be updated before the ISP technician visits.", startLine: 1, endLine: 1, heading: "" },
  "sessions/s1.jsonl": { text: "user: I moved my dentist appointments to Thursdays for good.\nassistant: Noted, Thursdays it is.", startLine: 1, endLine: 2, heading: "" },
};

function gather(signals: RecallSignals[], extra: Partial<Parameters<typeof gatherCandidates>[0]> = {}) {
  return gatherCandidates({
    signals,
    memories: [],
    lookup: (p) => TEXT[p] ?? null,
    config,
    now: NOW,
    decided: () => null,
    existing: [],
    ...extra,
  });
}

describe("dream candidates", () => {
  it("each threshold, named when it is missed", () => {
    const r = gather([
      sig("memory/2026-04-01.md", { recalls: 2 }),
      sig("memory/2026-04-02.md", { queries: ["only one"] }),
      sig("memory/2026-04-03.md", { days: ["2026-04-18"] }),
      sig("memory/2026-04-04.md", { lastAt: NOW - 15 * DAY }),
    ]);
    expect(r.candidates).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      "recalled 2 time(s), needs 3",
      "1 distinct query, needs 2",
      "recalled on 1 day(s), needs 2",
      "last recalled more than 14 days ago",
    ]);
  });

  it("daily notes and the person's transcript turns only; the same fact twice is one candidate", () => {
    const r = gather([sig("MEMORY.md"), sig("SOUL.md"), sig("reflections/w.md"), sig("notes/x.md"), sig("memory/2026-04-11.md", { recalls: 3 }), sig("memory/2026-04-10.md"), sig("sessions/s1.jsonl")]);
    expect(r.candidates.map((c) => c.key)).toEqual(["memory/2026-04-10.md#h-memory/2026-04-10.md", "sessions/s1.jsonl#h-sessions/s1.jsonl"]);
    expect(r.candidates[1]!.lines).toEqual(["I moved my dentist appointments to Thursdays for good."]);
    const why = Object.fromEntries(r.skipped.map((s) => [s.source.split(":")[0], s.reason]));
    expect(why["MEMORY.md"]).toMatch(/not a daily note or transcript/);
    expect(why["reflections/w.md"]).toMatch(/not a daily note or transcript/);
    expect(why["memory/2026-04-11.md"]).toBe("the same as memory/2026-04-10.md:1-3");
  });

  it("a passage a later note replaced comes after every current one, however often recalled", () => {
    const replaced = (path: string) => (path === "memory/2026-04-10.md" ? "memory/2026-04-12.md:3 of 2026-04-12" : null);
    const r = gather([sig("memory/2026-04-10.md", { recalls: 9 }), sig("sessions/s1.jsonl", { recalls: 3 })], { replaced });
    expect(r.candidates.map((c) => [c.path, c.replacedBy ?? null])).toEqual([
      ["sessions/s1.jsonl", null],
      ["memory/2026-04-10.md", "memory/2026-04-12.md:3 of 2026-04-12"],
    ]);
  });

  it("left out when MEMORY.md already says it, or when it was proposed before", () => {
    const r = gather([sig("memory/2026-04-10.md"), sig("sessions/s1.jsonl")], {
      existing: ["The router firmware must be updated before the ISP visit on Friday."],
      decided: (k) => (k.startsWith("sessions/") ? { id: 7, status: "rejected" } : null),
    });
    expect(r.candidates).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual(['MEMORY.md already says: "The router firmware must be updated before the ISP visit on Friday."', "proposed before (#7, rejected)"]);
  });

  it("typed memories reinforced often enough are candidates too", () => {
    const r = gather([], {
      memories: [
        { id: 1, content: "The person prefers short answers in the morning.", reinforceCount: 3, lastReinforcedAt: NOW - DAY },
        { id: 2, content: "The person likes long walks on Sundays.", reinforceCount: 1, lastReinforcedAt: NOW - DAY },
      ],
    });
    expect(r.candidates.map((c) => [c.key, c.lines])).toEqual([["memory#1", ["The person prefers short answers in the morning."]]]);
  });
});

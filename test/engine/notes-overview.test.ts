import { describe, expect, it } from "vitest";
import { notesOverview, type StatusInput } from "../../src/engine/overview.js";
import type { FileRow } from "../../src/store/index-store.js";

const NOW = Date.parse("2026-11-27T12:00:00Z");
const STATUS: StatusInput = {
  files: 0,
  chunks: 0,
  lastSyncAt: null,
  stale: [],
  missing: [],
  problems: [],
  vectors: { modelId: null, embedded: 0, missing: 0 },
  embedder: { provider: null, modelId: null, reason: "" },
};

function daily(date: string, id: number): FileRow {
  return { id, path: `memory/${date}.md`, kind: "daily", source: "memory", date, size: 100, mtime_ms: NOW, hash: "h", capped: 0, chunk_count: 1, indexed_at: NOW };
}

describe("the notes page's calendar", () => {
  it("counts every daily note, those dated ahead included, and runs to the last of them", () => {
    const files = ["2026-11-20", "2026-11-27", "2026-12-01", "2026-12-03"].map(daily);
    const o = notesOverview(files, STATUS, NOW);
    expect(o.calendar.map((c) => c.date)).toEqual(["2026-11-20", "2026-11-27", "2026-12-01", "2026-12-03"]);
    expect(o.to).toBe("2026-12-03");
  });

  it("ends today when no note is dated ahead", () => {
    expect(notesOverview([daily("2026-11-20", 1)], STATUS, NOW).to).toBe("2026-11-27");
  });
});

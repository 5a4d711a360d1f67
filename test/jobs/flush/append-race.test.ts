import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The append-only guarantee against an edit that lands in the middle of the append itself:
 * node:fs is wrapped so that, when armed, a "person" rewrites the daily note right after the
 * flush's bytes reach the disk and before appendVerified re-reads the file. The real
 * appendVerified must notice, and the flush must report it instead of claiming success.
 */
const race = vi.hoisted(() => ({ armed: false, file: "", edit: "", fired: 0 }));

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const fsyncSync = (fd: number) => {
    real.fsyncSync(fd);
    if (race.armed) {
      race.armed = false;
      race.fired++;
      const text = real.readFileSync(race.file, "utf8");
      real.writeFileSync(race.file, text.replace("written by hand", race.edit));
    }
  };
  return { ...real, default: { ...real, fsyncSync }, fsyncSync };
});

const { readFileSync } = await import("node:fs");
const { FlushConfigSchema } = await import("../../../src/jobs/flush/config.js");
const { runFlush, FlushAppendError } = await import("../../../src/jobs/flush/run.js");
const { FlushCycleStore } = await import("../../../src/jobs/flush/state.js");
const { openJobs } = await import("../deps.js");
const { appendSessionTurn } = await import("../../../src/jobs/reflect/session-log.js");
const { ScriptedProvider } = await import("../../../src/llm/scripted.js");
const { initWorkspace } = await import("../../../src/workspace/init.js");
const { cleanup, tempDir, write } = await import("../../helpers/workspace.js");

const SMALL = FlushConfigSchema.parse({ contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 });
const NOW = Date.parse("2026-11-21T12:00:00Z");

let dir = "";
beforeEach(() => {
  dir = tempDir("agent-flush-race-");
  initWorkspace(dir);
});
afterEach(() => {
  race.armed = false;
  cleanup(dir);
});

describe("append-only, verified", () => {
  it("an edit racing the append is detected: the error says so, an alert is raised, the cycle is not flushed twice", async () => {
    for (let i = 0; i < 8; i++) {
      appendSessionTurn({ workspace: dir, session: "chat", turn: { role: "user", content: `turn ${i} ${"z".repeat(400)}` }, now: () => NOW + i });
    }
    const file = write(dir, "memory/2026-11-21.md", "# 2026-11-21\n\n- written by hand\n");
    const jobs = openJobs(dir);
    try {
      const provider = new ScriptedProvider(["- the model's note", "- must never be asked"]);
      race.file = file;
      race.edit = "EDITED AT THE SAME MOMENT";
      const flush = () => runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now: () => NOW, settings: { config: SMALL, timeZone: "UTC", limits: { maxAppendBytes: 1 << 20, maxFileBytes: 8 << 20 } }, runId: 7 });
      race.armed = true;
      const err = await flush().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(race.fired).toBe(1);
      expect(err).toBeInstanceOf(FlushAppendError);
      expect((err as Error).message).toBe("memory/2026-11-21.md: the note changed while the flush appended to it; the notes were appended but check the file");
      // Both the racing edit and the appended notes are in the file; nothing was overwritten.
      const text = readFileSync(file, "utf8");
      expect(text).toContain("EDITED AT THE SAME MOMENT");
      expect(text).toContain("- the model's note");
      const alerts = jobs.inbox.list();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: "alert", source: "flush", runId: 7, title: "memory/2026-11-21.md changed while notes were appended" });
      expect(new FlushCycleStore(jobs.db).get("chat")).toMatchObject({ runId: 7 });
      expect((await flush()).status).toBe("not-due");
      expect(provider.calls).toHaveLength(1);
      expect(path.basename(file)).toBe("2026-11-21.md");
    } finally {
      jobs.close();
    }
  });
});

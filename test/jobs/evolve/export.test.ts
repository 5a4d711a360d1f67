import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportStateDb, importState, ImportRefusedError, stateJson, type StateExport } from "../../../src/jobs/evolve/export.js";
import { recordRecall } from "../../../src/jobs/evolve/recall.js";
import { recordRun } from "../../../src/store/job-runs.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { stateMigrations } from "../../../src/store/state.js";
import { cleanup, tempDir } from "../../helpers/workspace.js";
import { FIRST_SOUL, HOUR, reflectionJson, soulJson, templateWorkspace, writeSession, reflectIn } from "../reflect/helpers.js";
import { openJobs, stateDb } from "../deps.js";
import { DAY, insertMemory, runEvolutionIn, T0, withDb } from "./helpers.js";

/** `agent export`: the workspace's whole state, over a state database opened and closed for it. */
function exportState(ws: string, now: number): StateExport {
  const db = stateDb(ws);
  try {
    return exportStateDb(db, now);
  } finally {
    db.close();
  }
}

/** `agent import`. */
function importInto(ws: string, data: unknown, opts: { force?: boolean; now?: number } = {}) {
  const db = stateDb(ws);
  try {
    return importState(db, ws, data, { now: opts.now ?? T0, ...(opts.force !== undefined ? { force: opts.force } : {}) });
  } finally {
    db.close();
  }
}

let dir = "";
let a = "";
let b = "";
beforeEach(() => {
  dir = tempDir("agent-export-");
  a = templateWorkspace(path.join(dir, "a"));
  b = templateWorkspace(path.join(dir, "b"));
});
afterEach(() => cleanup(dir));

/** Some of every kind of state: SOUL versions, runs, job runs, inbox, memories, archive, recalls, snapshots, a conversation. */
async function populate(ws: string): Promise<void> {
  writeSession(ws, "s1", 4, T0 - HOUR);
  await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(FIRST_SOUL)]), now: () => T0 });
  const ids = withDb(ws, ({ store }) => [
    insertMemory(store, { type: "failure", content: "The deploy broke production — “quotes”, ünïcödé and\nnewlines.", valence: "negative", domain: "deploys", significance: 0.1 + 0.2 }),
    insertMemory(store, { type: "process_note", content: "Restart nginx.", significance: 0.1, createdAt: T0 - 200 * DAY }),
  ]);
  withDb(ws, ({ store }) => recordRecall(store, [ids[0]!], T0 + HOUR, "context", "deploy"));
  const jobs = openJobs(ws);
  try {
    await recordRun(jobs.runs, "evolve", () => T0 + DAY, { trigger: "manual" }, async () => {
      await runEvolutionIn(ws, T0 + DAY);
      return { outcome: "ok" };
    });
    jobs.state.set("nightly.lastDate", "2026-11-02", T0);
    jobs.db.prepare("INSERT INTO flush_cycles (session, cycle_key, flushed_at) VALUES ('s1', '0:', ?)").run(T0);
    jobs.db.prepare("INSERT INTO conversations (id, created_at, updated_at, title) VALUES ('ask-1', ?, ?, 'what?')").run(T0, T0);
    jobs.db.prepare("INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content) VALUES ('ask-1', 1, ?, 'user', 'question', 'what?')").run(T0);
  } finally {
    jobs.close();
  }
}

const withoutStamp = (e: StateExport) => stateJson({ ...e, exportedAt: "" });

describe("export and import of all engine state", () => {
  it("export → import → export gives the same JSON apart from its timestamp", async () => {
    await populate(a);
    const first = exportState(a, T0 + 2 * DAY);
    expect(first).toMatchObject({ format: "agent-state", formatVersion: 1, schemaVersion: stateMigrations().length, exportedAt: new Date(T0 + 2 * DAY).toISOString() });
    for (const t of ["soul_versions", "reflection_runs", "job_runs", "inbox", "memories", "memory_recalls", "personality_snapshots", "job_state", "flush_cycles", "conversations", "conversation_messages"]) {
      expect(first.tables[t]!.length, t).toBeGreaterThan(0);
    }
    // Stable order: tables by name, rows by primary key, keys alphabetical; ids preserved.
    expect(Object.keys(first.tables)).toEqual([...Object.keys(first.tables)].sort());
    for (const rows of Object.values(first.tables)) for (const r of rows) expect(Object.keys(r)).toEqual([...Object.keys(r)].sort());
    expect(first.tables.memories!.map((m) => m.archived_at !== null)).toEqual([false, true]); // the archive is exported too

    const result = importInto(b, JSON.parse(stateJson(first)) as unknown);
    expect(result.backup).toBeNull();
    expect(result.rows.memories).toBe(2);
    const second = exportState(b, T0 + 3 * DAY);
    expect(withoutStamp(second)).toBe(withoutStamp(first));
    expect(stateJson(second)).not.toBe(stateJson(first));
  });

  it("refuses a target that already has state; --force saves it to a backup first and replaces it", async () => {
    await populate(a);
    withDb(b, ({ store }) => insertMemory(store, { type: "triumph", content: "B's own memory.", valence: "positive" }));
    const before = exportState(b, 0);
    const data = JSON.parse(stateJson(exportState(a, 0))) as unknown;
    expect(() => importInto(b, data)).toThrow(ImportRefusedError);
    expect(() => importInto(b, data)).toThrow(/already has engine state \(.*memories 1.*\); import into a fresh workspace, or pass --force/);
    expect(withoutStamp(exportState(b, 0))).toBe(withoutStamp(before));

    const r = importInto(b, data, { force: true, now: T0 });
    expect(r.replaced).toBeGreaterThan(0);
    expect(r.backup).toMatch(/\/backups\/state-before-import-2026-11-02T12-00-00-000Z\.json$/);
    const saved = JSON.parse(readFileSync(r.backup!, "utf8")) as StateExport;
    expect(withoutStamp(saved)).toBe(withoutStamp(before));
    expect(withoutStamp(exportState(b, 0))).toBe(withoutStamp(exportState(a, 0)));
  });

  it("refuses files it cannot read faithfully, and changes nothing", async () => {
    await populate(a);
    const good = JSON.parse(stateJson(exportState(a, 0))) as StateExport;
    const refused = (data: unknown, re: RegExp) => expect(() => importInto(b, data)).toThrow(re);
    refused({ ...good, schemaVersion: 99 }, /newer engine \(state schema 99/);
    refused({ ...good, format: "other" }, /not an agent state export/);
    refused({ ...good, tables: { ...good.tables, mystery: [] } }, /table this engine does not know: mystery/);
    refused({ ...good, tables: { ...good.tables, memories: [{ ...good.tables.memories![0]!, mood: "happy" }] } }, /column this engine does not know: mood/);
    refused([], /expected a JSON object/);
    expect(exportState(b, 0).tables.memories).toEqual([]);
    // A broken row rolls the whole import back.
    const broken = { ...good, tables: { ...good.tables, memories: [{ ...good.tables.memories![0]!, type: "not-a-type" }] } };
    expect(() => importInto(b, broken)).toThrow(/CHECK constraint/);
    expect(Object.values(exportState(b, 0).tables).every((rows) => rows.length === 0)).toBe(true);
  });
});

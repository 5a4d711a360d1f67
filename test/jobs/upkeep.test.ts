import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { LLMError } from "../../src/llm/types.js";
import { InboxStore } from "../../src/store/inbox.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * The daily backup of state.db and `agent snapshot` are jobs of the one runner: recorded in
 * job_runs like the model's jobs, and cancelled the same way. Real engine, real state.db,
 * real backup files; the model is scripted.
 */

const NOW = Date.parse("2026-11-21T12:00:00Z");
const DAY = 24 * 3600_000;

let ws = "";
let engine: Engine | undefined;
beforeEach(() => {
  ws = tempDir("agent-upkeep-");
  initWorkspace(ws);
  // Only the jobs under test may be due.
  write(ws, "agent.config.json", JSON.stringify({ heartbeat: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false }, flush: { enabled: false }, dream: { enabled: false } }));
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  cleanup(ws);
});

const backupsDir = () => path.join(agentDir(ws), "backups");
const backupFiles = () => (existsSync(backupsDir()) ? readdirSync(backupsDir()) : []);

describe("the daily state backup as a job", () => {
  it("is not due before there is state, then once a day: the tick takes it and records it", async () => {
    let now = NOW;
    engine = Engine.open({ workspace: ws, now: () => now });
    const jobs = await engine.jobs();
    expect(jobs.due("backup")).toMatchObject({ due: false, reason: "there is no state database yet" });
    expect(existsSync(engine.statePath)).toBe(false); // looking created nothing

    engine.state();
    expect(jobs.due("backup")).toMatchObject({ due: true, runs: [{ key: "backup", args: {} }] });
    const ran = await jobs.tick(new AbortController().signal);
    expect(ran).toMatchObject([{ job: "backup", outcome: "ok", reason: expect.stringMatching(/^state backed up to .*state-20261121T120000000Z-daily\.db$/), details: { trigger: "daily" } }]);
    expect(backupFiles()).toEqual(["state-20261121T120000000Z-daily.db"]);
    expect(jobs.runs({ job: "backup" })).toEqual(ran);

    // Not again the same day; due again a day later (the loop does not wake for it: the next tick takes it).
    expect(jobs.due("backup")).toMatchObject({ due: false, nextAt: NOW + DAY });
    expect(await jobs.tick(new AbortController().signal)).toEqual([]);
    now = NOW + DAY;
    expect(jobs.due("backup").due).toBe(true);
    expect(jobs.nextWakeAt()).toBe(now + 60_000);
  });

  it("a cancel in the middle of the copy leaves no file and is recorded as cancelled", async () => {
    engine = Engine.open({ workspace: ws, now: () => NOW });
    // A state.db of some megabytes, so the online backup takes many steps.
    const inbox = new InboxStore(engine.state());
    const body = "x".repeat(4000);
    engine.state().transaction(() => {
      for (let i = 0; i < 3000; i++) inbox.add({ createdAt: NOW, kind: "report", title: `report ${i}`, body: `${i} ${body}`, source: "test" });
    })();
    const ac = new AbortController();
    const running = engine.runJob("backup", {}, { signal: ac.signal });
    // Cancel once the copy has started (its temporary file exists).
    let started = false;
    for (let i = 0; i < 200_000 && !started; i++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = backupFiles().some((n) => n.startsWith(".state-"));
    }
    expect(started).toBe(true);
    ac.abort(new Error("Ctrl-C"));
    const { run, value } = await running;
    expect(run).toMatchObject({ job: "backup", outcome: "error", reason: "cancelled", details: { trigger: "manual", cancelled: "Ctrl-C" } });
    expect(value).toBeUndefined();
    expect(backupFiles()).toEqual([]);
    expect((await engine.jobs()).runs({ job: "backup" })).toEqual([run]);
  });
});

describe("agent snapshot as a job", () => {
  it("is recorded like every job, never scheduled, and a cancel during the model's narrative stores no snapshot", async () => {
    const stop = new AbortController();
    const provider = new ScriptedProvider([
      (req) =>
        new Promise<string>((_, reject) => {
          req.signal!.addEventListener("abort", () => reject(new LLMError("cancelled", "scripted completion was cancelled")));
          stop.abort(new Error("Ctrl-C"));
        }),
    ]);
    engine = Engine.open({ workspace: ws, now: () => NOW, llm: provider });
    const jobs = await engine.jobs();
    expect(jobs.due("snapshot").due).toBe(false);

    const cancelled = await engine.runJob("snapshot", { narrative: "model" }, { signal: stop.signal });
    expect(cancelled.run).toMatchObject({ job: "snapshot", outcome: "error", reason: "cancelled", details: { trigger: "manual", narrative: "model" } });
    expect(cancelled.value).toBeUndefined();
    const count = () => (engine!.state().prepare("SELECT count(*) AS n FROM personality_snapshots").get() as { n: number }).n;
    expect(count()).toBe(0);

    const taken = await engine.runJob("snapshot", {});
    expect(taken.value).toMatchObject({ narrativeBy: "rules", hadPrevious: false });
    expect(taken.run).toMatchObject({ job: "snapshot", outcome: "ok", reason: `snapshot #${taken.value!.snapshotId} (2026-W47): 0 active memories, 0 drift(s); narrative by rules` });
    expect(count()).toBe(1);
    expect(jobs.runs({ job: "snapshot" })).toEqual([taken.run, cancelled.run]);
    expect((await jobs.tick(new AbortController().signal)).map((r) => r.job)).toEqual(["backup"]); // a snapshot is never due
  });
});

import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordRun, type JobStores } from "../../src/store/job-runs.js";
import { openJobs } from "./deps.js";
import { stateMigrations } from "../../src/store/state.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dir = "";
let jobs: JobStores & { close(): void };
beforeEach(() => {
  dir = tempDir("agent-runs-");
  jobs = openJobs(dir);
});
afterEach(() => {
  jobs.close();
  cleanup(dir);
});

describe("job runs", () => {
  it("migration 3 adds the scheduler tables after the reflection ones", () => {
    // Later migrations (ask conversations, evolution...) follow; 1-3 stay as they shipped.
    expect(stateMigrations().map((m) => m.version).slice(0, 3)).toEqual([1, 2, 3]);
    expect(jobs.db.pragma("user_version", { simple: true })).toBe(stateMigrations().length);
    const tables = (jobs.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(["soul_versions", "reflection_runs", "job_runs", "inbox", "flush_cycles", "job_state"]));
  });

  it("recordRun records start, end, outcome and reason, and turns a throw into an error row", async () => {
    let t = 1000;
    const now = () => (t += 10);
    const ok = await recordRun(jobs.runs, "heartbeat", now, { trigger: "test" }, () => ({ outcome: "ok", reason: "HEARTBEAT_OK", details: { model: "m" } }));
    expect(ok).toMatchObject({ job: "heartbeat", startedAt: 1010, endedAt: 1020, outcome: "ok", reason: "HEARTBEAT_OK", details: { trigger: "test", model: "m", pid: process.pid } });
    const bad = await recordRun(jobs.runs, "flush", now, {}, async () => {
      throw new Error("model crashed\nwith a stack");
    });
    expect(bad).toMatchObject({ job: "flush", outcome: "error", reason: "model crashed" });
    expect(jobs.runs.recent().map((r) => r.job)).toEqual(["flush", "heartbeat"]);
    expect(jobs.runs.recent({ job: "heartbeat" })).toHaveLength(1);
    expect(jobs.runs.last("flush", ["ok", "skip"])).toBeUndefined();
    expect(jobs.runs.last("flush")?.id).toBe(bad.id);
  });

  it("a run left 'running' by a dead process is closed as interrupted; a live one is left alone", () => {
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const orphan = jobs.runs.start("reflect", 5, { pid: dead });
    const mine = jobs.runs.start("flush", 6);
    expect(jobs.runs.closeInterrupted(100)).toBe(1);
    expect(jobs.runs.get(orphan)).toMatchObject({ outcome: "error", endedAt: 100, reason: "interrupted: the process stopped before the run ended" });
    expect(jobs.runs.get(mine)).toMatchObject({ outcome: "running", endedAt: null });
  });
});

describe("inbox", () => {
  it("adds, lists unread newest first, marks read", () => {
    const a = jobs.inbox.add({ createdAt: 1, kind: "alert", title: "first", body: "b1", source: "heartbeat" });
    const b = jobs.inbox.add({ createdAt: 2, kind: "report", title: "second", body: "b2" });
    expect(jobs.inbox.list().map((i) => i.id)).toEqual([b, a]);
    expect(jobs.inbox.unreadCount()).toBe(2);
    jobs.inbox.markRead([a]);
    expect(jobs.inbox.list().map((i) => i.title)).toEqual(["second"]);
    expect(jobs.inbox.list({ all: true }).map((i) => [i.title, i.read])).toEqual([
      ["second", false],
      ["first", true],
    ]);
  });
});

import type { AlertMessage } from "../../src/jobs/heartbeat/notify.js";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendSessionTurn } from "../../src/jobs/reflect/session-log.js";
import type { ReflectionResult, RunReflectionInput } from "../../src/jobs/reflect/pipeline.js";
import { JOB_NAMES, parseJobName } from "../../src/jobs/catalog.js";
import { JobService, ScheduleLoop, type JobEvent } from "../../src/jobs/runner.js";
import type { JobRun } from "../../src/store/job-runs.js";
import { NIGHTLY_STATE_KEY } from "../../src/jobs/schedule/nightly.js";
import { DREAM_STATE_KEY } from "../../src/jobs/dream/job.js";
import { LLMError, type CompletionRequest } from "../../src/llm/types.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { FakeClock } from "../../src/shared/clock.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { zonedDate, zonedTime } from "../../src/workspace/time.js";
import { cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";
import { openJobs, simulate, testDeps } from "./deps.js";
import { agentDir } from "../../src/workspace/paths.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TZ = "America/New_York";

let ws = "";
beforeEach(() => {
  ws = tempDir("agent-runner-");
  initWorkspace(ws);
});
afterEach(() => cleanup(ws));

function config(c: Record<string, unknown>): void {
  write(ws, "agent.config.json", JSON.stringify(c, null, 2));
}

function allRuns(): JobRun[] {
  const jobs = openJobs(ws);
  try {
    return jobs.runs.recent({ limit: 100_000 }).reverse();
  } finally {
    jobs.close();
  }
}

/** A provider that answers heartbeats HEARTBEAT_OK and flushes with a note, forever. */
function steadyProvider(): ScriptedProvider {
  const p = new ScriptedProvider();
  const answer = (req: CompletionRequest) => {
    p.push(answer);
    return req.messages[0]!.content.startsWith("Heartbeat at") ? "HEARTBEAT_OK" : "- a durable note";
  };
  p.push(answer);
  return p;
}

describe("a simulated week", () => {
  it("heartbeats every 30 minutes inside 08:00–22:00 New York time, one reflection per night", async () => {
    config({
      heartbeat: { interval: "30m", activeHours: { start: "08:00", end: "22:00" }, timeZone: TZ },
      schedule: { reflectAt: "03:00", timeZone: TZ, tick: "10m" },
    });
    write(ws, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] look at the calendar\n");
    const start = Date.parse("2026-11-16T05:00:00Z"); // Monday 00:00 in New York
    const end = start + 7 * DAY;
    const provider = steadyProvider();
    const events: JobEvent[] = [];
    await simulate(ws, { start, until: end, provider, log: (e) => events.push(e) });

    const runs = allRuns();
    const beats = runs.filter((r) => r.job === "heartbeat");
    expect(beats.every((r) => r.outcome === "ok" && r.reason === "HEARTBEAT_OK")).toBe(true);
    // 08:00, 08:30 ... 21:30: 28 a day, never outside the window, 30 minutes apart within a day.
    expect(beats).toHaveLength(7 * 28);
    for (const b of beats) {
      const t = zonedTime(b.startedAt, TZ);
      expect(t >= "08:00" && t < "22:00", t).toBe(true);
    }
    const byDay = new Map<string, number[]>();
    for (const b of beats) byDay.set(zonedDate(b.startedAt, TZ), [...(byDay.get(zonedDate(b.startedAt, TZ)) ?? []), b.startedAt]);
    for (const [, times] of byDay) {
      expect(zonedTime(times[0]!, TZ)).toBe("08:00");
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(30 * MIN);
    }
    expect(provider.calls).toHaveLength(beats.length);

    // Nightly: the night before the first start is caught up once, then 03:00 every night.
    const nights = runs.filter((r) => r.job === "reflect");
    expect(nights.map((r) => r.details.night)).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(nights[0]!.details.trigger).toBe("catch-up");
    expect(nights.slice(1).every((r) => r.details.trigger === "scheduled" && zonedTime(r.startedAt, TZ) === "03:00")).toBe(true);
    expect(nights.every((r) => r.outcome === "skip")).toBe(true); // no conversations: reflection skips without a model call
    expect(events.filter((e) => e.level === "error")).toEqual([]);
    expect(events.filter((e) => e.event === "job")).toHaveLength(runs.length);
  });

  it("a window that crosses midnight, in another zone", async () => {
    config({
      heartbeat: { interval: "1h", activeHours: { start: "22:00", end: "02:00" }, timeZone: "Asia/Tokyo" },
      schedule: { reflect: false, tick: "15m" },
    });
    write(ws, "HEARTBEAT.md", "- [ ] anything urgent overnight?\n");
    const start = Date.parse("2026-11-16T00:00:00Z"); // 09:00 in Tokyo
    await simulate(ws, { start, until: start + 2 * DAY, provider: steadyProvider() });
    const times = allRuns().filter((r) => r.job === "heartbeat").map((r) => `${zonedDate(r.startedAt, "Asia/Tokyo")} ${zonedTime(r.startedAt, "Asia/Tokyo")}`);
    expect(times).toEqual([
      "2026-11-16 22:00", "2026-11-16 23:00", "2026-11-17 00:00", "2026-11-17 01:00",
      "2026-11-17 22:00", "2026-11-17 23:00", "2026-11-18 00:00", "2026-11-18 01:00",
    ]);
  });
});

describe("nightly reflection catch-up", () => {
  const reflections: RunReflectionInput[] = [];
  const fakeReflect = async (input: RunReflectionInput): Promise<ReflectionResult> => {
    reflections.push(input);
    return { status: "updated", version: reflections.length + 1, summary: "keeps summaries", report: "Learned to keep summaries.", reportPath: "reflections/x.md" } as ReflectionResult;
  };
  beforeEach(() => {
    reflections.length = 0;
    config({ heartbeat: { enabled: false }, schedule: { reflectAt: "03:00", timeZone: TZ, tick: "5m" } });
  });

  it("after a simulated sleep over 03:00 it runs once on waking, never twice for one night, and reports to the inbox", async () => {
    const jobs = openJobs(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-17", 0);
    jobs.close();
    const start = Date.parse("2026-11-18T06:00:00Z"); // 01:00 in New York
    let slept = false;
    const hook = (c: FakeClock) => {
      // The lid closes at 02:00 and opens at 09:00.
      if (!slept && c.now() >= start + HOUR) {
        slept = true;
        c.jump(7 * HOUR);
      }
    };
    await simulate(ws, { start, until: start + 11 * HOUR, hook, reflect: fakeReflect });
    const nights = allRuns().filter((r) => r.job === "reflect");
    expect(nights).toHaveLength(1);
    expect(nights[0]).toMatchObject({ outcome: "ok", details: { night: "2026-11-18", trigger: "catch-up", version: 2 } });
    // The first tick after waking (the clock jumped to 09:00, then the tick's own sleep ended).
    expect(zonedTime(nights[0]!.startedAt, TZ)).toMatch(/^09:0\d$/);
    const inbox = openJobs(ws);
    expect(inbox.inbox.list()).toMatchObject([{ kind: "report", title: "Nightly reflection: SOUL.md is now version 2", source: "reflect" }]);
    expect(inbox.state.get(NIGHTLY_STATE_KEY)).toBe("2026-11-18");
    inbox.close();

    // A restart the same day does not run it again.
    await simulate(ws, { start: start + 12 * HOUR, until: start + 14 * HOUR, reflect: fakeReflect });
    expect(allRuns().filter((r) => r.job === "reflect")).toHaveLength(1);
    expect(reflections).toHaveLength(1);
  });

  it("down for three nights: one catch-up run for the latest night, not three", async () => {
    const jobs = openJobs(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-18", 0);
    jobs.close();
    const start = Date.parse("2026-11-22T15:00:00Z"); // 10:00 on the 22nd in New York
    await simulate(ws, { start, until: start + HOUR, reflect: fakeReflect });
    expect(allRuns().filter((r) => r.job === "reflect").map((r) => r.details.night)).toEqual(["2026-11-22"]);
  });

  it("a reflection run by hand (or cron) after 03:00 counts for that night", async () => {
    const jobs = openJobs(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-17", 0);
    jobs.db.prepare("INSERT INTO reflection_runs (started_at, ended_at, outcome) VALUES (?, ?, 'complete')").run(Date.parse("2026-11-18T09:00:00Z"), Date.parse("2026-11-18T09:01:00Z"));
    jobs.close();
    const start = Date.parse("2026-11-18T15:00:00Z");
    await simulate(ws, { start, until: start + HOUR, reflect: fakeReflect });
    expect(reflections).toHaveLength(0);
  });

  it("a night that ends in a proposal says so in the inbox and through the notifier", async () => {
    const jobs = openJobs(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-17", 0);
    jobs.close();
    const alerts: AlertMessage[] = [];
    const proposing = async (): Promise<ReflectionResult> =>
      ({ status: "proposed", reason: "the change touches 62% of the lines (budget 30%)", proposalPath: "SOUL.proposed.md", summary: "rewrites the values" }) as ReflectionResult;
    const start = Date.parse("2026-11-18T15:00:00Z");
    await simulate(ws, { start, until: start + HOUR, reflect: proposing, notify: async (a) => (alerts.push(a), []) });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "report", title: "A SOUL.md proposal waits for review", source: "reflect" });
    expect(alerts[0]!.body).toMatch(/62% of the lines[\s\S]*agent soul proposed/);
    const inbox = openJobs(ws);
    expect(inbox.inbox.list().map((i) => i.title)).toEqual(["Nightly reflection proposes a SOUL.md change (SOUL.proposed.md)"]);
    inbox.close();
  });
});

describe("failures and retries", () => {
  it("a failing job is logged and retried on the next tick, then backs off; it never stops the daemon", async () => {
    config({ heartbeat: { interval: "30m", activeHours: { start: "00:00", end: "00:00" }, timeZone: "UTC" }, schedule: { reflect: false, tick: "1m" } });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const provider = new ScriptedProvider([new Error("Ollama is not running"), new Error("still down"), new Error("still down"), "HEARTBEAT_OK", "HEARTBEAT_OK"]);
    const start = Date.parse("2026-11-21T12:00:00Z");
    const events: JobEvent[] = [];
    await simulate(ws, { start, until: start + 40 * MIN, provider, log: (e) => events.push(e) });
    const beats = allRuns().filter((r) => r.job === "heartbeat");
    expect(beats.map((r) => [(r.startedAt - start) / MIN, r.outcome])).toEqual([
      [0, "error"],
      [1, "error"], // the next tick
      [3, "error"], // then 2 ticks later
      [7, "ok"], // then 4
      [37, "ok"], // and the interval counts from the last good one
    ]);
    expect(beats[0]!.reason).toBe("Ollama is not running");
    expect(events.filter((e) => e.level === "error").map((e) => e.message)).toEqual([
      "heartbeat error (0 ms): Ollama is not running",
      "heartbeat error (0 ms): still down",
      "heartbeat error (0 ms): still down",
    ]);
  });
});

describe("pre-compaction flush from the daemon", () => {
  it("flushes a growing transcript once per compaction cycle", async () => {
    config({
      heartbeat: { enabled: false },
      schedule: { reflect: false, tick: "1m" },
      context: { timeZone: "UTC" },
      flush: { contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 },
    });
    const start = Date.parse("2026-11-21T12:00:00Z");
    let step = 0;
    const say = (n: number, c: FakeClock) => {
      for (let i = 0; i < n; i++) appendSessionTurn({ workspace: ws, session: "chat", turn: { role: "user", content: `${step}-${i} ${"w".repeat(400)}` }, now: c.now });
    };
    const hook = (c: FakeClock) => {
      step++;
      if (step === 2) say(2, c); // below the threshold
      if (step === 3) say(6, c); // crosses it: flush on the next tick
      if (step === 5) say(6, c); // same cycle: no second flush
      if (step === 7) appendSessionTurn({ workspace: ws, session: "chat", compacted: true, now: c.now });
      if (step === 8) say(8, c); // new cycle crosses again
    };
    const provider = steadyProvider();
    await simulate(ws, { start, until: start + 30 * MIN, hook, provider });
    const flushes = allRuns().filter((r) => r.job === "flush");
    expect(flushes.map((r) => [r.outcome, r.details.session])).toEqual([
      ["ok", "chat"],
      ["ok", "chat"],
    ]);
    expect(provider.calls).toHaveLength(2);
    const note = readFileSync(path.join(ws, "memory", "2026-11-21.md"), "utf8");
    expect(note.match(/^## 12:0\d — notes before compaction \(session chat\)$/gm)).toHaveLength(2);
  });
});

describe("stopping", () => {
  it("a stop during a model call cancels it: the run is recorded once as an error, reason cancelled, nothing is written", async () => {
    config({ heartbeat: { timeZone: "UTC", activeHours: { start: "00:00", end: "00:00" } }, schedule: { reflect: false } });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const stop = new AbortController();
    const provider = new ScriptedProvider([
      (req) =>
        new Promise<string>((_, reject) => {
          req.signal!.addEventListener("abort", () => reject(new LLMError("cancelled", "scripted completion was cancelled")));
          stop.abort(new Error("SIGTERM"));
        }),
    ]);
    const clock = new FakeClock(Date.parse("2026-11-21T12:00:00Z"));
    const deps = testDeps(ws, { now: clock.now, provider });
    const before = fingerprint(ws);
    try {
      await new ScheduleLoop(new JobService(deps), clock).run(stop.signal);
    } finally {
      deps.close();
    }
    expect(fingerprint(ws)).toEqual(before);
    expect(allRuns()).toMatchObject([{ job: "heartbeat", outcome: "error", reason: "cancelled", details: { cancelled: "scripted completion was cancelled" } }]);
    expect(clock.sleeps).toEqual([]); // stopped: no sleep after the cancelled tick
    const jobs = openJobs(ws);
    expect(jobs.inbox.list({ all: true })).toEqual([]);
    jobs.close();
  });

  it("a stop that arrives while the answer is being written lets the write finish whole", async () => {
    config({ heartbeat: { enabled: false }, schedule: { reflect: false }, context: { timeZone: "UTC" }, flush: { contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 } });
    const start = Date.parse("2026-11-21T12:00:00Z");
    for (let i = 0; i < 8; i++) appendSessionTurn({ workspace: ws, session: "chat", turn: { role: "user", content: "v".repeat(400) }, now: () => start });
    write(ws, "memory/2026-11-21.md", "# 2026-11-21\n\n- by hand\n");
    const stop = new AbortController();
    const notes = Array.from({ length: 200 }, (_, i) => `- durable fact ${i}`).join("\n");
    const provider = new ScriptedProvider([
      () => {
        stop.abort(new Error("SIGTERM")); // the signal lands just as the model answers
        return notes;
      },
    ]);
    const clock = new FakeClock(start);
    const deps = testDeps(ws, { now: clock.now, provider });
    try {
      await new ScheduleLoop(new JobService(deps), clock).run(stop.signal);
    } finally {
      deps.close();
    }
    expect(readFileSync(path.join(ws, "memory", "2026-11-21.md"), "utf8")).toBe(`# 2026-11-21\n\n- by hand\n\n## 12:00 — notes before compaction (session chat)\n\n${notes}\n`);
    expect(allRuns()).toMatchObject([{ job: "flush", outcome: "ok" }]);
  });

  it("a run asked with an already aborted signal starts nothing and is recorded as cancelled", async () => {
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const provider = new ScriptedProvider(["never asked"]);
    const deps = testDeps(ws, { now: () => Date.parse("2026-11-21T12:00:00Z"), provider });
    try {
      const ac = new AbortController();
      ac.abort(new Error("Ctrl-C"));
      const { run, value } = await new JobService(deps).run("heartbeat", { ignoreActiveHours: true }, { signal: ac.signal });
      expect(run).toMatchObject({ job: "heartbeat", outcome: "error", reason: "cancelled", details: { trigger: "manual --now", cancelled: "Ctrl-C" } });
      expect(value).toBeUndefined();
      expect(provider.calls).toEqual([]);
    } finally {
      deps.close();
    }
  });
});

describe("one runner for manual and scheduled runs", () => {
  it("a manual reflect is recorded in job_runs exactly once, like the nightly one; a dry run leaves no row and no file", async () => {
    config({ schedule: { reflectAt: "03:00", timeZone: "UTC" } });
    const now = Date.parse("2026-11-21T12:00:00Z");
    const deps = testDeps(ws, { now: () => now });
    try {
      const jobs = new JobService(deps);
      const dry = await jobs.run("reflect", { dryRun: true });
      expect(dry.run).toMatchObject({ id: -1, job: "reflect", outcome: "skip", details: { trigger: "manual", dryRun: true } });
      expect(dry.value?.dryRun).toBe(true);
      expect(deps.opened()).toBe(false); // a dry run never even created the state database
      expect(existsSync(path.join(agentDir(ws), "state.db"))).toBe(false);
      const { run, value } = await jobs.run("reflect", {});
      expect(value?.status).toBe("skipped"); // no conversations: no model call
      expect(run).toMatchObject({ job: "reflect", outcome: "skip", details: { trigger: "manual", status: "skipped" } });
      expect(jobs.runs()).toEqual([run]);
      expect(jobs.runs({ job: "reflect" })).toEqual([run]);
      // Not a scheduled run: the night is not marked by state, but the reflection counts for it.
      expect(jobs.nightly(now + 1)).toMatchObject({ due: false });
      expect(jobs.inbox.list({ all: true })).toEqual([]);
    } finally {
      deps.close();
    }
  });

  it("a manual flush and heartbeat go through the same recording; a failure is an error row, never a throw", async () => {
    config({ context: { timeZone: "UTC" }, flush: { contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 } });
    const start = Date.parse("2026-11-21T12:00:00Z");
    appendSessionTurn({ workspace: ws, session: "chat", turn: { role: "user", content: "hello" }, now: () => start });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const provider = new ScriptedProvider(["- keep this", new Error("model crashed")]);
    const deps = testDeps(ws, { now: () => start, provider });
    try {
      const jobs = new JobService(deps);
      const notDue = await jobs.run("flush", { session: "chat" });
      expect(notDue.run).toMatchObject({ outcome: "skip", details: { session: "chat", trigger: "manual" } });
      expect(notDue.value?.status).toBe("not-due");
      const forced = await jobs.run("flush", { session: "chat", force: true });
      expect(forced.run).toMatchObject({ outcome: "ok", details: { session: "chat", trigger: "manual --force", file: "memory/2026-11-21.md" } });
      const beat = await jobs.run("heartbeat", { ignoreActiveHours: true });
      expect(beat.run).toMatchObject({ job: "heartbeat", outcome: "error", reason: "model crashed", details: { trigger: "manual --now" } });
      expect(beat.value).toBeUndefined();
      const missing = await jobs.run("flush", { session: "nope" });
      expect(missing.run).toMatchObject({ outcome: "error", reason: "there is no transcript sessions/nope.jsonl" });
      expect(jobs.runs().map((r) => [r.job, r.outcome])).toEqual([
        ["flush", "error"],
        ["heartbeat", "error"],
        ["flush", "ok"],
        ["flush", "skip"],
      ]);
      expect(jobs.runs().every((r) => r.endedAt !== null)).toBe(true);
    } finally {
      deps.close();
    }
  });

  it("the job names are a closed list; an unknown name is refused with the list", () => {
    expect(JOB_NAMES).toEqual(["reflect", "flush", "heartbeat", "evolve", "dream", "backup", "snapshot", "summarize"]);
    expect(parseJobName("evolve")).toBe("evolve");
    expect(() => parseJobName("bogus")).toThrow('there is no job "bogus": the jobs are reflect, flush, heartbeat, evolve, dream, backup, snapshot, summarize');
  });

  it("says when it wants to wake: the next heartbeat or night, at most one tick away", () => {
    config({ heartbeat: { interval: "30m", activeHours: { start: "08:00", end: "22:00" }, timeZone: "UTC" }, schedule: { reflectAt: "03:00", timeZone: "UTC", tick: "1h" } });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const at = Date.parse("2026-11-21T23:00:00Z");
    const deps = testDeps(ws, { now: () => at });
    try {
      const jobs = openJobs(ws);
      jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-21", 0);
      jobs.state.set(DREAM_STATE_KEY, "2026-11-21", 0);
      jobs.close();
      const service = new JobService(deps);
      expect(service.nextWakeAt()).toBe(at + HOUR); // heartbeat at 08:00, reflection at 03:00: the tick is sooner
      expect(service.due("heartbeat")).toMatchObject({ due: false, nextAt: Date.parse("2026-11-22T08:00:00Z") });
      expect(service.describeSchedule()).toBe("heartbeat every 30m 08:00–22:00 UTC, reflection at 03:00 UTC, dream after reflection, pre-compaction flush on, evolution sun 04:00 UTC, tick 1h");
    } finally {
      deps.close();
    }
  });
});

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendSessionTurn } from "../../src/jobs/reflect/session-log.js";
import type { ReflectionResult, RunReflectionInput } from "../../src/jobs/reflect/pipeline.js";
import { openJobsDb, type JobRun } from "../../src/jobs/runs.js";
import { LLMError, type CompletionRequest } from "../../src/llm/types.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { FakeClock } from "../../src/scheduler/clock.js";
import { Daemon, type DaemonEvent } from "../../src/scheduler/daemon.js";
import { daemonLockPath, DaemonLockedError } from "../../src/scheduler/lock.js";
import { NIGHTLY_STATE_KEY } from "../../src/scheduler/nightly.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { zonedDate, zonedTime } from "../../src/workspace/time.js";
import { cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const TZ = "America/New_York";

let ws = "";
beforeEach(() => {
  ws = tempDir("agent-daemon-");
  initWorkspace(ws);
});
afterEach(() => cleanup(ws));

function config(c: Record<string, unknown>): void {
  write(ws, "agent.config.json", JSON.stringify(c, null, 2));
}

function allRuns(): JobRun[] {
  const jobs = openJobsDb(ws);
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

/** A fake clock that stops the daemon once it reaches `until`; `hook` may move it first (a machine asleep). */
function fakeClock(start: number, until: number, hook?: (c: FakeClock) => void): { clock: FakeClock; stop: (d: Daemon) => void } {
  let daemon: Daemon | undefined;
  const clock = new FakeClock(start, {
    onSleep: (c) => {
      hook?.(c);
      if (c.now() >= until) daemon?.stop("simulation over");
    },
  });
  return { clock, stop: (d) => (daemon = d) };
}

describe("a simulated week", () => {
  it("heartbeats every 30 minutes inside 08:00–22:00 New York time, one reflection per night, in well under a second per day", async () => {
    config({
      heartbeat: { interval: "30m", activeHours: { start: "08:00", end: "22:00" }, timeZone: TZ },
      schedule: { reflectAt: "03:00", timeZone: TZ, tick: "10m" },
    });
    write(ws, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] look at the calendar\n");
    const start = Date.parse("2026-11-16T05:00:00Z"); // Monday 00:00 in New York
    const end = start + 7 * DAY;
    const { clock, stop } = fakeClock(start, end);
    const provider = steadyProvider();
    const events: DaemonEvent[] = [];
    const daemon = new Daemon({ workspace: ws, provider, clock, log: (e) => events.push(e) });
    stop(daemon);
    const t0 = Date.now();
    await daemon.run();
    const elapsed = Date.now() - t0;

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
    expect(events.at(-1)!.message).toBe("daemon stopped; lock released");
    expect(existsSync(daemonLockPath(ws))).toBe(false);
    expect(elapsed).toBeLessThan(15_000);
  });

  it("a window that crosses midnight, in another zone", async () => {
    config({
      heartbeat: { interval: "1h", activeHours: { start: "22:00", end: "02:00" }, timeZone: "Asia/Tokyo" },
      schedule: { reflect: false, tick: "15m" },
    });
    write(ws, "HEARTBEAT.md", "- [ ] anything urgent overnight?\n");
    const start = Date.parse("2026-11-16T00:00:00Z"); // 09:00 in Tokyo
    const { clock, stop } = fakeClock(start, start + 2 * DAY);
    const daemon = new Daemon({ workspace: ws, provider: steadyProvider(), clock });
    stop(daemon);
    await daemon.run();
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
    const jobs = openJobsDb(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-17", 0);
    jobs.close();
    const start = Date.parse("2026-11-18T06:00:00Z"); // 01:00 in New York
    let slept = false;
    const { clock, stop } = fakeClock(start, start + 11 * HOUR, (c) => {
      // The lid closes at 02:00 and opens at 09:00.
      if (!slept && c.now() >= start + HOUR) {
        slept = true;
        c.jump(7 * HOUR);
      }
    });
    const daemon = new Daemon({ workspace: ws, provider: new ScriptedProvider(), clock, reflect: fakeReflect });
    stop(daemon);
    await daemon.run();
    const nights = allRuns().filter((r) => r.job === "reflect");
    expect(nights).toHaveLength(1);
    expect(nights[0]).toMatchObject({ outcome: "ok", details: { night: "2026-11-18", trigger: "catch-up", version: 2 } });
    // The first tick after waking (the clock jumped to 09:00, then the tick's own sleep ended).
    expect(zonedTime(nights[0]!.startedAt, TZ)).toMatch(/^09:0\d$/);
    const inbox = openJobsDb(ws);
    expect(inbox.inbox.list()).toMatchObject([{ kind: "report", title: "Nightly reflection: SOUL.md is now version 2", source: "reflect" }]);
    expect(inbox.state.get(NIGHTLY_STATE_KEY)).toBe("2026-11-18");
    inbox.close();

    // A restart the same day does not run it again.
    const again = fakeClock(start + 12 * HOUR, start + 14 * HOUR);
    const second = new Daemon({ workspace: ws, provider: new ScriptedProvider(), clock: again.clock, reflect: fakeReflect });
    again.stop(second);
    await second.run();
    expect(allRuns().filter((r) => r.job === "reflect")).toHaveLength(1);
    expect(reflections).toHaveLength(1);
  });

  it("down for three nights: one catch-up run for the latest night, not three", async () => {
    const jobs = openJobsDb(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-18", 0);
    jobs.close();
    const start = Date.parse("2026-11-22T15:00:00Z"); // 10:00 on the 22nd in New York
    const { clock, stop } = fakeClock(start, start + HOUR);
    const daemon = new Daemon({ workspace: ws, provider: new ScriptedProvider(), clock, reflect: fakeReflect });
    stop(daemon);
    await daemon.run();
    expect(allRuns().filter((r) => r.job === "reflect").map((r) => r.details.night)).toEqual(["2026-11-22"]);
  });

  it("a reflection run by hand (or cron) after 03:00 counts for that night", async () => {
    const jobs = openJobsDb(ws);
    jobs.state.set(NIGHTLY_STATE_KEY, "2026-11-17", 0);
    jobs.db.prepare("INSERT INTO reflection_runs (started_at, ended_at, outcome) VALUES (?, ?, 'complete')").run(Date.parse("2026-11-18T09:00:00Z"), Date.parse("2026-11-18T09:01:00Z"));
    jobs.close();
    const start = Date.parse("2026-11-18T15:00:00Z");
    const { clock, stop } = fakeClock(start, start + HOUR);
    const daemon = new Daemon({ workspace: ws, provider: new ScriptedProvider(), clock, reflect: fakeReflect });
    stop(daemon);
    await daemon.run();
    expect(reflections).toHaveLength(0);
  });
});

describe("failures and retries", () => {
  it("a failing job is logged and retried on the next tick, then backs off; it never stops the daemon", async () => {
    config({ heartbeat: { interval: "30m", activeHours: { start: "00:00", end: "00:00" }, timeZone: "UTC" }, schedule: { reflect: false, tick: "1m" } });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    const provider = new ScriptedProvider([new Error("Ollama is not running"), new Error("still down"), new Error("still down"), "HEARTBEAT_OK", "HEARTBEAT_OK"]);
    const start = Date.parse("2026-11-21T12:00:00Z");
    const { clock, stop } = fakeClock(start, start + 40 * MIN);
    const events: DaemonEvent[] = [];
    const daemon = new Daemon({ workspace: ws, provider, clock, log: (e) => events.push(e) });
    stop(daemon);
    await daemon.run();
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
    const { clock, stop } = fakeClock(start, start + 30 * MIN, (c) => {
      step++;
      if (step === 2) say(2, c); // below the threshold
      if (step === 3) say(6, c); // crosses it: flush on the next tick
      if (step === 5) say(6, c); // same cycle: no second flush
      if (step === 7) appendSessionTurn({ workspace: ws, session: "chat", compacted: true, now: c.now });
      if (step === 8) say(8, c); // new cycle crosses again
    });
    const provider = steadyProvider();
    const daemon = new Daemon({ workspace: ws, provider, clock });
    stop(daemon);
    await daemon.run();
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

describe("one daemon per workspace, and stopping", () => {
  it("a second daemon is refused with the pid; a stale lock is taken over with a notice", async () => {
    config({ heartbeat: { enabled: false }, schedule: { reflect: false } });
    const a = new Daemon({ workspace: ws, provider: new ScriptedProvider(), clock: new FakeClock(Date.parse("2026-11-21T12:00:00Z")) });
    await a.start();
    const b = new Daemon({ workspace: ws, provider: new ScriptedProvider() });
    await expect(b.start()).rejects.toThrow(DaemonLockedError);
    await expect(new Daemon({ workspace: ws, provider: new ScriptedProvider() }).start()).rejects.toThrow(`(pid ${process.pid}, started 2026-11-21T12:00:00.000Z)`);
    a.stop();
    await a.run();
    expect(existsSync(daemonLockPath(ws))).toBe(false);

    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    mkdirSync(path.join(ws, ".agent"), { recursive: true });
    writeFileSync(daemonLockPath(ws), JSON.stringify({ pid: dead, host: os.hostname(), startedAt: 5 }));
    const events: DaemonEvent[] = [];
    const c = new Daemon({ workspace: ws, provider: new ScriptedProvider(), log: (e) => events.push(e) });
    await c.start();
    expect(events[0]).toMatchObject({ level: "warn", event: "lock", message: `took over a stale lock left by pid ${dead} (started 1970-01-01T00:00:00.005Z), which is no longer running` });
    c.stop();
    await c.run();
  });

  it("stop during a model call cancels it: the job is recorded as an error, nothing is written, watcher closed, lock released", async () => {
    config({ heartbeat: { timeZone: "UTC", activeHours: { start: "00:00", end: "00:00" } }, schedule: { reflect: false } });
    write(ws, "HEARTBEAT.md", "- [ ] check\n");
    let daemon!: Daemon;
    const provider = new ScriptedProvider([
      (req) =>
        new Promise<string>((_, reject) => {
          req.signal!.addEventListener("abort", () => reject(new LLMError("cancelled", "scripted completion was cancelled")));
          daemon.stop("SIGTERM");
        }),
    ]);
    let closed = 0;
    daemon = new Daemon({ workspace: ws, provider, clock: new FakeClock(Date.parse("2026-11-21T12:00:00Z")), startWatcher: () => ({ close: () => void closed++ }) });
    const before = fingerprint(ws);
    await daemon.run();
    expect(closed).toBe(1);
    expect(existsSync(daemonLockPath(ws))).toBe(false);
    expect(fingerprint(ws)).toEqual(before);
    const [run] = allRuns();
    expect(run).toMatchObject({ job: "heartbeat", outcome: "error", reason: "scripted completion was cancelled" });
    const jobs = openJobsDb(ws);
    expect(jobs.inbox.list({ all: true })).toEqual([]);
    jobs.close();
  });

  it("a stop that arrives while the answer is being written lets the write finish whole", async () => {
    config({ heartbeat: { enabled: false }, schedule: { reflect: false }, context: { timeZone: "UTC" }, flush: { contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 } });
    const start = Date.parse("2026-11-21T12:00:00Z");
    for (let i = 0; i < 8; i++) appendSessionTurn({ workspace: ws, session: "chat", turn: { role: "user", content: "v".repeat(400) }, now: () => start });
    write(ws, "memory/2026-11-21.md", "# 2026-11-21\n\n- by hand\n");
    let daemon!: Daemon;
    const notes = Array.from({ length: 200 }, (_, i) => `- durable fact ${i}`).join("\n");
    const provider = new ScriptedProvider([
      () => {
        daemon.stop("SIGTERM"); // the signal lands just as the model answers
        return notes;
      },
    ]);
    daemon = new Daemon({ workspace: ws, provider, clock: new FakeClock(start) });
    await daemon.run();
    expect(readFileSync(path.join(ws, "memory", "2026-11-21.md"), "utf8")).toBe(`# 2026-11-21\n\n- by hand\n\n## 12:00 — notes before compaction (session chat)\n\n${notes}\n`);
    expect(allRuns()).toMatchObject([{ job: "flush", outcome: "ok" }]);
    expect(existsSync(daemonLockPath(ws))).toBe(false);
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EvolutionResult, RunEvolutionInput } from "../../../src/jobs/evolve/cycle.js";
import { evolutionTimeZone } from "../../../src/jobs/evolve/config.js";
import type { JobRun } from "../../../src/store/job-runs.js";
import { parseWeeklyAt, previousWeeklyTime, nextWeeklyTime, weeklyStatus, WEEKLY_STATE_KEY } from "../../../src/jobs/schedule/weekly.js";
import type { FakeClock } from "../../../src/shared/clock.js";
import { initWorkspace } from "../../../src/workspace/init.js";
import { zonedDate, zonedTime } from "../../../src/workspace/time.js";
import { cleanup, tempDir, write } from "../../helpers/workspace.js";
import { jobsConfig, openJobs, simulate as simulateLoop } from "../deps.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = "Europe/Berlin";

let ws = "";
beforeEach(() => {
  ws = tempDir("agent-weekly-");
  initWorkspace(ws);
  write(ws, "agent.config.json", JSON.stringify({ heartbeat: { enabled: false }, schedule: { reflect: false, tick: "1h" }, evolution: { weeklyAt: "sun 04:00", timeZone: TZ } }));
});
afterEach(() => cleanup(ws));

function evolveRuns(): JobRun[] {
  const jobs = openJobs(ws);
  try {
    return jobs.runs.recent({ job: "evolve", limit: 1000 }).reverse();
  } finally {
    jobs.close();
  }
}

function simulate(start: number, until: number, hook?: (c: FakeClock) => void, evolve?: (i: RunEvolutionInput) => Promise<EvolutionResult>): Promise<void> {
  return simulateLoop(ws, { start, until, ...(hook ? { hook } : {}), ...(evolve ? { evolve } : {}) });
}

describe("weekly schedule", () => {
  it('reads "sun 04:00" and finds the occurrences around an instant, in the zone', () => {
    expect(parseWeeklyAt("sun 04:00")).toEqual({ weekday: 0, minutes: 240 });
    expect(parseWeeklyAt("Monday 9:30")).toEqual({ weekday: 1, minutes: 570 });
    expect(parseWeeklyAt("someday 04:00")).toBeUndefined();
    expect(parseWeeklyAt("sun 24:00")).toBeUndefined();
    const wed = Date.parse("2026-11-18T12:00:00Z");
    const prev = previousWeeklyTime("sun 04:00", TZ, wed);
    expect(`${zonedDate(prev, TZ)} ${zonedTime(prev, TZ)}`).toBe("2026-11-15 04:00");
    const next = nextWeeklyTime("sun 04:00", TZ, wed);
    expect(`${zonedDate(next, TZ)} ${zonedTime(next, TZ)}`).toBe("2026-11-22 04:00");
  });

  it("owes the latest week once; never weeks from before a first-ever daemon started", () => {
    const wed = Date.parse("2026-11-18T12:00:00Z");
    const base = { now: wed, weeklyAt: "sun 04:00", timeZone: TZ, lastWeek: undefined, evolvedSince: () => false, graceMs: 60_000 };
    expect(weeklyStatus(base)).toMatchObject({ due: true, week: "2026-W46", catchUp: true });
    expect(weeklyStatus({ ...base, lastWeek: "2026-W46" }).due).toBe(false);
    expect(weeklyStatus({ ...base, evolvedSince: () => true }).due).toBe(false);
    expect(weeklyStatus({ ...base, owedFrom: wed - HOUR })).toMatchObject({ due: false, reason: expect.stringMatching(/before the first run/) });
  });

  it("the evolution config is validated and its zone falls back to the schedule's, then the context's", () => {
    expect(jobsConfig(ws).evolution).toMatchObject({ weekly: true, weeklyAt: "sun 04:00" });
    expect(evolutionTimeZone(jobsConfig(ws))).toBe(TZ);
    write(ws, "agent.config.json", JSON.stringify({ schedule: { timeZone: "Asia/Tokyo" }, context: { timeZone: "UTC" } }));
    expect(evolutionTimeZone(jobsConfig(ws))).toBe("Asia/Tokyo");
    write(ws, "agent.config.json", JSON.stringify({ context: { timeZone: "UTC" } }));
    expect(evolutionTimeZone(jobsConfig(ws))).toBe("UTC");
    write(ws, "agent.config.json", JSON.stringify({ evolution: { weeklyAt: "every sunday" } }));
    expect(() => jobsConfig(ws)).toThrow(/evolution\.weeklyAt: expected a weekday and time/);
  });
});

describe("the daemon's weekly evolution", { timeout: 60_000 }, () => {
  it("runs once per ISO week at the configured time, with catch-up after a sleep, never twice for a week", async () => {
    const monday = Date.parse("2026-11-16T08:00:00Z"); // Monday 09:00 in Berlin, a workspace that never evolved
    await simulate(monday, monday + 14 * DAY);
    let runs = evolveRuns();
    // Nothing at start (no week owed before the first run), then Sunday 04:00 twice.
    expect(runs.map((r) => [r.details.week, r.details.trigger, `${zonedDate(r.startedAt, TZ)} ${zonedTime(r.startedAt, TZ)}`, r.outcome])).toEqual([
      ["2026-W47", "scheduled", "2026-11-22 04:00", "ok"],
      ["2026-W48", "scheduled", "2026-11-29 04:00", "ok"],
    ]);
    expect(existsSync(path.join(ws, "reflections", "weekly-2026-W47.md"))).toBe(true);
    const jobs = openJobs(ws);
    expect(jobs.state.get(WEEKLY_STATE_KEY)).toBe("2026-W48");
    expect(jobs.inbox.list().map((i) => i.title)).toEqual([expect.stringMatching(/^Weekly evolution 2026-W48:/), expect.stringMatching(/^Weekly evolution 2026-W47:/)]);
    jobs.close();

    // The lid closes on Saturday evening and opens on Monday: one catch-up run on waking.
    const sat = Date.parse("2026-12-05T18:00:00Z");
    let slept = false;
    await simulate(sat, sat + 3 * DAY, (c) => {
      if (!slept && c.now() >= sat + HOUR) {
        slept = true;
        c.jump(36 * HOUR);
      }
    });
    runs = evolveRuns();
    expect(runs).toHaveLength(3);
    expect(runs[2]!.details).toMatchObject({ week: "2026-W49", trigger: "catch-up" });
    expect(zonedDate(runs[2]!.startedAt, TZ)).toBe("2026-12-07");

    // A restart the same week does not run it again.
    await simulate(sat + 3 * DAY, sat + 4 * DAY);
    expect(evolveRuns()).toHaveLength(3);
  });

  it("a failing evolution is recorded and retried with back-off, and stops nothing", async () => {
    write(ws, "agent.config.json", JSON.stringify({ heartbeat: { enabled: false }, schedule: { reflect: false, tick: "5m" }, evolution: { timeZone: TZ } }));
    let calls = 0;
    const failing = async (): Promise<EvolutionResult> => {
      calls++;
      throw new Error("disk full");
    };
    const sat = Date.parse("2026-11-21T20:00:00Z");
    await simulate(sat, sat + 12 * HOUR, undefined, failing);
    const runs = evolveRuns();
    expect(runs[0]).toMatchObject({ outcome: "error", reason: "disk full", details: { week: "2026-W47" } });
    expect(calls).toBe(runs.length);
    expect(calls).toBeGreaterThan(2);
    // Retries back off (the daemon's rule: 1, 2, 4... ticks, at most 30 minutes).
    const gaps = runs.slice(1).map((r, i) => r.startedAt - runs[i]!.startedAt);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(runs.every((r) => r.outcome === "error")).toBe(true);
  });
});

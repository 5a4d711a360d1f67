/**
 * The schedule's view of the nightly reflection and the weekly evolution at a moment, read from
 * the state database through the job's deps (the pure rules are nightly.ts and weekly.ts).
 */
import { JobRunStore, JobStateStore } from "../../store/job-runs.js";
import { SoulVersionStore } from "../../store/soul-versions.js";
import { evolutionTimeZone } from "../evolve/config.js";
import { EVOLVE_JOB } from "../evolve/cycle.js";
import type { JobDeps } from "../job.js";
import { scheduleTimeZone } from "./config.js";
import { NIGHTLY_STATE_KEY, nightlyStatus, workspaceBornAt, type NightlyStatus } from "./nightly.js";
import { WEEKLY_STATE_KEY, weeklyStatus, type WeeklyStatus } from "./weekly.js";

/** The nightly reflection's state at `now` (see schedule/nightly.ts). */
export function nightlyOf(deps: JobDeps, now: number, graceMs: number): NightlyStatus {
  const db = deps.state();
  const souls = new SoulVersionStore(db);
  const tz = scheduleTimeZone(deps.config);
  const born = workspaceBornAt(deps.workspace, now);
  return nightlyStatus({
    now,
    reflectAt: deps.config.schedule.reflectAt,
    ...(tz !== undefined ? { timeZone: tz } : {}),
    lastDate: new JobStateStore(db).get(NIGHTLY_STATE_KEY),
    reflectedSince: (ms) => souls.runs(50).some((r) => (r.outcome === "complete" || r.outcome === "skip") && r.startedAt >= ms),
    graceMs,
    ...(born !== undefined ? { owedFrom: born } : {}),
  });
}

/** The weekly evolution's state at `now` (see schedule/weekly.ts). */
export function weeklyOf(deps: JobDeps, now: number, graceMs: number, startedAt: number): WeeklyStatus {
  const db = deps.state();
  const runs = new JobRunStore(db);
  const lastWeek = new JobStateStore(db).get(WEEKLY_STATE_KEY);
  const everEvolved = lastWeek !== undefined || runs.last(EVOLVE_JOB) !== undefined;
  const tz = evolutionTimeZone(deps.config);
  return weeklyStatus({
    now,
    weeklyAt: deps.config.evolution.weeklyAt,
    ...(tz !== undefined ? { timeZone: tz } : {}),
    lastWeek,
    evolvedSince: (ms) => runs.recent({ job: EVOLVE_JOB, limit: 20 }).some((r) => (r.outcome === "ok" || r.outcome === "skip") && r.startedAt >= ms),
    ...(everEvolved ? {} : { owedFrom: startedAt }),
    graceMs,
  });
}

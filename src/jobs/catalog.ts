/**
 * The catalog: the jobs the runner knows, each in its folder (`jobs/<name>/job.ts`) as a `Job`
 * built from the host's `JobDeps`. A job says when it is due (from the state database and the
 * validated config) and runs with a cancel signal; the runner records it. Nothing here opens a
 * database, reads the config file or creates a model: all of it comes from `deps`, on first use.
 */
import { BACKUP_JOB, backupJob, type BackupArgs } from "./backup/job.js";
import { DREAM_JOB, dreamJob, type DreamArgs } from "./dream/job.js";
import type { DreamResult } from "./dream/run.js";
import { EVOLVE_JOB, evolveJob, type EvolveArgs, type EvolveEnv } from "./evolve/job.js";
import type { EvolutionResult, SnapshotResult } from "./evolve/cycle.js";
import { FLUSH_JOB, flushJob, type FlushArgs } from "./flush/job.js";
import type { FlushResult } from "./flush/run.js";
import { HEARTBEAT_JOB, heartbeatJob, type HeartbeatArgs } from "./heartbeat/job.js";
import type { HeartbeatResult } from "./heartbeat/run.js";
import type { Job, JobDeps } from "./job.js";
import { REFLECT_JOB, reflectJob, type ReflectArgs, type ReflectEnv } from "./reflect/job.js";
import type { ReflectionResult } from "./reflect/pipeline.js";
import { nightlyOf } from "./schedule/status.js";
import { SNAPSHOT_JOB, snapshotJob, type SnapshotArgs } from "./snapshot/job.js";
import type { StateBackup } from "../store/backup.js";
import { SUMMARIZE_JOB, summarizeJob, type SummarizeArgs } from "./summarize/job.js";
import type { SummarizeResult } from "./summarize/run.js";

export { BACKUP_JOB, DREAM_JOB, EVOLVE_JOB, FLUSH_JOB, HEARTBEAT_JOB, REFLECT_JOB, SNAPSHOT_JOB, SUMMARIZE_JOB };
export type { BackupArgs, DreamArgs, EvolveArgs, FlushArgs, HeartbeatArgs, ReflectArgs, SnapshotArgs, SummarizeArgs };

/** Every job there is; a name outside this list is refused (`agent jobs --job bogus`). */
export const JOB_NAMES = [REFLECT_JOB, FLUSH_JOB, HEARTBEAT_JOB, EVOLVE_JOB, DREAM_JOB, BACKUP_JOB, SNAPSHOT_JOB, SUMMARIZE_JOB] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function isJobName(name: string): name is JobName {
  return (JOB_NAMES as readonly string[]).includes(name);
}

export class UnknownJobError extends Error {
  constructor(readonly job: string) {
    super(`there is no job "${job}": the jobs are ${JOB_NAMES.join(", ")}`);
    this.name = "UnknownJobError";
  }
}

/** The name itself when it is a job's, else UnknownJobError naming the jobs there are. */
export function parseJobName(name: string): JobName {
  if (!isJobName(name)) throw new UnknownJobError(name);
  return name;
}

export interface JobArgs {
  summarize: SummarizeArgs;
  reflect: ReflectArgs;
  flush: FlushArgs;
  heartbeat: HeartbeatArgs;
  evolve: EvolveArgs;
  dream: DreamArgs;
  backup: BackupArgs;
  snapshot: SnapshotArgs;
}

export interface JobValues {
  summarize: SummarizeResult;
  reflect: ReflectionResult;
  flush: FlushResult;
  heartbeat: HeartbeatResult;
  evolve: EvolutionResult;
  dream: DreamResult;
  /** The copy taken; null when there was no state to copy. */
  backup: StateBackup | null;
  snapshot: SnapshotResult;
}

export type JobCatalog = { [N in JobName]: Job<JobArgs[N], JobValues[N]> };

/** What the catalog needs beside the deps: the schedule's view and the test seams of the long jobs. */
export type CatalogEnv = ReflectEnv & EvolveEnv;

export function buildCatalog(deps: JobDeps, env: CatalogEnv): JobCatalog {
  return {
    summarize: summarizeJob(deps, env),
    reflect: reflectJob(deps, env),
    flush: flushJob(deps, env),
    heartbeat: heartbeatJob(deps, env),
    evolve: evolveJob(deps, env),
    dream: dreamJob(deps, { ...env, nightly: (now) => nightlyOf(deps, now, env.tickMs) }),
    backup: backupJob(deps),
    snapshot: snapshotJob(deps),
  };
}

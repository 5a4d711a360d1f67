/**
 * Job bookkeeping in the state database (.agent/state.db, tables from schema.sql migration 3):
 * every run of a scheduled job (job, start, end, outcome, reason), small named scheduler
 * facts, and the helper that runs a job and records it whatever happens. Plain repositories:
 * the jobs and the scheduler decide what to record.
 */
import { redact, redactJson } from "../shared/redact.js";
import type { DB } from "./open.js";
import { errorMessage } from "../shared/errors.js";
import { isProcessAlive } from "../shared/process.js";
import { InboxStore } from "./inbox.js";

export type JobOutcome = "running" | "ok" | "skip" | "error";
export type FinalOutcome = Exclude<JobOutcome, "running">;

export interface JobRun {
  id: number;
  job: string;
  startedAt: number;
  endedAt: number | null;
  outcome: JobOutcome;
  reason: string | null;
  details: Record<string, unknown>;
}

export interface JobResult {
  outcome: FinalOutcome;
  reason?: string | null;
  details?: Record<string, unknown>;
}

interface RunRow {
  id: number;
  job: string;
  started_at: number;
  ended_at: number | null;
  outcome: JobOutcome;
  reason: string | null;
  details: string;
}

export class JobRunStore {
  constructor(readonly db: DB) {}

  /** Records that a run started and returns its id; it stays 'running' until finished. */
  start(job: string, startedAt: number, details: Record<string, unknown> = {}): number {
    const r = this.db
      .prepare("INSERT INTO job_runs (job, started_at, outcome, details) VALUES (?, ?, 'running', ?)")
      .run(job, startedAt, JSON.stringify(redactJson({ pid: process.pid, ...details }).value));
    return Number(r.lastInsertRowid);
  }

  finish(id: number, end: JobResult & { endedAt: number }): void {
    const prev = this.get(id);
    const details = { ...(prev?.details ?? {}), ...(end.details ?? {}) };
    this.db
      .prepare("UPDATE job_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?")
      // A run's reason and details quote what it read (a MEMORY.md line, a model's reply): kept without secrets.
      .run(end.outcome, end.endedAt, end.reason == null ? null : redact(end.reason), JSON.stringify(redactJson(details).value), id);
  }

  get(id: number): JobRun | undefined {
    const row = this.db.prepare("SELECT * FROM job_runs WHERE id = ?").get(id) as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  /** The newest runs, newest first; optionally of one job only. */
  recent(opts: { limit?: number; job?: string } = {}): JobRun[] {
    const limit = opts.limit ?? 20;
    const rows = (
      opts.job === undefined
        ? this.db.prepare("SELECT * FROM job_runs ORDER BY started_at DESC, id DESC LIMIT ?").all(limit)
        : this.db.prepare("SELECT * FROM job_runs WHERE job = ? ORDER BY started_at DESC, id DESC LIMIT ?").all(opts.job, limit)
    ) as RunRow[];
    return rows.map(toRun);
  }

  /** The newest run of `job` (with one of `outcomes`, when given). */
  last(job: string, outcomes?: JobOutcome[]): JobRun | undefined {
    if (outcomes === undefined) return this.recent({ job, limit: 1 })[0];
    const marks = outcomes.map(() => "?").join(", ");
    const row = this.db
      .prepare(`SELECT * FROM job_runs WHERE job = ? AND outcome IN (${marks}) ORDER BY started_at DESC, id DESC LIMIT 1`)
      .get(job, ...outcomes) as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  /**
   * Runs left 'running' by a process that no longer exists (killed, power cut) are closed
   * as errors, so `agent jobs` does not show them running forever. Returns how many.
   */
  closeInterrupted(now: number): number {
    const rows = this.db.prepare("SELECT * FROM job_runs WHERE outcome = 'running'").all() as RunRow[];
    let n = 0;
    for (const r of rows.map(toRun)) {
      const pid = typeof r.details.pid === "number" ? r.details.pid : undefined;
      if (pid !== undefined && isProcessAlive(pid)) continue;
      this.finish(r.id, { outcome: "error", endedAt: now, reason: "interrupted: the process stopped before the run ended" });
      n++;
    }
    return n;
  }
}

function toRun(r: RunRow): JobRun {
  return {
    id: r.id,
    job: r.job,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    outcome: r.outcome,
    reason: r.reason,
    details: parseJson(r.details),
  };
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Small named facts the scheduler keeps between runs ("nightly.lastDate" → "2026-11-21"). */
export class JobStateStore {
  constructor(readonly db: DB) {}

  get(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM job_state WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }

  set(key: string, value: string, at: number): void {
    this.db
      .prepare("INSERT INTO job_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
      .run(key, value, at);
  }
}

/** The job repositories over the state database the host opened (and will close). */
export interface JobStores {
  db: DB;
  runs: JobRunStore;
  inbox: InboxStore;
  state: JobStateStore;
}

export function jobStores(db: DB): JobStores {
  return { db, runs: new JobRunStore(db), inbox: new InboxStore(db), state: new JobStateStore(db) };
}

/**
 * Runs `fn` as job `job` and records it: a 'running' row first, then the outcome it returns,
 * or 'error' with the message when it throws. Never throws itself (a failure to record is
 * reported in the returned run's reason), so one bad job cannot stop a scheduler.
 */
export async function recordRun(
  runs: JobRunStore,
  job: string,
  now: () => number,
  details: Record<string, unknown>,
  fn: (runId: number) => Promise<JobResult> | JobResult,
): Promise<JobRun> {
  const startedAt = now();
  let id: number | undefined;
  let result: JobResult;
  try {
    id = runs.start(job, startedAt, details);
    result = await fn(id);
  } catch (e) {
    result = { outcome: "error", reason: errorMessage(e) };
  }
  const endedAt = now();
  if (id !== undefined) {
    try {
      runs.finish(id, { ...result, endedAt });
      const saved = runs.get(id);
      if (saved !== undefined) return saved;
    } catch (e) {
      result = { outcome: "error", reason: `${result.reason ?? result.outcome}; and recording the run failed: ${errorMessage(e)}` };
    }
  }
  return {
    id: id ?? -1,
    job,
    startedAt,
    endedAt,
    outcome: result.outcome,
    reason: result.reason ?? null,
    details: { ...details, ...(result.details ?? {}) },
  };
}

/**
 * The catalog: the jobs the runner knows, each a `Job` built from the host's `JobDeps`: the
 * model's jobs (reflect, flush, heartbeat, evolve, snapshot) and the daily state backup.
 * A job says when it is due (from the state database and the validated config) and runs
 * with a cancel signal; the runner records it. Nothing here opens a database, reads the
 * config file or creates a model: all of it comes from `deps`, on first use.
 */
import { listWorkspaceDir, statWorkspacePath } from "../workspace/guard.js";
import path from "node:path";
import { ReflectionConfigSchema, type ReflectionConfig, type ReflectionConfigInput } from "./reflect/config.js";
import { runReflection, type ReflectionResult, type RunReflectionInput } from "./reflect/pipeline.js";
import { SoulVersionStore } from "../store/soul-versions.js";
import { openStateDb } from "../store/state.js";
import { backupStateDb, dailyBackupDueAt, type StateBackup } from "../store/backup.js";
import { stateDbPath } from "../workspace/paths.js";
import { isValidSessionId } from "../workspace/sessions.js";
import { evolutionTimeZone } from "./evolve/config.js";
import { EVOLVE_JOB, evolveJobResult, runEvolution, takePersonalitySnapshot, type EvolutionResult, type RunEvolutionInput, type SnapshotResult } from "./evolve/cycle.js";
import { checkFlush, flushJobResult, flushSettings, runFlush, type FlushResult } from "./flush/run.js";
import { notify, type AlertMessage, type NotifyResult } from "./heartbeat/notify.js";
import { HEARTBEAT_JOB, heartbeatDue, heartbeatJobResult, heartbeatSettings, runHeartbeat, type HeartbeatResult } from "./heartbeat/run.js";
import { InboxStore } from "../store/inbox.js";
import { DREAM_JOB, dreamJob, type DreamArgs } from "./dream/job.js";
import type { DreamResult } from "./dream/run.js";
import type { Job, JobDeps, JobDue, JobTrigger } from "./job.js";
import { JobRunStore, JobStateStore, type JobResult } from "../store/job-runs.js";
import { errorMessage } from "../shared/errors.js";
import { scheduleTimeZone } from "./schedule/config.js";
import { NIGHTLY_STATE_KEY, nightlyStatus, workspaceBornAt, type NightlyStatus } from "./schedule/nightly.js";
import { WEEKLY_STATE_KEY, weeklyStatus, type WeeklyStatus } from "./schedule/weekly.js";

export const REFLECT_JOB = "reflect";
export const FLUSH_JOB = "flush";
export const BACKUP_JOB = "backup";
export const SNAPSHOT_JOB = "snapshot";
export { HEARTBEAT_JOB, EVOLVE_JOB, DREAM_JOB };

/** Every job there is; a name outside this list is refused (`agent jobs --job bogus`). */
export const JOB_NAMES = [REFLECT_JOB, FLUSH_JOB, HEARTBEAT_JOB, EVOLVE_JOB, DREAM_JOB, BACKUP_JOB, SNAPSHOT_JOB] as const;
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

export interface ReflectArgs {
  /** Compute everything, write nothing, record nothing. */
  dryRun?: boolean;
  /** Window of sessions to reflect on ("24h", "3d"); default reflection.since. */
  since?: string;
  /** Overrides of the reflection section for this run (`--provider`-like flags). */
  config?: Partial<ReflectionConfigInput>;
  /** The night a scheduled run is for ("YYYY-MM-DD"); recorded as done when it succeeds. */
  night?: string;
  catchUp?: boolean;
}

export interface FlushArgs {
  session: string;
  /** Ignore the threshold and the once-per-cycle rule. */
  force?: boolean;
  /** Run for an assistant's compaction (its name). */
  compaction?: string;
  /** With compaction: no LLM is configured, so the turns are only captured (the run says so). */
  captureOnly?: boolean;
}

export interface HeartbeatArgs {
  /** Run even outside the active hours (`agent heartbeat --now`). */
  ignoreActiveHours?: boolean;
}

export interface EvolveArgs {
  /** Overrides evolution.narrative for this run. */
  narrative?: "rules" | "model";
  /** The ISO week a scheduled run is for; recorded as done when it succeeds. */
  week?: string;
  catchUp?: boolean;
}

/** The daily backup takes no arguments: the schedule runs it once a day, a person whenever. */
export type BackupArgs = Record<string, never>;

export interface SnapshotArgs {
  /** Overrides evolution.narrative for this run. */
  narrative?: "rules" | "model";
}

export interface JobArgs {
  reflect: ReflectArgs;
  flush: FlushArgs;
  heartbeat: HeartbeatArgs;
  evolve: EvolveArgs;
  dream: DreamArgs;
  backup: BackupArgs;
  snapshot: SnapshotArgs;
}

export interface JobValues {
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

/** What the catalog needs beside the deps: the schedule's view and test seams for the two long jobs. */
export interface CatalogEnv {
  /** The tick length: lateness beyond it makes a due run a catch-up. */
  tickMs: number;
  /** When the host started: a workspace that never evolved owes no week from before. */
  startedAt: number;
  /** A problem worth one line in the host's log (an unreadable sessions/ folder). */
  warn: (key: string, message: string) => void;
  /** Replaces runReflection (tests). */
  reflect?: (input: RunReflectionInput) => Promise<ReflectionResult>;
  /** Replaces runEvolution (tests). */
  evolve?: (input: RunEvolutionInput) => Promise<EvolutionResult>;
  /** Replaces the configured notifier (tests). */
  notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
}

const notDue = (reason: string, nextAt: number | null = null): JobDue<never> => ({ due: false, nextAt, reason, runs: [] });

export function buildCatalog(deps: JobDeps, env: CatalogEnv): JobCatalog {
  return {
    reflect: reflectJob(deps, env),
    flush: flushJob(deps, env),
    heartbeat: heartbeatJob(deps, env),
    evolve: evolveJob(deps, env),
    dream: dreamJob(deps, { ...env, nightly: (now) => nightlyOf(deps, now, env.tickMs) }),
    backup: backupJob(deps),
    snapshot: snapshotJob(deps),
  };
}

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

function triggerWord(trigger: JobTrigger, catchUp: boolean | undefined, scheduled: string): string {
  return trigger === "manual" ? "manual" : catchUp ? "catch-up" : scheduled;
}

function reflectJob(deps: JobDeps, env: CatalogEnv): Job<ReflectArgs, ReflectionResult> {
  return {
    name: REFLECT_JOB,
    due(now) {
      if (!deps.config.schedule.reflect) return notDue("the nightly reflection is off (schedule.reflect is false)");
      const st = nightlyOf(deps, now, env.tickMs);
      if (!st.due) return notDue(st.reason, st.next);
      return { due: true, nextAt: now, reason: st.reason, runs: [{ key: REFLECT_JOB, args: { night: st.night, catchUp: st.catchUp } }] };
    },
    startDetails(args, trigger) {
      return {
        ...(args.night !== undefined ? { night: args.night } : {}),
        trigger: triggerWord(trigger, args.catchUp, "scheduled"),
        ...(args.since !== undefined ? { since: args.since } : {}),
      };
    },
    recorded: (args) => args.dryRun !== true,
    async run(args, ctx) {
      const reflect = env.reflect ?? runReflection;
      // A dry run writes nothing, and creates no state file either: it reads an empty one.
      const scratch = args.dryRun && deps.existingState() === null ? openStateDb(":memory:") : null;
      try {
        const r = await reflect({
          workspace: deps.workspace,
          db: scratch ?? deps.state(),
          reflection: reflectionWith(deps, args.config),
          evolution: deps.config.evolution,
          provider: deps.llm(),
          now: deps.now,
          signal: ctx.signal,
          ...(args.since !== undefined ? { since: args.since } : {}),
          ...(args.dryRun ? { dryRun: true } : {}),
          embedder: deps.embedder,
          embedCache: args.dryRun ? null : deps.embedCache(),
        });
        const result = reflectResult(deps, args, ctx.trigger, r);
        if (ctx.trigger === "schedule" && !r.dryRun && r.status === "proposed") await announceProposal(deps, env, r);
        return { result, value: r };
      } finally {
        scratch?.close();
      }
    },
  };
}

/** The reflection section with this run's overrides, validated like the file's own. */
function reflectionWith(deps: JobDeps, over: Partial<ReflectionConfigInput> | undefined): ReflectionConfig {
  if (over === undefined || Object.keys(over).length === 0) return deps.config.reflection;
  const r = ReflectionConfigSchema.safeParse({ ...deps.config.reflection, ...over });
  if (!r.success) {
    throw new Error(`reflection settings for this run: ${r.error.issues.map((i) => `${["reflection", ...i.path.map(String)].join(".")}: ${i.message}`).join("; ")}`);
  }
  return r.data;
}

/** A proposal waits for the person: the notifier says so (the inbox already holds the report). */
async function announceProposal(deps: JobDeps, env: CatalogEnv, r: ReflectionResult): Promise<void> {
  const alert: AlertMessage = {
    kind: "report",
    title: "A SOUL.md proposal waits for review",
    body: `${r.reason ?? "nightly reflection held a change back"}\n\nReview it: agent soul proposed, then agent soul accept or agent soul reject --reason "..."`,
    createdAt: deps.now(),
    workspace: deps.workspace,
    source: REFLECT_JOB,
  };
  try {
    await (env.notify ?? ((a: AlertMessage) => notify(a, deps.config.heartbeat.notifier)))(alert);
  } catch (e) {
    env.warn("notify-proposal", `could not send the proposal notice: ${errorMessage(e)}`);
  }
}

function reflectResult(deps: JobDeps, args: ReflectArgs, trigger: JobTrigger, r: ReflectionResult): JobResult {
  const details: Record<string, unknown> = { status: r.status, reflectionRun: r.runId };
  if (r.version !== undefined) details.version = r.version;
  if (r.dryRun) details.dryRun = true;
  if (r.status === "kept") return { outcome: "error", reason: r.reason ?? "the model's SOUL could not be used", details };
  if (args.night !== undefined && !r.dryRun) new JobStateStore(deps.state()).set(NIGHTLY_STATE_KEY, args.night, deps.now());
  if (trigger === "schedule" && !r.dryRun && (r.status === "updated" || r.status === "proposed")) {
    new InboxStore(deps.state()).add({
      createdAt: deps.now(),
      kind: "report",
      title: r.status === "updated" ? `Nightly reflection: SOUL.md is now version ${r.version}` : "Nightly reflection proposes a SOUL.md change (SOUL.proposed.md)",
      body:
        [r.summary, r.status === "proposed" ? r.reason : undefined, r.report, r.reportPath ? `Report: ${r.reportPath}` : undefined]
          .filter((x): x is string => typeof x === "string" && x.trim() !== "")
          .join("\n\n") || r.status,
      source: REFLECT_JOB,
    });
  }
  const what = r.status === "updated" ? `SOUL.md version ${r.version}` : r.status;
  const when = args.night !== undefined ? `${args.catchUp ? "catch-up, " : ""}night ${args.night}: ` : "";
  return { outcome: r.status === "skipped" ? "skip" : "ok", reason: `${when}${what}${r.reason ? ` (${r.reason})` : ""}`, details };
}

function flushJob(deps: JobDeps, env: CatalogEnv): Job<FlushArgs, FlushResult> {
  // Per transcript: its size and mtime when last checked, and whether it was due then. An
  // unchanged transcript that was not due is not read again.
  const seen = new Map<string, { key: string; due: boolean }>();
  return {
    name: FLUSH_JOB,
    due() {
      const cfg = deps.config.flush;
      if (!cfg.enabled) return notDue("the pre-compaction flush is off (flush.enabled is false)");
      if (statWorkspacePath(deps.workspace, "sessions")?.isDirectory !== true) return notDue("no sessions/ folder");
      const names = listWorkspaceDir(deps.workspace, "sessions").filter((n) => n.endsWith(".jsonl"));
      const runs: { key: string; args: FlushArgs }[] = [];
      for (const name of names) {
        const session = name.slice(0, -".jsonl".length);
        if (!isValidSessionId(session)) continue;
        const st = statWorkspacePath(deps.workspace, `sessions/${name}`);
        if (st === null || !st.isFile) continue;
        const key = `${st.size}:${st.mtimeMs}`;
        const prev = seen.get(session);
        if (prev !== undefined && prev.key === key && !prev.due) continue;
        let due: boolean;
        try {
          due = checkFlush(deps.workspace, session, deps.state(), cfg).decision.due;
        } catch (e) {
          env.warn(`flush:${session}:${key}`, `flush check of sessions/${name} failed: ${errorMessage(e)}`);
          seen.set(session, { key, due: false });
          continue;
        }
        seen.set(session, { key, due });
        if (due) runs.push({ key: `${FLUSH_JOB}:${session}`, args: { session } });
      }
      return runs.length > 0
        ? { due: true, nextAt: null, reason: `${runs.length} transcript(s) near compaction`, runs }
        : notDue("no transcript is near compaction");
    },
    startDetails(args, trigger) {
      if (args.compaction !== undefined) return { session: args.session, trigger: `${args.compaction} compaction` };
      return { session: args.session, trigger: trigger === "manual" ? (args.force ? "manual --force" : "manual") : "threshold" };
    },
    recorded: () => true,
    async run(args, ctx) {
      if (args.compaction !== undefined && args.captureOnly === true) {
        // Not an error: the person has not set up a model, and the turns are safe in sessions/.
        return { result: { outcome: "skip", reason: `capture only: no LLM is configured (no "llm" section in agent.config.json); the turns before the ${args.compaction} compaction are in sessions/${args.session}.jsonl, no notes were written` }, value: { status: "not-due", session: args.session, reason: "capture only: no LLM is configured", cycleKey: "", tokens: 0, bytes: 0, thresholdTokens: 0 } };
      }
      const r = await runFlush({
        workspace: deps.workspace,
        session: args.session,
        provider: deps.llm(),
        db: deps.state(),
        now: deps.now,
        settings: flushSettings(deps.config),
        force: args.force ?? false,
        signal: ctx.signal,
        ...(ctx.runId !== null ? { runId: ctx.runId } : {}),
      });
      return { result: flushJobResult(r), value: r };
    },
  };
}

function heartbeatJob(deps: JobDeps, env: CatalogEnv): Job<HeartbeatArgs, HeartbeatResult> {
  const settings = heartbeatSettings(deps.config);
  return {
    name: HEARTBEAT_JOB,
    due(now) {
      if (!settings.config.enabled) return notDue("heartbeats are off (heartbeat.enabled is false)");
      const d = heartbeatDue(deps.state(), now, settings);
      if (!d.due) return notDue(d.reason, d.at);
      return { due: true, nextAt: d.at, reason: d.reason, runs: [{ key: HEARTBEAT_JOB, args: {} }] };
    },
    startDetails(args, trigger) {
      return { trigger: trigger === "manual" ? (args.ignoreActiveHours ? "manual --now" : "manual") : "interval" };
    },
    recorded: () => true,
    async run(args, ctx) {
      const r = await runHeartbeat({
        workspace: deps.workspace,
        provider: deps.llm(),
        db: deps.state(),
        now: deps.now,
        settings,
        ignoreActiveHours: args.ignoreActiveHours ?? false,
        signal: ctx.signal,
        ...(ctx.runId !== null ? { runId: ctx.runId } : {}),
        ...(env.notify ? { notify: env.notify } : {}),
      });
      return { result: heartbeatJobResult(r), value: r };
    },
  };
}

function evolveJob(deps: JobDeps, env: CatalogEnv): Job<EvolveArgs, EvolutionResult> {
  return {
    name: EVOLVE_JOB,
    due(now) {
      if (!deps.config.evolution.weekly) return notDue("the weekly evolution is off (evolution.weekly is false)");
      const st = weeklyOf(deps, now, env.tickMs, env.startedAt);
      if (!st.due) return notDue(st.reason, st.next);
      return { due: true, nextAt: now, reason: st.reason, runs: [{ key: EVOLVE_JOB, args: { week: st.week, catchUp: st.catchUp } }] };
    },
    startDetails(args, trigger) {
      return { ...(args.week !== undefined ? { week: args.week } : {}), trigger: triggerWord(trigger, args.catchUp, "scheduled") };
    },
    recorded: () => true,
    async run(args, ctx) {
      const evolve = env.evolve ?? runEvolution;
      const r = await evolve({
        ...evolutionInput(deps, ctx.signal, args.narrative),
        ...(args.week !== undefined ? { week: args.week } : {}),
      });
      if (args.week !== undefined) new JobStateStore(deps.state()).set(WEEKLY_STATE_KEY, args.week, deps.now());
      const res = evolveJobResult(r);
      return { result: { ...res, reason: `${args.catchUp ? "catch-up, " : ""}${res.reason ?? ""}` }, value: r };
    },
  };
}

/** What the weekly evolution and a snapshot are given (the model only when the narrative is the model's). */
function evolutionInput(deps: JobDeps, signal: AbortSignal, narrative: "rules" | "model" | undefined): RunEvolutionInput {
  return {
    workspace: deps.workspace,
    db: deps.state(),
    config: deps.config.evolution,
    timeZone: evolutionTimeZone(deps.config),
    now: deps.now,
    provider: () => deps.llm(),
    signal,
    ...(narrative !== undefined ? { narrative } : {}),
  };
}

/**
 * The daily copy of state.db (.agent/backups/, SQLite's online backup): due when no backup
 * of any reason was taken in the last 24 hours. A cancel stops the copy between two steps
 * and leaves no partial file.
 */
function backupJob(deps: JobDeps): Job<BackupArgs, StateBackup | null> {
  const file = () => stateDbPath(deps.workspace);
  return {
    name: BACKUP_JOB,
    due(now) {
      // Nothing to protect yet, and a look must not create the file.
      if (statWorkspacePath(deps.workspace, path.relative(deps.workspace, file())) === null) return notDue("there is no state database yet");
      const at = dailyBackupDueAt(file(), now);
      if (at > now) return notDue("state.db was backed up in the last 24 hours", at);
      return { due: true, nextAt: now, reason: "no backup of state.db in the last 24 hours", runs: [{ key: BACKUP_JOB, args: {} }] };
    },
    startDetails: (_args, trigger) => ({ trigger: trigger === "manual" ? "manual" : "daily" }),
    recorded: () => true,
    async run(_args, ctx) {
      const b = await backupStateDb(file(), { reason: ctx.trigger === "manual" ? "manual" : "daily", now: deps.now(), signal: ctx.signal });
      if (b === null) return { result: { outcome: "skip", reason: "there is no state database yet" }, value: null };
      return { result: { outcome: "ok", reason: `state backed up to ${b.file}`, details: { file: b.file, bytes: b.bytes } }, value: b };
    },
  };
}

/** `agent snapshot`: a personality snapshot now (fade pass, traits, narrative, drift); no report. Never scheduled. */
function snapshotJob(deps: JobDeps): Job<SnapshotArgs, SnapshotResult> {
  return {
    name: SNAPSHOT_JOB,
    due: () => notDue("taken by hand (`agent snapshot`); the weekly evolution takes its own"),
    startDetails: (args, trigger) => ({ trigger, ...(args.narrative !== undefined ? { narrative: args.narrative } : {}) }),
    recorded: () => true,
    async run(args, ctx) {
      const r = await takePersonalitySnapshot(evolutionInput(deps, ctx.signal, args.narrative));
      const reason = `snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories, ${r.drift.length} drift(s); narrative by ${r.narrativeBy}`;
      return { result: { outcome: "ok", reason, details: { snapshot: r.snapshotId, week: r.week, drift: r.drift.map((d) => d.trait) } }, value: r };
    },
  };
}

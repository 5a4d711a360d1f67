/**
 * The one job runner. `agent reflect|flush|heartbeat|evolve`, cron and the daemon all start
 * jobs through `JobService.run`, so every run is recorded the same way in job_runs (once:
 * start, end, outcome, reason) and cancelled the same way: an aborted signal stops the model
 * call in flight and the run is recorded as an error with reason "cancelled" (every write
 * a job makes is an atomic replace or a verified append that runs after the model answered,
 * so a cancel never lands in the middle of one).
 *
 * The daemon is `tick()` in a loop (`ScheduleLoop`): each tick runs every due job one at a
 * time, in catalog order — flushes of growing transcripts, the heartbeat inside its active
 * hours, the nightly reflection with catch-up, the weekly evolution. A job that fails is
 * retried on the next tick; if it keeps failing the retries back off (1, 2, 4... ticks, at
 * most 30 minutes) so a model that is down is not called every minute all night. A failing
 * job never stops the loop.
 */
import type { Clock } from "../shared/clock.js";
import { parseDuration } from "../shared/duration.js";
import {
  buildCatalog,
  isJobName,
  JOB_NAMES,
  UnknownJobError,
  type CatalogEnv,
  type JobArgs,
  type JobCatalog,
  type JobName,
  type JobValues,
} from "./catalog.js";
import { evolutionTimeZone } from "./evolve/config.js";
import { nightlyOf, weeklyOf } from "./schedule/status.js";
import { InboxStore } from "../store/inbox.js";
import { awayMessage, homeStatus, makeHome, type HomeStatus } from "../store/events/home.js";
import type { Job, JobDeps, JobDue, JobTrigger } from "./job.js";
import { scheduleTimeZone } from "./schedule/config.js";
import type { NightlyStatus } from "./schedule/nightly.js";
import type { WeeklyStatus } from "./schedule/weekly.js";
import { JobRunStore, JobStateStore, recordRun, type JobResult, type JobRun } from "../store/job-runs.js";
import { isLlmMissing, llmSetupHint } from "../llm/setup-hint.js";
import { LLMError } from "../llm/types.js";
import { errorMessage } from "../shared/errors.js";

export interface JobEvent {
  at: number;
  level: "info" | "warn" | "error";
  /** "job" (a run ended), "warning", "recovered". */
  event: string;
  message: string;
  run?: JobRun;
}

export interface JobServiceOptions extends Partial<Pick<CatalogEnv, "reflect" | "evolve" | "notify">> {
  /** Where job endings and warnings go (the daemon's log). */
  log?: (e: JobEvent) => void;
  /** When the host started (default now): a workspace that never evolved owes no earlier week. */
  startedAt?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Run a writing job on this device even when it is not their home (`agent reflect --here`). */
  here?: boolean;
  /** Default "manual". */
  trigger?: JobTrigger;
}

export interface RunOutcome<V> {
  /** The recorded run (id -1 for a run that is not recorded, such as a dry run). */
  run: JobRun;
  /** What the job returned; undefined when it failed or was cancelled. */
  value: V | undefined;
}

const MIN_SLEEP_MS = 1_000;

/**
 * The jobs that write markdown: they run on the home device only, so two devices syncing one
 * workspace never both rewrite SOUL.md, MEMORY.md or a daily note. A person may still run one
 * by hand elsewhere with `--here`; a flush an assistant's hook asks for runs where the session is.
 */
const WRITING_JOBS: ReadonlySet<JobName> = new Set(["reflect", "dream", "flush", "heartbeat", "summarize", "evolve", "snapshot"] as JobName[]);
const REFUSED_BY_HAND: ReadonlySet<JobName> = new Set(["reflect", "dream", "evolve"] as JobName[]);

export class NotHomeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotHomeError";
  }
}
const MAX_BACKOFF_MS = 30 * 60_000;

export class JobService {
  readonly deps: JobDeps;
  readonly tickMs: number;
  readonly startedAt: number;
  private readonly jobs: JobCatalog;
  private readonly log: (e: JobEvent) => void;
  private readonly failures = new Map<string, { count: number; retryAt: number }>();
  private readonly warned = new Set<string>();

  constructor(deps: JobDeps, opts: JobServiceOptions = {}) {
    this.deps = deps;
    this.tickMs = parseDuration(deps.config.schedule.tick) ?? 60_000;
    this.startedAt = opts.startedAt ?? deps.now();
    this.log = opts.log ?? (() => undefined);
    this.jobs = buildCatalog(deps, {
      tickMs: this.tickMs,
      startedAt: this.startedAt,
      warn: (key, message) => this.warnOnce(key, message),
      ...(opts.reflect ? { reflect: opts.reflect } : {}),
      ...(opts.evolve ? { evolve: opts.evolve } : {}),
      ...(opts.notify ? { notify: opts.notify } : {}),
    });
  }

  /** The job names, in the order a tick runs them. */
  get names(): readonly JobName[] {
    return TICK_ORDER;
  }

  /** Whether `name` is due now, and why (what `agent heartbeat` checks before running). */
  due<N extends JobName>(name: N, now = this.deps.now()): JobDue<JobArgs[N]> {
    return (this.jobs[name] as Job<JobArgs[N], JobValues[N]>).due(now);
  }

  /**
   * Runs job `name` once and records it: a 'running' row, then the outcome. Never throws for
   * a failing job (the run says error and why); a dry run leaves no row.
   */
  async run<N extends JobName>(name: N, args: JobArgs[N], opts: RunOptions = {}): Promise<RunOutcome<JobValues[N]>> {
    // The name may come from a command line: refuse anything outside the catalog by name.
    if (!isJobName(name)) throw new UnknownJobError(name);
    const job = this.jobs[name] as Job<JobArgs[N], JobValues[N]>;
    const trigger = opts.trigger ?? "manual";
    const signal = opts.signal ?? new AbortController().signal;
    const details = job.startDetails(args, trigger);
    let value: JobValues[N] | undefined;
    const body = async (runId: number | null): Promise<JobResult> => {
      if (signal.aborted) return cancelled(signal.reason);
      try {
        const out = await job.run(args, { signal, trigger, runId });
        value = out.value;
        return out.result;
      } catch (e) {
        if (signal.aborted) return cancelled(e);
        if (isLlmMissing(e)) return llmMissing(e);
        // The model's own error keeps its code, so every front reports it alike (`--json`: "llm").
        if (e instanceof LLMError) return { outcome: "error", reason: errorMessage(e), details: { llmError: e.code } };
        throw e;
      }
    };
    if (job.recorded(args) && opts.here !== true && trigger === "manual" && REFUSED_BY_HAND.has(name)) {
      const away = this.awayFrom(name);
      if (away !== null) throw new NotHomeError(`${away} (or run it here once with --here)`);
    }
    if (!job.recorded(args)) {
      const startedAt = this.deps.now();
      let result: JobResult;
      try {
        result = await body(null);
      } catch (e) {
        result = { outcome: "error", reason: errorMessage(e) };
      }
      const run: JobRun = { id: -1, job: name, startedAt, endedAt: this.deps.now(), outcome: result.outcome, reason: result.reason ?? null, details: { ...details, ...(result.details ?? {}) } };
      return { run, value };
    }
    const run = await recordRun(this.runStore(), name, this.deps.now, details, (id) => body(id));
    if (run.outcome === "error") this.reportRepeatedFailure(name, run);
    this.trackLlm(name, run);
    return { run, value: run.outcome === "error" ? undefined : value };
  }

  /**
   * The daemon's one step: every due job, one at a time, in tick order, each run recorded;
   * a job in back-off waits for its retry time. An aborted signal starts nothing new and
   * cancels the run in flight.
   */
  async tick(signal: AbortSignal): Promise<JobRun[]> {
    const out: JobRun[] = [];
    for (const name of TICK_ORDER) {
      if (signal.aborted) break;
      const now = this.deps.now();
      let due: JobDue<unknown>;
      try {
        due = this.jobs[name].due(now) as JobDue<unknown>;
      } catch (e) {
        this.warnOnce(`due:${name}:${errorMessage(e)}`, `checking whether ${name} is due failed: ${errorMessage(e)}`);
        continue;
      }
      if (!due.due) continue;
      const away = WRITING_JOBS.has(name) ? this.awayFrom(name) : null;
      if (away !== null) {
        this.warnOnce(`away:${name}`, away);
        continue;
      }
      for (const r of due.runs) {
        if (signal.aborted) break;
        if (!this.mayRun(r.key)) continue;
        const { run } = await this.run(name, r.args as never, { signal, trigger: "schedule" });
        this.settle(r.key, run);
        out.push(run);
      }
    }
    return out;
  }

  /** When the loop should wake next: the next due heartbeat, night or week, or a retry; at most one tick away. */
  nextWakeAt(): number {
    const now = this.deps.now();
    let next = now + this.tickMs;
    for (const name of TICK_ORDER) {
      // Looked at every tick anyway: transcripts (the watcher pokes the loop when they grow)
      // and the daily backup, which can wait for the next tick.
      if (name === "flush" || name === "backup") continue;
      let due: JobDue<unknown>;
      try {
        due = this.jobs[name].due(now) as JobDue<unknown>;
      } catch {
        continue;
      }
      if (due.due) {
        // Due but held back by a retry: wake at the earliest retry (never before now).
        const retry = Math.min(...due.runs.map((r) => this.failures.get(r.key)?.retryAt ?? 0));
        const at = name === "heartbeat" && due.nextAt !== null ? Math.max(due.nextAt, retry) : Math.max(now, retry);
        next = Math.min(next, at);
      } else if (due.nextAt !== null) next = Math.min(next, due.nextAt);
    }
    return Math.max(now + MIN_SLEEP_MS, next);
  }

  /** Recent runs, newest first; optionally of one job. */
  runs(opts: { limit?: number; job?: JobName } = {}): JobRun[] {
    return this.runStore().recent(opts);
  }

  /** The inbox (`agent inbox`, the unread count of `agent jobs`). */
  get inbox(): InboxStore {
    return new InboxStore(this.deps.state());
  }

  /** The nightly reflection's state (for `agent daemon`'s start line and `agent doctor`). */
  nightly(now = this.deps.now()): NightlyStatus {
    return nightlyOf(this.deps, now, this.tickMs);
  }

  /** The weekly evolution's state. */
  weekly(now = this.deps.now()): WeeklyStatus {
    return weeklyOf(this.deps, now, this.tickMs, this.startedAt);
  }

  /**
   * Runs left 'running' by a process that no longer exists are closed as errors (call once
   * when a daemon starts). Returns how many.
   */
  recoverInterrupted(): number {
    const n = this.runStore().closeInterrupted(this.deps.now());
    if (n > 0) this.emit("warn", "recovered", `${n} job run(s) left unfinished by a stopped process were recorded as interrupted`);
    return n;
  }

  /** One line on what runs when, for the daemon's start message. */
  describeSchedule(): string {
    const c = this.deps.config;
    const parts: string[] = [];
    const hb = c.heartbeat;
    const hbZone = hb.timeZone ?? c.context.timeZone;
    parts.push(hb.enabled ? `heartbeat every ${hb.interval} ${hb.activeHours.start}–${hb.activeHours.end}${hbZone ? ` ${hbZone}` : ""}` : "heartbeat off");
    const zone = scheduleTimeZone(c);
    parts.push(c.schedule.reflect ? `reflection at ${c.schedule.reflectAt}${zone ? ` ${zone}` : ""}` : "reflection off");
    parts.push(c.dream.enabled ? "dream after reflection" : "dream off");
    parts.push(c.flush.enabled ? "pre-compaction flush on" : "flush off");
    const evoZone = evolutionTimeZone(c);
    parts.push(c.evolution.weekly ? `evolution ${c.evolution.weeklyAt}${evoZone ? ` ${evoZone}` : ""}` : "evolution off");
    parts.push(`tick ${c.schedule.tick}`);
    return parts.join(", ");
  }

  private runStore(): JobRunStore {
    return new JobRunStore(this.deps.state());
  }

  /**
   * A job that fails every time (the LLM is gone, a file is unreadable) would otherwise only
   * show in `agent jobs` and the daemon's log, which nobody reads: the third failure in a row
   * puts one item in the inbox, once per streak (the streak is read from the recorded runs,
   * so a job run by cron, one process per run, counts the same). Cancelled runs do not count.
   */
  private reportRepeatedFailure(name: JobName, run: JobRun): void {
    try {
      const recent = this.runStore()
        .recent({ job: name, limit: FAILURE_STREAK + 8 })
        .filter((r) => r.outcome !== "running" && r.reason !== "cancelled");
      let streak = 0;
      while (streak < recent.length && recent[streak]!.outcome === "error") streak++;
      if (streak !== FAILURE_STREAK) return;
      const reasons = [...new Set(recent.slice(0, streak).map((r) => r.reason ?? "no reason recorded"))];
      this.inbox.add({
        createdAt: this.deps.now(),
        kind: "alert",
        title: `${name} failed ${FAILURE_STREAK} times in a row`,
        body: `The last ${FAILURE_STREAK} runs of ${name} failed: ${reasons.join("; ")}. \`agent jobs --job ${name}\` lists them; \`agent doctor\` checks the LLM and the config.`,
        source: name,
        runId: run.id,
      });
    } catch (e) {
      this.warnOnce(`streak:${name}`, `could not record ${name}'s repeated failure in the inbox: ${errorMessage(e)}`);
    }
  }

  /**
   * No model answers (Ollama not installed or not running, the model not pulled): a state of
   * the machine, not a failing job. It is said once (one line in the log and one inbox item
   * with how to set it up) until a model job works again; the runs are recorded as skipped,
   * so they make no failure streak and no alert.
   */
  private trackLlm(name: JobName, run: JobRun): void {
    try {
      const state = new JobStateStore(this.deps.state());
      if (run.details.llm === LLM_MISSING) {
        if (state.get(LLM_MISSING_KEY)) return;
        state.set(LLM_MISSING_KEY, String(run.id), this.deps.now());
        const provider = this.deps.llm();
        const hint = llmSetupHint(provider.name, provider.model);
        this.emit("warn", "warning", `no LLM answers, so ${name} and the other model jobs wait (search works without one): ${hint}`);
        this.inbox.add({
          createdAt: this.deps.now(),
          kind: "report",
          title: "No local model answers yet: reflection, heartbeat and flush wait for one",
          body: `${run.reason ?? "the model is not reachable"}.\n\nSearch, context and the web page work without a model. For the jobs that need one: ${hint}. \`agent doctor\` checks it; this is said once, until a model answers again.`,
          source: name,
          runId: run.id,
        });
      } else if (run.outcome === "ok" && LLM_JOBS.includes(name) && state.get(LLM_MISSING_KEY)) {
        state.set(LLM_MISSING_KEY, "", this.deps.now());
        this.emit("info", "recovered", "a model answers again; the model jobs run as scheduled");
      }
    } catch (e) {
      this.warnOnce(`llm-state:${name}`, `could not record whether the LLM answers: ${errorMessage(e)}`);
    }
  }

  private mayRun(key: string): boolean {
    const f = this.failures.get(key);
    return f === undefined || f.retryAt <= this.deps.now();
  }

  private settle(key: string, run: JobRun): void {
    if (run.details.llm === LLM_MISSING) {
      // Nothing will change within minutes: look again at the longest back-off, not every tick.
      this.failures.set(key, { count: 1, retryAt: this.deps.now() + Math.max(MAX_BACKOFF_MS, this.tickMs) });
    } else if (run.outcome === "error") {
      const count = (this.failures.get(key)?.count ?? 0) + 1;
      const delay = Math.min(this.tickMs * 2 ** Math.min(count - 1, 20), Math.max(MAX_BACKOFF_MS, this.tickMs));
      this.failures.set(key, { count, retryAt: this.deps.now() + delay });
    } else {
      this.failures.delete(key);
    }
    const took = run.endedAt !== null ? ` (${formatMs(run.endedAt - run.startedAt)})` : "";
    const who = typeof run.details.session === "string" ? ` ${run.details.session}` : "";
    this.emit(run.outcome === "error" ? "error" : "info", "job", `${run.job}${who} ${run.outcome}${took}: ${run.reason ?? ""}`.trimEnd(), run);
  }

  /** Which device runs the writing jobs, and whether it is this one. */
  home(): HomeStatus {
    const db = this.deps.existingState();
    return db === null ? { here: true, home: null, device: null } : homeStatus(db);
  }

  /** Makes this device the home of the writing jobs (an event: every device learns it from the log). */
  makeHome(): HomeStatus {
    return makeHome(this.deps.state());
  }

  /** Why a writing job does not run on this device, or null when this is its home. */
  awayFrom(name: JobName): string | null {
    const db = this.deps.existingState();
    if (db === null) return null;
    const h = homeStatus(db);
    return h.here ? null : awayMessage(name, h);
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.emit("warn", "warning", message);
  }

  private emit(level: JobEvent["level"], event: string, message: string, run?: JobRun): void {
    this.log({ at: this.deps.now(), level, event, message, ...(run !== undefined ? { run } : {}) });
  }
}

/** A run's `details.llm` when it was skipped because no model answers. */
const LLM_MISSING = "missing";
/** job_state: the id of the run whose missing model was reported; "" once one answers again. */
const LLM_MISSING_KEY = "llm.missingReported";
/** The jobs whose success proves a model answers. */
const LLM_JOBS: readonly JobName[] = ["reflect", "flush", "heartbeat", "dream", "summarize"];

function llmMissing(e: LLMError): JobResult {
  return { outcome: "skip", reason: `no model answers: ${errorMessage(e)}`, details: { llm: LLM_MISSING, llmError: e.code } };
}

/** Failures in a row of one job after which the inbox hears of it. */
const FAILURE_STREAK = 3;

/**
 * Flushes first (a transcript about to be compacted cannot wait), then the timed jobs (the
 * summaries of ended conversations before the night's reflection reads them, the dream after it), then the daily backup; a snapshot is never due (it is
 * taken by hand).
 */
const TICK_ORDER: readonly JobName[] = ["flush", "heartbeat", "summarize", "reflect", "dream", "evolve", "backup", "snapshot"];
// Every job is in the tick order exactly once.
if (TICK_ORDER.length !== JOB_NAMES.length || !JOB_NAMES.every((n) => TICK_ORDER.includes(n))) throw new Error("TICK_ORDER must list every job once");

function cancelled(cause: unknown): JobResult {
  return { outcome: "error", reason: "cancelled", details: { cancelled: cause === undefined ? "the run was cancelled" : errorMessage(cause) } };
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The daemon's loop around a JobService: tick, then sleep until the next wake time (at most
 * one tick), until the signal aborts. `poke()` wakes it early (a transcript changed).
 */
export class ScheduleLoop {
  private wake = new AbortController();
  private poked = false;

  constructor(
    readonly service: JobService,
    readonly clock: Clock,
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    const onAbort = () => this.wake.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      while (!signal.aborted) {
        await this.service.tick(signal);
        if (signal.aborted) break;
        if (this.poked) {
          this.poked = false;
          continue;
        }
        this.wake = new AbortController();
        if (signal.aborted) break;
        const delay = Math.max(MIN_SLEEP_MS, this.service.nextWakeAt() - this.clock.now());
        await this.clock.sleep(delay, this.wake.signal);
        this.poked = false;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  poke(): void {
    this.poked = true;
    this.wake.abort();
  }
}

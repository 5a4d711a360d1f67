import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  JOB_NAMES,
  UnknownJobError,
  buildCatalog,
  isJobName,
  nightlyOf,
  weeklyOf
} from "./chunk-SYRWSFJK.js";
import {
  InboxStore,
  JobRunStore,
  errorMessage,
  recordRun
} from "./chunk-2YPZIKJZ.js";
import {
  parseDuration,
  scheduleTimeZone
} from "./chunk-EYPOEGPV.js";
import {
  evolutionTimeZone
} from "./chunk-C7GQ5C77.js";

// dist/jobs/runner.js
var MIN_SLEEP_MS = 1e3;
var MAX_BACKOFF_MS = 30 * 6e4;
var JobService = class {
  deps;
  tickMs;
  startedAt;
  jobs;
  log;
  failures = /* @__PURE__ */ new Map();
  warned = /* @__PURE__ */ new Set();
  constructor(deps, opts = {}) {
    this.deps = deps;
    this.tickMs = parseDuration(deps.config.schedule.tick) ?? 6e4;
    this.startedAt = opts.startedAt ?? deps.now();
    this.log = opts.log ?? (() => void 0);
    this.jobs = buildCatalog(deps, {
      tickMs: this.tickMs,
      startedAt: this.startedAt,
      warn: (key, message) => this.warnOnce(key, message),
      ...opts.reflect ? { reflect: opts.reflect } : {},
      ...opts.evolve ? { evolve: opts.evolve } : {},
      ...opts.notify ? { notify: opts.notify } : {}
    });
  }
  /** The job names, in the order a tick runs them. */
  get names() {
    return TICK_ORDER;
  }
  /** Whether `name` is due now, and why (what `agent heartbeat` checks before running). */
  due(name, now = this.deps.now()) {
    return this.jobs[name].due(now);
  }
  /**
   * Runs job `name` once and records it: a 'running' row, then the outcome. Never throws for
   * a failing job (the run says error and why); a dry run leaves no row.
   */
  async run(name, args, opts = {}) {
    if (!isJobName(name))
      throw new UnknownJobError(name);
    const job = this.jobs[name];
    const trigger = opts.trigger ?? "manual";
    const signal = opts.signal ?? new AbortController().signal;
    const details = job.startDetails(args, trigger);
    let value;
    const body = async (runId) => {
      if (signal.aborted)
        return cancelled(signal.reason);
      try {
        const out = await job.run(args, { signal, trigger, runId });
        value = out.value;
        return out.result;
      } catch (e) {
        if (signal.aborted)
          return cancelled(e);
        throw e;
      }
    };
    if (!job.recorded(args)) {
      const startedAt = this.deps.now();
      let result;
      try {
        result = await body(null);
      } catch (e) {
        result = { outcome: "error", reason: errorMessage(e) };
      }
      const run2 = { id: -1, job: name, startedAt, endedAt: this.deps.now(), outcome: result.outcome, reason: result.reason ?? null, details: { ...details, ...result.details ?? {} } };
      return { run: run2, value };
    }
    const run = await recordRun(this.runStore(), name, this.deps.now, details, (id) => body(id));
    return { run, value: run.outcome === "error" ? void 0 : value };
  }
  /**
   * The daemon's one step: every due job, one at a time, in tick order, each run recorded;
   * a job in back-off waits for its retry time. An aborted signal starts nothing new and
   * cancels the run in flight.
   */
  async tick(signal) {
    const out = [];
    for (const name of TICK_ORDER) {
      if (signal.aborted)
        break;
      const now = this.deps.now();
      let due;
      try {
        due = this.jobs[name].due(now);
      } catch (e) {
        this.warnOnce(`due:${name}:${errorMessage(e)}`, `checking whether ${name} is due failed: ${errorMessage(e)}`);
        continue;
      }
      if (!due.due)
        continue;
      for (const r of due.runs) {
        if (signal.aborted)
          break;
        if (!this.mayRun(r.key))
          continue;
        const { run } = await this.run(name, r.args, { signal, trigger: "schedule" });
        this.settle(r.key, run);
        out.push(run);
      }
    }
    return out;
  }
  /** When the loop should wake next: the next due heartbeat, night or week, or a retry; at most one tick away. */
  nextWakeAt() {
    const now = this.deps.now();
    let next = now + this.tickMs;
    for (const name of TICK_ORDER) {
      if (name === "flush")
        continue;
      let due;
      try {
        due = this.jobs[name].due(now);
      } catch {
        continue;
      }
      if (due.due) {
        const retry = Math.min(...due.runs.map((r) => this.failures.get(r.key)?.retryAt ?? 0));
        const at = name === "heartbeat" && due.nextAt !== null ? Math.max(due.nextAt, retry) : Math.max(now, retry);
        next = Math.min(next, at);
      } else if (due.nextAt !== null)
        next = Math.min(next, due.nextAt);
    }
    return Math.max(now + MIN_SLEEP_MS, next);
  }
  /** Recent runs, newest first; optionally of one job. */
  runs(opts = {}) {
    return this.runStore().recent(opts);
  }
  /** The inbox (`agent inbox`, the unread count of `agent jobs`). */
  get inbox() {
    return new InboxStore(this.deps.state());
  }
  /** The nightly reflection's state (for `agent daemon`'s start line and `agent doctor`). */
  nightly(now = this.deps.now()) {
    return nightlyOf(this.deps, now, this.tickMs);
  }
  /** The weekly evolution's state. */
  weekly(now = this.deps.now()) {
    return weeklyOf(this.deps, now, this.tickMs, this.startedAt);
  }
  /**
   * Runs left 'running' by a process that no longer exists are closed as errors (call once
   * when a daemon starts). Returns how many.
   */
  recoverInterrupted() {
    const n = this.runStore().closeInterrupted(this.deps.now());
    if (n > 0)
      this.emit("warn", "recovered", `${n} job run(s) left unfinished by a stopped process were recorded as interrupted`);
    return n;
  }
  /** One line on what runs when, for the daemon's start message. */
  describeSchedule() {
    const c = this.deps.config;
    const parts = [];
    const hb = c.heartbeat;
    const hbZone = hb.timeZone ?? c.context.timeZone;
    parts.push(hb.enabled ? `heartbeat every ${hb.interval} ${hb.activeHours.start}\u2013${hb.activeHours.end}${hbZone ? ` ${hbZone}` : ""}` : "heartbeat off");
    const zone = scheduleTimeZone(c);
    parts.push(c.schedule.reflect ? `reflection at ${c.schedule.reflectAt}${zone ? ` ${zone}` : ""}` : "reflection off");
    parts.push(c.flush.enabled ? "pre-compaction flush on" : "flush off");
    const evoZone = evolutionTimeZone(c);
    parts.push(c.evolution.weekly ? `evolution ${c.evolution.weeklyAt}${evoZone ? ` ${evoZone}` : ""}` : "evolution off");
    parts.push(`tick ${c.schedule.tick}`);
    return parts.join(", ");
  }
  runStore() {
    return new JobRunStore(this.deps.state());
  }
  mayRun(key) {
    const f = this.failures.get(key);
    return f === void 0 || f.retryAt <= this.deps.now();
  }
  settle(key, run) {
    if (run.outcome === "error") {
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
  warnOnce(key, message) {
    if (this.warned.has(key))
      return;
    this.warned.add(key);
    this.emit("warn", "warning", message);
  }
  emit(level, event, message, run) {
    this.log({ at: this.deps.now(), level, event, message, ...run !== void 0 ? { run } : {} });
  }
};
var TICK_ORDER = ["flush", "heartbeat", "reflect", "evolve"];
if (TICK_ORDER.length !== JOB_NAMES.length || !JOB_NAMES.every((n) => TICK_ORDER.includes(n)))
  throw new Error("TICK_ORDER must list every job once");
function cancelled(cause) {
  return { outcome: "error", reason: "cancelled", details: { cancelled: cause === void 0 ? "the run was cancelled" : errorMessage(cause) } };
}
function formatMs(ms) {
  return ms < 1e3 ? `${ms} ms` : `${(ms / 1e3).toFixed(1)} s`;
}
var ScheduleLoop = class {
  service;
  clock;
  wake = new AbortController();
  poked = false;
  constructor(service, clock) {
    this.service = service;
    this.clock = clock;
  }
  async run(signal) {
    const onAbort = () => this.wake.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      while (!signal.aborted) {
        await this.service.tick(signal);
        if (signal.aborted)
          break;
        if (this.poked) {
          this.poked = false;
          continue;
        }
        this.wake = new AbortController();
        if (signal.aborted)
          break;
        const delay = Math.max(MIN_SLEEP_MS, this.service.nextWakeAt() - this.clock.now());
        await this.clock.sleep(delay, this.wake.signal);
        this.poked = false;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }
  poke() {
    this.poked = true;
    this.wake.abort();
  }
};

export {
  JobService,
  ScheduleLoop
};
//# sourceMappingURL=chunk-VS47U3ON.js.map

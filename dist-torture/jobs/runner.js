import { parseDuration } from "../shared/duration.js";
import { buildCatalog, isJobName, JOB_NAMES, UnknownJobError, nightlyOf, weeklyOf, } from "./catalog.js";
import { evolutionTimeZone } from "./evolve/config.js";
import { InboxStore } from "./inbox.js";
import { scheduleTimeZone } from "./schedule/config.js";
import { errorMessage, JobRunStore, recordRun } from "./runs.js";
const MIN_SLEEP_MS = 1_000;
const MAX_BACKOFF_MS = 30 * 60_000;
export class JobService {
    deps;
    tickMs;
    startedAt;
    jobs;
    log;
    failures = new Map();
    warned = new Set();
    constructor(deps, opts = {}) {
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
        // The name may come from a command line: refuse anything outside the catalog by name.
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
            }
            catch (e) {
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
            }
            catch (e) {
                result = { outcome: "error", reason: errorMessage(e) };
            }
            const run = { id: -1, job: name, startedAt, endedAt: this.deps.now(), outcome: result.outcome, reason: result.reason ?? null, details: { ...details, ...(result.details ?? {}) } };
            return { run, value };
        }
        const run = await recordRun(this.runStore(), name, this.deps.now, details, (id) => body(id));
        return { run, value: run.outcome === "error" ? undefined : value };
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
            }
            catch (e) {
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
            // Transcripts are looked at every tick anyway; the watcher pokes the loop when they grow.
            if (name === "flush")
                continue;
            let due;
            try {
                due = this.jobs[name].due(now);
            }
            catch {
                continue;
            }
            if (due.due) {
                // Due but held back by a retry: wake at the earliest retry (never before now).
                const retry = Math.min(...due.runs.map((r) => this.failures.get(r.key)?.retryAt ?? 0));
                const at = name === "heartbeat" && due.nextAt !== null ? Math.max(due.nextAt, retry) : Math.max(now, retry);
                next = Math.min(next, at);
            }
            else if (due.nextAt !== null)
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
        parts.push(hb.enabled ? `heartbeat every ${hb.interval} ${hb.activeHours.start}–${hb.activeHours.end}${hbZone ? ` ${hbZone}` : ""}` : "heartbeat off");
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
        return f === undefined || f.retryAt <= this.deps.now();
    }
    settle(key, run) {
        if (run.outcome === "error") {
            const count = (this.failures.get(key)?.count ?? 0) + 1;
            const delay = Math.min(this.tickMs * 2 ** Math.min(count - 1, 20), Math.max(MAX_BACKOFF_MS, this.tickMs));
            this.failures.set(key, { count, retryAt: this.deps.now() + delay });
        }
        else {
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
        this.log({ at: this.deps.now(), level, event, message, ...(run !== undefined ? { run } : {}) });
    }
}
/** Flushes first (a transcript about to be compacted cannot wait), then the timed jobs. */
const TICK_ORDER = ["flush", "heartbeat", "reflect", "evolve"];
// Every job is in the tick order exactly once.
if (TICK_ORDER.length !== JOB_NAMES.length || !JOB_NAMES.every((n) => TICK_ORDER.includes(n)))
    throw new Error("TICK_ORDER must list every job once");
function cancelled(cause) {
    return { outcome: "error", reason: "cancelled", details: { cancelled: cause === undefined ? "the run was cancelled" : errorMessage(cause) } };
}
function formatMs(ms) {
    return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
/**
 * The daemon's loop around a JobService: tick, then sleep until the next wake time (at most
 * one tick), until the signal aborts. `poke()` wakes it early (a transcript changed).
 */
export class ScheduleLoop {
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
        }
        finally {
            signal.removeEventListener("abort", onAbort);
        }
    }
    poke() {
        this.poked = true;
        this.wake.abort();
    }
}
//# sourceMappingURL=runner.js.map
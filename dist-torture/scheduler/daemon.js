/**
 * The daemon: one per workspace (daemon.lock), a loop over an injected clock that runs the
 * due jobs one at a time — pre-compaction flushes of growing transcripts, heartbeats inside
 * the active hours, the nightly reflection with catch-up — and keeps the index watcher
 * running beside them.
 *
 * Rules:
 *   - Every run is recorded in job_runs (job, start, end, outcome, reason).
 *   - A job that fails is logged and retried on the next tick; if it keeps failing the
 *     retries back off (1, 2, 4... ticks, at most 30 minutes) so a model that is down is
 *     not called every minute all night. A failing job never stops the daemon.
 *   - stop() (SIGTERM, Ctrl-C): no new job starts; the in-flight model call is cancelled
 *     (its job is recorded as an error and has written nothing — every write is an atomic
 *     replace or a verified append that runs synchronously after the model answers, so a
 *     stop can never land in the middle of one); then the watcher and the database are
 *     closed and the lock released.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { auditWorkspace } from "../context/audit.js";
import { contextConfig } from "../context/config.js";
import { checkFlush, flushJobResult, flushSettings, runFlush } from "../jobs/flush/run.js";
import { HEARTBEAT_JOB, heartbeatDue, heartbeatJobResult, heartbeatSettings, runHeartbeat } from "../jobs/heartbeat/run.js";
import { parseDuration } from "../jobs/reflect/config.js";
import { runReflection } from "../jobs/reflect/pipeline.js";
import { errorMessage, openJobsDb, recordRun } from "../jobs/runs.js";
import { SoulVersionStore } from "../store/soul-versions.js";
import { loadConfig } from "../workspace/config.js";
import { isValidSessionId } from "../workspace/sessions.js";
import { systemClock } from "./clock.js";
import { scheduleConfig } from "./config.js";
import { acquireDaemonLock } from "./lock.js";
import { NIGHTLY_STATE_KEY, nightlyStatus } from "./nightly.js";
import { evolutionConfig, evolutionTimeZone } from "../jobs/evolve/config.js";
import { EVOLVE_JOB, evolveJobResult, runEvolution } from "../jobs/evolve/cycle.js";
import { WEEKLY_STATE_KEY, weeklyStatus } from "./weekly.js";
export const FLUSH_JOB = "flush";
export const REFLECT_JOB = "reflect";
/** Everything the daemon reads from agent.config.json, validated once at start. */
export function daemonSettings(workspace) {
    const loaded = loadConfig(workspace);
    const schedule = scheduleConfig(loaded);
    const tz = schedule.timeZone ?? contextConfig(loaded).timeZone;
    return {
        schedule,
        ...(tz !== undefined ? { scheduleTimeZone: tz } : {}),
        heartbeat: heartbeatSettings(workspace),
        flush: flushSettings(workspace),
        ...evolutionSettings(loaded),
    };
}
function evolutionSettings(loaded) {
    const evolution = evolutionConfig(loaded);
    const tz = evolutionTimeZone(loaded, evolution);
    return { evolution, ...(tz !== undefined ? { evolutionTimeZone: tz } : {}) };
}
const MIN_SLEEP_MS = 1_000;
const MAX_BACKOFF_MS = 30 * 60_000;
export class Daemon {
    workspace;
    clock;
    opts;
    settings;
    tickMs = 60_000;
    lock;
    jobsDb;
    watcher;
    state = "new";
    stopping = false;
    poked = false;
    jobAbort = new AbortController();
    wake = new AbortController();
    failures = new Map();
    startedAt = 0;
    seen = new Map();
    warned = new Set();
    constructor(opts) {
        this.opts = opts;
        this.workspace = opts.workspace;
        this.clock = opts.clock ?? systemClock;
    }
    /** Takes the lock, audits the workspace, opens the state and starts the watcher. */
    async start() {
        if (this.state !== "new")
            throw new Error("the daemon was already started");
        this.settings = this.opts.settings ?? daemonSettings(this.workspace);
        this.tickMs = parseDuration(this.settings.schedule.tick) ?? 60_000;
        this.startedAt = this.clock.now();
        this.lock = acquireDaemonLock(this.workspace, { now: this.startedAt });
        this.state = "started";
        try {
            const took = this.lock.takenOver;
            if (took !== undefined) {
                this.emit("warn", "lock", "pid" in took
                    ? `took over a stale lock left by pid ${took.pid} (started ${new Date(took.startedAt).toISOString()}), which is no longer running`
                    : "took over an unreadable stale lock file");
            }
            this.emit("info", "started", `daemon started on ${this.workspace} (pid ${this.lock.info.pid}); ${this.describeSchedule()}`);
            for (const m of auditWorkspace(this.workspace).messages)
                this.emit("warn", "audit", m);
            this.jobsDb = openJobsDb(this.workspace);
            const closed = this.jobsDb.runs.closeInterrupted(this.clock.now());
            if (closed > 0)
                this.emit("warn", "recovered", `${closed} job run(s) left unfinished by a stopped process were recorded as interrupted`);
            if (this.opts.startWatcher)
                this.watcher = await this.opts.startWatcher();
        }
        catch (e) {
            await this.cleanup();
            throw e;
        }
    }
    /** Runs until stop(): tick, sleep until the next due job (or one tick), repeat. */
    async run() {
        if (this.state === "new")
            await this.start();
        if (this.state === "stopped")
            return;
        try {
            while (!this.stopping) {
                await this.tick();
                if (this.stopping)
                    break;
                if (this.poked) {
                    this.poked = false;
                    continue;
                }
                this.wake = new AbortController();
                await this.clock.sleep(this.nextDelay(), this.wake.signal);
                this.poked = false;
            }
        }
        finally {
            await this.cleanup();
        }
    }
    /** Asks the loop to end: no new job starts, the model call in flight is cancelled. */
    stop(reason = "stop requested") {
        if (this.stopping)
            return;
        this.stopping = true;
        if (this.state === "started")
            this.emit("info", "stopping", `stopping (${reason})`);
        this.jobAbort.abort(new Error(`the daemon is stopping (${reason})`));
        this.wake.abort();
    }
    /** Wakes the loop early (a transcript changed). */
    poke() {
        this.poked = true;
        this.wake.abort();
    }
    get isStopping() {
        return this.stopping;
    }
    /** Runs every due job once, in order: flushes, heartbeat, nightly reflection. */
    async tick() {
        const jobs = this.db();
        const out = [];
        if (this.settings.flush.config.enabled)
            out.push(...(await this.flushTick(jobs)));
        if (!this.stopping && this.settings.heartbeat.config.enabled) {
            const r = await this.heartbeatTick(jobs);
            if (r)
                out.push(r);
        }
        if (!this.stopping && this.settings.schedule.reflect) {
            const r = await this.nightlyTick(jobs);
            if (r)
                out.push(r);
        }
        if (!this.stopping && this.settings.evolution?.weekly) {
            const r = await this.weeklyTick(jobs);
            if (r)
                out.push(r);
        }
        return out;
    }
    /** The nightly reflection's state right now. */
    nightly(now = this.clock.now()) {
        const jobs = this.db();
        const souls = new SoulVersionStore(jobs.db);
        return nightlyStatus({
            now,
            reflectAt: this.settings.schedule.reflectAt,
            ...(this.settings.scheduleTimeZone !== undefined ? { timeZone: this.settings.scheduleTimeZone } : {}),
            lastDate: jobs.state.get(NIGHTLY_STATE_KEY),
            reflectedSince: (ms) => souls.runs(50).some((r) => (r.outcome === "complete" || r.outcome === "skip") && r.startedAt >= ms),
            graceMs: this.tickMs,
        });
    }
    async flushTick(jobs) {
        const dir = path.join(this.workspace, "sessions");
        let names;
        try {
            names = readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort();
        }
        catch (e) {
            if (e.code !== "ENOENT")
                this.warnOnce(`sessions:${errorMessage(e)}`, `sessions/: ${errorMessage(e)}`);
            return [];
        }
        const runs = [];
        const cfg = this.settings.flush;
        for (const name of names) {
            if (this.stopping)
                break;
            const session = name.slice(0, -".jsonl".length);
            if (!isValidSessionId(session))
                continue;
            let key;
            try {
                const st = statSync(path.join(dir, name));
                if (!st.isFile())
                    continue;
                key = `${st.size}:${st.mtimeMs}`;
            }
            catch {
                continue;
            }
            const prev = this.seen.get(session);
            if (prev !== undefined && prev.key === key && !prev.due)
                continue;
            let due;
            try {
                due = checkFlush(this.workspace, session, jobs, cfg.config).decision.due;
            }
            catch (e) {
                this.warnOnce(`flush:${session}:${key}`, `flush check of sessions/${name} failed: ${errorMessage(e)}`);
                this.seen.set(session, { key, due: false });
                continue;
            }
            this.seen.set(session, { key, due });
            if (!due || !this.mayRun(`flush:${session}`))
                continue;
            const run = await this.runJob(FLUSH_JOB, `flush:${session}`, { session, trigger: "threshold" }, async (runId) => flushJobResult(await runFlush({
                workspace: this.workspace,
                session,
                provider: this.opts.provider,
                jobs,
                now: this.clock.now,
                settings: cfg,
                signal: this.jobAbort.signal,
                runId,
            })));
            runs.push(run);
            if (run.outcome !== "error")
                this.seen.set(session, { key, due: false });
        }
        return runs;
    }
    async heartbeatTick(jobs) {
        const due = heartbeatDue(jobs, this.clock.now(), this.settings.heartbeat);
        if (!due.due || !this.mayRun(HEARTBEAT_JOB))
            return undefined;
        return this.runJob(HEARTBEAT_JOB, HEARTBEAT_JOB, { trigger: "interval" }, async (runId) => heartbeatJobResult(await runHeartbeat({
            workspace: this.workspace,
            provider: this.opts.provider,
            jobs,
            now: this.clock.now,
            settings: this.settings.heartbeat,
            signal: this.jobAbort.signal,
            runId,
            ...(this.opts.notify ? { notify: this.opts.notify } : {}),
        })));
    }
    async nightlyTick(jobs) {
        const st = this.nightly();
        if (!st.due || !this.mayRun(REFLECT_JOB))
            return undefined;
        const reflect = this.opts.reflect ?? runReflection;
        return this.runJob(REFLECT_JOB, REFLECT_JOB, { night: st.night, trigger: st.catchUp ? "catch-up" : "scheduled" }, async () => {
            const r = await reflect({
                workspace: this.workspace,
                provider: this.opts.provider,
                now: this.clock.now,
                options: { signal: this.jobAbort.signal },
                ...(this.opts.embedder ? { embedder: this.opts.embedder } : {}),
            });
            const details = { status: r.status, reflectionRun: r.runId };
            if (r.version !== undefined)
                details.version = r.version;
            if (r.status === "kept")
                return { outcome: "error", reason: r.reason ?? "the model's SOUL could not be used", details };
            jobs.state.set(NIGHTLY_STATE_KEY, st.night, this.clock.now());
            if (r.status === "updated" || r.status === "proposed") {
                jobs.inbox.add({
                    createdAt: this.clock.now(),
                    kind: "report",
                    title: r.status === "updated"
                        ? `Nightly reflection: SOUL.md is now version ${r.version}`
                        : "Nightly reflection proposes a SOUL.md change (SOUL.proposed.md)",
                    body: [r.summary, r.status === "proposed" ? r.reason : undefined, r.report, r.reportPath ? `Report: ${r.reportPath}` : undefined]
                        .filter((x) => typeof x === "string" && x.trim() !== "")
                        .join("\n\n") || r.status,
                    source: REFLECT_JOB,
                });
            }
            const what = r.status === "updated" ? `SOUL.md version ${r.version}` : r.status;
            return { outcome: r.status === "skipped" ? "skip" : "ok", reason: `${st.catchUp ? "catch-up, " : ""}night ${st.night}: ${what}${r.reason ? ` (${r.reason})` : ""}`, details };
        });
    }
    /** The weekly evolution's state right now (see weekly.ts). */
    weekly(now = this.clock.now()) {
        const jobs = this.db();
        const evo = this.settings.evolution;
        const lastWeek = jobs.state.get(WEEKLY_STATE_KEY);
        const everEvolved = lastWeek !== undefined || jobs.runs.last(EVOLVE_JOB) !== undefined;
        return weeklyStatus({
            now,
            weeklyAt: evo.weeklyAt,
            ...(this.settings.evolutionTimeZone !== undefined ? { timeZone: this.settings.evolutionTimeZone } : {}),
            lastWeek,
            evolvedSince: (ms) => jobs.runs.recent({ job: EVOLVE_JOB, limit: 20 }).some((r) => (r.outcome === "ok" || r.outcome === "skip") && r.startedAt >= ms),
            ...(everEvolved ? {} : { owedFrom: this.startedAt }),
            graceMs: this.tickMs,
        });
    }
    async weeklyTick(jobs) {
        const st = this.weekly();
        if (!st.due || !this.mayRun(EVOLVE_JOB))
            return undefined;
        const evolve = this.opts.evolve ?? runEvolution;
        return this.runJob(EVOLVE_JOB, EVOLVE_JOB, { week: st.week, trigger: st.catchUp ? "catch-up" : "scheduled" }, async () => {
            const r = await evolve({ workspace: this.workspace, now: this.clock.now, provider: this.opts.provider, signal: this.jobAbort.signal, week: st.week });
            jobs.state.set(WEEKLY_STATE_KEY, st.week, this.clock.now());
            const res = evolveJobResult(r);
            return { ...res, reason: `${st.catchUp ? "catch-up, " : ""}${res.reason ?? ""}` };
        });
    }
    async runJob(job, gateKey, details, fn) {
        const run = await recordRun(this.db().runs, job, this.clock.now, details, fn);
        if (run.outcome === "error") {
            const prev = this.failures.get(gateKey);
            const count = (prev?.count ?? 0) + 1;
            const delay = Math.min(this.tickMs * 2 ** Math.min(count - 1, 20), Math.max(MAX_BACKOFF_MS, this.tickMs));
            this.failures.set(gateKey, { count, retryAt: this.clock.now() + delay });
        }
        else {
            this.failures.delete(gateKey);
        }
        const took = run.endedAt !== null ? ` (${formatMs(run.endedAt - run.startedAt)})` : "";
        const who = typeof run.details.session === "string" ? ` ${run.details.session}` : "";
        this.emit(run.outcome === "error" ? "error" : "info", "job", `${run.job}${who} ${run.outcome}${took}: ${run.reason ?? ""}`.trimEnd(), run);
        return run;
    }
    mayRun(gateKey) {
        const f = this.failures.get(gateKey);
        return f === undefined || f.retryAt <= this.clock.now();
    }
    /** How long to sleep: until the next due heartbeat or night, at most one tick. */
    nextDelay() {
        const now = this.clock.now();
        let next = now + this.tickMs;
        const jobs = this.db();
        const retryAt = (k) => this.failures.get(k)?.retryAt ?? 0;
        if (this.settings.heartbeat.config.enabled) {
            const d = heartbeatDue(jobs, now, this.settings.heartbeat);
            next = Math.min(next, Math.max(d.at, retryAt(HEARTBEAT_JOB)));
        }
        if (this.settings.schedule.reflect) {
            const n = this.nightly(now);
            next = Math.min(next, n.due ? Math.max(now, retryAt(REFLECT_JOB)) : n.next);
        }
        if (this.settings.evolution?.weekly) {
            const w = this.weekly(now);
            next = Math.min(next, w.due ? Math.max(now, retryAt(EVOLVE_JOB)) : w.next);
        }
        return Math.max(MIN_SLEEP_MS, next - now);
    }
    db() {
        if (this.jobsDb === undefined)
            throw new Error("the daemon is not started");
        return this.jobsDb;
    }
    async cleanup() {
        if (this.state === "stopped")
            return;
        this.state = "stopped";
        this.stopping = true;
        try {
            await this.watcher?.close();
        }
        catch (e) {
            this.emit("warn", "warning", `closing the watcher failed: ${errorMessage(e)}`);
        }
        try {
            this.jobsDb?.close();
        }
        catch (e) {
            this.emit("warn", "warning", `closing the state database failed: ${errorMessage(e)}`);
        }
        this.lock?.release();
        this.emit("info", "stopped", "daemon stopped; lock released");
    }
    describeSchedule() {
        const s = this.settings;
        const parts = [];
        const hb = s.heartbeat.config;
        parts.push(hb.enabled ? `heartbeat every ${hb.interval} ${hb.activeHours.start}–${hb.activeHours.end}${s.heartbeat.timeZone ? ` ${s.heartbeat.timeZone}` : ""}` : "heartbeat off");
        parts.push(s.schedule.reflect ? `reflection at ${s.schedule.reflectAt}${s.scheduleTimeZone ? ` ${s.scheduleTimeZone}` : ""}` : "reflection off");
        parts.push(s.flush.config.enabled ? "pre-compaction flush on" : "flush off");
        if (s.evolution)
            parts.push(s.evolution.weekly ? `evolution ${s.evolution.weeklyAt}${s.evolutionTimeZone ? ` ${s.evolutionTimeZone}` : ""}` : "evolution off");
        parts.push(`tick ${s.schedule.tick}`);
        return parts.join(", ");
    }
    warnOnce(key, message) {
        if (this.warned.has(key))
            return;
        this.warned.add(key);
        this.emit("warn", "warning", message);
    }
    emit(level, event, message, run) {
        this.opts.log?.({ at: this.clock.now(), level, event, message, ...(run !== undefined ? { run } : {}) });
    }
}
function formatMs(ms) {
    return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
//# sourceMappingURL=daemon.js.map
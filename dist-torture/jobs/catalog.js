/**
 * The catalog: the four jobs the runner knows, each a `Job` built from the host's `JobDeps`.
 * A job says when it is due (from the state database and the validated config) and runs
 * with a cancel signal; the runner records it. Nothing here opens a database, reads the
 * config file or creates a model: all of it comes from `deps`, on first use.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ReflectionConfigSchema } from "./reflect/config.js";
import { runReflection } from "./reflect/pipeline.js";
import { SoulVersionStore } from "../store/soul-versions.js";
import { openStateDb } from "../store/state.js";
import { isValidSessionId } from "../workspace/sessions.js";
import { evolutionTimeZone } from "./evolve/config.js";
import { EVOLVE_JOB, evolveJobResult, runEvolution } from "./evolve/cycle.js";
import { checkFlush, flushJobResult, flushSettings, runFlush } from "./flush/run.js";
import { notify } from "./heartbeat/notify.js";
import { HEARTBEAT_JOB, heartbeatDue, heartbeatJobResult, heartbeatSettings, runHeartbeat } from "./heartbeat/run.js";
import { InboxStore } from "./inbox.js";
import { errorMessage, JobRunStore, JobStateStore } from "./runs.js";
import { scheduleTimeZone } from "./schedule/config.js";
import { NIGHTLY_STATE_KEY, nightlyStatus } from "./schedule/nightly.js";
import { WEEKLY_STATE_KEY, weeklyStatus } from "./schedule/weekly.js";
export const REFLECT_JOB = "reflect";
export const FLUSH_JOB = "flush";
export { HEARTBEAT_JOB, EVOLVE_JOB };
/** Every job there is; a name outside this list is refused (`agent jobs --job bogus`). */
export const JOB_NAMES = [REFLECT_JOB, FLUSH_JOB, HEARTBEAT_JOB, EVOLVE_JOB];
export function isJobName(name) {
    return JOB_NAMES.includes(name);
}
export class UnknownJobError extends Error {
    job;
    constructor(job) {
        super(`there is no job "${job}": the jobs are ${JOB_NAMES.join(", ")}`);
        this.job = job;
        this.name = "UnknownJobError";
    }
}
/** The name itself when it is a job's, else UnknownJobError naming the jobs there are. */
export function parseJobName(name) {
    if (!isJobName(name))
        throw new UnknownJobError(name);
    return name;
}
const notDue = (reason, nextAt = null) => ({ due: false, nextAt, reason, runs: [] });
export function buildCatalog(deps, env) {
    return {
        reflect: reflectJob(deps, env),
        flush: flushJob(deps, env),
        heartbeat: heartbeatJob(deps, env),
        evolve: evolveJob(deps, env),
    };
}
/** The nightly reflection's state at `now` (see schedule/nightly.ts). */
export function nightlyOf(deps, now, graceMs) {
    const db = deps.state();
    const souls = new SoulVersionStore(db);
    const tz = scheduleTimeZone(deps.config);
    return nightlyStatus({
        now,
        reflectAt: deps.config.schedule.reflectAt,
        ...(tz !== undefined ? { timeZone: tz } : {}),
        lastDate: new JobStateStore(db).get(NIGHTLY_STATE_KEY),
        reflectedSince: (ms) => souls.runs(50).some((r) => (r.outcome === "complete" || r.outcome === "skip") && r.startedAt >= ms),
        graceMs,
    });
}
/** The weekly evolution's state at `now` (see schedule/weekly.ts). */
export function weeklyOf(deps, now, graceMs, startedAt) {
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
function triggerWord(trigger, catchUp, scheduled) {
    return trigger === "manual" ? "manual" : catchUp ? "catch-up" : scheduled;
}
function reflectJob(deps, env) {
    return {
        name: REFLECT_JOB,
        due(now) {
            if (!deps.config.schedule.reflect)
                return notDue("the nightly reflection is off (schedule.reflect is false)");
            const st = nightlyOf(deps, now, env.tickMs);
            if (!st.due)
                return notDue(st.reason, st.next);
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
                if (ctx.trigger === "schedule" && !r.dryRun && r.status === "proposed")
                    await announceProposal(deps, env, r);
                return { result, value: r };
            }
            finally {
                scratch?.close();
            }
        },
    };
}
/** The reflection section with this run's overrides, validated like the file's own. */
function reflectionWith(deps, over) {
    if (over === undefined || Object.keys(over).length === 0)
        return deps.config.reflection;
    const r = ReflectionConfigSchema.safeParse({ ...deps.config.reflection, ...over });
    if (!r.success) {
        throw new Error(`reflection settings for this run: ${r.error.issues.map((i) => `${["reflection", ...i.path.map(String)].join(".")}: ${i.message}`).join("; ")}`);
    }
    return r.data;
}
/** A proposal waits for the person: the notifier says so (the inbox already holds the report). */
async function announceProposal(deps, env, r) {
    const alert = {
        kind: "report",
        title: "A SOUL.md proposal waits for review",
        body: `${r.reason ?? "nightly reflection held a change back"}\n\nReview it: agent soul proposed, then agent soul accept or agent soul reject --reason "..."`,
        createdAt: deps.now(),
        workspace: deps.workspace,
        source: REFLECT_JOB,
    };
    try {
        await (env.notify ?? ((a) => notify(a, deps.config.heartbeat.notifier)))(alert);
    }
    catch (e) {
        env.warn("notify-proposal", `could not send the proposal notice: ${errorMessage(e)}`);
    }
}
function reflectResult(deps, args, trigger, r) {
    const details = { status: r.status, reflectionRun: r.runId };
    if (r.version !== undefined)
        details.version = r.version;
    if (r.dryRun)
        details.dryRun = true;
    if (r.status === "kept")
        return { outcome: "error", reason: r.reason ?? "the model's SOUL could not be used", details };
    if (args.night !== undefined && !r.dryRun)
        new JobStateStore(deps.state()).set(NIGHTLY_STATE_KEY, args.night, deps.now());
    if (trigger === "schedule" && !r.dryRun && (r.status === "updated" || r.status === "proposed")) {
        new InboxStore(deps.state()).add({
            createdAt: deps.now(),
            kind: "report",
            title: r.status === "updated" ? `Nightly reflection: SOUL.md is now version ${r.version}` : "Nightly reflection proposes a SOUL.md change (SOUL.proposed.md)",
            body: [r.summary, r.status === "proposed" ? r.reason : undefined, r.report, r.reportPath ? `Report: ${r.reportPath}` : undefined]
                .filter((x) => typeof x === "string" && x.trim() !== "")
                .join("\n\n") || r.status,
            source: REFLECT_JOB,
        });
    }
    const what = r.status === "updated" ? `SOUL.md version ${r.version}` : r.status;
    const when = args.night !== undefined ? `${args.catchUp ? "catch-up, " : ""}night ${args.night}: ` : "";
    return { outcome: r.status === "skipped" ? "skip" : "ok", reason: `${when}${what}${r.reason ? ` (${r.reason})` : ""}`, details };
}
function flushJob(deps, env) {
    // Per transcript: its size and mtime when last checked, and whether it was due then. An
    // unchanged transcript that was not due is not read again.
    const seen = new Map();
    return {
        name: FLUSH_JOB,
        due() {
            const cfg = deps.config.flush;
            if (!cfg.enabled)
                return notDue("the pre-compaction flush is off (flush.enabled is false)");
            const dir = path.join(deps.workspace, "sessions");
            let names;
            try {
                names = readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort();
            }
            catch (e) {
                if (e.code !== "ENOENT")
                    env.warn(`sessions:${errorMessage(e)}`, `sessions/: ${errorMessage(e)}`);
                return notDue("no sessions/ folder");
            }
            const runs = [];
            for (const name of names) {
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
                const prev = seen.get(session);
                if (prev !== undefined && prev.key === key && !prev.due)
                    continue;
                let due;
                try {
                    due = checkFlush(deps.workspace, session, deps.state(), cfg).decision.due;
                }
                catch (e) {
                    env.warn(`flush:${session}:${key}`, `flush check of sessions/${name} failed: ${errorMessage(e)}`);
                    seen.set(session, { key, due: false });
                    continue;
                }
                seen.set(session, { key, due });
                if (due)
                    runs.push({ key: `${FLUSH_JOB}:${session}`, args: { session } });
            }
            return runs.length > 0
                ? { due: true, nextAt: null, reason: `${runs.length} transcript(s) near compaction`, runs }
                : notDue("no transcript is near compaction");
        },
        startDetails(args, trigger) {
            return { session: args.session, trigger: trigger === "manual" ? (args.force ? "manual --force" : "manual") : "threshold" };
        },
        recorded: () => true,
        async run(args, ctx) {
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
function heartbeatJob(deps, env) {
    const settings = heartbeatSettings(deps.config);
    return {
        name: HEARTBEAT_JOB,
        due(now) {
            if (!settings.config.enabled)
                return notDue("heartbeats are off (heartbeat.enabled is false)");
            const d = heartbeatDue(deps.state(), now, settings);
            if (!d.due)
                return notDue(d.reason, d.at);
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
function evolveJob(deps, env) {
    return {
        name: EVOLVE_JOB,
        due(now) {
            if (!deps.config.evolution.weekly)
                return notDue("the weekly evolution is off (evolution.weekly is false)");
            const st = weeklyOf(deps, now, env.tickMs, env.startedAt);
            if (!st.due)
                return notDue(st.reason, st.next);
            return { due: true, nextAt: now, reason: st.reason, runs: [{ key: EVOLVE_JOB, args: { week: st.week, catchUp: st.catchUp } }] };
        },
        startDetails(args, trigger) {
            return { ...(args.week !== undefined ? { week: args.week } : {}), trigger: triggerWord(trigger, args.catchUp, "scheduled") };
        },
        recorded: () => true,
        async run(args, ctx) {
            const evolve = env.evolve ?? runEvolution;
            const r = await evolve({
                workspace: deps.workspace,
                db: deps.state(),
                config: deps.config.evolution,
                timeZone: evolutionTimeZone(deps.config),
                now: deps.now,
                provider: () => deps.llm(),
                signal: ctx.signal,
                ...(args.narrative !== undefined ? { narrative: args.narrative } : {}),
                ...(args.week !== undefined ? { week: args.week } : {}),
            });
            if (args.week !== undefined)
                new JobStateStore(deps.state()).set(WEEKLY_STATE_KEY, args.week, deps.now());
            const res = evolveJobResult(r);
            return { result: { ...res, reason: `${args.catchUp ? "catch-up, " : ""}${res.reason ?? ""}` }, value: r };
        },
    };
}
//# sourceMappingURL=catalog.js.map
/**
 * Nightly reflection as a job of the one runner: due once per night after schedule.reflectAt
 * (a missed night is caught up), recorded with its status; a proposal it holds back reaches
 * the inbox and the notifier.
 */
import { InboxStore } from "../../store/inbox.js";
import { JobStateStore, type JobResult } from "../../store/job-runs.js";
import { openStateDb } from "../../store/state.js";
import { errorMessage } from "../../shared/errors.js";
import { notify, type AlertMessage, type NotifyResult } from "../heartbeat/notify.js";
import { notDue, triggerWord, type Job, type JobDeps, type JobTrigger, type JobWarn } from "../job.js";
import { NIGHTLY_STATE_KEY } from "../schedule/nightly.js";
import { nightlyOf } from "../schedule/status.js";
import { ReflectionConfigSchema, type ReflectionConfig, type ReflectionConfigInput } from "./config.js";
import { runReflection, windowStart, type ReflectionResult, type RunReflectionInput } from "./pipeline.js";
import { parseDuration } from "./config.js";
import { SoulVersionStore } from "../../store/soul-versions.js";
import { summarizeConversations } from "../summarize/run.js";

export const REFLECT_JOB = "reflect";

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

export interface ReflectEnv {
  /** The tick length: lateness beyond it makes a due run a catch-up. */
  tickMs: number;
  warn: JobWarn;
  /** Replaces runReflection (tests). */
  reflect?: (input: RunReflectionInput) => Promise<ReflectionResult>;
  /** Replaces the configured notifier (tests). */
  notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
}

export function reflectJob(deps: JobDeps, env: ReflectEnv): Job<ReflectArgs, ReflectionResult> {
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
        // The night's summaries first, so reflection reads them instead of raw turns.
        const summarized = args.dryRun ? undefined : await summarizeFirst(deps, args, ctx.signal, env.warn);
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
        if (summarized !== undefined) {
          r.summarized = summarized;
          if (summarized.noModel !== undefined) r.warnings.push(summarized.noModel);
        }
        const result = reflectResult(deps, args, ctx.trigger, r);
        if (ctx.trigger === "schedule" && !r.dryRun && r.status === "proposed") await announceProposal(deps, env, r);
        return { result, value: r };
      } finally {
        scratch?.close();
      }
    },
  };
}

/**
 * Summaries of the window's conversations that lack an up-to-date one, ended or not, written
 * before reflecting. Never a reason for the reflection to fail: a problem is a warning, and
 * reflection reads the raw turns of what has no summary.
 */
async function summarizeFirst(deps: JobDeps, args: ReflectArgs, signal: AbortSignal, warn: JobWarn): Promise<NonNullable<ReflectionResult["summarized"]>> {
  try {
    const cfg = reflectionWith(deps, args.config);
    const windowMs = args.since !== undefined ? parseDuration(args.since) : undefined;
    const lastDone = deps.existingState() === null ? undefined : new SoulVersionStore(deps.state()).lastCompletedRun()?.startedAt;
    const r = await summarizeConversations({ workspace: deps.workspace, cfg, provider: deps.llm, now: deps.now, signal, since: windowStart(lastDone, deps.now(), cfg, windowMs), includeOpen: true });
    for (const f of r.failed) warn(`summarize:${f.session}`, `no summary for ${f.session}: ${f.reason}`);
    return { written: r.written.map((w) => w.session), ...(r.noModel !== undefined ? { noModel: r.noModel } : {}) };
  } catch (e) {
    signal.throwIfAborted();
    return { written: [], noModel: `conversation summaries were not written (${errorMessage(e)}): reflection reads the raw turns instead` };
  }
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
async function announceProposal(deps: JobDeps, env: ReflectEnv, r: ReflectionResult): Promise<void> {
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

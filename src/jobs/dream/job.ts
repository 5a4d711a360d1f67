/**
 * The dream as a job of the one runner: due once per night, after that night's reflection
 * is done (or, when the daemon does not reflect, after reflectAt); recorded in job_runs with
 * what it considered, proposed and skipped and why; the inbox and the notifier say when
 * proposals wait.
 */
import { openStateDb } from "../../store/state.js";
import { notify, type AlertMessage, type NotifyResult } from "../heartbeat/notify.js";
import { InboxStore } from "../../store/inbox.js";
import { notDue, type Job, type JobDeps, type JobTrigger } from "../job.js";
import { JobStateStore, type JobResult } from "../../store/job-runs.js";
import { errorMessage } from "../../shared/errors.js";
import type { NightlyStatus } from "../schedule/nightly.js";
import { runDream, type DreamResult } from "./run.js";

export const DREAM_JOB = "dream";
export const DREAM_STATE_KEY = "dream.lastDate";

export interface DreamArgs {
  /** List the candidates with their signals; no model call, nothing written. */
  dryRun?: boolean;
  /** The night a scheduled run is for; recorded as done when it ends. */
  night?: string;
}

export interface DreamEnv {
  warn: (key: string, message: string) => void;
  notify?: (alert: AlertMessage) => Promise<NotifyResult[]>;
  /** The nightly reflection's state: the dream follows it. */
  nightly: (now: number) => NightlyStatus;
}

export function dreamJob(deps: JobDeps, env: DreamEnv): Job<DreamArgs, DreamResult> {
  return {
    name: DREAM_JOB,
    due(now) {
      if (!deps.config.dream.enabled) return notDue("the nightly dream is off (dream.enabled is false)");
      const st = env.nightly(now);
      // When the daemon reflects, the dream waits for that night's reflection; cron users reflect elsewhere.
      if (st.due && deps.config.schedule.reflect) return notDue(`waits for the reflection of night ${st.night}`);
      // A night before the workspace existed had no reflection and leaves nothing to dream of.
      if (st.beforeWorkspace) return notDue(`night ${st.night} came before the workspace; the first dream follows the first night`, st.next);
      const last = new JobStateStore(deps.state()).get(DREAM_STATE_KEY);
      if (last !== undefined && last >= st.night) return notDue(`night ${st.night} dreamed`, st.due ? null : st.next);
      return { due: true, nextAt: now, reason: `dream for night ${st.night}`, runs: [{ key: DREAM_JOB, args: { night: st.night } }] };
    },
    startDetails(args, trigger) {
      return { ...(args.night !== undefined ? { night: args.night } : {}), trigger: trigger === "manual" ? "manual" : "scheduled" };
    },
    recorded: (args) => args.dryRun !== true,
    async run(args, ctx) {
      // A dry run writes nothing, and creates no state file either: it reads an empty one.
      const scratch = args.dryRun && deps.existingState() === null ? openStateDb(":memory:") : null;
      try {
        const r = await runDream({
          workspace: deps.workspace,
          db: scratch ?? deps.state(),
          config: deps.config.dream,
          timeZone: deps.config.context.timeZone,
          now: deps.now,
          provider: deps.llm,
          embedder: deps.embedder,
          embedCache: args.dryRun ? null : deps.embedCache(),
          lookup: deps.chunks?.() ?? null,
          links: deps.links ?? (() => []),
          signal: ctx.signal,
          ...(args.dryRun ? { dryRun: true } : {}),
          runId: ctx.runId,
          rule: { allowHardLinks: deps.config.index.allowHardLinks },
        });
        if (args.night !== undefined && !r.dryRun) new JobStateStore(deps.state()).set(DREAM_STATE_KEY, args.night, deps.now());
        if (!r.dryRun && r.proposed.length > r.accepted.length) await announce(deps, env, r, ctx.trigger, ctx.runId);
        return { result: dreamResult(r), value: r };
      } finally {
        scratch?.close();
      }
    },
  };
}

function dreamResult(r: DreamResult): JobResult {
  const skippedWhy: Record<string, number> = {};
  for (const s of r.skipped) {
    const key = s.reason.replace(/^"[^"]*": /, "").replace(/\d+/g, "N").replace(/"[^"]*"/g, "…");
    skippedWhy[key] = (skippedWhy[key] ?? 0) + 1;
  }
  return {
    outcome: r.status === "no-llm" || r.status === "nothing" ? "skip" : "ok",
    reason: `${r.reason}; considered ${r.considered}, proposed ${r.proposed.length}, skipped ${r.skipped.length}`,
    details: {
      status: r.status,
      considered: r.considered,
      candidates: r.candidates.length,
      proposed: r.proposed.map((p) => p.id),
      accepted: r.accepted,
      skipped: r.skipped.slice(0, 50),
      skippedWhy,
      pruned: r.pruned,
      ...(r.model !== null ? { model: r.model } : {}),
    },
  };
}

/** Proposals wait: one inbox report (replaced, not piled up, night after night) and a notice. */
async function announce(deps: JobDeps, env: DreamEnv, r: DreamResult, trigger: JobTrigger, runId: number | null): Promise<void> {
  const waiting = r.proposed.filter((p) => !r.accepted.includes(p.id));
  const title = `Dreaming: ${waiting.length} MEMORY.md proposal(s) wait for review`;
  const body = [...waiting.map((p) => `#${p.id} ${p.text}  (${p.source})`), "", "Review: agent dream review, then agent dream accept ID... or agent dream reject ID --reason \"...\""].join("\n");
  new InboxStore(deps.state()).replace({ createdAt: deps.now(), kind: "report", title, body, source: DREAM_JOB, runId }, "Dreaming: ");
  if (trigger !== "schedule") return;
  const alert: AlertMessage = { kind: "report", title, body, createdAt: deps.now(), workspace: deps.workspace, source: DREAM_JOB };
  try {
    await (env.notify ?? ((a: AlertMessage) => notify(a, deps.config.heartbeat.notifier)))(alert);
  } catch (e) {
    env.warn("notify-dream", `could not send the dream notice: ${errorMessage(e)}`);
  }
}

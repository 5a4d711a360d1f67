/** Heartbeats as a job: due every heartbeat.every inside the active hours, recorded like every run. */
import { notDue, type Job, type JobDeps } from "../job.js";
import type { AlertMessage, NotifyResult } from "./notify.js";
import { HEARTBEAT_JOB, heartbeatDue, heartbeatJobResult, heartbeatSettings, runHeartbeat, type HeartbeatResult } from "./run.js";

export { HEARTBEAT_JOB };

export interface HeartbeatArgs {
  /** Run even outside the active hours (`agent heartbeat --now`). */
  ignoreActiveHours?: boolean;
}

export function heartbeatJob(deps: JobDeps, env: { notify?: (alert: AlertMessage) => Promise<NotifyResult[]> }): Job<HeartbeatArgs, HeartbeatResult> {
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

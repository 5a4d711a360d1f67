import type { Command } from "commander";
import { heartbeatDue, heartbeatJobResult, heartbeatSettings, openJobsDb, recordRun, runHeartbeat, HEARTBEAT_JOB, type HeartbeatResult } from "../../index.js";
import { printJson, warn, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";

interface HeartbeatOpts extends WorkspaceOpts, ProviderOpts {
  now?: boolean;
}

export function registerHeartbeat(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        program
          .command("heartbeat")
          .description("one heartbeat tick: check HEARTBEAT.md with the local model if one is due (inside active hours, interval elapsed)")
          .option("--now", "run now, even outside the active hours or before the interval has passed"),
      ),
    ),
  ).action(async (opts: HeartbeatOpts) => {
    const workspace = workspaceFrom(opts);
    const settings = heartbeatSettings(workspace);
    const jobs = openJobsDb(workspace);
    try {
      if (!opts.now) {
        if (!settings.config.enabled) return say(opts, { due: false, reason: "heartbeats are off (heartbeat.enabled is false); --now runs one anyway" });
        const due = heartbeatDue(jobs, Date.now(), settings);
        if (!due.due) return say(opts, { due: false, reason: due.reason, next: new Date(due.at).toISOString() });
      }
      const provider = providerFor(workspace, opts);
      const controller = new AbortController();
      const onSignal = () => controller.abort();
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
      let result: HeartbeatResult | undefined;
      try {
        const run = await recordRun(jobs.runs, HEARTBEAT_JOB, Date.now, { trigger: opts.now ? "manual --now" : "manual" }, async (runId) => {
          result = await runHeartbeat({ workspace, provider, jobs, settings, ignoreActiveHours: opts.now ?? false, signal: controller.signal, runId });
          return heartbeatJobResult(result);
        });
        if (opts.json) return printJson({ due: true, run, result: result ?? null });
        if (run.outcome === "error") throw new Error(run.reason ?? "the heartbeat failed");
        const r = result!;
        if (r.status === "skipped") process.stdout.write(`heartbeat skipped: ${r.reason}\n`);
        else if (r.status === "ok") process.stdout.write("heartbeat ok: nothing needs attention\n");
        else {
          process.stdout.write(`heartbeat alert (inbox #${r.inboxId}):\n${r.reply}\n`);
          for (const n of r.notified) (n.ok ? (m: string) => process.stdout.write(`  ${m}\n`) : warn)(n.detail);
        }
      } finally {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
        await provider.close();
      }
    } finally {
      jobs.close();
    }
  });
}

function say(opts: { json?: boolean }, out: { due: false; reason: string; next?: string }): void {
  if (opts.json) printJson(out);
  else process.stdout.write(`no heartbeat now: ${out.reason}\n`);
}

import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import { printJson, standard, warn, withCancel, withEngine, withProviderOptions, type ProviderOpts, type WorkspaceOpts } from "../common.js";

interface HeartbeatOpts extends WorkspaceOpts, ProviderOpts {
  now?: boolean;
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      program
        .command("heartbeat")
        .description("one heartbeat tick: check HEARTBEAT.md with the local model if one is due (inside active hours, interval elapsed)")
        .option("--now", "run now, even outside the active hours or before the interval has passed"),
    ),
  ).action(async (opts: HeartbeatOpts) => {
    await withEngine(opts, async (engine) => {
      const jobs = await engine.jobs();
      if (!opts.now) {
        const due = jobs.due("heartbeat");
        if (!due.due) {
          const out = { due: false, reason: `${due.reason}${due.reason.includes("heartbeat.enabled") ? "; --now runs one anyway" : ""}`, ...(due.nextAt !== null ? { next: new Date(due.nextAt).toISOString() } : {}) };
          if (opts.json) printJson(out);
          else process.stdout.write(`no heartbeat now: ${out.reason}\n`);
          return;
        }
      }
      const { run, value } = await withCancel((signal) => jobs.run("heartbeat", { ignoreActiveHours: opts.now ?? false }, { signal }));
      if (opts.json) return printJson({ due: true, run, result: value ?? null });
      if (run.outcome === "error" || value === undefined) throw jobFailure(run, "the heartbeat failed");
      const r = value;
      if (r.status === "skipped") process.stdout.write(`heartbeat skipped: ${r.reason}\n`);
      else if (r.status === "ok") process.stdout.write("heartbeat ok: nothing needs attention\n");
      else {
        process.stdout.write(`heartbeat alert (inbox #${r.inboxId}):\n${r.reply}\n`);
        for (const n of r.notified) (n.ok ? (m: string) => process.stdout.write(`  ${m}\n`) : warn)(n.detail);
      }
    });
  });
}

import type { Command } from "commander";
import { flushJobResult, flushSettings, openJobsDb, recordRun, runFlush, type FlushResult } from "../../index.js";
import { printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";

interface FlushOpts extends WorkspaceOpts, ProviderOpts {
  session: string;
  force?: boolean;
}

export function registerFlush(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        program
          .command("flush")
          .description("the pre-compaction memory flush, now: if the session is near compaction, append its durable notes to today's memory/YYYY-MM-DD.md")
          .requiredOption("--session <id>", "session id (sessions/<id>.jsonl)")
          .option("--force", "flush even below the threshold or if this compaction cycle was already flushed"),
      ),
    ),
  ).action(async (opts: FlushOpts) => {
    const workspace = workspaceFrom(opts);
    const settings = flushSettings(workspace);
    const provider = providerFor(workspace, opts);
    const jobs = openJobsDb(workspace);
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    let result: FlushResult | undefined;
    try {
      const run = await recordRun(jobs.runs, "flush", Date.now, { session: opts.session, trigger: opts.force ? "manual --force" : "manual" }, async (runId) => {
        result = await runFlush({
          workspace,
          session: opts.session,
          provider,
          jobs,
          settings,
          force: opts.force ?? false,
          signal: controller.signal,
          runId,
        });
        return flushJobResult(result);
      });
      if (opts.json) return printJson({ run, result: result ?? null });
      if (run.outcome === "error") throw new Error(run.reason ?? "the flush failed");
      const r = result!;
      switch (r.status) {
        case "flushed":
          process.stdout.write(`flushed session ${r.session}: ${r.chars} characters appended to ${r.file}\n  ${r.reason}\n`);
          break;
        case "no-reply":
          process.stdout.write(`flushed session ${r.session}: the model had nothing worth keeping (NO_REPLY); nothing written\n`);
          break;
        case "not-due":
          process.stdout.write(`no flush for session ${r.session}: ${r.reason}${r.reason.startsWith("already") || r.reason.startsWith("not yet") ? " (--force to flush anyway)" : ""}\n`);
          break;
      }
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      jobs.close();
      await provider.close();
    }
  });
}

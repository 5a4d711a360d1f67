import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import { printJson, type ProviderOpts, standard, withEngine, withJobCancel, withProviderOptions, type WorkspaceOpts } from "../common.js";

interface FlushOpts extends WorkspaceOpts, ProviderOpts {
  session: string;
  force?: boolean;
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      program
        .command("flush")
        .description("the pre-compaction memory flush, now: if the session is near compaction, append its durable notes to today's memory/YYYY-MM-DD.md")
        .requiredOption("--session <id>", "session id (sessions/<id>.jsonl)")
        .option("--force", "flush even below the threshold or if this compaction cycle was already flushed"),
    ),
  ).action(async (opts: FlushOpts) => {
    const { run, value } = await withEngine(opts, (engine) => withJobCancel(engine, (signal) => engine.runJob("flush", { session: opts.session, force: opts.force ?? false }, { signal })));
    if (opts.json) return printJson({ run, result: value ?? null });
    if (run.outcome === "error" || value === undefined) throw jobFailure(run, "the flush failed");
    const r = value;
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
  });
}

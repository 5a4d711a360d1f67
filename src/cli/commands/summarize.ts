import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import type { SummarizeResult } from "../../jobs/summarize/run.js";
import { printJson, type ProviderOpts, standard, warn, withEngine, withJobCancel, withProviderOptions, type WorkspaceOpts } from "../common.js";

interface SummarizeOpts extends WorkspaceOpts, ProviderOpts {
  session?: string;
  since?: string;
  dryRun?: boolean;
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      program
        .command("summarize")
        .description("write sessions/<id>.summary.md for finished conversations of 3 or more messages (the night does this before reflecting)")
        .option("--session <id>", "only this conversation (ended or not)")
        .option("--since <date>", "only conversations with a message on or after this date (2026-11-20)")
        .option("--dry-run", "say which summaries would be written; call no model, write nothing"),
    ),
  ).action(async (opts: SummarizeOpts) => {
    const args = {
      ...(opts.session !== undefined ? { session: opts.session } : {}),
      ...(opts.since !== undefined ? { since: opts.since } : {}),
      ...(opts.dryRun ? { dryRun: true } : {}),
    };
    const { run, value } = await withEngine(opts, (engine) => withJobCancel(engine, (signal) => engine.runJob("summarize", args, { signal })));
    if (value === undefined) throw jobFailure(run, "summarizing failed");
    if (opts.json) return printJson(value);
    if (value.noModel !== undefined) warn(value.noModel);
    process.stdout.write(describe(value));
  });
}

function describe(r: SummarizeResult): string {
  const out: string[] = [];
  const verb = r.dryRun ? "would write" : "wrote";
  for (const rel of r.removed) out.push(`${r.dryRun ? "would remove" : "removed"} ${rel} (not the person's own conversation)`);
  for (const w of r.written) out.push(`${verb} ${w.path} (${w.messages} messages${w.shown < w.messages ? `, ${w.shown} shown to the model` : ""})`);
  for (const f of r.failed) out.push(`${f.session}: not summarised (${f.reason})`);
  const why = [...new Set(r.skipped.map((s) => s.reason.replace(/^\d+ message\(s\), /, "")))].slice(0, 3).join("; ");
  const skipped = r.skipped.length > 0 ? `; ${r.skipped.length} skipped, ${why}` : "";
  out.push(`${r.written.length} summar${r.written.length === 1 ? "y" : "ies"} ${r.dryRun ? "to write" : "written"}${skipped}${r.dryRun ? "; nothing was written" : ""}`);
  return out.join("\n") + "\n";
}

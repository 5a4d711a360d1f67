import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import { printJson, standard, warn, withEngine, withJobCancel, withProviderOptions } from "../common.js";
import { describeSnapshot, narrativeOption, type EvolveOpts } from "./evolve.js";

export function register(program: Command): void {
  standard(
    withProviderOptions(
      narrativeOption(program.command("snapshot").description("take a personality snapshot now (traits, narrative, defining memories, drift since the last one); no report")),
    ),
  ).action(async (opts: EvolveOpts) => {
    // A job like the others: recorded in `agent jobs`, and Ctrl-C cancels the model's narrative.
    const { run, value: r } = await withEngine(opts, (engine) =>
      withJobCancel(engine, (signal) => engine.runJob("snapshot", opts.narrative !== undefined ? { narrative: opts.narrative } : {}, { signal })),
    );
    if (run.outcome === "error" || r === undefined) throw jobFailure(run, "the snapshot failed");
    if (opts.json) return printJson(r);
    for (const w of r.warnings) warn(w);
    process.stdout.write([`snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories`, ...describeSnapshot(r)].join("\n") + "\n");
  });
}

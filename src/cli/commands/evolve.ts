import { jobFailure } from "../job-error.js";
import { Option, type Command } from "commander";
import { driftLine, TRAIT_NAMES, TRAIT_TITLES, type SnapshotResult } from "../../jobs/evolve/index.js";
import { printJson, type ProviderOpts, standard, warn, withEngine, withJobCancel, withProviderOptions, type WorkspaceOpts } from "../common.js";

export interface EvolveOpts extends WorkspaceOpts, ProviderOpts {
  narrative?: "rules" | "model";
  here?: boolean;
}

export function narrativeOption(cmd: Command): Command {
  return cmd.addOption(
    new Option("--narrative <by>", 'who writes the "who you are now" paragraph (default: evolution.narrative, "rules")').choices(["rules", "model"]),
  );
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      narrativeOption(
        program
          .command("evolve")
          .description("the weekly evolution cycle now: archive faded memories, take a personality snapshot, detect drift, write reflections/weekly-YYYY-Www.md and an inbox report")
          .option("--here", "run it on this device even when another device is the home of the writing jobs (`agent jobs`)"),
      ),
    ),
  ).action(async (opts: EvolveOpts) => {
    // Recorded like the daemon's weekly run, so a run by hand after the weekly time counts for that week.
    const { run, value } = await withEngine(opts, (engine) =>
      withJobCancel(engine, (signal) => engine.runJob("evolve", { ...(opts.narrative !== undefined ? { narrative: opts.narrative } : {}) }, { signal, here: opts.here === true })),
    );
    if (run.outcome === "error" || value === undefined) throw jobFailure(run, "the evolution failed");
    if (opts.json) return printJson(value);
    for (const w of value.warnings) warn(w);
    const r = value;
    const out = [
      `weekly evolution ${r.week}: ${r.memories.active} active memories (${r.memories.vivid} vivid, ${r.memories.fading} fading), ${r.archived.length} archived now`,
      ...describeSnapshot(r),
      `report: ${r.reportPath}${r.reportReplaced ? " (replaced this week's earlier report)" : ""}; inbox #${r.inboxId}`,
    ];
    process.stdout.write(out.join("\n") + "\n");
  });
}

export function describeSnapshot(r: SnapshotResult): string[] {
  const out = ["", "who I am now:", `  ${r.narrative}`, "", "traits:"];
  for (const t of TRAIT_NAMES) out.push(`  ${TRAIT_TITLES[t].padEnd(19)} ${r.traits[t].label} (${r.traits[t].score.toFixed(2)})`);
  if (r.defining.length > 0) {
    out.push("", "defining memories:");
    for (const d of r.defining) out.push(`  #${d.id} ${d.content}`);
  }
  out.push("", r.hadPrevious ? (r.drift.length === 0 ? "drift: none since the last snapshot" : "drift:") : "drift: first snapshot, nothing to compare with");
  for (const d of r.drift) {
    out.push(`  ${driftLine(d)}`);
    for (const e of d.evidence) out.push(`    - ${e}`);
  }
  out.push("");
  return out;
}

import { Option, type Command } from "commander";
import { evolveJobResult, EVOLVE_JOB, runEvolution, takePersonalitySnapshot, TRAIT_NAMES, TRAIT_TITLES, driftLine, type EvolutionResult, type SnapshotResult } from "../../jobs/evolve/index.js";
import { openJobsDb, recordRun } from "../../jobs/runs.js";
import type { LLMProvider } from "../../llm/types.js";
import { printJson, warn, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";

interface EvolveOpts extends WorkspaceOpts, ProviderOpts {
  narrative?: "rules" | "model";
}

function narrativeOption(cmd: Command): Command {
  return cmd.addOption(
    new Option("--narrative <by>", 'who writes the "who you are now" paragraph (default: evolution.narrative, "rules")').choices(["rules", "model"]),
  );
}

export function registerEvolve(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        narrativeOption(
          program
            .command("evolve")
            .description("the weekly evolution cycle now: archive faded memories, take a personality snapshot, detect drift, write reflections/weekly-YYYY-Www.md and an inbox report"),
        ),
      ),
    ),
  ).action(async (opts: EvolveOpts) => {
    const workspace = workspaceFrom(opts);
    const { provider, close } = maybeProvider(workspace, opts);
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    let result: EvolutionResult | undefined;
    let failure: string | null = null;
    const jobs = openJobsDb(workspace);
    try {
      // Recorded like the daemon's weekly run, so a run by hand after the weekly time counts for that week.
      const run = await recordRun(jobs.runs, EVOLVE_JOB, Date.now, { trigger: "manual" }, async () => {
        result = await runEvolution({ workspace, provider, signal: controller.signal, ...(opts.narrative !== undefined ? { narrative: opts.narrative } : {}) });
        return evolveJobResult(result);
      });
      if (run.outcome === "error") failure = run.reason ?? "the evolution failed";
    } finally {
      jobs.close();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await close();
    }
    if (failure !== null || result === undefined) throw new Error(failure ?? "the evolution failed");
    if (opts.json) return printJson(result);
    for (const w of result.warnings) warn(w);
    const r = result;
    const out = [
      `weekly evolution ${r.week}: ${r.memories.active} active memories (${r.memories.vivid} vivid, ${r.memories.fading} fading), ${r.archived.length} archived now`,
      ...describeSnapshot(r),
      `report: ${r.reportPath}${r.reportReplaced ? " (replaced this week's earlier report)" : ""}; inbox #${r.inboxId}`,
    ];
    process.stdout.write(out.join("\n") + "\n");
  });

  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        narrativeOption(
          program.command("snapshot").description("take a personality snapshot now (traits, narrative, defining memories, drift since the last one); no report"),
        ),
      ),
    ),
  ).action(async (opts: EvolveOpts) => {
    const workspace = workspaceFrom(opts);
    const { provider, close } = maybeProvider(workspace, opts);
    let r: SnapshotResult;
    try {
      r = await takePersonalitySnapshot({ workspace, provider, ...(opts.narrative !== undefined ? { narrative: opts.narrative } : {}) });
    } finally {
      await close();
    }
    if (opts.json) return printJson(r);
    for (const w of r.warnings) warn(w);
    process.stdout.write([`snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories`, ...describeSnapshot(r)].join("\n") + "\n");
  });
}

/** The model is only needed (and only created) when the narrative is to be written by it. */
function maybeProvider(workspace: string, opts: EvolveOpts): { provider: LLMProvider | null; close: () => Promise<void> } {
  if (opts.narrative !== "model" && opts.provider === undefined && opts.model === undefined) {
    return { provider: null, close: async () => undefined };
  }
  const provider = providerFor(workspace, opts);
  return { provider, close: () => provider.close() };
}

function describeSnapshot(r: SnapshotResult): string[] {
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

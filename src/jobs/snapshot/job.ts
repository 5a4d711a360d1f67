import { evolutionInput } from "../evolve/job.js";
import { takePersonalitySnapshot, type SnapshotResult } from "../evolve/cycle.js";
import { notDue, type Job, type JobDeps } from "../job.js";

export const SNAPSHOT_JOB = "snapshot";

export interface SnapshotArgs {
  /** Overrides evolution.narrative for this run. */
  narrative?: "rules" | "model";
}

/** `agent snapshot`: a personality snapshot now (fade pass, traits, narrative, drift); no report. Never scheduled. */
export function snapshotJob(deps: JobDeps): Job<SnapshotArgs, SnapshotResult> {
  return {
    name: SNAPSHOT_JOB,
    due: () => notDue("taken by hand (`agent snapshot`); the weekly evolution takes its own"),
    startDetails: (args, trigger) => ({ trigger, ...(args.narrative !== undefined ? { narrative: args.narrative } : {}) }),
    recorded: () => true,
    async run(args, ctx) {
      const r = await takePersonalitySnapshot(evolutionInput(deps, ctx.signal, args.narrative));
      const reason = `snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories, ${r.drift.length} drift(s); narrative by ${r.narrativeBy}`;
      return { result: { outcome: "ok", reason, details: { snapshot: r.snapshotId, week: r.week, drift: r.drift.map((d) => d.trait) } }, value: r };
    },
  };
}

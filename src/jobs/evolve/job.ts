/** The weekly evolution as a job: due once per ISO week after evolution.weeklyAt (a missed week is caught up). */
import { JobStateStore } from "../../store/job-runs.js";
import { notDue, triggerWord, type Job, type JobDeps } from "../job.js";
import { WEEKLY_STATE_KEY } from "../schedule/weekly.js";
import { weeklyOf } from "../schedule/status.js";
import { evolutionTimeZone } from "./config.js";
import { EVOLVE_JOB, evolveJobResult, runEvolution, type EvolutionResult, type RunEvolutionInput } from "./cycle.js";

export { EVOLVE_JOB };

export interface EvolveArgs {
  /** Overrides evolution.narrative for this run. */
  narrative?: "rules" | "model";
  /** The ISO week a scheduled run is for; recorded as done when it succeeds. */
  week?: string;
  catchUp?: boolean;
}

export interface EvolveEnv {
  /** The tick length: lateness beyond it makes a due run a catch-up. */
  tickMs: number;
  /** When the host started: a workspace that never evolved owes no week from before. */
  startedAt: number;
  /** Replaces runEvolution (tests). */
  evolve?: (input: RunEvolutionInput) => Promise<EvolutionResult>;
}

export function evolveJob(deps: JobDeps, env: EvolveEnv): Job<EvolveArgs, EvolutionResult> {
  return {
    name: EVOLVE_JOB,
    due(now) {
      if (!deps.config.evolution.weekly) return notDue("the weekly evolution is off (evolution.weekly is false)");
      const st = weeklyOf(deps, now, env.tickMs, env.startedAt);
      if (!st.due) return notDue(st.reason, st.next);
      return { due: true, nextAt: now, reason: st.reason, runs: [{ key: EVOLVE_JOB, args: { week: st.week, catchUp: st.catchUp } }] };
    },
    startDetails(args, trigger) {
      return { ...(args.week !== undefined ? { week: args.week } : {}), trigger: triggerWord(trigger, args.catchUp, "scheduled") };
    },
    recorded: () => true,
    async run(args, ctx) {
      const evolve = env.evolve ?? runEvolution;
      const r = await evolve({
        ...evolutionInput(deps, ctx.signal, args.narrative),
        ...(args.week !== undefined ? { week: args.week } : {}),
      });
      if (args.week !== undefined) new JobStateStore(deps.state()).set(WEEKLY_STATE_KEY, args.week, deps.now());
      const res = evolveJobResult(r);
      return { result: { ...res, reason: `${args.catchUp ? "catch-up, " : ""}${res.reason ?? ""}` }, value: r };
    },
  };
}

/** What the weekly evolution and a snapshot are given (the model only when the narrative is the model's). */
export function evolutionInput(deps: JobDeps, signal: AbortSignal, narrative: "rules" | "model" | undefined): RunEvolutionInput {
  return {
    workspace: deps.workspace,
    db: deps.state(),
    config: deps.config.evolution,
    timeZone: evolutionTimeZone(deps.config),
    now: deps.now,
    provider: () => deps.llm(),
    signal,
    ...(narrative !== undefined ? { narrative } : {}),
  };
}

/**
 * What the engine hands the jobs, built for tests from a temp workspace: the state database
 * opened once with openStateDb (closed by the test), the config sections validated from the
 * workspace's agent.config.json, a scripted model, an injected clock.
 */
import { existsSync } from "node:fs";
import { ContextConfigSchema } from "../../src/context/config.js";
import type { EmbeddingCache } from "../../src/embed/cache.js";
import type { Embedder } from "../../src/embed/types.js";
import { AskConfigSchema } from "../../src/jobs/ask/config.js";
import { DreamConfigSchema } from "../../src/jobs/dream/config.js";
import { EvolutionConfigSchema } from "../../src/jobs/evolve/config.js";
import { FlushConfigSchema } from "../../src/jobs/flush/config.js";
import { HeartbeatConfigSchema } from "../../src/jobs/heartbeat/config.js";
import type { JobDeps, JobsConfig } from "../../src/jobs/job.js";
import { ReflectionConfigSchema } from "../../src/jobs/reflect/config.js";
import { JobService, ScheduleLoop, type JobServiceOptions } from "../../src/jobs/runner.js";
import { jobStores, type JobStores } from "../../src/store/job-runs.js";
import { ScheduleConfigSchema } from "../../src/jobs/schedule/config.js";
import { FakeClock } from "../../src/shared/clock.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import type { LLMProvider } from "../../src/llm/types.js";
import type { DB } from "../../src/store/open.js";
import { openStateDb } from "../../src/store/state.js";
import { configSection, loadConfig } from "../../src/workspace/config.js";
import { stateDbPath } from "../../src/workspace/paths.js";

/** The job sections of the workspace's agent.config.json, validated. */
export function jobsConfig(ws: string): JobsConfig {
  const loaded = loadConfig(ws);
  return {
    file: loaded.file,
    index: loaded.index,
    reflection: configSection(loaded, "reflection", ReflectionConfigSchema),
    flush: configSection(loaded, "flush", FlushConfigSchema),
    heartbeat: configSection(loaded, "heartbeat", HeartbeatConfigSchema),
    evolution: configSection(loaded, "evolution", EvolutionConfigSchema),
    context: configSection(loaded, "context", ContextConfigSchema),
    ask: configSection(loaded, "ask", AskConfigSchema),
    schedule: configSection(loaded, "schedule", ScheduleConfigSchema),
    dream: configSection(loaded, "dream", DreamConfigSchema),
  };
}

/** The workspace's state database, as the engine opens it. */
export function stateDb(ws: string): DB {
  return openStateDb(stateDbPath(ws));
}

/** The job repositories over a freshly opened state database; close() closes it. */
export function openJobs(ws: string): JobStores & { close(): void } {
  const db = stateDb(ws);
  return { ...jobStores(db), close: () => db.close() };
}

export interface TestDepsOptions {
  now?: () => number;
  provider?: LLMProvider;
  embedder?: Embedder | null;
  cache?: EmbeddingCache | null;
}

/** JobDeps over a temp workspace; `close()` closes the state database. */
export function testDeps(ws: string, opts: TestDepsOptions = {}): JobDeps & { close(): void; opened(): boolean } {
  let db: DB | undefined;
  const provider = opts.provider ?? new ScriptedProvider();
  return {
    workspace: ws,
    config: jobsConfig(ws),
    state: () => (db ??= stateDb(ws)),
    existingState: () => db ?? (existsSync(stateDbPath(ws)) ? (db = stateDb(ws)) : null),
    now: opts.now ?? Date.now,
    llm: () => provider,
    embedder: async () => opts.embedder ?? null,
    embedCache: () => opts.cache ?? null,
    close: () => db?.close(),
    opened: () => db !== undefined,
  };
}

export interface SimulateOptions extends Omit<JobServiceOptions, "startedAt"> {
  start: number;
  /** The loop stops at the first sleep at or after this instant. */
  until: number;
  /** Called before each sleep; may move the clock (a machine asleep). */
  hook?: (clock: FakeClock) => void;
  provider?: LLMProvider;
}

/**
 * Runs the daemon's schedule loop over `ws` on a fake clock from `start` until `until`, as
 * the daemon host would (interrupted runs recovered first), and closes the state database.
 */
export async function simulate(ws: string, opts: SimulateOptions): Promise<void> {
  const stop = new AbortController();
  const clock = new FakeClock(opts.start, {
    onSleep: (c) => {
      opts.hook?.(c);
      if (c.now() >= opts.until) stop.abort(new Error("simulation over"));
    },
  });
  const deps = testDeps(ws, { now: clock.now, ...(opts.provider ? { provider: opts.provider } : {}) });
  try {
    const jobs = new JobService(deps, {
      startedAt: opts.start,
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.reflect ? { reflect: opts.reflect } : {}),
      ...(opts.evolve ? { evolve: opts.evolve } : {}),
      ...(opts.notify ? { notify: opts.notify } : {}),
    });
    jobs.recoverInterrupted();
    await new ScheduleLoop(jobs, clock).run(stop.signal);
  } finally {
    deps.close();
  }
}

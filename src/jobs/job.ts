/**
 * What a job is, and what it is given. A job never opens a database, loads the config or
 * creates a model itself: its host (the engine) hands it everything through `JobDeps`, so a
 * manual `agent reflect`, a cron line and the daemon run the very same code, recorded the
 * same way by the one runner.
 */
import type { EmbeddingCache } from "../embed/cache.js";
import type { Embedder } from "../embed/types.js";
import type { LLMProvider } from "../llm/types.js";
import type { DB } from "../store/open.js";
import type { JobResult } from "../store/job-runs.js";
import type { ContextConfig } from "../context/config.js";
import type { IndexConfig } from "../workspace/config.js";
import type { AskConfig } from "./ask/config.js";
import type { DreamConfig } from "./dream/config.js";
import type { ChunkLookup } from "./dream/candidates.js";
import type { StoredLink } from "../store/statements.js";
import type { EvolutionConfig } from "./evolve/config.js";
import type { FlushConfig } from "./flush/config.js";
import type { HeartbeatConfig } from "./heartbeat/config.js";
import type { ReflectionConfig } from "./reflect/config.js";
import type { ScheduleConfig } from "./schedule/config.js";

/**
 * The validated config sections jobs read. The engine validates the whole file once and
 * passes its config, which has these sections and more.
 */
export interface JobsConfig {
  /** Absolute path of agent.config.json, for messages that name the file. */
  file: string;
  /** For the size limits of what a job appends to a note. */
  index: IndexConfig;
  reflection: ReflectionConfig;
  flush: FlushConfig;
  heartbeat: HeartbeatConfig;
  evolution: EvolutionConfig;
  context: ContextConfig;
  ask: AskConfig;
  dream: DreamConfig;
  /** The daemon's timing: nightly reflection time and zone, tick length. */
  schedule: ScheduleConfig;
}

/** Everything a job may use, owned by the host: a job never closes any of it. */
export interface JobDeps {
  workspace: string;
  config: JobsConfig;
  /** The state database (.agent/state.db), opened once by the host on first use. */
  state: () => DB;
  /**
   * The state database only when its file exists already, else null (what state() would
   * create): dry runs read through it and so create no file.
   */
  existingState: () => DB | null;
  now: () => number;
  /** The configured LLM provider (with the caller's overrides), created on first use. */
  llm: () => LLMProvider;
  /** The configured embedder, loaded on first use; null when embeddings are off. */
  embedder: () => Promise<Embedder | null>;
  /** The embedding cache (embed.cacheDir, else .agent/), opened on first use; null for none. */
  embedCache: () => EmbeddingCache | null;
  /**
   * The index's chunks by file and text hash, brought up to date with the disk first (the
   * dream reads what retrievals recalled); absent or null when the host has no index.
   */
  chunks?: () => ChunkLookup | null;
  /** The index's statement links, brought up to date with the disk first (the dream's replacements); absent with no index. */
  links?: () => readonly StoredLink[];
}

/** How a run was started: by a person (CLI, MCP) or by the schedule (daemon, cron tick). */
export type JobTrigger = "manual" | "schedule";

export interface JobRunContext {
  signal: AbortSignal;
  trigger: JobTrigger;
  /** The job_runs id of this run; null for a run that is not recorded (a dry run). */
  runId: number | null;
}

/** When a job is next due, as the schedule sees it. */
export interface JobDue<A = unknown> {
  due: boolean;
  /** Next time it will be due (ms), or null when it is not scheduled. */
  nextAt: number | null;
  reason: string;
  /**
   * When due, the runs to start now, in order: each with its args and a key naming it for
   * retries (a flush per growing transcript; one run for the others).
   */
  runs: { key: string; args: A }[];
}

/**
 * One job: a name, when it is due, and a run that honours the cancel signal. `V` is what a
 * run returns to the caller (the CLI prints it), beside the recorded outcome.
 */
export interface Job<A = void, V = unknown> {
  readonly name: string;
  /** Whether the schedule should start a run now; jobs only run by hand return due: false. */
  due(now: number): JobDue<A>;
  /** What job_runs records about a run before it starts (session, night, how it was started). */
  startDetails(args: A, trigger: JobTrigger): Record<string, unknown>;
  /** False for a run that must leave no trace, not even a job_runs row (a dry run). */
  recorded(args: A): boolean;
  run(args: A, ctx: JobRunContext): Promise<{ result: JobResult; value: V }>;
}

/** The answer of a job that is not due now (and when it will be, if it knows). */
export const notDue = (reason: string, nextAt: number | null = null): JobDue<never> => ({ due: false, nextAt, reason, runs: [] });

/** How a run was started, as its record says it: by hand, a catch-up, or the schedule's own word. */
export function triggerWord(trigger: JobTrigger, catchUp: boolean | undefined, scheduled: string): string {
  return trigger === "manual" ? "manual" : catchUp ? "catch-up" : scheduled;
}

/** A problem worth one line in the host's log (an unreadable sessions/ folder), said once per key. */
export type JobWarn = (key: string, message: string) => void;

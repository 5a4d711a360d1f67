/**
 * The shape of a loaded, validated agent.config.json: types only, so that the code that
 * caches or passes a config around does not load the validator (config.ts).
 */
import type { ContextConfig } from "../context/config.js";
import type { EmbedConfig } from "../embed/config.js";
import type { AskConfig } from "../jobs/ask/config.js";
import type { DreamConfig } from "../jobs/dream/config.js";
import type { EvolutionConfig } from "../jobs/evolve/config.js";
import type { FlushConfig } from "../jobs/flush/config.js";
import type { HeartbeatConfig } from "../jobs/heartbeat/config.js";
import type { JobsConfig } from "../jobs/job.js";
import type { ReflectionConfig } from "../jobs/reflect/config.js";
import type { ScheduleConfig } from "../jobs/schedule/config.js";
import type { LLMConfig } from "../llm/config.js";
import type { SearchConfig } from "../search/config.js";
import type { IndexConfig } from "../workspace/config.js";
import type { DaemonConfig } from "./daemon-config.js";

export interface AgentConfig extends JobsConfig {
  /** Absolute path of the config file (which may not exist). */
  file: string;
  /** Whether the file exists (false: every value is a default). */
  exists: boolean;
  /** The file's object with `null`s removed: what the user set. */
  raw: Record<string, unknown>;
  /** Settings that load but do nothing (kept for old files), one sentence each; absent in configs cached by older builds. */
  warnings?: string[];
  index: IndexConfig;
  embed: EmbedConfig;
  search: SearchConfig;
  llm: LLMConfig;
  reflection: ReflectionConfig;
  context: ContextConfig;
  flush: FlushConfig;
  heartbeat: HeartbeatConfig;
  schedule: ScheduleConfig;
  evolution: EvolutionConfig;
  ask: AskConfig;
  dream: DreamConfig;
  daemon: DaemonConfig;
}

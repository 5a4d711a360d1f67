import type { AgentConfig } from "./config-types.js";
/** The cached config when the file and the code are the ones it was validated with. */
export declare function readConfigCache(workspace: string, buildId?: string | null): AgentConfig | null;
/**
 * Remembers `config`, validated from `text`. Best effort: a read-only workspace just does
 * without. Mode 0600, as the file may hold an API key copied from the config.
 */
export declare function writeConfigCache(workspace: string, text: string | null, config: AgentConfig, buildId?: string | null): void;
/** Set by config.ts when it loads: the synchronous validator behind `configFor`. */
export declare function provideConfigValidator(fn: (workspace: string) => AgentConfig): void;
/**
 * The workspace's config for a synchronous caller (Engine.open): the cache, else the
 * validator, which the library's entry point (src/index.ts) and Engine.load bring in.
 */
export declare function configFor(workspace: string): AgentConfig;

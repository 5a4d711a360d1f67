import { z } from "zod";
/**
 * `agent.config.json` in the workspace root. Every key is optional. Each layer owns and
 * validates its own section (index here, search/embed/llm/jobs in their folders) through
 * `configSection`, so this module does not depend on the layers above it.
 */
export declare class ConfigError extends Error {
    constructor(message: string);
}
export declare const IndexConfigSchema: z.ZodObject<{
    chunkTokens: z.ZodDefault<z.ZodNumber>;
    overlapTokens: z.ZodDefault<z.ZodNumber>;
    maxFileBytes: z.ZodDefault<z.ZodNumber>;
    maxAppendBytes: z.ZodDefault<z.ZodNumber>;
    allowHardLinks: z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
export type IndexConfig = z.infer<typeof IndexConfigSchema>;
export interface LoadedConfig {
    /** Absolute path of the config file (which may not exist). */
    file: string;
    raw: Record<string, unknown>;
    index: IndexConfig;
}
export declare function loadConfig(workspace: string): LoadedConfig;
/** Validates one section of the config with its owner's schema; errors name file and key. */
export declare function configSection<S extends z.ZodType>(cfg: {
    file: string;
    raw: Record<string, unknown>;
}, key: string, schema: S): z.output<S>;

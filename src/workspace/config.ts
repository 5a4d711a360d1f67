import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { JsoncError, parseJsonc } from "./jsonc.js";
import { configPath } from "./paths.js";

/**
 * `agent.config.json` in the workspace root. Every key is optional. Each layer owns and
 * validates its own section (index here, search/embed/llm/jobs in their folders) through
 * `configSection`, so this module does not depend on the layers above it.
 */

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export const IndexConfigSchema = z
  .object({
    /** Target chunk size in estimated tokens; see README "Chunking" for the measurement. */
    chunkTokens: z.number().int().min(32).max(8192).default(400),
    /** Lines repeated from the end of one chunk at the start of the next, in tokens. */
    overlapTokens: z.number().int().min(0).max(2048).default(80),
    /** Files larger than this are indexed only up to it (cut at a line end). */
    maxFileBytes: z.number().int().min(1024).default(5 * 1024 * 1024),
    /** Largest single append to a daily note (MCP memory_append, the flush), in UTF-8 bytes. */
    maxAppendBytes: z.number().int().min(256).default(64 * 1024),
    /** Serve (memory_get, ask, boot) regular files with more than one hard link; off because a hard link can expose a file outside the workspace. */
    allowHardLinks: z.boolean().default(false),
  })
  .strict();
export type IndexConfig = z.infer<typeof IndexConfigSchema>;

export interface LoadedConfig {
  /** Absolute path of the config file (which may not exist). */
  file: string;
  raw: Record<string, unknown>;
  index: IndexConfig;
}

export function loadConfig(workspace: string): LoadedConfig {
  const file = configPath(workspace);
  let raw: Record<string, unknown> = {};
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = parseJsonc(readFileSync(file, "utf8"));
    } catch (e) {
      throw new ConfigError(`${file}: not valid JSON${e instanceof JsoncError ? ` at ${e.message}` : ` (${(e as Error).message})`}; fix the file or move it away to use defaults`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${file}: must hold a JSON object`);
    }
    raw = parsed as Record<string, unknown>;
  }
  return { file, raw, index: configSection({ file, raw }, "index", IndexConfigSchema) };
}

/** Validates one section of the config with its owner's schema; errors name file and key. */
export function configSection<S extends z.ZodType>(cfg: { file: string; raw: Record<string, unknown> }, key: string, schema: S): z.output<S> {
  const result = schema.safeParse(cfg.raw[key] ?? {});
  if (!result.success) {
    const issues = result.error.issues
      .map((i) => `${[key, ...i.path.map(String)].join(".")}: ${i.message}`)
      .join("; ");
    throw new ConfigError(`${cfg.file}: ${issues}`);
  }
  return result.data;
}

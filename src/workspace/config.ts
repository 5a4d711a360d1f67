import { z } from "zod";
import { readWorkspaceText, UnsafeFileError } from "./guard.js";
import { JsoncError, parseJsonc } from "./jsonc.js";
import { configPath } from "./paths.js";

/** Largest agent.config.json read: a settings file this size is a mistake, not settings. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * agent.config.json's text, or null when there is none. Through the guard (a FIFO or a device
 * never hangs a command, a huge file is refused) but a link out is followed: a person's own
 * settings often live in a dotfiles folder, and the config is never shown to a session.
 */
export function readConfigText(workspace: string): string | null {
  try {
    return readWorkspaceText(workspace, "agent.config.json", { allowHardLinks: true, allowLinkOut: true }, MAX_CONFIG_BYTES)?.text ?? null;
  } catch (e) {
    if (e instanceof UnsafeFileError) throw new ConfigError(`${configPath(workspace)}: ${e.message.replace(/^agent\.config\.json: /, "")}`);
    throw e;
  }
}

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
  const text = readConfigText(workspace);
  if (text !== null) {
    let parsed: unknown;
    try {
      parsed = parseJsonc(text);
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

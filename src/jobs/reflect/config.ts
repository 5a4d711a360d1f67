import { z } from "zod";
import { configSection, type LoadedConfig } from "../../workspace/config.js";

/**
 * The `reflection` section of agent.config.json. Every key is optional; the defaults are
 * the ones the reflection design names.
 */
export const ReflectionConfigSchema = z
  .object({
    /** A session must have at least this many user/assistant messages in the window to count. */
    minMessagesPerSession: z.number().int().min(1).default(3),
    /** Fewer qualifying sessions than this and the run is skipped (with the reason recorded). */
    minSessions: z.number().int().min(1).default(1),
    /** The transcript given to the model keeps only the newest this-many messages... */
    maxMessages: z.number().int().min(1).max(10_000).default(100),
    /** ...each cut to this many characters. */
    maxMessageChars: z.number().int().min(20).max(100_000).default(200),
    /** Longer SOUL.md proposals are cut at the last complete sentence within this many words. */
    maxSoulWords: z.number().int().min(50).max(20_000).default(600),
    /** Estimated tokens SOUL.md may take in the assistant's context; over it is a warning. */
    tokenBudget: z.number().int().min(50).default(800),
    /** Largest share of SOUL.md's lines one run may change; bigger rewrites become a proposal. */
    changeBudget: z.number().min(0).max(1).default(0.3),
    /** When true the whole "Core Identity" section is locked, not only <!-- locked --> blocks. */
    lockCoreIdentity: z.boolean().default(false),
    /** Window used when no reflection has completed yet (or with --since): "24h", "3d", "90m". */
    since: z
      .string()
      .default("24h")
      .refine((s) => parseDuration(s) !== undefined, { message: 'expected a duration like "24h", "3d" or "90m"' }),
    /** Output limits of the two model calls. */
    reflectionMaxTokens: z.number().int().min(16).default(1024),
    soulMaxTokens: z.number().int().min(16).default(2048),
    temperature: z.number().min(0).max(2).default(0.3),
  })
  .strict();

export type ReflectionConfig = z.output<typeof ReflectionConfigSchema>;
export type ReflectionConfigInput = z.input<typeof ReflectionConfigSchema>;

/** Reads and validates the `reflection` section; errors name the file and the key. */
export function reflectionConfig(cfg: Pick<LoadedConfig, "file" | "raw">): ReflectionConfig {
  return configSection(cfg, "reflection", ReflectionConfigSchema);
}

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** "24h", "3d", "90m", "45s", "2w", "1.5h" → milliseconds; undefined when it does not parse. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d|w)\s*$/i.exec(text);
  if (!m) return undefined;
  const ms = Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

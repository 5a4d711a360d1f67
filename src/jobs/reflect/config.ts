import { z } from "zod";
import { parseDuration } from "../../shared/duration.js";

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
    /**
     * The floor: a new SOUL shorter than this many words is refused (or shorter than the
     * current SOUL, when that is shorter still). Default: half the lower word target the
     * prompt asks for (min(400, 2/3 of maxSoulWords)), i.e. 200 with the defaults.
     */
    minSoulWords: z.number().int().min(1).max(20_000).optional(),
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
    /**
     * The window the reflection prompt is planned for, in tokens, when the provider cannot
     * tell its own (llm.contextSize or the model's metadata win when known).
     */
    windowTokens: z.number().int().min(512).max(1_000_000).default(8192),
    /**
     * Shares of that window (after the reply's tokens) each kind of input may fill, read in
     * this order: the day's notes (and MEMORY.md lines added), conversation summaries, then
     * raw turns of conversations without a summary. What a kind does not use is left unused.
     */
    notesShare: z.number().min(0).max(1).default(0.35),
    summariesShare: z.number().min(0).max(1).default(0.4),
    turnsShare: z.number().min(0).max(1).default(0.25),
    /** Conversation summaries: never for a conversation with fewer messages than this. */
    summaryMinMessages: z.number().int().min(1).default(3),
    /** A transcript untouched this long counts as a finished conversation ("30m", "2h"). */
    summaryIdle: z
      .string()
      .default("30m")
      .refine((s) => parseDuration(s) !== undefined, { message: 'expected a duration like "30m", "2h" or "1d"' }),
    /** Output limit of one summary call. */
    summaryMaxTokens: z.number().int().min(64).default(400),
    /** Output limits of the two model calls. */
    reflectionMaxTokens: z.number().int().min(16).default(1024),
    soulMaxTokens: z.number().int().min(16).default(2048),
    temperature: z.number().min(0).max(2).default(0.3),
  })
  .strict()
  .refine((c) => c.notesShare + c.summariesShare + c.turnsShare <= 1.0001, {
    message: "notesShare + summariesShare + turnsShare must add up to at most 1 (they are shares of one window)",
    path: ["notesShare"],
  });

export type ReflectionConfig = z.output<typeof ReflectionConfigSchema>;

/** The word range the SOUL prompt asks for: at most maxSoulWords, at least min(400, 2/3 of it). */
export function soulWordTarget(cfg: Pick<ReflectionConfig, "maxSoulWords">): { min: number; max: number } {
  return { min: Math.min(400, Math.floor((cfg.maxSoulWords * 2) / 3)), max: cfg.maxSoulWords };
}

/** The floor in words (see minSoulWords). */
export function soulWordFloor(cfg: Pick<ReflectionConfig, "maxSoulWords" | "minSoulWords">): number {
  return cfg.minSoulWords ?? Math.floor(soulWordTarget(cfg).min / 2);
}
export type ReflectionConfigInput = z.input<typeof ReflectionConfigSchema>;

export { parseDuration } from "../../shared/duration.js";

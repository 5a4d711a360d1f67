import { z } from "zod";
/**
 * The `flush` section of agent.config.json: when a session is close enough to compaction
 * that its durable facts should be written down first.
 *
 * A flush is due once the transcript since its latest compaction marker is estimated at
 * `contextWindow - reserveTokensFloor - softThresholdTokens` tokens (32,768 − 20,000 − 4,000
 * = 8,768 by default), or holds more than `maxBytes` bytes, whichever comes first.
 */
export const FlushConfigSchema = z
    .object({
    enabled: z.boolean().default(true),
    /** The assistant's context window, in tokens. */
    contextWindow: z.number().int().min(1024).default(32_768),
    /** Tokens the assistant keeps free for its reply and tools; compaction happens near here. */
    reserveTokensFloor: z.number().int().min(0).default(20_000),
    /** Flush this many tokens before the reserve is reached. */
    softThresholdTokens: z.number().int().min(0).default(4_000),
    /** Bytes of transcript since the last compaction that trigger a flush regardless of tokens. */
    maxBytes: z.number().int().min(1024).default(200_000),
    /** The newest part of the transcript given to the model, in characters (small models break on long prompts). */
    maxTranscriptChars: z.number().int().min(1000).max(1_000_000).default(16_000),
    /** Output limit of the flush call. */
    maxReplyTokens: z.number().int().min(16).default(512),
    temperature: z.number().min(0).max(2).default(0.2),
})
    .strict()
    .superRefine((c, ctx) => {
    if (c.contextWindow - c.reserveTokensFloor - c.softThresholdTokens <= 0) {
        ctx.addIssue({
            code: "custom",
            path: ["contextWindow"],
            message: `must be larger than reserveTokensFloor + softThresholdTokens (${c.reserveTokensFloor} + ${c.softThresholdTokens})`,
        });
    }
});
/** Tokens since the last compaction at which a flush is due. */
export function flushThresholdTokens(c) {
    return c.contextWindow - c.reserveTokensFloor - c.softThresholdTokens;
}
//# sourceMappingURL=config.js.map
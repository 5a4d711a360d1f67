import { z } from "zod";
/**
 * The `flush` section of agent.config.json: when a session is close enough to compaction
 * that its durable facts should be written down first.
 *
 * A flush is due once the transcript since its latest compaction marker is estimated at
 * `contextWindow - reserveTokensFloor - softThresholdTokens` tokens (32,768 − 20,000 − 4,000
 * = 8,768 by default), or holds more than `maxBytes` bytes, whichever comes first.
 */
export declare const FlushConfigSchema: z.ZodObject<{
    enabled: z.ZodDefault<z.ZodBoolean>;
    contextWindow: z.ZodDefault<z.ZodNumber>;
    reserveTokensFloor: z.ZodDefault<z.ZodNumber>;
    softThresholdTokens: z.ZodDefault<z.ZodNumber>;
    maxBytes: z.ZodDefault<z.ZodNumber>;
    maxTranscriptChars: z.ZodDefault<z.ZodNumber>;
    maxReplyTokens: z.ZodDefault<z.ZodNumber>;
    temperature: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type FlushConfig = z.output<typeof FlushConfigSchema>;
export type FlushConfigInput = z.input<typeof FlushConfigSchema>;
/** Tokens since the last compaction at which a flush is due. */
export declare function flushThresholdTokens(c: Pick<FlushConfig, "contextWindow" | "reserveTokensFloor" | "softThresholdTokens">): number;

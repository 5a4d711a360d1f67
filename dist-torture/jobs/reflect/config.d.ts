import { z } from "zod";
import { type LoadedConfig } from "../../workspace/config.js";
/**
 * The `reflection` section of agent.config.json. Every key is optional; the defaults are
 * the ones the reflection design names.
 */
export declare const ReflectionConfigSchema: z.ZodObject<{
    minMessagesPerSession: z.ZodDefault<z.ZodNumber>;
    minSessions: z.ZodDefault<z.ZodNumber>;
    maxMessages: z.ZodDefault<z.ZodNumber>;
    maxMessageChars: z.ZodDefault<z.ZodNumber>;
    maxSoulWords: z.ZodDefault<z.ZodNumber>;
    minSoulWords: z.ZodOptional<z.ZodNumber>;
    tokenBudget: z.ZodDefault<z.ZodNumber>;
    changeBudget: z.ZodDefault<z.ZodNumber>;
    lockCoreIdentity: z.ZodDefault<z.ZodBoolean>;
    since: z.ZodDefault<z.ZodString>;
    reflectionMaxTokens: z.ZodDefault<z.ZodNumber>;
    soulMaxTokens: z.ZodDefault<z.ZodNumber>;
    temperature: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type ReflectionConfig = z.output<typeof ReflectionConfigSchema>;
/** The word range the SOUL prompt asks for: at most maxSoulWords, at least min(400, 2/3 of it). */
export declare function soulWordTarget(cfg: Pick<ReflectionConfig, "maxSoulWords">): {
    min: number;
    max: number;
};
/** The floor in words (see minSoulWords). */
export declare function soulWordFloor(cfg: Pick<ReflectionConfig, "maxSoulWords" | "minSoulWords">): number;
export type ReflectionConfigInput = z.input<typeof ReflectionConfigSchema>;
/** Reads and validates the `reflection` section; errors name the file and the key. */
export declare function reflectionConfig(cfg: Pick<LoadedConfig, "file" | "raw">): ReflectionConfig;
export { parseDuration } from "../../shared/duration.js";

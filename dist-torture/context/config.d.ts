import { z } from "zod";
import { type LoadedConfig } from "../workspace/config.js";
import { TimeZoneSchema } from "../workspace/time-zone-schema.js";
export { TimeZoneSchema };
/**
 * The `context` section of agent.config.json: how much of the workspace goes into the
 * system prompt an assistant injects.
 *
 * Budgets are in characters (what a person can check with `wc -m`). The defaults target
 * small local models: prompts around 27 KB were seen to break them, and a 4k–8k token
 * window must still hold the conversation. 16,000 characters is about 4,000 tokens at the
 * usual 4 characters per token, so the whole context fits in half of an 8k window and stays
 * well under 27 KB for mostly-ASCII text. 4,000 characters per file (~1,000 tokens) holds a
 * SOUL.md at reflection's default 600-word cap whole, while no single file — a long MEMORY.md
 * or a busy day's note — can crowd out the rest: with seven bootstrap files, two daily notes
 * and search results, the total budget is the one that binds, and the fixed order decides
 * what gives way first (the end).
 */
export declare const ContextConfigSchema: z.ZodObject<{
    perFileChars: z.ZodDefault<z.ZodNumber>;
    totalChars: z.ZodDefault<z.ZodNumber>;
    memoryResults: z.ZodDefault<z.ZodNumber>;
    timeZone: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type ContextConfig = z.output<typeof ContextConfigSchema>;
export type ContextConfigInput = z.input<typeof ContextConfigSchema>;
export declare function contextConfig(cfg: Pick<LoadedConfig, "file" | "raw">): ContextConfig;

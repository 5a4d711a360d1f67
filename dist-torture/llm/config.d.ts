import { z } from "zod";
export declare const LLMConfigSchema: z.ZodObject<{
    provider: z.ZodDefault<z.ZodEnum<{
        ollama: "ollama";
        "llama-cpp": "llama-cpp";
        scripted: "scripted";
    }>>;
    model: z.ZodDefault<z.ZodString>;
    host: z.ZodOptional<z.ZodString>;
    threads: z.ZodOptional<z.ZodNumber>;
    contextSize: z.ZodOptional<z.ZodNumber>;
    timeoutMs: z.ZodDefault<z.ZodNumber>;
}, z.core.$strip>;
/** The config after defaults are applied. */
export type LLMConfig = z.output<typeof LLMConfigSchema>;
/** The config as written by a user: every field optional. */
export type LLMConfigInput = z.input<typeof LLMConfigSchema>;

import { z } from "zod";
import { HttpHostSchema } from "../shared/http-host.js";

export const LLMConfigSchema = z.object({
  provider: z.enum(["ollama", "llama-cpp", "scripted"]).default("ollama"),
  /** Ollama model name ("llama3.2:3b"), or the GGUF file path for llama-cpp. */
  model: z.string().min(1).default("llama3.2:3b"),
  /** Ollama address; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host: HttpHostSchema.optional(),
  /** llama-cpp threads; the provider defaults to 1 (see LlamaCppProviderOptions). */
  threads: z.number().int().positive().optional(),
  /** Context window in tokens: llama-cpp's context, Ollama's `num_ctx` (sent with every call). */
  contextSize: z.number().int().positive().optional(),
  /** Per-call limit when a request sets none; local models on CPU can be slow. */
  timeoutMs: z.number().int().positive().default(120_000),
});

/** The config after defaults are applied. */
export type LLMConfig = z.output<typeof LLMConfigSchema>;
/** The config as written by a user: every field optional. */
export type LLMConfigInput = z.input<typeof LLMConfigSchema>;

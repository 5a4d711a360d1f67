import { z } from "zod";
import { LlamaCppProvider } from "./llama-cpp.js";
import { OllamaProvider } from "./ollama.js";
import { ScriptedProvider, type ScriptedReply } from "./scripted.js";
import { LLMError, type CompletionResult, type LLMProvider } from "./types.js";

export const LLMConfigSchema = z.object({
  provider: z.enum(["ollama", "llama-cpp", "scripted"]).default("ollama"),
  /** Ollama model name ("llama3.2:3b"), or the GGUF file path for llama-cpp. */
  model: z.string().min(1).default("llama3.2:3b"),
  /** Ollama address; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host: z.string().min(1).optional(),
  /** llama-cpp threads; the provider defaults to 1 (see LlamaCppProviderOptions). */
  threads: z.number().int().positive().optional(),
  /** llama-cpp context window in tokens. */
  contextSize: z.number().int().positive().optional(),
  /** Per-call limit when a request sets none; local models on CPU can be slow. */
  timeoutMs: z.number().int().positive().default(120_000),
});

/** The config after defaults are applied. */
export type LLMConfig = z.output<typeof LLMConfigSchema>;
/** The config as written by a user: every field optional. */
export type LLMConfigInput = z.input<typeof LLMConfigSchema>;

export interface CreateLLMProviderDeps {
  /** Replies for provider "scripted" (tests, demos). */
  scriptedReplies?: ScriptedReply[];
}

export function parseLLMConfig(config: LLMConfigInput | undefined): LLMConfig {
  const parsed = LLMConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    throw new LLMError("bad-config", `invalid llm config:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

/** Builds the provider named by `config`; no connection or model load happens until first use. */
export function createLLMProvider(config?: LLMConfigInput, deps: CreateLLMProviderDeps = {}): LLMProvider {
  const c = parseLLMConfig(config);
  switch (c.provider) {
    case "ollama":
      return new OllamaProvider({ model: c.model, host: c.host, defaultTimeoutMs: c.timeoutMs });
    case "llama-cpp":
      return new LlamaCppProvider({
        modelPath: c.model,
        threads: c.threads,
        contextSize: c.contextSize,
        defaultTimeoutMs: c.timeoutMs,
      });
    case "scripted":
      return new ScriptedProvider(deps.scriptedReplies ?? [], { model: c.model });
  }
}

/**
 * For callers that parse the reply (JSON, structured notes): a blank or cut-off reply is a
 * failure to report, not text to store.
 */
export function requireCompleteReply(result: CompletionResult): CompletionResult {
  if (result.text.trim() === "") {
    throw new LLMError(
      "empty-reply",
      `model ${result.model} returned an empty reply: try again, or use a larger model`,
    );
  }
  if (result.finishReason === "length") {
    throw new LLMError(
      "truncated",
      `model ${result.model} stopped at the token limit (${result.completionTokens ?? "?"} tokens) before finishing: raise maxTokens`,
    );
  }
  return result;
}

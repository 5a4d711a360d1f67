import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  external_exports
} from "./chunk-EIUDDPL2.js";

// dist/llm/config.js
var LLMConfigSchema = external_exports.object({
  provider: external_exports.enum(["ollama", "llama-cpp", "scripted"]).default("ollama"),
  /** Ollama model name ("llama3.2:3b"), or the GGUF file path for llama-cpp. */
  model: external_exports.string().min(1).default("llama3.2:3b"),
  /** Ollama address; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host: external_exports.string().min(1).optional(),
  /** llama-cpp threads; the provider defaults to 1 (see LlamaCppProviderOptions). */
  threads: external_exports.number().int().positive().optional(),
  /** Context window in tokens: llama-cpp's context, Ollama's `num_ctx` (sent with every call). */
  contextSize: external_exports.number().int().positive().optional(),
  /** Per-call limit when a request sets none; local models on CPU can be slow. */
  timeoutMs: external_exports.number().int().positive().default(12e4)
});

export {
  LLMConfigSchema
};
//# sourceMappingURL=chunk-QD2MJU4L.js.map

export * from "./types.js";
export { OllamaProvider, ollamaEmbed, resolveOllamaHost, toOllamaError, DEFAULT_OLLAMA_HOST } from "./ollama.js";
export type { OllamaProviderOptions, OllamaEmbedOptions } from "./ollama.js";
export { LlamaCppProvider } from "./llama-cpp.js";
export type { LlamaCppProviderOptions } from "./llama-cpp.js";
export { ScriptedProvider } from "./scripted.js";
export type { ScriptedReply, ScriptedProviderOptions } from "./scripted.js";
export { LLMConfigSchema, createLLMProvider, parseLLMConfig, requireCompleteReply } from "./factory.js";
export type { LLMConfig, LLMConfigInput, CreateLLMProviderDeps } from "./factory.js";

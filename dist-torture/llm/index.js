export * from "./types.js";
export { OllamaProvider, ollamaEmbed, resolveOllamaHost, toOllamaError, DEFAULT_OLLAMA_HOST } from "./ollama.js";
export { LlamaCppProvider } from "./llama-cpp.js";
export { ScriptedProvider } from "./scripted.js";
export { LLMConfigSchema, createLLMProvider, parseLLMConfig, requireCompleteReply } from "./factory.js";
export { ensureContextFits, estimatePromptTokens, isContextSizeMessage } from "./context.js";
//# sourceMappingURL=index.js.map
export { EmbedError, isAbortError } from "./types.js";
export { cosine, dot, fromBlob, l2norm, l2normalize, toBlob } from "./vector.js";
export { estimateTokens, splitIntoWindows } from "./windows.js";
export { UseLiteEmbedder, defaultUseLiteThreads, resolveUseLiteDir, useLitePackageDir, USE_LITE_PACKAGE } from "./use-lite.js";
export { DEFAULT_TRANSFORMERS_MODEL, TransformersEmbedder, defaultModelsDir, defaultPooling, locateTransformersModel, pullTransformersModel, } from "./transformers.js";
export { DEFAULT_OLLAMA_EMBED_MODEL, OllamaEmbedder, resolveOllamaEmbedHost, } from "./ollama.js";
export { EMBED_CACHE_FILE, EmbeddingCache, embedWithCache, textHash, } from "./cache.js";
export { KEYWORD_ONLY_WARNING, chooseEmbedder, selectEmbedder, } from "./select.js";
export { EmbedConfigSchema, parseEmbedConfig } from "./config.js";
//# sourceMappingURL=index.js.map
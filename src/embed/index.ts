export { EmbedError, isAbortError, type EmbedErrorCode, type EmbedOptions, type Embedder } from "./types.js";
export { cosine, dot, fromBlob, l2norm, l2normalize, toBlob } from "./vector.js";
export { estimateTokens, splitIntoWindows, type WindowOptions } from "./windows.js";
export { UseLiteEmbedder, defaultUseLiteThreads, resolveUseLiteDir, useLitePackageDir, USE_LITE_PACKAGE, type UseLiteOptions } from "./use-lite.js";
export {
  DEFAULT_TRANSFORMERS_MODEL,
  TransformersEmbedder,
  defaultModelsDir,
  defaultPooling,
  locateTransformersModel,
  pullTransformersModel,
  type LocalModel,
  type LocateOptions,
  type Pooling,
  type PullOptions,
  type TransformersDtype,
  type TransformersOptions,
} from "./transformers.js";
export {
  DEFAULT_OLLAMA_EMBED_MODEL,
  OllamaEmbedder,
  resolveOllamaEmbedHost,
  type OllamaEmbedderOptions,
} from "./ollama.js";
export {
  EMBED_CACHE_FILE,
  EmbeddingCache,
  embedWithCache,
  textHash,
  type CacheStats,
  type EmbedProgress,
  type EmbedWithCacheResult,
} from "./cache.js";
export {
  KEYWORD_ONLY_WARNING,
  chooseEmbedder,
  selectEmbedder,
  type EmbedConfig,
  type EmbedConfigInput,
  type Selection,
  type SelectOptions,
} from "./select.js";
export { EmbedConfigSchema, parseEmbedConfig } from "./config.js";
export { GgufEmbedder, type GgufEmbedderOptions } from "./gguf.js";
export { familyPrefixes, type Prefixes } from "./prefixes.js";

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  external_exports
} from "./chunk-EIUDDPL2.js";
import {
  EmbedError
} from "./chunk-AWOS4YYZ.js";

// dist/embed/config.js
var EmbedConfigSchema = external_exports.object({
  /** "auto": a local transformers model if one is on disk, else USE-lite from npm. */
  provider: external_exports.enum(["auto", "transformers", "use-lite", "ollama", "none"]).default("auto"),
  /** transformers: Hub id (default Xenova/bge-small-en-v1.5); ollama: model name (default nomic-embed-text). */
  model: external_exports.string().min(1).optional(),
  /**
   * transformers: a model folder, or a root holding <org>/<name>/ folders; use-lite: a folder
   * with model.json + vocab.json. Relative paths are resolved against the workspace.
   */
  modelPath: external_exports.string().min(1).optional(),
  /** Ollama address; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host: external_exports.string().min(1).optional(),
  /** transformers: allow fetching a missing model from Hugging Face when the embedder opens. */
  allowDownload: external_exports.boolean().default(false),
  /** transformers: override the per-model default (cls for bge, mean otherwise). */
  pooling: external_exports.enum(["mean", "cls"]).optional(),
  batchSize: external_exports.number().int().positive().max(1024).optional(),
  /**
   * use-lite: worker threads running the model (each holds its own copy, about 60 MB).
   * Default: one per core, at most 2. 0 runs it in the calling thread.
   */
  threads: external_exports.number().int().min(0).max(16).optional(),
  /**
   * Folder of the embedding cache (embeddings.db). Default: the workspace's .agent/.
   * Kept apart from index.db so deleting or rebuilding the index re-embeds nothing.
   */
  cacheDir: external_exports.string().min(1).optional()
}).strict();
function parseEmbedConfig(config) {
  const parsed = EmbedConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    throw new EmbedError("bad-config", `invalid embed config:
${external_exports.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

export {
  EmbedConfigSchema,
  parseEmbedConfig
};
//# sourceMappingURL=chunk-IWEEPCH3.js.map

import { z } from "zod";
import { HttpHostSchema } from "../shared/http-host.js";
import { EmbedError } from "./types.js";

/** The `embed` section of agent.config.json. */
export const EmbedConfigSchema = z
  .object({
    /**
     * "auto": a .gguf modelPath is run by node-llama-cpp; else a local transformers model if
     * one is on disk, else USE-lite from npm.
     */
    provider: z.enum(["auto", "transformers", "use-lite", "ollama", "gguf", "none"]).default("auto"),
    /** transformers: Hub id (default Xenova/bge-small-en-v1.5); ollama: model name (default nomic-embed-text). */
    model: z.string().min(1).optional(),
    /**
     * transformers: a model folder, or a root holding <org>/<name>/ folders; use-lite: a folder
     * with model.json + vocab.json; gguf: the .gguf file. Relative paths are resolved against
     * the workspace.
     */
    modelPath: z.string().min(1).optional(),
    /**
     * transformers, ollama, gguf: put before each search query / each note's text. Default:
     * what the model family was trained with (nomic "search_query: " / "search_document: ",
     * embeddinggemma, e5, Qwen3-Embedding, mxbai, arctic), else nothing. Changing them
     * re-embeds the notes.
     */
    queryPrefix: z.string().optional(),
    documentPrefix: z.string().optional(),
    /** Ollama address; falls back to OLLAMA_HOST, then http://127.0.0.1:11434. */
    host: HttpHostSchema.optional(),
    /** transformers: allow fetching a missing model from Hugging Face when the embedder opens. */
    allowDownload: z.boolean().default(false),
    /** transformers: override the per-model default (cls for bge, mean otherwise). */
    pooling: z.enum(["mean", "cls"]).optional(),
    batchSize: z.number().int().positive().max(1024).optional(),
    /**
     * use-lite: worker threads running the model (each holds its own copy, about 60 MB).
     * Default: one per core, at most 2. 0 runs it in the calling thread. gguf: llama.cpp's
     * threads (default: cores).
     */
    threads: z.number().int().min(0).max(16).optional(),
    /**
     * Folder of the embedding cache (embeddings.db). Default: the workspace's .agent/.
     * Kept apart from index.db so deleting or rebuilding the index re-embeds nothing.
     */
    cacheDir: z.string().min(1).optional(),
    /**
     * What a conversation transcript's chunk gives the model: "digest" (the person's turns and
     * the first words of each answer, no code or tool lines, in transcriptWindows windows) or "whole"
     * (every window, as notes). Notes and summaries are always embedded whole. Changing it
     * applies to chunks embedded from then on (`agent index --rebuild` redoes them all).
     */
    transcripts: z.enum(["digest", "whole"]).default("digest"),
    /**
     * Most windows (128 tokens each) a transcript chunk's digest gets; ignored for "whole".
     * Default one (TRANSCRIPT_WINDOWS in src/indexer/vector-text.ts): a year of history
     * searchable by meaning in minutes; docs/performance.md measures the choice.
     */
    transcriptWindows: z.number().int().min(1).max(16).optional(),
  })
  .strict();

export type EmbedConfig = z.output<typeof EmbedConfigSchema>;
export type EmbedConfigInput = z.input<typeof EmbedConfigSchema>;

export function parseEmbedConfig(config: EmbedConfigInput | undefined): EmbedConfig {
  const parsed = EmbedConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    throw new EmbedError("bad-config", `invalid embed config:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

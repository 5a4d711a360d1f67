import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { messageOf } from "../shared/errors.js";
import { loadRuntime } from "../shared/runtimes.js";
import type { Extractor, Tokenizer, TransformersLib } from "./transformers-types.js";
import { familyPrefixes, prefixTag, resolvePrefixes, withPrefix, type Prefixes } from "./prefixes.js";
import { EmbedError, type EmbedOptions, type Embedder } from "./types.js";
import { l2normalize } from "./vector.js";
import { splitIntoWindows } from "./windows.js";

/**
 * Sentence-embedding models run by transformers.js (ONNX Runtime, CPU), loaded from a folder on
 * this machine. Hugging Face is only contacted by `pullTransformersModel` (`agent models pull`)
 * or when the caller opts in with `allowDownload`: a search must never stall on a download.
 *
 * The library (about 0.25 s to import, plus the native ONNX runtime) is imported on first use,
 * so commands that never embed with it do not pay for it.
 */

export const DEFAULT_TRANSFORMERS_MODEL = "Xenova/bge-small-en-v1.5";

export type Pooling = "mean" | "cls";
export type TransformersDtype = "fp32" | "fp16" | "q8" | "int8" | "uint8" | "q4" | "q4f16" | "bnb4";

/**
 * What the model cards say. bge pools the [CLS] token; sentence-transformers models average.
 * all-MiniLM-L6-v2 was trained on 128 word pieces and sentence-transformers cuts it at 256, even
 * though its position table (and tokenizer config) allows 512.
 */
const KNOWN_MODELS: Record<string, { pooling: Pooling; maxTokens: number }> = {
  "xenova/bge-small-en-v1.5": { pooling: "cls", maxTokens: 512 },
  "xenova/bge-base-en-v1.5": { pooling: "cls", maxTokens: 512 },
  "xenova/all-minilm-l6-v2": { pooling: "mean", maxTokens: 256 },
  "xenova/all-minilm-l12-v2": { pooling: "mean", maxTokens: 256 },
};

const DTYPE_SUFFIX: Record<TransformersDtype, string> = {
  fp32: "",
  fp16: "_fp16",
  q8: "_quantized",
  int8: "_int8",
  uint8: "_uint8",
  q4: "_q4",
  q4f16: "_q4f16",
  bnb4: "_bnb4",
};

export function defaultPooling(model: string): Pooling {
  const known = KNOWN_MODELS[model.toLowerCase()];
  if (known) return known.pooling;
  return /(^|[/_-])bge-/i.test(model) ? "cls" : "mean";
}

/**
 * Where pulled models live, shared by every workspace (they are large): AGENT_MODELS_DIR, else
 * $XDG_CACHE_HOME/agent/models, else ~/.cache/agent/models. A model sits at `<dir>/<org>/<name>/`.
 */
export function defaultModelsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AGENT_MODELS_DIR && env.AGENT_MODELS_DIR.trim() !== "") return path.resolve(env.AGENT_MODELS_DIR);
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.trim() !== "" ? env.XDG_CACHE_HOME : path.join(os.homedir(), ".cache");
  return path.join(path.resolve(cache), "agent", "models");
}

export interface LocateOptions {
  /** Root holding `<org>/<name>/` folders (what `pullTransformersModel` writes). Default `defaultModelsDir()`. */
  cacheDir?: string;
  /** A model folder itself (holding config.json), or a root like `cacheDir`. */
  modelPath?: string;
  dtype?: TransformersDtype;
}

export interface LocalModel {
  /** The model's folder, whether or not it is complete. */
  dir: string;
  /** Files the pipeline needs that are not there; empty when the model can load. */
  missing: string[];
  /** True when `dir` came from `modelPath` pointing at the folder itself. */
  explicitFolder: boolean;
}

/** Finds a model's files on disk without loading anything (used by "auto" selection too). */
export function locateTransformersModel(model: string, opts: LocateOptions = {}): LocalModel {
  let dir: string;
  let explicitFolder = false;
  if (opts.modelPath !== undefined && existsSync(path.join(path.resolve(opts.modelPath), "config.json"))) {
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

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export interface TransformersOptions extends LocateOptions {
  /** Hugging Face id; default Xenova/bge-small-en-v1.5. */
  model?: string;
  /** Default per model: cls for bge, mean otherwise. */
  pooling?: Pooling;
  /** Download a missing model from Hugging Face while opening (never later). Default false. */
  allowDownload?: boolean;
  batchSize?: number;
  maxInputTokens?: number;
  /** Put before a search query / a note's text; default: the model family's (prefixes.ts). */
  queryPrefix?: string;
  documentPrefix?: string;
}

type Lib = TransformersLib;

let libLoading: Promise<Lib> | undefined;
/**
 * Loads the library with remote models switched off for the whole process: every load here
 * already passes an absolute folder and local_files_only, and this also covers any other use of
 * the library, so only `pullTransformersModel` (which flips it for its own duration) downloads.
 * `setting` names what asked for it, for the error when the ONNX runtime is not installed.
 */
export function loadLib(setting: string): Promise<Lib> {
  libLoading ??= loadRuntime<Lib>("onnx", setting).then((lib) => {
    lib.env.allowRemoteModels = false;
    return lib;
  });
  // A failed load (the runtime not installed yet) is not remembered.
  libLoading.catch(() => {
    libLoading = undefined;
  });
  return libLoading;
}

export class TransformersEmbedder implements Embedder {
  readonly provider = "transformers";
  readonly modelId: string;
  readonly model: string;
  readonly modelDir: string;
  readonly pooling: Pooling;
  readonly dtype: TransformersDtype;
  readonly maxInputTokens: number;
  readonly batchSize: number;
  readonly prefixes: Prefixes;
  private dim: number;
  private readonly specialTokens: number;
  private readonly documentPrefixTokens: number;
  private extracting: Promise<Extractor> | undefined;

  private constructor(
    private readonly lib: Lib,
    private readonly tokenizer: Tokenizer,
    init: { model: string; dir: string; pooling: Pooling; dtype: TransformersDtype; maxTokens: number; batchSize: number; dim: number; fingerprint: string; prefixes: Prefixes },
  ) {
    this.model = init.model;
    this.modelDir = init.dir;
    this.pooling = init.pooling;
    this.dtype = init.dtype;
    this.maxInputTokens = init.maxTokens;
    this.batchSize = init.batchSize;
    this.dim = init.dim;
    this.prefixes = init.prefixes;
    this.modelId = `transformers:${init.model}:${init.pooling}:${init.dtype}:${init.fingerprint}${prefixTag(init.prefixes)}`;
    // [CLS] ... [SEP] for BERT; whatever this tokenizer wraps around every input.
    this.specialTokens = tokenizer.encode("").length;
    this.documentPrefixTokens = init.prefixes.document === "" ? 0 : tokenizer.encode(init.prefixes.document, { add_special_tokens: false }).length;
  }

  /**
   * Finds the model on disk and loads its tokenizer (cheap, so `windows()` counts exactly); the
   * ONNX session starts on the first `embed`. Throws EmbedError "model-missing" saying where it
   * looked and how to get the model, unless `allowDownload` lets it fetch the model now.
   */
  static async open(opts: TransformersOptions = {}): Promise<TransformersEmbedder> {
    const model = opts.model ?? DEFAULT_TRANSFORMERS_MODEL;
    const dtype = opts.dtype ?? "fp32";
    const cacheDir = path.resolve(opts.cacheDir ?? defaultModelsDir());
    let local = locateTransformersModel(model, { ...opts, cacheDir, dtype });
    if (local.missing.length > 0 && opts.allowDownload && !local.explicitFolder) {
      await pullTransformersModel(model, opts.modelPath ?? cacheDir, { dtype });
      local = locateTransformersModel(model, { ...opts, cacheDir, dtype });
    }
    if (local.missing.length > 0) throw missingModelError(model, local);

    const lib = await loadLib("embed.provider");
    const config = readJson(path.join(local.dir, "config.json"));
    let tokenizer: Tokenizer;
    try {
      // An absolute folder is never taken for a Hub id, and local_files_only forbids the network.
      tokenizer = await lib.AutoTokenizer.from_pretrained(local.dir, { local_files_only: true });
    } catch (err) {
      throw new EmbedError("model-missing", `could not load the tokenizer of ${model} from ${local.dir}: ${messageOf(err)}`, { cause: err });
    }
    const onnxFile = path.join(local.dir, "onnx", `model${DTYPE_SUFFIX[dtype]}.onnx`);
    const fingerprint = createHash("sha256")
      .update(readFileSync(path.join(local.dir, "config.json")))
      .update(String(statSync(onnxFile).size))
      .digest("hex")
      .slice(0, 8);
    return new TransformersEmbedder(lib, tokenizer, {
      model,
      dir: local.dir,
      pooling: opts.pooling ?? defaultPooling(model),
      dtype,
      maxTokens: opts.maxInputTokens ?? maxTokensFor(model, config, tokenizer),
      batchSize: opts.batchSize ?? 16,
      dim: typeof config.hidden_size === "number" ? config.hidden_size : 0,
      fingerprint,
      prefixes: resolvePrefixes(familyPrefixes(model), opts),
    });
  }

  /** From config.json's hidden_size; checked against (and set by) the first real output. */
  get dimension(): number {
    return this.dim;
  }

  windows(text: string): string[] {
    return splitIntoWindows(text, {
      maxTokens: this.maxInputTokens - this.specialTokens - this.documentPrefixTokens,
      overlapTokens: Math.floor(this.maxInputTokens / 8),
      countTokens: (word) => this.tokenizer.encode(word, { add_special_tokens: false }).length,
    });
  }

  async init(): Promise<void> {
    await this.extractor();
  }

  async embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const extractor = await this.extractor();
    const out: Float32Array[] = [];
    const inputs = withPrefix(texts, this.prefixes, opts);
    for (let start = 0; start < inputs.length; start += this.batchSize) {
      const batch = inputs.slice(start, start + this.batchSize);
      const tensor = await extractor(batch, { pooling: this.pooling, normalize: true });
      const [rows, width] = tensor.dims;
      const data = tensor.data as Float32Array;
      if (rows !== batch.length || (this.dim !== 0 && width !== this.dim)) {
        throw new EmbedError(
          "provider-error",
          `${this.model} returned ${rows}x${width} for ${batch.length} texts (expected ${this.dim || "?"}-d vectors)`,
        );
      }
      this.dim = width;
      for (let i = 0; i < rows; i++) out.push(l2normalize(data.subarray(i * width, (i + 1) * width)));
      tensor.dispose();
    }
    return out;
  }

  async close(): Promise<void> {
    const extracting = this.extracting;
    this.extracting = undefined;
    const extractor = await extracting?.catch(() => undefined);
    await extractor?.dispose();
  }

  private extractor(): Promise<Extractor> {
    this.extracting ??= this.lib
      .pipeline("feature-extraction", this.modelDir, { local_files_only: true, dtype: this.dtype })
      .catch((err: unknown) => {
        this.extracting = undefined;
        throw new EmbedError("model-missing", `could not load ${this.model} from ${this.modelDir}: ${messageOf(err)}`, { cause: err });
      });
    return this.extracting;
  }
}

function maxTokensFor(model: string, config: Record<string, unknown>, tokenizer: Tokenizer): number {
  const known = KNOWN_MODELS[model.toLowerCase()];
  if (known) return known.maxTokens;
  const limits = [tokenizer.model_max_length, config.max_position_embeddings].filter(
    (n): n is number => typeof n === "number" && Number.isFinite(n) && n > 0 && n < 1e6,
  );
  return limits.length > 0 ? Math.min(...limits) : 512;
}

/** `pathSetting` names the setting that points at the folder; `canDownload`: the embedder's allowDownload applies. */
export function missingModelError(model: string, local: LocalModel, { pathSetting = "embed.modelPath", canDownload = true } = {}): EmbedError {
  const where = local.explicitFolder
    ? `copy the model folder (config.json, tokenizer.json, tokenizer_config.json, onnx/) to ${local.dir}`
    : `run \`agent models pull ${model}\` on a machine with network access and copy ${local.dir} to the same place here (or set AGENT_MODELS_DIR / ${pathSetting} to where it is)${canDownload ? ", or set embed.allowDownload to true" : ""}`;
  return new EmbedError(
    "model-missing",
    `transformers model ${model} not found locally: looked in ${local.dir} (missing ${local.missing.join(", ")}). To get it, ${where}`,
  );
}

export interface PullOptions {
  dtype?: TransformersDtype;
  /** A Hugging Face mirror, e.g. "https://hf-mirror.example/"; default the library's (huggingface.co). */
  remoteHost?: string;
  onProgress?: (info: { file?: string; status: string; progress?: number }) => void;
}

/**
 * Downloads a model from Hugging Face into `<cacheDir>/<org>/<name>/` (what `agent models pull`
 * runs), then checks it loads. Already-present files are not fetched again.
 */
export async function pullTransformersModel(
  model: string,
  cacheDir: string = defaultModelsDir(),
  opts: PullOptions = {},
): Promise<{ dir: string }> {
  const dtype = opts.dtype ?? "fp32";
  const root = path.resolve(cacheDir);
  const lib = await loadLib("`agent models pull`");
  const { env } = lib;
  const saved = { allowRemoteModels: env.allowRemoteModels, remoteHost: env.remoteHost };
  // The one place remote access is switched on, and only for the length of this call.
  env.allowRemoteModels = true;
  if (opts.remoteHost) env.remoteHost = opts.remoteHost.endsWith("/") ? opts.remoteHost : `${opts.remoteHost}/`;
  const host = env.remoteHost;
  try {
    const extractor = await lib.pipeline("feature-extraction", model, {
      cache_dir: root,
      local_files_only: false,
      dtype,
      progress_callback: opts.onProgress
        ? (p: unknown) => {
            const info = p as { file?: string; status: string; progress?: number };
            opts.onProgress?.({ file: info.file, status: info.status, progress: info.progress });
          }
        : undefined,
    });
    await extractor.dispose();
  } catch (err) {
    const text = messageOf(err);
    const offline = /fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network/i.test(text);
    throw new EmbedError(
      offline ? "unreachable" : "model-missing",
      offline
        ? `could not download ${model} from ${host}: ${text} (no network access?). On a machine with network run \`agent models pull ${model}\`, then copy ${path.join(root, ...model.split("/"))} to the same place here`
        : `could not download ${model} from ${host}: ${text} (check the model id, e.g. ${DEFAULT_TRANSFORMERS_MODEL})`,
      { cause: err },
    );
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

function readJson(file: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  } catch (err) {
    throw new EmbedError("model-missing", `${file} is not valid JSON: ${messageOf(err)}`, { cause: err });
  }
}

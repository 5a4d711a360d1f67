import path from "node:path";
import { defaultModelsDir, loadLib, locateTransformersModel, missingModelError, type TransformersDtype } from "./transformers.js";
import { GgufCrossEncoder } from "./gguf-cross-encoder.js";
import { isGgufFile } from "./gguf.js";
import type { SequenceClassifier, Tokenizer } from "./transformers-types.js";
import { EmbedError } from "./types.js";

/**
 * A cross-encoder reranker run by transformers.js (ONNX Runtime, CPU) from a folder on this
 * machine: it reads the question and a passage together and gives one relevance score, which
 * sentence embeddings compared by cosine cannot (they never see the two texts side by side).
 * ms-marco-MiniLM-L-6-v2 has 22M parameters, against billions for an LLM that could grade
 * the same passages (its speed here is not measured: no such model could be downloaded).
 *
 * The library is imported on first use, like the transformers.js embedder.
 */

export const DEFAULT_CROSS_ENCODER = "Xenova/ms-marco-MiniLM-L-6-v2";

/** A loaded reranker, ONNX or GGUF: what the search's second stage and `agent doctor` use. */
export interface RerankerModel {
  /** What results and `agent doctor` name it by: the model id, or the GGUF file's name. */
  readonly model: string;
  /** Where it loaded from: the model folder, or the .gguf file. */
  readonly modelDir: string;
  score(question: string, passages: string[], signal?: AbortSignal): Promise<number[]>;
  close(): Promise<void>;
}

export interface RerankerOptions extends CrossEncoderOptions {
  /** GGUF only: threads that evaluate tokens (default: the machine's cores). */
  threads?: number;
}

/** The name a reranker setting will show before the model loads: the GGUF file's name, or the model id. */
export function rerankerName(opts: { model?: string; modelPath?: string }): string {
  return isGgufFile(opts.modelPath) ? path.basename(opts.modelPath) : (opts.model ?? DEFAULT_CROSS_ENCODER);
}

/** A modelPath ending in .gguf is run by node-llama-cpp; anything else is an ONNX folder for transformers.js. */
export async function openReranker(opts: RerankerOptions = {}): Promise<RerankerModel> {
  if (isGgufFile(opts.modelPath)) {
    return GgufCrossEncoder.open({ file: opts.modelPath, ...(opts.threads !== undefined ? { threads: opts.threads } : {}) });
  }
  return CrossEncoder.open(opts);
}

export interface CrossEncoderOptions {
  /** Hugging Face id; the folder is `<cacheDir>/<org>/<name>/`. */
  model?: string;
  /** A model folder itself (holding config.json), or a root like `cacheDir`. */
  modelPath?: string;
  /** Default `defaultModelsDir()` (AGENT_MODELS_DIR, else ~/.cache/agent/models). */
  cacheDir?: string;
  dtype?: TransformersDtype;
  /** Word pieces per (question, passage) pair; longer pairs are cut from the passage's end. Default 512. */
  maxTokens?: number;
  /** Pairs per model run. Default 8. */
  batchSize?: number;
}

/** Relevance in 0..1 from a classifier's logits row: sigmoid of one logit, or the positive class of two. */
export function relevanceOf(logits: number[]): number {
  if (logits.length === 1) return 1 / (1 + Math.exp(-logits[0]!));
  if (logits.length === 2) {
    const m = Math.max(logits[0]!, logits[1]!);
    const a = Math.exp(logits[0]! - m);
    const b = Math.exp(logits[1]! - m);
    return b / (a + b);
  }
  throw new EmbedError("bad-config", `a reranker gives one or two logits per pair, this model gives ${logits.length}`);
}

export class CrossEncoder implements RerankerModel {
  readonly model: string;
  readonly modelDir: string;
  private readonly maxTokens: number;
  private readonly batchSize: number;
  private constructor(
    private readonly tokenizer: Tokenizer,
    private readonly net: SequenceClassifier,
    opts: { model: string; dir: string; maxTokens: number; batchSize: number },
  ) {
    this.model = opts.model;
    this.modelDir = opts.dir;
    this.maxTokens = opts.maxTokens;
    this.batchSize = opts.batchSize;
  }

  static async open(opts: CrossEncoderOptions = {}): Promise<CrossEncoder> {
    const model = opts.model ?? DEFAULT_CROSS_ENCODER;
    const dtype = opts.dtype ?? "fp32";
    const cacheDir = path.resolve(opts.cacheDir ?? defaultModelsDir());
    const local = locateTransformersModel(model, { ...(opts.modelPath !== undefined ? { modelPath: opts.modelPath } : {}), cacheDir, dtype });
    if (local.missing.length > 0) throw missingModelError(model, local, { pathSetting: "search.rerank.crossEncoder.modelPath", canDownload: false });
    const lib = await loadLib("search.rerank.crossEncoder");
    try {
      // An absolute folder is never taken for a Hub id, and local_files_only forbids the network.
      const tokenizer = await lib.AutoTokenizer.from_pretrained(local.dir, { local_files_only: true });
      const net = await lib.AutoModelForSequenceClassification.from_pretrained(local.dir, { local_files_only: true, dtype });
      return new CrossEncoder(tokenizer, net, { model, dir: local.dir, maxTokens: opts.maxTokens ?? 512, batchSize: opts.batchSize ?? 8 });
    } catch (err) {
      throw new EmbedError("model-missing", `could not load the reranker ${model} from ${local.dir}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }

  /** Relevance in 0..1 of each passage to the question, in the passages' order. */
  async score(question: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < passages.length; i += this.batchSize) {
      signal?.throwIfAborted();
      const batch = passages.slice(i, i + this.batchSize);
      const inputs = this.tokenizer(
        batch.map(() => question),
        { text_pair: batch, padding: true, truncation: true, max_length: this.maxTokens },
      );
      const { logits } = (await this.net(inputs)) as { logits: { dims: number[]; data: ArrayLike<number> } };
      const width = logits.dims[1] ?? 1;
      for (let r = 0; r < batch.length; r++) out.push(relevanceOf(Array.from({ length: width }, (_, c) => Number(logits.data[r * width + c]))));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.net.dispose();
  }
}

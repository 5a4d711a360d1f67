import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
// Type-only: erased at build time, so the native package loads only when this embedder opens.
import type { LlamaEmbeddingContext } from "../shared/llama-types.js";
import { messageOf } from "../shared/errors.js";
import { SerialModel } from "../shared/llama.js";
import { describePrefixes, familyPrefixes, prefixTag, resolvePrefixes, withPrefix, type Prefixes } from "./prefixes.js";
import { EmbedError, type EmbedOptions, type Embedder } from "./types.js";
import { l2normalize } from "./vector.js";
import { splitIntoWindows } from "./windows.js";

/**
 * An embedding model in a GGUF file (embeddinggemma, nomic-embed-text, bge, Qwen3-Embedding,
 * …), run by node-llama-cpp, the engine's embedded LLM runtime: one file on disk, no server,
 * no Hugging Face folder. qmd's embedder is such a file.
 * Most of these models want their family's query and document prefixes (prefixes.ts),
 * chosen here from the file's architecture and name.
 */

export interface GgufEmbedderOptions {
  /** The .gguf file. */
  file: string;
  /** Threads that evaluate tokens. Default: the machine's cores (never more: oversubscribing slows llama.cpp by orders of magnitude). */
  threads?: number;
  /** Longest window in tokens, prefix and special tokens included. Default: the model's training context, at most 512. */
  maxInputTokens?: number;
  batchSize?: number;
  /** Put before a search query / a note's text; default: the model family's (prefixes.ts). */
  queryPrefix?: string;
  documentPrefix?: string;
}

/** Whether an embed.modelPath names a GGUF file. */
export function isGgufFile(p: string | undefined): p is string {
  return p !== undefined && p.toLowerCase().endsWith(".gguf");
}

export class GgufEmbedder implements Embedder {
  readonly provider = "gguf";
  readonly modelId: string;
  readonly dimension: number;
  readonly maxInputTokens: number;
  readonly batchSize: number;
  /** The file's name, and the prefixes in use (for `agent status` and logs). */
  readonly model: string;
  readonly file: string;
  readonly prefixes: Prefixes;
  private readonly specialTokens: number;
  private readonly contextSize: number;
  private readonly documentPrefixTokens: number;
  private readonly tokenCounts = new Map<string, number>();

  private constructor(
    private readonly net: SerialModel<LlamaEmbeddingContext>,
    init: { file: string; maxInputTokens: number; batchSize: number; prefixes: Prefixes; fingerprint: string; specialTokens: number; contextSize: number },
  ) {
    this.file = init.file;
    this.model = path.basename(init.file);
    this.prefixes = init.prefixes;
    this.maxInputTokens = init.maxInputTokens;
    this.batchSize = init.batchSize;
    this.dimension = net.model.embeddingVectorSize;
    this.modelId = `gguf:${this.model}:${init.fingerprint}${prefixTag(init.prefixes)}`;
    this.specialTokens = init.specialTokens;
    this.contextSize = init.contextSize;
    this.documentPrefixTokens = init.prefixes.document === "" ? 0 : net.model.tokenize(init.prefixes.document).length;
  }

  /** Loads the model (memory-mapped: cheap) so that `windows()` counts with its own tokenizer. */
  static async open(opts: GgufEmbedderOptions): Promise<GgufEmbedder> {
    const file = path.resolve(opts.file);
    if (!existsSync(file) || !statSync(file).isFile()) {
      throw new EmbedError("model-missing", `no GGUF embedding model at ${file}: set embed.modelPath to a .gguf embedding model (embeddinggemma, nomic-embed-text, bge, …)`);
    }
    let prefixes: Prefixes = { query: "", document: "" };
    let maxInputTokens = 0;
    let specialTokens = 0;
    let contextSize = 0;
    const net = await SerialModel.open(
      file,
      "embed.modelPath",
      async (model) => {
        const info = model.fileInfo.metadata.general;
        prefixes = resolvePrefixes(familyPrefixes(`${info.name ?? ""} ${path.basename(file)}`, String(info.architecture ?? "")), opts);
        maxInputTokens = Math.max(16, Math.min(opts.maxInputTokens ?? 512, model.trainContextSize));
        try {
          // Room for the longest window plus the query prefix, which a window never carries.
          contextSize = Math.min(model.trainContextSize, maxInputTokens + model.tokenize(prefixes.query).length + 8);
          const ctx = await model.createEmbeddingContext({
            contextSize,
            threads: opts.threads ?? availableParallelism(),
          });
          specialTokens = ctx.calculateInputLength("x") - model.tokenize("x").length;
          return ctx;
        } catch (err) {
          throw new EmbedError("bad-config", `${file} cannot make embeddings: ${messageOf(err)}`, { cause: err });
        }
      },
      (message, cause) => new EmbedError("model-missing", `GGUF embedding model: ${message}`, { cause }),
      (e) => e instanceof EmbedError,
    );
    const info = net.model.fileInfo.metadata.general;
    const fingerprint = createHash("sha256")
      .update(`${statSync(file).size}:${info.architecture ?? ""}:${info.name ?? ""}:${net.model.embeddingVectorSize}`)
      .digest("hex")
      .slice(0, 8);
    return new GgufEmbedder(net, { file, maxInputTokens, batchSize: opts.batchSize ?? 8, prefixes, fingerprint, specialTokens, contextSize });
  }

  /** One line for `agent status`: the file, the vector size, the prefixes. */
  describe(): string {
    return `${this.model} from ${this.file} (${this.dimension}-d, ${describePrefixes(this.prefixes)})`;
  }

  windows(text: string): string[] {
    return splitIntoWindows(text, {
      maxTokens: this.maxInputTokens - this.specialTokens - this.documentPrefixTokens,
      overlapTokens: Math.floor(this.maxInputTokens / 8),
      countTokens: (word) => {
        let n = this.tokenCounts.get(word);
        if (n === undefined) {
          n = this.net.model.tokenize(word).length;
          if (this.tokenCounts.size < 100_000) this.tokenCounts.set(word, n);
        }
        return n;
      },
    });
  }

  /**
   * One normalised vector per text, in order; one text at a time (the context holds one
   * sequence), so an abort stops between texts. `kind: "query"` puts the query prefix on.
   */
  embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    return this.net.run(async (ctx) => {
      const out: Float32Array[] = [];
      for (const t of withPrefix(texts, this.prefixes, opts)) {
        if (opts.signal?.aborted) throw abortError(opts.signal);
        // Words counted alone can tokenize a little differently in a sentence (BPE's leading
        // space): a window that comes out too long loses its last tokens rather than failing
        // a whole indexing run, as the other embedders' models cut silently.
        const tokens = this.net.model.tokenize(t);
        const room = this.contextSize - this.specialTokens - 1;
        const { vector } = await ctx.getEmbeddingFor(tokens.length > room ? tokens.slice(0, room) : tokens);
        if (vector.length !== this.dimension) {
          throw new EmbedError("provider-error", `${this.model} returned a ${vector.length}-d vector (expected ${this.dimension})`);
        }
        out.push(l2normalize(vector));
      }
      return out;
    });
  }

  close(): Promise<void> {
    return this.net.close();
  }
}

function abortError(signal: AbortSignal): Error {
  const e = new Error(signal.reason instanceof Error ? signal.reason.message : "embedding stopped");
  e.name = "AbortError";
  return e;
}

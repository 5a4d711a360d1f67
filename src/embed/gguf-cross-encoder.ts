import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
// Type-only: erased at build time, so the native package loads only when a reranker does.
import type { LlamaRankingContext } from "../shared/llama-types.js";
import { SerialModel } from "../shared/llama.js";
import { EmbedError } from "./types.js";

/**
 * A reranker in a GGUF file, run by node-llama-cpp (already the engine's embedded LLM
 * runtime): Qwen3-Reranker, bge-reranker and the like, the files qmd and llama.cpp users
 * already have. Like the ONNX cross-encoder it reads the question and one passage together
 * and gives a relevance in 0..1 (llama.cpp's ranking output: the sigmoid of the classifier's
 * logit, or Qwen3's probability of "yes").
 */

export interface GgufCrossEncoderOptions {
  /** The .gguf file. */
  file: string;
  /** Threads that evaluate tokens. Default: the machine's cores (never more: oversubscribing slows llama.cpp by orders of magnitude). */
  threads?: number;
  /** Tokens the model reads at once; a longer (question, passage) pair is scored in overlapping pieces, best piece kept. Default 2048. */
  contextSize?: number;
}

export class GgufCrossEncoder {
  /** The file's name, as results and `agent doctor` show it. */
  readonly model: string;
  /** The file itself (named like the ONNX encoder's folder for the callers that show where it loaded from). */
  readonly modelDir: string;

  private constructor(
    private readonly net: SerialModel<LlamaRankingContext>,
    file: string,
  ) {
    this.model = path.basename(file);
    this.modelDir = file;
  }

  static async open(opts: GgufCrossEncoderOptions): Promise<GgufCrossEncoder> {
    const file = path.resolve(opts.file);
    if (!existsSync(file) || !statSync(file).isFile()) {
      throw new EmbedError("model-missing", `no reranker GGUF file at ${file}: set search.rerank.crossEncoder.modelPath to a reranker .gguf (Qwen3-Reranker, bge-reranker, …)`);
    }
    const net = await SerialModel.open(
      file,
      "search.rerank.crossEncoder.modelPath",
      async (model) => {
        if (!model.fileInsights.supportsRanking) {
          throw new EmbedError(
            "bad-config",
            `${file} is not a reranker: it has no ranking head (a cls.output tensor). Use a reranker GGUF (Qwen3-Reranker, bge-reranker), or an ONNX cross-encoder folder`,
          );
        }
        return model.createRankingContext({ contextSize: opts.contextSize ?? 2048, threads: opts.threads ?? availableParallelism() });
      },
      (message, cause) => new EmbedError("model-missing", `reranker: ${message}`, { cause }),
      (e) => e instanceof EmbedError,
    );
    return new GgufCrossEncoder(net, file);
  }

  /** Relevance in 0..1 of each passage to the question, in the passages' order; a cancel or timeout stops between passages. */
  score(question: string, passages: string[], signal?: AbortSignal): Promise<number[]> {
    return this.net.run(async (ctx) => {
      const out: number[] = [];
      for (const p of passages) {
        signal?.throwIfAborted();
        out.push(await ctx.rank(question, p, { onOverflow: "maxChunk" }));
      }
      return out;
    });
  }

  close(): Promise<void> {
    return this.net.close();
  }
}

/**
 * The one interface every embedding model sits behind. The index records `modelId` and
 * `dimension` and never compares vectors of different models.
 */
export interface Embedder {
  /** Provider kind: "transformers" | "use-lite" | "ollama" | "gguf" | "none". */
  readonly provider: string;
  /** Stable identity of the model + settings that change vectors, e.g. "use-lite@0.2.0". Used as the cache key. */
  readonly modelId: string;
  /**
   * Length of every vector. 0 only while unknown: an Ollama model reports it with its first
   * reply (call `init()` to learn it up front).
   */
  readonly dimension: number;
  /** Largest input the model reads, in its own tokens; longer text is cut silently by the model. */
  readonly maxInputTokens: number;
  /** Preferred batch size for `embed`. */
  readonly batchSize: number;
  /**
   * Split a text into windows the model reads whole (it would silently ignore the rest).
   * A chunk is scored by its best window. Returns at least one window.
   */
  windows(text: string): string[];
  /**
   * One L2-normalised vector per input text, in order. With a signal, an embedder that can stop
   * mid-call rejects with an error named "AbortError" soon after it aborts; others finish.
   */
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>;
  /**
   * Optional: load the model (or reach the server) now rather than on the first `embed`, so
   * `dimension` is known and a missing model fails before any work starts. With a signal, it
   * stops waiting once the signal aborts (the next embed call then reports the abort).
   */
  init?(opts?: EmbedOptions): Promise<void>;
  /**
   * Optional: run the embedder's own threads at this lower OS priority (nice) from now on,
   * for a host that embeds in the background and must keep answering searches promptly.
   */
  lowerPriority?(nice: number): void;
  /**
   * Optional, for a long-lived host: run the query path enough times for the runtime to have
   * compiled it, so the host's first searches do not each pay for that. Resolves early (not
   * rejects) when the signal aborts.
   */
  practise?(opts?: EmbedOptions): Promise<void>;
  close(): Promise<void>;
}

export interface EmbedOptions {
  signal?: AbortSignal;
  /**
   * What the texts are: a search query, or notes' text (the default). Models trained with a
   * prefix on each (nomic's "search_query: ") put it on; the others ignore it.
   */
  kind?: "query" | "document";
}

/** True for the rejection of an embed call stopped by its AbortSignal. */
export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === "AbortError";
}

/** Why an embedder could not do its job; `message` always says what to do about it. */
export type EmbedErrorCode = "model-missing" | "unreachable" | "bad-config" | "provider-error";

export class EmbedError extends Error {
  readonly code: EmbedErrorCode;
  constructor(code: EmbedErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbedError";
    this.code = code;
  }
}

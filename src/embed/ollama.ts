import { Ollama } from "ollama";
import { familyPrefixes, prefixTag, resolvePrefixes, withPrefix, type Prefixes } from "./prefixes.js";
import { EmbedError, type EmbedOptions, type Embedder } from "./types.js";
import { l2normalize } from "./vector.js";
import { estimateTokens, splitIntoWindows } from "./windows.js";

/**
 * Embeddings from a local Ollama daemon (`POST /api/embed`). Nothing is loaded in-process; the
 * daemon must be running and have the model pulled.
 */

export const DEFAULT_OLLAMA_EMBED_MODEL = "nomic-embed-text";
const DEFAULT_HOST = "http://127.0.0.1:11434";
/** The first request also loads the model into the daemon, which can take a while on CPU. */
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Context Ollama gives these models by default (it truncates longer input silently). Unknown
 * models get 512, the smallest limit among common embedding models.
 */
const KNOWN_CONTEXT: Record<string, number> = {
  "nomic-embed-text": 2048,
  "mxbai-embed-large": 512,
  "all-minilm": 256,
  "snowflake-arctic-embed": 512,
  "bge-m3": 8192,
};

export interface OllamaEmbedderOptions {
  model?: string;
  /** Defaults to OLLAMA_HOST, then http://127.0.0.1:11434. */
  host?: string;
  batchSize?: number;
  /** Override the model's input limit in tokens (see KNOWN_CONTEXT). */
  maxInputTokens?: number;
  timeoutMs?: number;
  /** Put before a search query / a note's text; default: the model family's (prefixes.ts: nomic-embed-text's "search_query: " / "search_document: "). */
  queryPrefix?: string;
  documentPrefix?: string;
}

/** "localhost", ":11434", "0.0.0.0:11434" or "http://h:1/" as a full base URL, so errors name the address dialled. */
export function resolveOllamaEmbedHost(host?: string): string {
  const raw = (host ?? process.env.OLLAMA_HOST ?? "").trim();
  if (raw === "") return DEFAULT_HOST;
  const withScheme = raw.includes("://") ? raw : `http://${raw.startsWith(":") ? `127.0.0.1${raw}` : raw}`;
  try {
    const url = new URL(withScheme);
    if (url.port === "" && !raw.includes("://")) url.port = "11434";
    return url.toString().replace(/\/+$/, "");
  } catch {
    throw new EmbedError("bad-config", `Ollama host "${raw}" is not a valid address (expected e.g. ${DEFAULT_HOST})`);
  }
}

export class OllamaEmbedder implements Embedder {
  readonly provider = "ollama";
  readonly modelId: string;
  readonly model: string;
  readonly host: string;
  readonly maxInputTokens: number;
  readonly batchSize: number;
  readonly prefixes: Prefixes;
  private dim = 0;
  private readonly client: Ollama;

  constructor(opts: OllamaEmbedderOptions = {}) {
    this.model = opts.model ?? DEFAULT_OLLAMA_EMBED_MODEL;
    this.host = resolveOllamaEmbedHost(opts.host);
    // "name" and "name:latest" are the same model to Ollama, so they share cache entries.
    this.prefixes = resolvePrefixes(familyPrefixes(this.model), opts);
    this.modelId = `ollama:${this.model.includes(":") ? this.model : `${this.model}:latest`}${prefixTag(this.prefixes)}`;
    const base = this.model.split(":")[0];
    this.maxInputTokens = opts.maxInputTokens ?? KNOWN_CONTEXT[base] ?? 512;
    this.batchSize = opts.batchSize ?? 16;
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timedFetch: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        signal: init?.signal
          ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    this.client = new Ollama({ host: this.host, fetch: timedFetch });
  }

  /** 0 until the first reply (or `init()`): only the daemon knows the model's width. */
  get dimension(): number {
    return this.dim;
  }

  windows(text: string): string[] {
    // No tokenizer here: count generously so no window runs past the model's context.
    return splitIntoWindows(text, {
      maxTokens: this.maxInputTokens - (this.prefixes.document === "" ? 0 : this.prefixes.document.split(/\s+/).reduce((n, w) => n + estimateTokens(w), 0)),
      overlapTokens: Math.floor(this.maxInputTokens / 8),
      countTokens: estimateTokens,
    });
  }

  /** One tiny request: checks the daemon and the model, and learns the dimension. */
  async init(): Promise<void> {
    if (this.dim === 0) await this.embed(["ping"]);
  }

  async embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    let embeddings: number[][];
    try {
      // Ollama truncates over-long input by default; windows() keeps inputs under the limit, and
      // one odd chunk is better cut than failing a whole indexing run.
      ({ embeddings } = await this.client.embed({ model: this.model, input: withPrefix(texts, this.prefixes, opts) }));
    } catch (err) {
      throw this.toError(err);
    }
    if (!Array.isArray(embeddings) || embeddings.length !== texts.length) {
      throw new EmbedError(
        "provider-error",
        `Ollama at ${this.host} returned ${Array.isArray(embeddings) ? embeddings.length : "no"} embeddings for ${texts.length} texts`,
      );
    }
    const width = this.dim || embeddings[0]?.length || 0;
    if (width === 0 || embeddings.some((e) => !Array.isArray(e) || e.length !== width)) {
      throw new EmbedError(
        "provider-error",
        `Ollama at ${this.host} returned vectors of inconsistent length for model "${this.model}" (expected ${width || "a non-zero length"})`,
      );
    }
    this.dim = width;
    return embeddings.map((e) => l2normalize(e));
  }

  async close(): Promise<void> {
    // Stateless HTTP: nothing to release.
  }

  private toError(err: unknown): EmbedError {
    const e = err as { name?: unknown; message?: unknown; status_code?: unknown; cause?: unknown };
    const message = typeof e?.message === "string" ? e.message : String(err);
    // ResponseError is not exported by the client, so it is recognised by name.
    if (e?.name === "ResponseError" && typeof e.status_code === "number") {
      if (e.status_code === 404) {
        return new EmbedError(
          "model-missing",
          `Ollama at ${this.host} does not have model "${this.model}" (${message}): run \`ollama pull ${this.model}\``,
          { cause: err },
        );
      }
      return new EmbedError("provider-error", `Ollama at ${this.host} answered ${e.status_code}: ${message}`, { cause: err });
    }
    if (e?.name === "TimeoutError" || e?.name === "AbortError") {
      return new EmbedError("unreachable", `Ollama at ${this.host} did not answer in time (${message})`, { cause: err });
    }
    const code = (e?.cause as { code?: unknown } | undefined)?.code;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
      return new EmbedError(
        "unreachable",
        `Ollama host ${this.host} cannot be resolved: check OLLAMA_HOST or embed.host`,
        { cause: err },
      );
    }
    if (code === "ECONNREFUSED" || (err instanceof TypeError && message === "fetch failed")) {
      return new EmbedError(
        "unreachable",
        `Ollama is not running at ${this.host}: start it with \`ollama serve\` (or set OLLAMA_HOST / embed.host)`,
        { cause: err },
      );
    }
    return new EmbedError("provider-error", `Ollama embedding request to ${this.host} failed: ${message}`, { cause: err });
  }
}

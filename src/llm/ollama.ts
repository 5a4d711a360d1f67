import { Ollama, type ChatRequest, type Message } from "ollama";
import { estimatePromptTokens } from "./context.js";
import { startDeadline, type Deadline } from "./deadline.js";
import { ollamaSetupHint } from "./setup-hint.js";
import {
  LLMError,
  type CompletionRequest,
  type CompletionResult,
  type LLMProvider,
} from "./types.js";

export const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";
/** Older Ollama versions run every model with this window unless told otherwise. */
const OLLAMA_SMALLEST_DEFAULT_CTX = 2048;
/** `check()` backs a status command: a daemon that takes longer than this is as good as down. */
const CHECK_TIMEOUT_MS = 5_000;

export interface OllamaProviderOptions {
  model: string;
  /** Defaults to the OLLAMA_HOST environment variable, then http://127.0.0.1:11434. */
  host?: string;
  /** Used when a request carries no timeoutMs of its own. */
  defaultTimeoutMs?: number;
  /**
   * The context window to run with, sent as `num_ctx` on every call. Without it Ollama uses its
   * own default (2048 or 4096 tokens, by version) and silently drops the start of longer prompts.
   */
  contextSize?: number;
}

/**
 * Turns "localhost", "0.0.0.0:11434" or "http://h:1/" into a full base URL, the way the
 * `ollama` CLI reads OLLAMA_HOST, so error messages name the address actually dialled.
 */
export function resolveOllamaHost(host?: string): string {
  const raw = (host ?? process.env.OLLAMA_HOST ?? "").trim();
  if (raw === "") return DEFAULT_OLLAMA_HOST;
  const withScheme = raw.includes("://") ? raw : `http://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.port === "" && !raw.includes("://")) url.port = "11434";
    return url.toString().replace(/\/+$/, "");
  } catch {
    throw new LLMError("bad-config", `Ollama host "${raw}" is not a valid address (expected e.g. ${DEFAULT_OLLAMA_HOST})`);
  }
}

/**
 * A client whose every request obeys `signal`. The library only exposes abort() for streamed
 * requests; routing its fetch through our signal also cancels plain requests and body reads.
 */
function clientFor(host: string, signal: AbortSignal): Ollama {
  const fetchWithSignal: typeof fetch = (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
    });
  return new Ollama({ host, fetch: fetchWithSignal });
}

/** Maps whatever the client threw to an LLMError that says what to run. */
export function toOllamaError(err: unknown, host: string, model: string, deadline?: Deadline): LLMError {
  if (err instanceof LLMError) return err;
  if (deadline?.why() !== undefined) return deadline.error(err);

  const e = err as { name?: unknown; message?: unknown; status_code?: unknown; cause?: unknown };
  const message = typeof e?.message === "string" ? e.message : String(err);

  // ResponseError is not exported by the client, so it is recognised by name.
  if (e?.name === "ResponseError" && typeof e.status_code === "number") {
    if (e.status_code === 404) {
      return new LLMError(
        "model-not-found",
        `Ollama at ${host} does not have model "${model}" (${message}): run \`ollama pull ${model}\``,
        { cause: err },
      );
    }
    return new LLMError("provider-error", `Ollama at ${host} answered ${e.status_code}: ${message}`, { cause: err });
  }

  const causeCode = (e?.cause as { code?: unknown } | undefined)?.code;
  if (causeCode === "ENOTFOUND" || causeCode === "EAI_AGAIN") {
    return new LLMError(
      "unreachable",
      `Ollama host ${host} cannot be resolved: check OLLAMA_HOST or the configured llm host`,
      { cause: err },
    );
  }
  if (err instanceof TypeError && message === "fetch failed") {
    if (causeCode === undefined || causeCode === "ECONNREFUSED") {
      return new LLMError("unreachable", `Ollama is not running at ${host}: ${ollamaSetupHint(model)}`, {
        cause: err,
      });
    }
    // Reset or dropped mid-request: the daemon was there, so "not running" would mislead.
    return new LLMError(
      "unreachable",
      `lost the connection to Ollama at ${host} (${String(causeCode)}): check that \`ollama serve\` is still running and retry`,
      { cause: err },
    );
  }
  return new LLMError("provider-error", `Ollama at ${host} failed: ${message}`, { cause: err });
}

export class OllamaProvider implements LLMProvider {
  readonly name = "ollama";
  readonly model: string;
  readonly host: string;
  private readonly defaultTimeoutMs: number | undefined;
  private readonly configuredContext: number | undefined;
  private trainedContext: Promise<number | undefined> | undefined;

  constructor(options: OllamaProviderOptions) {
    this.model = options.model;
    this.host = resolveOllamaHost(options.host);
    this.defaultTimeoutMs = options.defaultTimeoutMs;
    this.configuredContext = options.contextSize;
  }

  /**
   * The configured window, else the model's own (`<arch>.context_length` from /api/show, asked
   * once). Undefined when Ollama cannot say (an old server, a failed request): callers then
   * skip their check rather than fail on it.
   */
  async contextSize(signal?: AbortSignal): Promise<number | undefined> {
    if (this.configuredContext !== undefined) return this.configuredContext;
    this.trainedContext ??= this.showContextLength(signal);
    return this.trainedContext;
  }

  /**
   * The `num_ctx` to send: the configured window; else, for a prompt that would not fit the
   * smallest default Ollama runs with (2048 tokens), a window that holds it (rounded up to a
   * multiple of 2048, so calls of similar size share one loaded context), capped at the
   * model's own. Short prompts send none and run with Ollama's default.
   */
  private async windowFor(request: CompletionRequest, signal: AbortSignal): Promise<number | undefined> {
    if (this.configuredContext !== undefined) return this.configuredContext;
    const needed = estimatePromptTokens(request) + (request.maxTokens ?? 0);
    if (needed <= OLLAMA_SMALLEST_DEFAULT_CTX) return undefined;
    const want = Math.ceil(needed / OLLAMA_SMALLEST_DEFAULT_CTX) * OLLAMA_SMALLEST_DEFAULT_CTX;
    const trained = await this.contextSize(signal);
    return trained === undefined ? want : Math.min(want, trained);
  }

  private async showContextLength(signal?: AbortSignal): Promise<number | undefined> {
    const deadline = startDeadline(`Ollama at ${this.host}`, CHECK_TIMEOUT_MS, signal);
    try {
      const info = await clientFor(this.host, deadline.signal).show({ model: this.model });
      // Typed as a Map by the client, but the wire format is a plain JSON object.
      const raw = info.model_info as unknown;
      const entries: [string, unknown][] =
        raw instanceof Map ? [...(raw as Map<string, unknown>).entries()] : typeof raw === "object" && raw !== null ? Object.entries(raw) : [];
      const hit = entries.find(([k, v]) => k.endsWith(".context_length") && typeof v === "number");
      return hit === undefined ? undefined : (hit[1] as number);
    } catch {
      return undefined;
    } finally {
      deadline.clear();
    }
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    const started = Date.now();
    const timeoutMs = request.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = startDeadline(`Ollama (${this.model} at ${this.host})`, timeoutMs, request.signal);
    try {
      deadline.throwIfAborted();
      const messages: Message[] = [];
      if (request.system !== undefined) messages.push({ role: "system", content: request.system });
      for (const m of request.messages) messages.push({ role: m.role, content: m.content });

      const chat: ChatRequest & { stream: false } = {
        model: this.model,
        messages,
        stream: false,
        options: {
          ...(request.maxTokens !== undefined ? { num_predict: request.maxTokens } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
      };
      const numCtx = await this.windowFor(request, deadline.signal);
      if (numCtx !== undefined) chat.options = { ...chat.options, num_ctx: numCtx };
      if (request.jsonSchema !== undefined) chat.format = request.jsonSchema;

      const response = await clientFor(this.host, deadline.signal).chat(chat);
      return {
        text: response.message?.content ?? "",
        model: response.model || this.model,
        finishReason: response.done_reason === "length" ? "length" : "stop",
        promptTokens: response.prompt_eval_count,
        completionTokens: response.eval_count,
        durationMs: Date.now() - started,
      };
    } catch (err) {
      throw toOllamaError(err, this.host, this.model, deadline);
    } finally {
      deadline.clear();
    }
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    const deadline = startDeadline(`Ollama at ${this.host}`, CHECK_TIMEOUT_MS, undefined);
    try {
      const { models } = await clientFor(this.host, deadline.signal).list();
      const pulled = models.some((m) => sameModel(m.name, this.model) || sameModel(m.model, this.model));
      return pulled
        ? { ok: true, detail: `Ollama at ${this.host} has model "${this.model}"` }
        : {
            ok: false,
            detail: `Ollama is running at ${this.host} but model "${this.model}" is not pulled (${models.length} other model(s)): run \`ollama pull ${this.model}\``,
          };
    } catch (err) {
      if (deadline.why() === "timeout") {
        return { ok: false, detail: `Ollama at ${this.host} did not answer within ${CHECK_TIMEOUT_MS} ms` };
      }
      return { ok: false, detail: toOllamaError(err, this.host, this.model, deadline).message };
    } finally {
      deadline.clear();
    }
  }

  async close(): Promise<void> {
    // Nothing to free: each call builds its own client around fetch.
  }
}

/** Ollama lists "mistral" as "mistral:latest"; both spellings name the same model. */
function sameModel(listed: string | undefined, wanted: string): boolean {
  if (!listed) return false;
  const norm = (s: string) => (s.includes(":") ? s : `${s}:latest`);
  return norm(listed) === norm(wanted);
}

export interface OllamaEmbedOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Embeds `texts` with an Ollama embedding model (for the embeddings provider), one vector per
 * text in order, with the same error mapping as completions.
 */
export async function ollamaEmbed(
  host: string | undefined,
  model: string,
  texts: string[],
  options: OllamaEmbedOptions = {},
): Promise<number[][]> {
  const base = resolveOllamaHost(host);
  if (texts.length === 0) return [];
  const deadline = startDeadline(`Ollama (${model} at ${base})`, options.timeoutMs, options.signal);
  try {
    deadline.throwIfAborted();
    const { embeddings } = await clientFor(base, deadline.signal).embed({ model, input: texts });
    if (!Array.isArray(embeddings) || embeddings.length !== texts.length) {
      throw new LLMError(
        "provider-error",
        `Ollama model "${model}" returned ${Array.isArray(embeddings) ? embeddings.length : "no"} embeddings for ${texts.length} texts`,
      );
    }
    return embeddings;
  } catch (err) {
    throw toOllamaError(err, base, model, deadline);
  } finally {
    deadline.clear();
  }
}

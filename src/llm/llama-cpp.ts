import { stat } from "node:fs/promises";
import path from "node:path";
// Type-only: erased at build time, so the heavy native package loads only on first use.
import type { ChatHistoryItem, Llama, LlamaContext, LlamaGrammar, LlamaLib, LlamaModel } from "../shared/llama-types.js";
import { messageOf } from "../shared/errors.js";
import { startLlama } from "../shared/llama.js";
import { isContextSizeMessage } from "./context.js";
import { raceAbort, startDeadline, type Deadline } from "./deadline.js";
import {
  LLMError,
  type CompletionRequest,
  type CompletionResult,
  type LLMProvider,
} from "./types.js";

/** Larger windows cost KV-cache memory on every call; memory prompts fit well within this. */
const MAX_DEFAULT_CONTEXT = 4096;

export interface LlamaCppProviderOptions {
  /** Path to a GGUF file; relative paths resolve against the working directory. */
  modelPath: string;
  /**
   * Threads used to evaluate tokens. Defaults to 1: node-llama-cpp's own default (4) on a
   * 2-core machine oversubscribes the CPU and was measured to slow decoding about 400x
   * (0.13 s -> 55 s for 30 tokens). Raise it only up to the number of physical cores.
   */
  threads?: number;
  /** Context window in tokens; defaults to the model's training context capped at 4096. */
  contextSize?: number;
  /** Only CPU is supported for now; GPU probing is slow and varies across machines. */
  gpu?: false;
  /** Used when a request carries no timeoutMs of its own. */
  defaultTimeoutMs?: number;
}

interface Loaded {
  lib: LlamaLib;
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
}

export class LlamaCppProvider implements LLMProvider {
  readonly name = "llama-cpp";
  readonly model: string;
  private readonly modelPath: string;
  private readonly threads: number;
  private readonly configuredContext: number | undefined;
  private readonly defaultTimeoutMs: number | undefined;
  private loading: Promise<Loaded> | undefined;
  /** Grammar compilation costs up to seconds; jobs reuse the same few schemas. */
  private grammars = new Map<string, Promise<LlamaGrammar>>();
  /** The context holds one sequence, so calls take turns (see withSequence). */
  private queue: Promise<void> = Promise.resolve();

  constructor(options: LlamaCppProviderOptions) {
    if (!options.modelPath) throw new LLMError("bad-config", "llama-cpp needs a GGUF model path (llm.model)");
    this.model = options.modelPath;
    this.modelPath = path.resolve(options.modelPath);
    this.threads = options.threads ?? 1;
    this.configuredContext = options.contextSize;
    this.defaultTimeoutMs = options.defaultTimeoutMs;
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    const started = Date.now();
    const deadline = startDeadline(
      `llama.cpp (${path.basename(this.modelPath)})`,
      request.timeoutMs ?? this.defaultTimeoutMs,
      request.signal,
    );
    try {
      const loaded = await raceAbort(this.load(), deadline);
      const grammar =
        request.jsonSchema !== undefined ? await raceAbort(this.grammarFor(loaded, request.jsonSchema), deadline) : undefined;
      this.ensureFits(loaded, request);
      return await this.withSequence(deadline, async () => {
        const sequence = loaded.context.getSequence();
        const session = new loaded.lib.LlamaChatSession({ contextSequence: sequence });
        try {
          const { history, prompt } = toChatHistory(request);
          session.setChatHistory(history);
          const reply = await session.promptWithMeta(prompt, {
            // Without a cap an untuned model can ramble until the timeout, shifting the context.
            maxTokens: request.maxTokens ?? loaded.context.contextSize,
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...(grammar !== undefined ? { grammar } : {}),
            signal: deadline.signal,
          });
          return {
            text: reply.responseText,
            model: this.model,
            finishReason: reply.stopReason === "maxTokens" ? "length" : "stop",
            promptTokens: sequence.tokenMeter.usedInputTokens,
            completionTokens: sequence.tokenMeter.usedOutputTokens,
            durationMs: Date.now() - started,
          };
        } finally {
          session.dispose();
          sequence.dispose();
        }
      });
    } catch (err) {
      if (deadline.why() !== undefined) throw deadline.error(err);
      if (err instanceof LLMError) throw err;
      if (isContextSizeMessage(messageOf(err))) throw await this.contextError(err);
      throw new LLMError("provider-error", `llama.cpp failed on ${this.modelPath}: ${messageOf(err)}`, { cause: err });
    } finally {
      deadline.clear();
    }
  }

  /** The loaded context's window (loads the model on first use). */
  async contextSize(): Promise<number | undefined> {
    return (await this.load()).context.contextSize;
  }

  /**
   * Refuses a prompt that cannot fit the window, counted with the model's own tokenizer: past
   * the window node-llama-cpp silently drops the start of the chat history, so the model would
   * answer a prompt it never fully saw.
   */
  private ensureFits(loaded: Loaded, request: CompletionRequest): void {
    const text = [request.system ?? "", ...request.messages.map((m) => m.content)].join("\n");
    const promptTokens = loaded.model.tokenize(text).length;
    const size = loaded.context.contextSize;
    // The reply's cap is not counted here: it is a ceiling, and callers that need the whole
    // reply to fit check it themselves (ensureContextFits) before calling.
    if (promptTokens >= size) {
      throw new LLMError(
        "context-too-small",
        `model ${path.basename(this.modelPath)} (llama-cpp) has a context window of ${size} tokens, but the prompt alone takes ${promptTokens}: ` +
          `raise llm.contextSize (this model was trained for up to ${loaded.model.trainContextSize} tokens) or shorten the input`,
      );
    }
  }

  /** llama.cpp's raw "context size" failure, said as the setting to change. */
  private async contextError(err: unknown): Promise<LLMError> {
    const loaded = await this.load().catch(() => undefined);
    const size = loaded?.context.contextSize;
    const trained = loaded?.model.trainContextSize;
    return new LLMError(
      "context-too-small",
      `the prompt does not fit the context window of ${path.basename(this.modelPath)}` +
        (size !== undefined ? ` (${size} tokens)` : "") +
        `: raise llm.contextSize` +
        (trained !== undefined ? ` (this model was trained for up to ${trained} tokens)` : "") +
        ` or shorten the input (llama.cpp said: ${messageOf(err)})`,
      { cause: err },
    );
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    try {
      const { model, context } = await this.load();
      return {
        ok: true,
        detail: `loaded ${this.modelPath} (${model.fileInfo.metadata.general.architecture}, context ${context.contextSize}, ${this.threads} thread(s))`,
      };
    } catch (err) {
      return { ok: false, detail: messageOf(err) };
    }
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.grammars.clear();
    if (loading === undefined) return;
    const loaded = await loading.catch(() => undefined);
    if (loaded === undefined) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
    await loaded.llama.dispose();
  }

  /** Loads once and shares; a failed load is forgotten so the next call retries. */
  private load(): Promise<Loaded> {
    if (this.loading === undefined) {
      this.loading = this.loadNow();
      this.loading.catch(() => {
        this.loading = undefined;
      });
    }
    return this.loading;
  }

  private async loadNow(): Promise<Loaded> {
    const info = await stat(this.modelPath).catch(() => undefined);
    if (info === undefined || !info.isFile()) {
      throw new LLMError(
        "model-not-found",
        `GGUF model file not found: ${this.modelPath} (set llm.model to the path of a .gguf file)`,
      );
    }
    const { lib, llama } = await startLlama("llm.model", (message, cause) => new LLMError("provider-error", message, { cause }));
    try {
      const model = await llama.loadModel({ modelPath: this.modelPath });
      const context = await model.createContext({
        contextSize: this.configuredContext ?? Math.min(model.trainContextSize, MAX_DEFAULT_CONTEXT),
        threads: this.threads,
        sequences: 1,
      });
      return { lib, llama, model, context };
    } catch (err) {
      await llama.dispose().catch(() => undefined);
      if (this.configuredContext !== undefined && isContextSizeMessage(messageOf(err))) {
        throw new LLMError(
          "bad-config",
          `could not create a context of ${this.configuredContext} tokens for ${path.basename(this.modelPath)}: lower llm.contextSize (llama.cpp said: ${messageOf(err)})`,
          { cause: err },
        );
      }
      throw new LLMError("provider-error", `could not load GGUF model ${this.modelPath}: ${messageOf(err)}`, {
        cause: err,
      });
    }
  }

  private grammarFor(loaded: Loaded, schema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      grammar = loaded.llama
        .createGrammarForJsonSchema(schema)
        .catch((err: unknown) => {
          this.grammars.delete(key);
          throw new LLMError("bad-config", `JSON schema not supported by the llama.cpp grammar: ${messageOf(err)}`, {
            cause: err,
          });
        });
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  /**
   * Runs `work` when earlier calls are done. A caller that gives up while waiting leaves the
   * queue intact: the next caller still waits for the call that was running.
   */
  private async withSequence<T>(deadline: Deadline, work: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => mine);
    try {
      await raceAbort(previous, deadline);
      return await work();
    } finally {
      release();
    }
  }
}

/** The last user message is the prompt; everything before it becomes the session history. */
function toChatHistory(request: CompletionRequest): { history: ChatHistoryItem[]; prompt: string } {
  const history: ChatHistoryItem[] = [];
  if (request.system !== undefined && request.system !== "") history.push({ type: "system", text: request.system });
  const last = request.messages.at(-1);
  const endsWithUser = last?.role === "user";
  const earlier = endsWithUser ? request.messages.slice(0, -1) : request.messages;
  for (const m of earlier) {
    if (m.role === "system") history.push({ type: "system", text: m.content });
    else if (m.role === "user") history.push({ type: "user", text: m.content });
    else history.push({ type: "model", response: [m.content] });
  }
  return { history, prompt: endsWithUser && last ? last.content : "" };
}

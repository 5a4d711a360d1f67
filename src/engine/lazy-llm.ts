import type { LLMConfig } from "../llm/config.js";
import type { CompletionRequest, CompletionResult, LLMProvider } from "../llm/types.js";

/**
 * The configured provider, created on first call: its name and model are known from the
 * config, so commands that never call the model (a search, `agent jobs`) load neither the
 * Ollama client nor node-llama-cpp.
 */
export class LazyProvider implements LLMProvider {
  readonly name: string;
  readonly model: string;
  private inner: Promise<LLMProvider> | null = null;

  constructor(private readonly config: LLMConfig) {
    this.name = config.provider;
    this.model = config.model;
  }

  private get(): Promise<LLMProvider> {
    this.inner ??= import("../llm/factory.js").then((m) => m.createLLMProvider(this.config));
    return this.inner;
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    return (await this.get()).complete(request);
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    return (await this.get()).check();
  }

  /** Forwarded so callers can refuse a prompt that cannot fit before the call. */
  async contextSize(signal?: AbortSignal): Promise<number | undefined> {
    const inner = await this.get();
    return inner.contextSize ? inner.contextSize(signal) : undefined;
  }

  async close(): Promise<void> {
    if (this.inner === null) return;
    const p = await this.inner.catch(() => null);
    this.inner = null;
    await p?.close();
  }
}

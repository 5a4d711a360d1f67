import type { LLMConfig } from "../llm/config.js";
import type { CompletionRequest, CompletionResult, LLMProvider } from "../llm/types.js";
/**
 * The configured provider, created on first call: its name and model are known from the
 * config, so commands that never call the model (a search, `agent jobs`) load neither the
 * Ollama client nor node-llama-cpp.
 */
export declare class LazyProvider implements LLMProvider {
    private readonly config;
    readonly name: string;
    readonly model: string;
    private inner;
    constructor(config: LLMConfig);
    private get;
    complete(request: CompletionRequest): Promise<CompletionResult>;
    check(): Promise<{
        ok: boolean;
        detail: string;
    }>;
    /** Forwarded so callers can refuse a prompt that cannot fit before the call. */
    contextSize(signal?: AbortSignal): Promise<number | undefined>;
    close(): Promise<void>;
}

import { type Deadline } from "./deadline.js";
import { LLMError, type CompletionRequest, type CompletionResult, type LLMProvider } from "./types.js";
export declare const DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";
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
export declare function resolveOllamaHost(host?: string): string;
/** Maps whatever the client threw to an LLMError that says what to run. */
export declare function toOllamaError(err: unknown, host: string, model: string, deadline?: Deadline): LLMError;
export declare class OllamaProvider implements LLMProvider {
    readonly name = "ollama";
    readonly model: string;
    readonly host: string;
    private readonly defaultTimeoutMs;
    private readonly configuredContext;
    private trainedContext;
    constructor(options: OllamaProviderOptions);
    /**
     * The configured window, else the model's own (`<arch>.context_length` from /api/show, asked
     * once). Undefined when Ollama cannot say (an old server, a failed request): callers then
     * skip their check rather than fail on it.
     */
    contextSize(signal?: AbortSignal): Promise<number | undefined>;
    /**
     * The `num_ctx` to send: the configured window; else, for a prompt that would not fit the
     * smallest default Ollama runs with (2048 tokens), a window that holds it (rounded up to a
     * multiple of 2048, so calls of similar size share one loaded context), capped at the
     * model's own. Short prompts send none and run with Ollama's default.
     */
    private windowFor;
    private showContextLength;
    complete(request: CompletionRequest): Promise<CompletionResult>;
    check(): Promise<{
        ok: boolean;
        detail: string;
    }>;
    close(): Promise<void>;
}
export interface OllamaEmbedOptions {
    timeoutMs?: number;
    signal?: AbortSignal;
}
/**
 * Embeds `texts` with an Ollama embedding model (for the embeddings provider), one vector per
 * text in order, with the same error mapping as completions.
 */
export declare function ollamaEmbed(host: string | undefined, model: string, texts: string[], options?: OllamaEmbedOptions): Promise<number[][]>;

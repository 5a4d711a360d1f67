/**
 * The one interface every local language model sits behind. Jobs (flush, heartbeat,
 * reflection, ask) receive an LLMProvider by injection, so tests hand them a scripted one.
 */
export interface ChatMessage {
    role: "system" | "user" | "assistant";
    content: string;
}
export interface CompletionRequest {
    /** Optional system prompt, sent before `messages`. */
    system?: string;
    messages: ChatMessage[];
    /**
     * JSON Schema the reply must follow. Providers that can constrain decoding (llama-cpp
     * grammar, Ollama `format`) do so; the caller still validates the parsed reply.
     */
    jsonSchema?: Record<string, unknown>;
    maxTokens?: number;
    temperature?: number;
    /** Hard limit for the whole call; the provider aborts and throws LLMError("timeout"). */
    timeoutMs?: number;
    signal?: AbortSignal;
}
export interface CompletionResult {
    text: string;
    model: string;
    /** "stop" when the model finished; "length" when it hit maxTokens (reply cut off). */
    finishReason: "stop" | "length";
    promptTokens?: number;
    completionTokens?: number;
    durationMs: number;
}
export interface LLMProvider {
    /** Provider kind: "ollama" | "llama-cpp" | "scripted". */
    readonly name: string;
    /** Model name or GGUF path, as configured. */
    readonly model: string;
    complete(request: CompletionRequest): Promise<CompletionResult>;
    /** Cheap reachability check for `agent models`; never throws, reports why not. */
    check(): Promise<{
        ok: boolean;
        detail: string;
    }>;
    /** Frees native resources (llama-cpp); a no-op elsewhere. */
    close(): Promise<void>;
    /**
     * The context window in tokens the calls run with, when the provider can tell (llama-cpp
     * from the loaded context, Ollama from the config or /api/show); undefined when unknown.
     * Lets callers refuse a prompt that cannot fit before spending minutes on a call.
     */
    contextSize?(signal?: AbortSignal): Promise<number | undefined>;
}
export type LLMErrorCode = "unreachable" | "model-not-found" | "timeout" | "cancelled" | "empty-reply" | "truncated" | "bad-config" | "context-too-small" | "provider-error";
/** Errors carry a code for callers and a message a person can act on (what to run). */
export declare class LLMError extends Error {
    readonly code: LLMErrorCode;
    constructor(code: LLMErrorCode, message: string, options?: {
        cause?: unknown;
    });
}

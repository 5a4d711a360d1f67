import { type CompletionRequest, type CompletionResult, type LLMProvider } from "./types.js";
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
export declare class LlamaCppProvider implements LLMProvider {
    readonly name = "llama-cpp";
    readonly model: string;
    private readonly modelPath;
    private readonly threads;
    private readonly configuredContext;
    private readonly defaultTimeoutMs;
    private loading;
    /** Grammar compilation costs up to seconds; jobs reuse the same few schemas. */
    private grammars;
    /** The context holds one sequence, so calls take turns (see withSequence). */
    private queue;
    constructor(options: LlamaCppProviderOptions);
    complete(request: CompletionRequest): Promise<CompletionResult>;
    /** The loaded context's window (loads the model on first use). */
    contextSize(): Promise<number | undefined>;
    /**
     * Refuses a prompt that cannot fit the window, counted with the model's own tokenizer: past
     * the window node-llama-cpp silently drops the start of the chat history, so the model would
     * answer a prompt it never fully saw.
     */
    private ensureFits;
    /** llama.cpp's raw "context size" failure, said as the setting to change. */
    private contextError;
    check(): Promise<{
        ok: boolean;
        detail: string;
    }>;
    close(): Promise<void>;
    /** Loads once and shares; a failed load is forgotten so the next call retries. */
    private load;
    private loadNow;
    private grammarFor;
    /**
     * Runs `work` when earlier calls are done. A caller that gives up while waiting leaves the
     * queue intact: the next caller still waits for the call that was running.
     */
    private withSequence;
}

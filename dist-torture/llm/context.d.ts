import { type CompletionRequest, type LLMProvider } from "./types.js";
/**
 * Estimated tokens a request's prompt takes: about 4 characters per token, plus a few for
 * each message's chat template. The same rule as the rest of the engine; tokenizers of small
 * models land within about 20% of it on English text.
 */
export declare function estimatePromptTokens(request: CompletionRequest): number;
export interface ContextFit {
    /** The provider's window, or undefined when it cannot tell (then nothing is checked). */
    contextSize: number | undefined;
    promptTokens: number;
    replyTokens: number;
    needed: number;
}
/**
 * Refuses, before the call, a request whose prompt plus reply cannot fit the model's context
 * window: the error names the model, its window and the size needed, and what to change.
 * `hint` adds the caller's own settings that shrink the prompt.
 */
export declare function ensureContextFits(provider: LLMProvider, request: CompletionRequest, hint?: string): Promise<ContextFit>;
/**
 * llama.cpp's own words when a prompt does not fit ("Input is longer than the usable context
 * size", "Failed to compress chat history…"), recognised so they can be said as a setting.
 */
export declare function isContextSizeMessage(message: string): boolean;

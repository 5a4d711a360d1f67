import { type CompletionRequest, type CompletionResult, type LLMProvider } from "./types.js";
/**
 * One scripted turn: a fixed reply, a reply computed from the request (to echo or branch on
 * the prompt), an Error to throw (to drive failure paths), or a full result (to fake
 * finishReason "length").
 */
export type ScriptedReply = string | Error | Partial<CompletionResult> | ((request: CompletionRequest) => string | Partial<CompletionResult> | Promise<string | Partial<CompletionResult>>);
export interface ScriptedProviderOptions {
    model?: string;
    /** The context window to report (tests of the too-small-window refusal); unknown without. */
    contextSize?: number;
}
/** A deterministic provider for tests: answers from a script, in order, and records every request. */
export declare class ScriptedProvider implements LLMProvider {
    readonly name = "scripted";
    readonly model: string;
    /** Every request received, in order, including ones whose reply was an error. */
    readonly calls: CompletionRequest[];
    private readonly replies;
    private readonly window;
    constructor(replies?: ScriptedReply[], options?: ScriptedProviderOptions);
    contextSize(): Promise<number | undefined>;
    /** Appends more turns, for tests that script as they go. */
    push(...replies: ScriptedReply[]): this;
    /** Replies not yet consumed; tests assert 0 to prove every scripted turn was used. */
    get remaining(): number;
    complete(request: CompletionRequest): Promise<CompletionResult>;
    check(): Promise<{
        ok: boolean;
        detail: string;
    }>;
    close(): Promise<void>;
}

import { type ScriptedReply } from "./scripted.js";
import { type CompletionResult, type LLMProvider } from "./types.js";
import { type LLMConfig, type LLMConfigInput } from "./config.js";
export { LLMConfigSchema, type LLMConfig, type LLMConfigInput } from "./config.js";
export interface CreateLLMProviderDeps {
    /** Replies for provider "scripted" (tests, demos). */
    scriptedReplies?: ScriptedReply[];
}
export declare function parseLLMConfig(config: LLMConfigInput | undefined): LLMConfig;
/** Builds the provider named by `config`; no connection or model load happens until first use. */
export declare function createLLMProvider(config?: LLMConfigInput, deps?: CreateLLMProviderDeps): LLMProvider;
/**
 * For callers that parse the reply (JSON, structured notes): a blank or cut-off reply is a
 * failure to report, not text to store.
 */
export declare function requireCompleteReply(result: CompletionResult, limitKey?: string): CompletionResult;

import { type Command } from "commander";
import { type LLMProvider } from "../llm/index.js";
/** --provider / --model, for every command that calls the local model. */
export interface ProviderOpts {
    provider?: "ollama" | "llama-cpp";
    model?: string;
}
export declare function withProviderOptions(cmd: Command): Command;
/** The provider named by the workspace's `llm` config, with the command line's overrides. */
export declare function providerFor(workspace: string, opts: ProviderOpts): LLMProvider;

import { Option, type Command } from "commander";
import { createLLMProvider, LLMConfigSchema, type LLMConfigInput, type LLMProvider } from "../llm/index.js";
import { configSection, loadConfig } from "../workspace/config.js";

/** --provider / --model, for every command that calls the local model. */
export interface ProviderOpts {
  provider?: "ollama" | "llama-cpp";
  model?: string;
}

export function withProviderOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--provider <provider>", "LLM for this run (overrides agent.config.json)").choices(["ollama", "llama-cpp"]))
    .option("--model <name|path>", "Ollama model name or GGUF file path for this run");
}

/** The provider named by the workspace's `llm` config, with the command line's overrides. */
export function providerFor(workspace: string, opts: ProviderOpts): LLMProvider {
  const llm: LLMConfigInput = { ...configSection(loadConfig(workspace), "llm", LLMConfigSchema) };
  if (opts.provider !== undefined) llm.provider = opts.provider;
  if (opts.model !== undefined) llm.model = opts.model;
  return createLLMProvider(llm);
}

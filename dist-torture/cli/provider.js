import { Option } from "commander";
import { createLLMProvider, LLMConfigSchema } from "../llm/index.js";
import { configSection, loadConfig } from "../workspace/config.js";
export function withProviderOptions(cmd) {
    return cmd
        .addOption(new Option("--provider <provider>", "LLM for this run (overrides agent.config.json)").choices(["ollama", "llama-cpp"]))
        .option("--model <name|path>", "Ollama model name or GGUF file path for this run");
}
/** The provider named by the workspace's `llm` config, with the command line's overrides. */
export function providerFor(workspace, opts) {
    const llm = { ...configSection(loadConfig(workspace), "llm", LLMConfigSchema) };
    if (opts.provider !== undefined)
        llm.provider = opts.provider;
    if (opts.model !== undefined)
        llm.model = opts.model;
    return createLLMProvider(llm);
}
//# sourceMappingURL=provider.js.map
import { z } from "zod";
import { LlamaCppProvider } from "./llama-cpp.js";
import { OllamaProvider } from "./ollama.js";
import { ScriptedProvider } from "./scripted.js";
import { LLMError } from "./types.js";
import { LLMConfigSchema } from "./config.js";
export { LLMConfigSchema } from "./config.js";
export function parseLLMConfig(config) {
    const parsed = LLMConfigSchema.safeParse(config ?? {});
    if (!parsed.success) {
        throw new LLMError("bad-config", `invalid llm config:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
    }
    return parsed.data;
}
/** Builds the provider named by `config`; no connection or model load happens until first use. */
export function createLLMProvider(config, deps = {}) {
    const c = parseLLMConfig(config);
    switch (c.provider) {
        case "ollama":
            return new OllamaProvider({ model: c.model, host: c.host, defaultTimeoutMs: c.timeoutMs, contextSize: c.contextSize });
        case "llama-cpp":
            return new LlamaCppProvider({
                modelPath: c.model,
                threads: c.threads,
                contextSize: c.contextSize,
                defaultTimeoutMs: c.timeoutMs,
            });
        case "scripted":
            return new ScriptedProvider(deps.scriptedReplies ?? [], { model: c.model });
    }
}
/**
 * For callers that parse the reply (JSON, structured notes): a blank or cut-off reply is a
 * failure to report, not text to store.
 */
export function requireCompleteReply(result, limitKey) {
    if (result.text.trim() === "") {
        throw new LLMError("empty-reply", `model ${result.model} returned an empty reply: try again, or use a larger model`);
    }
    if (result.finishReason === "length") {
        throw new LLMError("truncated", `model ${result.model} stopped at the token limit (${result.completionTokens ?? "?"} tokens) before finishing: ${limitKey ? `raise ${limitKey} in agent.config.json` : "the reply limit is too small for this model's answer"}`);
    }
    return result;
}
//# sourceMappingURL=factory.js.map
import { LLMError } from "./types.js";
/**
 * Estimated tokens a request's prompt takes: about 4 characters per token, plus a few for
 * each message's chat template. The same rule as the rest of the engine; tokenizers of small
 * models land within about 20% of it on English text.
 */
export function estimatePromptTokens(request) {
    let chars = request.system?.length ?? 0;
    for (const m of request.messages)
        chars += m.content.length;
    return Math.ceil(chars / 4) + 8 * (request.messages.length + (request.system !== undefined ? 1 : 0));
}
/**
 * Refuses, before the call, a request whose prompt plus reply cannot fit the model's context
 * window: the error names the model, its window and the size needed, and what to change.
 * `hint` adds the caller's own settings that shrink the prompt.
 */
export async function ensureContextFits(provider, request, hint) {
    const promptTokens = estimatePromptTokens(request);
    const replyTokens = request.maxTokens ?? 0;
    const needed = promptTokens + replyTokens;
    const contextSize = provider.contextSize ? await provider.contextSize(request.signal) : undefined;
    if (contextSize !== undefined && needed > contextSize) {
        throw new LLMError("context-too-small", `model ${provider.model} (${provider.name}) has a context window of ${contextSize} tokens, but this call needs about ${needed} ` +
            `(prompt ~${promptTokens} + reply up to ${replyTokens}): set llm.contextSize to at least ${roundUp(needed)} or use a model with a larger window` +
            (hint ? `, or ${hint}` : ""));
    }
    return { contextSize, promptTokens, replyTokens, needed };
}
function roundUp(n) {
    return Math.ceil(n / 1024) * 1024;
}
/**
 * llama.cpp's own words when a prompt does not fit ("Input is longer than the usable context
 * size", "Failed to compress chat history…"), recognised so they can be said as a setting.
 */
export function isContextSizeMessage(message) {
    return /context (?:size|window)|longer than the (?:usable )?context|compress chat history/i.test(message);
}
//# sourceMappingURL=context.js.map
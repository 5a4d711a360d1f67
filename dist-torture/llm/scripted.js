import { LLMError, } from "./types.js";
/** A deterministic provider for tests: answers from a script, in order, and records every request. */
export class ScriptedProvider {
    name = "scripted";
    model;
    /** Every request received, in order, including ones whose reply was an error. */
    calls = [];
    replies;
    window;
    constructor(replies = [], options = {}) {
        this.replies = [...replies];
        this.model = options.model ?? "scripted";
        this.window = options.contextSize;
    }
    async contextSize() {
        return this.window;
    }
    /** Appends more turns, for tests that script as they go. */
    push(...replies) {
        this.replies.push(...replies);
        return this;
    }
    /** Replies not yet consumed; tests assert 0 to prove every scripted turn was used. */
    get remaining() {
        return this.replies.length;
    }
    async complete(request) {
        this.calls.push(request);
        if (request.signal?.aborted)
            throw new LLMError("cancelled", "scripted completion was cancelled");
        const next = this.replies.shift();
        if (next === undefined) {
            throw new Error(`ScriptedProvider ran out of replies: call #${this.calls.length} has no scripted reply ` +
                `(last user message: ${JSON.stringify(lastUserText(request).slice(0, 120))})`);
        }
        if (next instanceof Error)
            throw next;
        const produced = typeof next === "function" ? await next(request) : next;
        const partial = typeof produced === "string" ? { text: produced } : produced;
        return {
            text: partial.text ?? "",
            model: partial.model ?? this.model,
            finishReason: partial.finishReason ?? "stop",
            durationMs: partial.durationMs ?? 0,
            ...(partial.promptTokens !== undefined ? { promptTokens: partial.promptTokens } : {}),
            ...(partial.completionTokens !== undefined ? { completionTokens: partial.completionTokens } : {}),
        };
    }
    async check() {
        return { ok: true, detail: `scripted provider with ${this.replies.length} reply(ies) left` };
    }
    async close() { }
}
function lastUserText(request) {
    for (let i = request.messages.length - 1; i >= 0; i--) {
        const m = request.messages[i];
        if (m?.role === "user")
            return m.content;
    }
    return "";
}
//# sourceMappingURL=scripted.js.map
/**
 * The one interface every local language model sits behind. Jobs (flush, heartbeat,
 * reflection, ask) receive an LLMProvider by injection, so tests hand them a scripted one.
 */
/** Errors carry a code for callers and a message a person can act on (what to run). */
export class LLMError extends Error {
    code;
    constructor(code, message, options) {
        super(message, options);
        this.code = code;
        this.name = "LLMError";
    }
}
//# sourceMappingURL=types.js.map
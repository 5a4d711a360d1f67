/** True for the rejection of an embed call stopped by its AbortSignal. */
export function isAbortError(e) {
    return e instanceof Error && e.name === "AbortError";
}
export class EmbedError extends Error {
    code;
    constructor(code, message, options) {
        super(message, options);
        this.name = "EmbedError";
        this.code = code;
    }
}
//# sourceMappingURL=types.js.map
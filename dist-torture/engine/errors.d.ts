/**
 * One sentence a person can act on for any error the engine lets out, and a stable code for
 * `--json` callers. Raw library text (an errno, SQLite's "file is not a database", llama.cpp's
 * context-size complaint) is turned into what it means and what to do.
 */
export interface ErrorInfo {
    /** Stable, machine-readable: "config", "usage", "not-found", "refused", "llm", "state", "io"... */
    code: string;
    message: string;
}
/** An error in what the caller asked (bad flag value, empty query): exit code 2 on the CLI. */
export declare class UsageError extends Error {
    constructor(message: string);
}
export declare function errorInfo(e: unknown): ErrorInfo;
/** The error's message as one actionable line. */
export declare function errorText(e: unknown): string;

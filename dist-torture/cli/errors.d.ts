/**
 * Prints an error the way the caller asked for it: one line on stderr, or with --json a
 * `{"error": {"code", "message"}}` object on stdout, so a tool reading JSON always gets
 * JSON. Returns the exit code, 1 (commander's own usage errors exit 1 too).
 */
export declare function reportError(e: unknown, json: boolean): number;

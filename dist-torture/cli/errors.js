import { errorInfo } from "../engine/errors.js";
/**
 * Prints an error the way the caller asked for it: one line on stderr, or with --json a
 * `{"error": {"code", "message"}}` object on stdout, so a tool reading JSON always gets
 * JSON. Returns the exit code, 1 (commander's own usage errors exit 1 too).
 */
export function reportError(e, json) {
    const info = errorInfo(e);
    if (json)
        process.stdout.write(JSON.stringify({ error: info }) + "\n");
    else
        process.stderr.write(`agent: ${info.message}\n`);
    if (process.env.AGENT_DEBUG && e instanceof Error)
        process.stderr.write(`${e.stack}\n`);
    return 1;
}
//# sourceMappingURL=errors.js.map
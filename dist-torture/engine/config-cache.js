/**
 * The validated agent.config.json, remembered across processes. Validating the whole file
 * means loading the schema library and building every section's schema, which is most of
 * what a cold `agent search` spends before it touches the index; the result depends only on
 * the file's bytes and on the code that validates them, so it is kept in
 * `.agent/config.validated.json` under a key made of both and reused while neither changes.
 *
 * Only the bundled CLI has a build id (set by scripts/bundle-cli.mjs from the sources): a
 * build from tsc alone, the tests and library users always validate, never read the cache.
 * Errors are never cached: a bad file is validated (and reported) on every run.
 */
import { createHash } from "node:crypto";
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agentDir, configPath } from "../workspace/paths.js";
const BUILD_ID = typeof __AGENT_BUILD_ID__ === "string" ? __AGENT_BUILD_ID__ : null;
const CACHE_FILE = "config.validated.json";
/** The file's bytes as read now (null: no file), for the key. */
function currentText(workspace) {
    try {
        return readFileSync(configPath(workspace), "utf8");
    }
    catch {
        return null;
    }
}
function keyOf(file, text, buildId) {
    return createHash("sha256")
        .update(`${buildId}\0${file}\0`)
        .update(text === null ? "\u0000absent" : `\u0001${text}`)
        .digest("hex");
}
/** The cached config when the file and the code are the ones it was validated with. */
export function readConfigCache(workspace, buildId = BUILD_ID) {
    if (buildId === null)
        return null;
    try {
        const cached = JSON.parse(readFileSync(path.join(agentDir(workspace), CACHE_FILE), "utf8"));
        if (cached.key !== keyOf(configPath(workspace), currentText(workspace), buildId))
            return null;
        return typeof cached.config === "object" && cached.config !== null ? cached.config : null;
    }
    catch {
        return null;
    }
}
/**
 * Remembers `config`, validated from `text`. Best effort: a read-only workspace just does
 * without. Mode 0600, as the file may hold an API key copied from the config.
 */
export function writeConfigCache(workspace, text, config, buildId = BUILD_ID) {
    if (buildId === null)
        return;
    const dest = path.join(agentDir(workspace), CACHE_FILE);
    const tmp = `${dest}.${process.pid}.tmp`;
    try {
        writeFileSync(tmp, JSON.stringify({ key: keyOf(configPath(workspace), text, buildId), config }), { mode: 0o600, flag: "wx" });
        chmodSync(tmp, 0o600);
        renameSync(tmp, dest);
    }
    catch {
        rmSync(tmp, { force: true });
    }
}
let validator = null;
/** Set by config.ts when it loads: the synchronous validator behind `configFor`. */
export function provideConfigValidator(fn) {
    validator = fn;
}
/**
 * The workspace's config for a synchronous caller (Engine.open): the cache, else the
 * validator, which the library's entry point (src/index.ts) and Engine.load bring in.
 */
export function configFor(workspace) {
    const hit = readConfigCache(workspace);
    if (hit)
        return hit;
    if (!validator)
        throw new Error("the config validator is not loaded: open the engine with `await Engine.load(...)`, or import it from the package's entry point");
    return validator(workspace);
}
//# sourceMappingURL=config-cache.js.map
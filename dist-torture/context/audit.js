/**
 * Startup audit: which of the files an assistant expects at the start of a session are not
 * in the workspace. `agent context` and `agent daemon` print it once, so a missing SOUL.md
 * is noticed rather than silently replaced by a [MISSING] marker in every prompt.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
export function auditWorkspace(workspace) {
    const present = [];
    const missing = [];
    const messages = [];
    for (const name of BOOTSTRAP_FILES) {
        const kind = kindOf(path.join(workspace, name));
        if (kind === "file")
            present.push(name);
        else {
            missing.push(name);
            messages.push(kind === "none"
                ? `${name} is missing: restore it, or run \`agent init ${workspace}\` to add the starter file (existing files are kept)`
                : `${name} is not a regular file`);
        }
    }
    if (kindOf(path.join(workspace, "memory")) !== "dir") {
        missing.push("memory/");
        messages.push(`memory/ is missing: daily notes go there (\`agent init ${workspace}\` creates it)`);
    }
    return { present, missing, messages };
}
function kindOf(p) {
    try {
        const st = statSync(p);
        return st.isFile() ? "file" : st.isDirectory() ? "dir" : "other";
    }
    catch {
        return "none";
    }
}
//# sourceMappingURL=audit.js.map
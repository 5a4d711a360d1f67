/**
 * The thin I/O half of context assembly: reads the bootstrap files and today's and
 * yesterday's daily notes from a workspace, for `assembleContext`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";
import { addDays, zonedDate } from "../workspace/time.js";
import { assembleContext } from "./assemble.js";
export function loadContextFiles(workspace, opts) {
    const problems = [];
    const read = (rel) => {
        try {
            return readFileSync(path.join(workspace, rel), "utf8");
        }
        catch (e) {
            const code = e.code;
            if (code !== "ENOENT")
                problems.push(`${rel}: cannot be read (${code ?? e.message})`);
            return null;
        }
    };
    const bootstrap = {};
    for (const name of BOOTSTRAP_FILES)
        bootstrap[name] = read(name);
    const today = zonedDate(opts.now, opts.timeZone);
    const yesterday = addDays(today, -1);
    return {
        bootstrap,
        daily: [
            { date: today, label: "today", text: read(`memory/${today}.md`) },
            { date: yesterday, label: "yesterday", text: read(`memory/${yesterday}.md`) },
        ],
        problems,
    };
}
/** Loads and assembles in one call; markers name files by their absolute path. */
export function buildContext(workspace, opts) {
    const files = loadContextFiles(workspace, opts);
    const { now: _now, timeZone: _tz, ...assemble } = opts;
    return { ...assembleContext(files, { ...assemble, root: workspace }), problems: files.problems };
}
//# sourceMappingURL=load.js.map
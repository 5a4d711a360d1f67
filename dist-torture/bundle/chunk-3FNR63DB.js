import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  BOOTSTRAP_FILES,
  assembleContext
} from "./chunk-P4TWOYVN.js";
import {
  addDays,
  zonedDate
} from "./chunk-UWHEQYUJ.js";

// dist/context/load.js
import { readFileSync } from "node:fs";
import path from "node:path";
function loadContextFiles(workspace, opts) {
  const problems = [];
  const read = (rel) => {
    try {
      return readFileSync(path.join(workspace, rel), "utf8");
    } catch (e) {
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
      { date: yesterday, label: "yesterday", text: read(`memory/${yesterday}.md`) }
    ],
    problems
  };
}
function buildContext(workspace, opts) {
  const files = loadContextFiles(workspace, opts);
  const { now: _now, timeZone: _tz, ...assemble } = opts;
  return { ...assembleContext(files, { ...assemble, root: workspace }), problems: files.problems };
}

export {
  loadContextFiles,
  buildContext
};
//# sourceMappingURL=chunk-3FNR63DB.js.map

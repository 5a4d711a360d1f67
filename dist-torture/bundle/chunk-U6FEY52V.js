import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  BOOTSTRAP_FILES
} from "./chunk-P4TWOYVN.js";

// dist/context/audit.js
import { statSync } from "node:fs";
import path from "node:path";
function auditWorkspace(workspace) {
  const present = [];
  const missing = [];
  const messages = [];
  for (const name of BOOTSTRAP_FILES) {
    const kind = kindOf(path.join(workspace, name));
    if (kind === "file")
      present.push(name);
    else {
      missing.push(name);
      messages.push(kind === "none" ? `${name} is missing: restore it, or run \`agent init ${workspace}\` to add the starter file (existing files are kept)` : `${name} is not a regular file`);
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
  } catch {
    return "none";
  }
}

export {
  auditWorkspace
};
//# sourceMappingURL=chunk-U6FEY52V.js.map

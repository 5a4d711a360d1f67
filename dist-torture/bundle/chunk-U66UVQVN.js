import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/workspace/paths.js
import { existsSync, statSync } from "node:fs";
import path from "node:path";
var MARKERS = ["agent.config.json", "SOUL.md", ".agent"];
var WorkspaceError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "WorkspaceError";
  }
};
function resolveWorkspace(opts = {}) {
  const explicit = opts.flag ?? (opts.env && opts.env.trim() !== "" ? opts.env : void 0);
  if (explicit) {
    const dir2 = path.resolve(opts.cwd ?? process.cwd(), explicit);
    if (!existsSync(dir2)) {
      throw new WorkspaceError(`workspace ${dir2} does not exist: create it with \`agent init ${explicit}\``);
    }
    if (!statSync(dir2).isDirectory()) {
      throw new WorkspaceError(`workspace ${dir2} is a file, not a folder: pass the folder that holds SOUL.md and memory/`);
    }
    return dir2;
  }
  let dir = path.resolve(opts.cwd ?? process.cwd());
  for (; ; ) {
    if (MARKERS.some((m) => existsSync(path.join(dir, m))))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      break;
    dir = parent;
  }
  throw new WorkspaceError("no workspace found here or above: pass --workspace DIR, set AGENT_WORKSPACE, or create one with `agent init DIR`");
}
function agentDir(workspace) {
  return path.join(workspace, ".agent");
}
function swapDir(workspace) {
  return path.join(agentDir(workspace), "swap");
}
function indexDbPath(workspace) {
  return path.join(agentDir(workspace), "index.db");
}
function stateDbPath(workspace) {
  return path.join(agentDir(workspace), "state.db");
}
function configPath(workspace) {
  return path.join(workspace, "agent.config.json");
}
function toRel(workspace, abs) {
  return path.relative(workspace, abs).split(path.sep).join("/");
}
function isInside(workspace, abs) {
  const rel = path.relative(workspace, abs);
  return rel === "" || !rel.startsWith("..") && !path.isAbsolute(rel);
}

export {
  resolveWorkspace,
  agentDir,
  swapDir,
  indexDbPath,
  stateDbPath,
  configPath,
  toRel,
  isInside
};
//# sourceMappingURL=chunk-U66UVQVN.js.map

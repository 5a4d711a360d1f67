import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  createExclusive
} from "./chunk-FEQ2CM7F.js";

// dist/workspace/init.js
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
function templateDir() {
  return fileURLToPath(new URL("../../workspace-template/", import.meta.url));
}
function initWorkspace(target, template = templateDir()) {
  const workspace = path.resolve(target);
  makeDirs(workspace);
  const created = [];
  const kept = [];
  const copy = (fromDir, toDir, relBase) => {
    mkdirSync(toDir, { recursive: true });
    for (const ent of readdirSync(fromDir, { withFileTypes: true })) {
      const from = path.join(fromDir, ent.name);
      const to = path.join(toDir, ent.name);
      const rel = relBase ? `${relBase}/${ent.name}` : ent.name;
      if (ent.isDirectory()) {
        copy(from, to, rel);
      } else if (ent.name === ".keep") {
        continue;
      } else if (createExclusive(to, readFileSync(from))) {
        created.push(rel);
      } else {
        kept.push(rel);
      }
    }
  };
  copy(template, workspace, "");
  mkdirSync(path.join(workspace, "memory"), { recursive: true });
  if (!statSync(workspace).isDirectory())
    throw new Error(`${workspace} is not a folder`);
  return { workspace, created: created.sort(), kept: kept.sort() };
}
function makeDirs(dir) {
  const missing = [];
  let cur = dir;
  while (!existsSync(cur)) {
    missing.push(cur);
    const parent = path.dirname(cur);
    if (parent === cur)
      break;
    cur = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      const code = e.code;
      if (code !== "EEXIST")
        throw new Error(`cannot create the workspace folder ${d} (${code ?? e.message}); choose a folder you can write to`);
    }
  }
}

export {
  templateDir,
  initWorkspace
};
//# sourceMappingURL=chunk-QHBY2DEB.js.map

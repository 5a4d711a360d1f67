import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createExclusive } from "./safe-write.js";
import { writeIgnoreFiles } from "./sync-ignore.js";
import { readWorkspaceId, WORKSPACE_ID_FILE, workspaceId } from "./workspace-id.js";

/** workspace-template/ ships beside src/ and dist/ at the package root. */
export function templateDir(): string {
  return fileURLToPath(new URL("../../workspace-template/", import.meta.url));
}

/** A file of the starter template (shipped with the package, not a workspace file), or null. */
export function readTemplateFile(rel: string): string | null {
  const file = path.join(templateDir(), rel);
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

export interface InitResult {
  workspace: string;
  created: string[];
  /** Files that already existed and were left exactly as they were. */
  kept: string[];
  /** Ignore files (.gitignore, .stignore) that got this device's lines appended (or were made). */
  ignores: string[];
}

/**
 * Creates a workspace from the template. Never overwrites: every file is created with an
 * exclusive open, so even a file that appears between our check and our write survives.
 */
export function initWorkspace(target: string, template = templateDir()): InitResult {
  const workspace = path.resolve(target);
  makeDirs(workspace);
  const created: string[] = [];
  const kept: string[] = [];
  const copy = (fromDir: string, toDir: string, relBase: string): void => {
    mkdirSync(toDir, { recursive: true });
    for (const ent of readdirSync(fromDir, { withFileTypes: true })) {
      const from = path.join(fromDir, ent.name);
      const to = path.join(toDir, ent.name);
      const rel = relBase ? `${relBase}/${ent.name}` : ent.name;
      if (ent.isDirectory()) {
        copy(from, to, rel);
      } else if (ent.name === ".keep") {
        continue; // placeholder so git keeps the empty folder; not part of the workspace
      } else if (createExclusive(to, readFileSync(from))) {
        created.push(rel);
      } else {
        kept.push(rel);
      }
    }
  };
  copy(template, workspace, "");
  // Make sure the (possibly empty) daily-notes folder exists even if the template lost it.
  mkdirSync(path.join(workspace, "memory"), { recursive: true });
  if (!statSync(workspace).isDirectory()) throw new Error(`${workspace} is not a folder`);
  // The id every device shares (it names this device's folder for the workspace).
  if (readWorkspaceId(workspace) === null) {
    workspaceId(workspace);
    created.push(WORKSPACE_ID_FILE);
  } else kept.push(WORKSPACE_ID_FILE);
  const ignores = writeIgnoreFiles(workspace);
  return { workspace, created: created.sort(), kept: kept.sort(), ignores };
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdirSync never returns for some paths it
 * cannot create (a new folder under /proc spins forever), where this fails with the error.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  let cur = dir;
  while (!existsSync(cur)) {
    missing.push(cur);
    const parent = path.dirname(cur);
    if (parent === cur) break;
    cur = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") throw new Error(`cannot create the workspace folder ${d} (${code ?? (e as Error).message}); choose a folder you can write to`);
    }
  }
}

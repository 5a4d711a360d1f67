import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createExclusive } from "./safe-write.js";

/** workspace-template/ ships beside src/ and dist/ at the package root. */
export function templateDir(): string {
  return fileURLToPath(new URL("../../workspace-template/", import.meta.url));
}

export interface InitResult {
  workspace: string;
  created: string[];
  /** Files that already existed and were left exactly as they were. */
  kept: string[];
}

/**
 * Creates a workspace from the template. Never overwrites: every file is created with an
 * exclusive open, so even a file that appears between our check and our write survives.
 */
export function initWorkspace(target: string, template = templateDir()): InitResult {
  const workspace = path.resolve(target);
  mkdirSync(workspace, { recursive: true });
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
  return { workspace, created: created.sort(), kept: kept.sort() };
}

/**
 * Startup audit: which of the files an assistant expects at the start of a session are not
 * in the workspace. `agent context` and `agent daemon` print it once, so a missing SOUL.md
 * is noticed rather than silently replaced by a [MISSING] marker in every prompt.
 */
import { lstatWorkspacePath, statWorkspacePath } from "../workspace/guard.js";
import path from "node:path";
import { BOOTSTRAP_FILES } from "../workspace/kinds.js";

export interface WorkspaceAudit {
  present: string[];
  /** Bootstrap files and folders that are not there. */
  missing: string[];
  /** One line per finding, saying what to do. */
  messages: string[];
}

/** `agent init` would bring back the starter template, not the person's own SOUL. */
const MISSING_SOUL = "SOUL.md is missing: bring back your own with `agent soul rollback N` (`agent soul log` lists the saved versions), or restore it from a backup";

export function auditWorkspace(workspace: string): WorkspaceAudit {
  const present: string[] = [];
  const missing: string[] = [];
  const messages: string[] = [];
  for (const name of BOOTSTRAP_FILES) {
    const kind = kindOf(workspace, name);
    if (kind === "file") present.push(name);
    else {
      missing.push(name);
      messages.push(kind !== "none" ? `${name} is not a regular file` : name === "SOUL.md" ? MISSING_SOUL : `${name} is missing: restore it, or run \`agent init ${workspace}\` to add the starter file (existing files are kept)`);
    }
  }
  if (kindOf(workspace, "memory") !== "dir") {
    missing.push("memory/");
    messages.push(`memory/ is missing: daily notes go there (\`agent init ${workspace}\` creates it)`);
  }
  return { present, missing, messages };
}

function kindOf(workspace: string, rel: string): "file" | "dir" | "other" | "none" {
  const st = statWorkspacePath(workspace, rel);
  // A link out of the workspace or a broken one: there, but not a file the engine will read.
  if (st === null) return lstatWorkspacePath(workspace, rel) === null ? "none" : "other";
  return st.isFile ? "file" : st.isDirectory ? "dir" : "other";
}

/**
 * What a sync tool must leave alone in a workspace, said in its own ignore files: the lines
 * `agent init` appends once to `.gitignore` (git) and `.stignore` (Syncthing), never touching
 * the person's own lines, and the doctor's look for what a sync could break (an SQLite file
 * in the workspace, ignore lines missing where git or Syncthing is in use).
 *
 * The index and state live outside the workspace (this device's folder, paths.ts); what is
 * per-device but must stay inside is SOUL.md's swap folder (`.agent/`, same file system as
 * SOUL.md), the temporary files of atomic writes, and the assistants' config backups.
 * `sessions/` and `.agent-state/` are the person's history and the devices' shared event
 * logs: they MUST sync, so they are never listed.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { checkWriteTarget, NO_HARD_LINKS, readWorkspaceText } from "./guard.js";
import { appendVerified, createExclusive } from "./safe-write.js";
import { conflictCopyOf, isConflictCopy } from "./sync-copies.js";

export interface IgnoreFile {
  /** Workspace-relative name. */
  name: ".gitignore" | ".stignore";
  /** The tool's comment prefix. */
  comment: string;
  /** The patterns, in the tool's syntax. */
  patterns: string[];
}

const ABOUT = "agent-memory-engine: this device's own files, never synced (sessions/ and .agent-state/ DO sync)";

export const IGNORE_FILES: readonly IgnoreFile[] = [
  { name: ".gitignore", comment: "#", patterns: ["/.agent/", ".*.tmp", "*.agent-memory-backup"] },
  // Syncthing: `//` comments; a leading `/` anchors at the folder root.
  { name: ".stignore", comment: "//", patterns: ["/.agent", ".*.tmp", "*.agent-memory-backup"] },
];

/** The patterns of `f` that its file does not have yet (all of them when the file is absent). */
export function missingPatterns(workspace: string, f: IgnoreFile): string[] {
  const text = readWorkspaceText(workspace, f.name, NO_HARD_LINKS)?.text ?? "";
  const lines = new Set(text.split(/\r?\n/).map((l) => l.trim()));
  return f.patterns.filter((p) => !lines.has(p));
}

/**
 * Appends our block (only the patterns missing) to each ignore file, creating it when absent.
 * Returns the names of the files it wrote. Running it again writes nothing.
 */
export function writeIgnoreFiles(workspace: string): string[] {
  const wrote: string[] = [];
  for (const f of IGNORE_FILES) {
    const missing = missingPatterns(workspace, f);
    if (missing.length === 0) continue;
    const file = path.join(workspace, f.name);
    const block = `${f.comment} ${ABOUT}\n${missing.join("\n")}\n`;
    if (!createExclusive(file, block)) {
      const target = checkWriteTarget(workspace, file, NO_HARD_LINKS);
      const text = readWorkspaceText(workspace, f.name, NO_HARD_LINKS)?.text ?? "";
      appendVerified(target, `${text === "" || text.endsWith("\n") ? "" : "\n"}${text === "" ? "" : "\n"}${block}`);
    }
    wrote.push(f.name);
  }
  return wrote;
}

/** A file of this name is an SQLite database or one of its side files. */
const SQLITE = /\.(db|sqlite|sqlite3)(-wal|-shm|-journal)?$/i;
/** A workspace bigger than this is looked at only this far (doctor must stay quick). */
const MAX_ENTRIES = 50_000;

/** Workspace-relative paths of SQLite files (and -wal/-shm/-journal) anywhere in the workspace. */
export function sqliteFilesInWorkspace(workspace: string): string[] {
  return filesInWorkspace(workspace, (name) => SQLITE.test(name));
}

/** Workspace-relative paths of the files whose name `pick` accepts, sorted; links not followed. */
function filesInWorkspace(workspace: string, pick: (name: string) => boolean): string[] {
  const found: string[] = [];
  let seen = 0;
  const walk = (dir: string, rel: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return;
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      // A link is not followed (it is not the workspace's own file); .git holds no database of ours.
      if (e.isDirectory() && e.name !== ".git" && e.name !== "node_modules") walk(path.join(dir, e.name), r);
      else if (e.isFile() && pick(e.name)) found.push(r);
    }
  };
  walk(workspace, "");
  return found.sort();
}

export interface SyncProblem {
  detail: string;
  fix: string;
}

/** What the doctor says about the workspace and sync tools (empty when all is well). */
export function syncProblems(workspace: string): SyncProblem[] {
  const out: SyncProblem[] = [];
  const dbs = sqliteFilesInWorkspace(workspace);
  if (dbs.length > 0) {
    out.push({
      detail: `SQLite file(s) in the workspace: ${dbs.slice(0, 5).join(", ")}${dbs.length > 5 ? ` and ${dbs.length - 5} more` : ""}; a sync tool (git, Syncthing, iCloud, Dropbox) copies a live database between devices and breaks it`,
      fix: "move them out of the workspace (the engine keeps its own index and state outside it, in this device's folder)",
    });
  }
  const copies = filesInWorkspace(workspace, isConflictCopy);
  if (copies.length > 0) {
    const named = copies.slice(0, 5).map((rel) => `${rel} (of ${conflictCopyOf(rel)!.original})`);
    out.push({
      detail: `${copies.length} conflict cop${copies.length === 1 ? "y" : "ies"} left by a sync tool: ${named.join(", ")}${copies.length > 5 ? ` and ${copies.length - 5} more` : ""}; not indexed and not read by the jobs, so lines only a copy holds are not in memory`,
      fix: "merge what you want to keep into the original file and delete the copy",
    });
  }
  const uses = (marker: string): boolean => readdirSync(workspace).includes(marker);
  for (const f of IGNORE_FILES) {
    const tool = f.name === ".gitignore" ? (uses(".git") ? "a git repository" : null) : uses(".stfolder") ? "a Syncthing folder" : null;
    if (tool === null) continue;
    const missing = missingPatterns(workspace, f);
    if (missing.length > 0) {
      out.push({
        detail: `the workspace is ${tool} but ${f.name} lacks ${missing.join(" ")} (this device's own files would sync)`,
        fix: "run `agent init` in the workspace: it adds the missing lines and never changes yours",
      });
    }
  }
  return out;
}

import { lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import { isIndexable } from "./kinds.js";
import { isInside, toRel } from "./paths.js";
import { errCode } from "./read.js";
import { conflictCopyOf, conflictCopyReason } from "./sync-copies.js";

export interface ScannedFile {
  rel: string;
  abs: string;
  size: number;
  mtimeMs: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Paths that look indexable but were refused, with a message naming the file and why. */
  skipped: { rel: string; reason: string }[];
}

/** Folders never indexed: the engine's own state, VCS data, dependencies, and dot-folders. */
function ignoredDir(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * Lists the workspace's indexable files with their stat, cheaply (one readdir per folder,
 * one stat per file). Symlinks are never followed: one leading outside would pull outside
 * files into the agent's memory, one inside is a second name of something indexed anyway.
 */
export function scanWorkspace(workspace: string, opts: { allowHardLinks: boolean }): ScanResult {
  const root = realpathSync(workspace);
  // A file with several hard links may be a file from outside the workspace under a second
  // name; indexing it would serve its text to every search (index.allowHardLinks).
  const allowLinks = opts.allowHardLinks;
  const linked = (rel: string, st: Stats): boolean => {
    if (allowLinks || st.nlink <= 1) return false;
    skipped.push({ rel, reason: `${rel}: has ${st.nlink} hard links (one may be a file outside the workspace); skipped — set index.allowHardLinks in agent.config.json to index it` });
    return true;
  };
  const files: ScannedFile[] = [];
  const skipped: { rel: string; reason: string }[] = [];
  const seenDirs = new Set<string>();

  // rel is built by string concatenation: path.relative per entry was most of the cost.
  const walk = (dir: string, relDir: string): void => {
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      return;
    }
    if (seenDirs.has(real)) return; // symlink loop
    seenDirs.add(real);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      skipped.push({ rel: relDir + "/", reason: `${relDir}/: folder cannot be read (${errCode(e)}); skipped` });
      return;
    }
    for (const ent of entries) {
      const abs = dir + path.sep + ent.name;
      const rel = relDir === "" ? ent.name : `${relDir}/${ent.name}`;
      if (ent.isDirectory()) {
        if (!ignoredDir(ent.name)) walk(abs, rel);
        continue;
      }
      if (ent.isSymbolicLink()) {
        let target: string;
        let st: Stats;
        try {
          target = realpathSync(abs);
          st = statSync(abs);
        } catch (e) {
          if (isIndexable(rel)) skipped.push({ rel, reason: `${rel}: broken symlink (${errCode(e)}); skipped` });
          continue;
        }
        if (!isInside(root, target)) {
          if (isIndexable(rel) || st.isDirectory()) {
            skipped.push({ rel, reason: `${rel}: symlink points outside the workspace (${target}); skipped — memory only reads files inside the workspace` });
          }
          continue;
        }
        // A link inside the workspace is a second name of a file or folder indexed under its
        // own: indexing it again would judge privacy by the link's name (notes/alias.md ->
        // MEMORY.md would reach group sessions) and count its text twice.
        if (isIndexable(rel) || st.isDirectory()) {
          skipped.push({ rel, reason: `${rel}: a symlink to ${toRel(root, target) || "the workspace itself"}, which is indexed under its own name; skipped` });
        }
        continue;
      }
      if (!isIndexable(rel)) continue;
      const copy = conflictCopyOf(rel);
      if (copy !== null) {
        skipped.push({ rel, reason: conflictCopyReason(rel, copy) });
        continue;
      }
      if (!ent.isFile()) {
        skipped.push({ rel, reason: `${rel}: not a regular file; skipped` });
        continue;
      }
      try {
        const st = lstatSync(abs);
        if (!linked(rel, st)) files.push({ rel, abs, size: st.size, mtimeMs: st.mtimeMs });
      } catch (e) {
        skipped.push({ rel, reason: `${rel}: cannot be read (${errCode(e)}); skipped` });
      }
    }
  };
  walk(path.resolve(workspace), "");
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, skipped };
}

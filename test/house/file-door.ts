/**
 * The file door: every read and write of workspace files goes through src/workspace/ (guard.ts
 * and safe-write.ts: regular files only, no link out, no hard link, FIFO-safe, bounded,
 * short-write checked). A module elsewhere under src/ that imports node:fs is a violation
 * unless it is on the allow-list below, each entry with the reason it needs the file system
 * for something that is not a workspace file. Adding an entry is a decision made in review.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The folder that owns workspace files. */
export const DOOR = "src/workspace/";

/** Modules outside the door that may import node:fs, and why (none of them reads or writes a note). */
export const ALLOWED: Readonly<Record<string, string>> = {
  "src/assistants/claude-code/plugin.ts": "the Claude Code plugin folder the person names with --plugin (outside the workspace)",
  "src/assistants/connect.ts": "the assistants' own config files (outside the workspace) and their backups",
  "src/assistants/health.ts": "whether the Node, CLI and workspace an assistant's config names still exist",
  "src/assistants/openclaw/connect.ts": "OpenClaw's own config file (outside the workspace) and the plugin's manifest",
  "src/assistants/openclaw/store.ts": "OpenClaw's own conversation database (outside the workspace), read only",
  "src/assistants/opencode/connect.ts": "which of OpenCode's config files (opencode.json or .jsonc) exists",
  "src/assistants/opencode/store.ts": "OpenCode's own database (outside the workspace), read only through a temp copy",
  "src/cli/closed-pipe.ts": "writes a command's answer to stdout (fd 1) without making process.stdout",
  "src/cli/commands/import.ts": "reads the export file the person names on the command line (anywhere), or stdin",
  "src/cli/commands/log.ts": "reads the text to log from stdin (fd 0)",
  "src/daemon/client.ts": "looks for the daemon's socket",
  "src/daemon/host.ts": "keeps .agent/ private to its owner (chmod)",
  "src/daemon/http.ts": "the HTTP bearer token in .agent/ (0600)",
  "src/daemon/protocol.ts": "the socket's folder",
  "src/daemon/socket-server.ts": "the socket file",
  "src/daemon/web.ts": "the web page's assets, shipped with the package",
  "src/embed/cache.ts": "the embedding cache database",
  "src/embed/gguf-cross-encoder.ts": "model files",
  "src/embed/gguf.ts": "model files",
  "src/embed/pull-gguf.ts": "downloads model files into the model cache",
  "src/embed/select.ts": "model files",
  "src/embed/transformers.ts": "model files",
  "src/embed/use-lite-pool.ts": "model files",
  "src/embed/use-lite.ts": "model files",
  "src/engine/admin.ts": "doctor: the databases' presence and the qmd model folder",
  "src/engine/config-cache.ts": "the validated-config cache in .agent/",
  "src/indexer/boilerplate.ts": "the package's starter template",
  "src/llm/llama-cpp.ts": "model files",
  "src/search/pipeline/typos.ts": "the English word list of the word-list package (node_modules)",
  "src/shared/config-file.ts": "the assistants' own config files (outside the workspace), written through their links with their mode and owner",
  "src/shared/config-lock.ts": "the assistants' own locks beside their config files (outside the workspace), taken the way each assistant takes it",
  "src/shared/temp-file.ts": "the whole new file beside one being replaced (mode, owner, every byte fsynced), for safe-write, config-file and the sessions' redaction",
  "src/shared/private-file.ts": "the index and state database files, made 0600 before SQLite opens them",
  "src/shared/disk.ts": "statfs: the free space left where a write failed, to say 'disk full'",
  "src/shared/runtimes.ts": "the runtimes cache outside the workspace",
  "src/store/backup.ts": "state database backups in .agent/",
  "src/store/open.ts": "the index database files",
  "src/store/state.ts": "the state database's folder",
};

/** node:fs in any form a module can reach it: import, export-from, dynamic import, require. */
const FS_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["'](?:node:)?fs(?:\/promises)?["']/m;

function walk(dir: string, out: string[]): string[] {
  for (const ent of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, ent.name);
    if (ent.isDirectory()) walk(abs, out);
    else if (/\.(?:ts|mts|cts|js|mjs)$/.test(ent.name) && !ent.name.endsWith(".d.ts")) out.push(abs);
  }
  return out;
}

export interface DoorReport {
  /** Modules outside the door, not allowed, that import node:fs. */
  violations: string[];
  /** Allow-list entries that no longer exist or no longer import node:fs (the list must not rot). */
  stale: string[];
}

/** Scans `root`/src for modules that reach the file system outside the door. */
export function checkFileDoor(root: string, allowed: Readonly<Record<string, string>> = ALLOWED): DoorReport {
  const users = new Set<string>();
  for (const abs of walk(path.join(root, "src"), [])) {
    const rel = path.relative(root, abs).split(path.sep).join("/");
    if (FS_IMPORT.test(readFileSync(abs, "utf8"))) users.add(rel);
  }
  const violations = [...users].filter((rel) => !rel.startsWith(DOOR) && !(rel in allowed)).sort();
  const stale = Object.keys(allowed).filter((rel) => !users.has(rel)).sort();
  return { violations, stale };
}

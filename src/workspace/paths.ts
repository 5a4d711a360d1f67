import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { stateHome } from "./device.js";
import { migrateOldLayout } from "./layout-migration.js";
import { claimDeviceFolder, readWorkspaceId, WORKSPACE_ID_FILE, workspaceId } from "./workspace-id.js";

/** Files whose presence marks a folder as a workspace when searching upward from cwd. */
const MARKERS = ["agent.config.json", "SOUL.md", WORKSPACE_ID_FILE, ".agent"];

export class WorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkspaceError";
  }
}

/**
 * Which workspace a command works on: `--workspace`, else `AGENT_WORKSPACE`, else the
 * nearest folder upward from cwd that holds a workspace marker.
 */
export function resolveWorkspace(opts: { flag?: string; env?: string; cwd?: string } = {}): string {
  const explicit = opts.flag ?? (opts.env && opts.env.trim() !== "" ? opts.env : undefined);
  if (explicit) {
    const dir = path.resolve(opts.cwd ?? process.cwd(), explicit);
    if (!existsSync(dir)) {
      throw new WorkspaceError(`workspace ${dir} does not exist: create it with \`agent init ${explicit}\``);
    }
    if (!statSync(dir).isDirectory()) {
      throw new WorkspaceError(`workspace ${dir} is a file, not a folder: pass the folder that holds SOUL.md and memory/`);
    }
    // A folder that is not a workspace (say /etc) would get a .agent/ and be indexed.
    if (![...MARKERS, "memory"].some((m) => existsSync(path.join(dir, m)))) {
      throw new WorkspaceError(
        `${dir} is not a workspace (it has no SOUL.md, agent.config.json, memory/ or .agent/), so nothing was indexed or created there: make it one with \`agent init ${explicit}\` (existing files are kept)`,
      );
    }
    return dir;
  }
  let dir = path.resolve(opts.cwd ?? process.cwd());
  for (;;) {
    if (MARKERS.some((m) => existsSync(path.join(dir, m)))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new WorkspaceError(
    "no workspace found here or above: pass --workspace DIR, set AGENT_WORKSPACE, or create one with `agent init DIR`",
  );
}

/** Workspaces whose old `.agent/` this process has already moved (or found nothing in). */
const migrated = new Set<string>();

/**
 * This device's folder for a workspace (index, state, caches, locks, socket, logs): under the
 * state home, named by the workspace's id, never inside the workspace, so no sync tool carries
 * a live SQLite file between devices. The first call of a process for a workspace of the old
 * layout moves its `.agent/` here (layout-migration.ts).
 */
export function agentDir(workspace: string): string {
  const ws = path.resolve(workspace);
  const id = workspaceId(ws);
  const dir = path.join(stateHome(), "workspaces", id);
  const key = `${ws}\0${dir}`;
  // A folder that is not there (a hook naming a moved workspace) gets no device folder made.
  if (!migrated.has(key) && existsSync(ws)) {
    claimDeviceFolder(ws, dir, id);
    migrateOldLayout(ws, dir);
    migrated.add(key);
  }
  return dir;
}

/** `mkdir -p` of this device's folder for the workspace (or a folder in it), private to its owner. */
export function ensureAgentDir(workspace: string, ...sub: string[]): string {
  const dir = path.join(agentDir(workspace), ...sub);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The per-device folder that stays inside the workspace (ignored by git and Syncthing). */
export function insideAgentDir(workspace: string): string {
  return path.join(workspace, ".agent");
}

/**
 * Where SOUL.md's compare-and-swap keeps its temporary and parked copies (never beside SOUL.md):
 * inside the workspace, because its renames must stay on SOUL.md's file system.
 */
export function swapDir(workspace: string): string {
  return path.join(insideAgentDir(workspace), "swap");
}

export function indexDbPath(workspace: string): string {
  return path.join(agentDir(workspace), "index.db");
}

/** The engine's own, non-derived state (SOUL versions, runs, memories): back it up. */
export function stateDbPath(workspace: string): string {
  return path.join(agentDir(workspace), "state.db");
}

/**
 * Another workspace's state database, found without writing anything there (no id made, no
 * move): this device's copy when the workspace has an id, else the old layout's inside it;
 * null when there is none.
 */
export function peekStateDbPath(workspace: string): string | null {
  const ws = path.resolve(workspace);
  const id = readWorkspaceId(ws);
  const file = id !== null ? path.join(stateHome(), "workspaces", id, "state.db") : path.join(insideAgentDir(ws), "state.db");
  return existsSync(file) && (id !== null || isInside(ws, file)) ? file : null;
}

export function configPath(workspace: string): string {
  return path.join(workspace, "agent.config.json");
}

/** Workspace-relative path with forward slashes, as stored in the index and printed. */
export function toRel(workspace: string, abs: string): string {
  return path.relative(workspace, abs).split(path.sep).join("/");
}

/** True when `abs` is the workspace itself or inside it (after resolution). */
export function isInside(workspace: string, abs: string): boolean {
  const rel = path.relative(workspace, abs);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

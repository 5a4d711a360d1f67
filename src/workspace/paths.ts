import { existsSync, statSync } from "node:fs";
import path from "node:path";

/** Files whose presence marks a folder as a workspace when searching upward from cwd. */
const MARKERS = ["agent.config.json", "SOUL.md", ".agent"];

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

/** The engine's private folder inside a workspace (index, caches, locks); safe to delete. */
export function agentDir(workspace: string): string {
  return path.join(workspace, ".agent");
}

/** Where SOUL.md's compare-and-swap keeps its temporary and parked copies (never beside SOUL.md). */
export function swapDir(workspace: string): string {
  return path.join(agentDir(workspace), "swap");
}

export function indexDbPath(workspace: string): string {
  return path.join(agentDir(workspace), "index.db");
}

/** The engine's own, non-derived state (SOUL versions, runs, memories): back it up. */
export function stateDbPath(workspace: string): string {
  return path.join(agentDir(workspace), "state.db");
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

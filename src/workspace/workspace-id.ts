/**
 * The workspace's id: kept IN the workspace (`.agent-workspace`, a small JSON file that syncs
 * with the notes), so every device agrees on it and moving or renaming the folder keeps its
 * per-device state (`<state home>/workspaces/<id>/`). A file of its own rather than a key of
 * agent.config.json: the person edits the config (and a sync tool may merge or conflict on
 * it), while this file is written once and never again, and the config keeps its schema.
 */
import { nodeCrypto } from "../shared/lazy-builtins.js";
import { createOnce } from "../shared/temp-file.js";
import { lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export const WORKSPACE_ID_FILE = ".agent-workspace";

/** 16 lower-case hex characters (made here), or `p` + 16 for a workspace we cannot write to. */
const ID = /^p?[0-9a-f]{16}$/;

export class WorkspaceIdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorkspaceIdError";
  }
}

const cache = new Map<string, { ino: number; mtimeMs: number; id: string }>();

/** The id in `<workspace>/.agent-workspace`, or null when the file is not there. */
export function readWorkspaceId(workspace: string): string | null {
  const file = path.join(path.resolve(workspace), WORKSPACE_ID_FILE);
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    if ((e as NodeJS.ErrnoException).code === "ENOTDIR") throw new WorkspaceIdError(`${path.dirname(file)} is a file, not a folder: a workspace is the folder that holds SOUL.md and memory/`);
    throw e;
  }
  const hit = cache.get(file);
  if (hit && hit.ino === st.ino && hit.mtimeMs === st.mtimeMs) return hit.id;
  const fix = "fix it, or delete it to give the workspace a new id (this device's index is then built again)";
  // A link or a FIFO here could point the per-device folder anywhere, or hang every command.
  if (!st.isFile() || st.size > 4096) throw new WorkspaceIdError(`${file} must be a small regular file holding {"id": "…"}; ${fix}`);
  let id: unknown;
  try {
    id = (JSON.parse(readFileSync(file, "utf8")) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  if (typeof id !== "string" || !ID.test(id)) throw new WorkspaceIdError(`${file}: "id" must be 16 lower-case hex characters; ${fix}`);
  cache.set(file, { ino: st.ino, mtimeMs: st.mtimeMs, id });
  return id;
}

/**
 * The workspace's id, made once when it has none (an old workspace, on first open). Two
 * processes racing here both end with the first one's id. A folder we cannot write to gets an
 * id from its path, not kept anywhere: it still works, on this path only.
 */
export function workspaceId(workspace: string): string {
  const ws = path.resolve(workspace);
  const have = readWorkspaceId(ws);
  if (have !== null) return have;
  const file = path.join(ws, WORKSPACE_ID_FILE);
  const body = `${JSON.stringify({ id: nodeCrypto().randomBytes(8).toString("hex"), about: "this workspace's id: the same on every device (sync it); this device's index and state are kept under it outside the workspace" }, null, 2)}\n`;
  try {
    createOnce(file, body, 0o644);
  } catch {
    return `p${nodeCrypto().createHash("sha256").update(ws).digest("hex").slice(0, 16)}`;
  }
  return readWorkspaceId(ws) ?? workspaceId(ws);
}

/** Which folder a device folder belongs to: `<device folder>/workspace.json`. */
const OWNER_FILE = "workspace.json";

function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Records which folder `deviceDir` serves, and refuses a copy: a workspace folder copied whole
 * (`cp -r`, a second clone) carries the same id, and two live folders must never share one
 * index and state. A folder that was moved or renamed takes its device folder along.
 */
export function claimDeviceFolder(workspace: string, deviceDir: string, id: string): void {
  const here = realOrSame(workspace);
  const file = path.join(deviceDir, OWNER_FILE);
  let owner: string | undefined;
  try {
    owner = (JSON.parse(readFileSync(file, "utf8")) as { path?: unknown }).path as string | undefined;
  } catch {
    owner = undefined;
  }
  if (owner === here) return;
  if (typeof owner === "string" && realOrSame(owner) !== here) {
    let other: string | null = null;
    try {
      other = readWorkspaceId(owner);
    } catch {
      other = null;
    }
    if (other === id) {
      throw new WorkspaceIdError(
        `${path.join(here, WORKSPACE_ID_FILE)}: ${here} has the same workspace id as ${owner} (one is a copy of the other); two folders on one device cannot share an index and state — give this one its own id with \`rm ${path.join(here, WORKSPACE_ID_FILE)}\` (its index is built again), or work in ${owner}`,
      );
    }
  }
  try {
    mkdirSync(deviceDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ path: here })}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new WorkspaceIdError(`cannot write this device's folder for the workspace, ${deviceDir} (${code}): make it writable, or set AGENT_STATE_HOME to a folder you can write to`);
  }
}

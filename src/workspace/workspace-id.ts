/**
 * The workspace's id: kept IN the workspace (`.agent-workspace`, a small JSON file that syncs
 * with the notes), so every device agrees on it and moving or renaming the folder keeps its
 * per-device state (`<state home>/workspaces/<id>/`). A file of its own rather than a key of
 * agent.config.json: the person edits the config (and a sync tool may merge or conflict on
 * it), while this file is written once and never again, and the config keeps its schema.
 */
import { createHash, randomBytes } from "node:crypto";
import { linkSync, lstatSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
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
    if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR") return null;
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
  const body = `${JSON.stringify({ id: randomBytes(8).toString("hex"), about: "this workspace's id: the same on every device (sync it); this device's index and state are kept under it outside the workspace" }, null, 2)}\n`;
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(tmp, body, { flag: "wx", mode: 0o644 });
  } catch {
    return `p${createHash("sha256").update(ws).digest("hex").slice(0, 16)}`;
  }
  try {
    linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    unlinkSync(tmp);
  }
  return readWorkspaceId(ws) ?? workspaceId(ws);
}

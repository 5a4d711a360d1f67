/**
 * A sync tool's conflict copy: when two devices change one file before they meet, Syncthing
 * keeps the losing version beside it as `<name>.sync-conflict-YYYYMMDD-HHMMSS-<DEVICE>.<ext>`
 * and Dropbox as `<name> (<who>'s conflicted copy <date>).<ext>`. Such a copy is the same
 * file twice (mostly the same lines) under a name that says nothing of what it was: indexed as
 * a note it would come back beside its original in every search and be read twice by the
 * night, and `MEMORY.sync-conflict-….md` would be an ordinary, public note that group chats
 * see. So the engine reads a conflict copy as nobody's note: not indexed, not read by a job,
 * as private as its original, and named by `agent doctor` until the person merges it.
 */

export interface ConflictCopy {
  /** The workspace-relative path of the file it is a copy of. */
  original: string;
  tool: "Syncthing" | "Dropbox";
}

const SYNCTHING = /^(.+?)\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}(\.[^.]*)?$/;
const DROPBOX = /^(.+?) \([^()]*conflicted copy[^()]*\)(\.[^.]*)?$/;

/** The file a workspace-relative path is a sync tool's conflict copy of, or null. */
export function conflictCopyOf(rel: string): ConflictCopy | null {
  const slash = rel.lastIndexOf("/");
  const dir = rel.slice(0, slash + 1);
  const name = rel.slice(slash + 1);
  for (const [re, tool] of [[SYNCTHING, "Syncthing"], [DROPBOX, "Dropbox"]] as const) {
    const m = re.exec(name);
    if (m) return { original: `${dir}${m[1]}${m[2] ?? ""}`, tool };
  }
  return null;
}

/** Whether a file name (no folder) is a sync tool's conflict copy. */
export function isConflictCopy(name: string): boolean {
  return conflictCopyOf(name) !== null;
}

/** What the scan and the doctor say about one. */
export function conflictCopyReason(rel: string, copy: ConflictCopy): string {
  return `${rel}: ${copy.tool}'s conflict copy of ${copy.original} (two devices changed it before they met); not indexed, so its lines do not come twice — merge what you want to keep into ${copy.original} and delete the copy`;
}

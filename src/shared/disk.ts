/**
 * A full disk, said as such. A short write, ENOSPC, SQLite's "database or disk is full" and,
 * on a disk with no space left, its "disk I/O error" all mean the same to a person: free
 * some space. Errors say "disk full: what failed; free space at PATH", PATH being the folder
 * that was written (or a data folder an engine registered, when the error does not carry one).
 */
import { statfsSync } from "node:fs";
import path from "node:path";

/** Below this many free bytes a failed write is put down to a full disk. */
const LOW_BYTES = 512 * 1024;

export class DiskFullError extends Error {
  readonly code = "ENOSPC";
  constructor(
    what: string,
    readonly dir: string,
  ) {
    super(`disk full: ${what}; free space at ${dir}${freeNote(dir)}`);
    this.name = "DiskFullError";
  }
}

function freeNote(dir: string): string {
  const free = freeBytes(dir);
  return free === null ? "" : ` (${Math.floor(free / 1024)} KB free)`;
}

/** Bytes an unprivileged writer may still use under `dir`, or null when it cannot be told. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

const dataDirs = new Set<string>();

/** An engine's data folder (.agent): an error that names no file is checked against it. */
export function registerDataDir(dir: string): void {
  dataDirs.add(path.resolve(dir));
}

/**
 * Whether `e` comes from a full disk: ENOSPC / EDQUOT / SQLITE_FULL always; SQLite's I/O and
 * open errors when `dir` (or a registered data folder) has next to no space left. Returns the
 * folder to free space at, or null.
 */
export function diskFullDir(e: unknown, dir?: string): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return null;
  const file = (e as { path?: unknown }).path;
  const candidates = [...(dir ? [dir] : []), ...(typeof file === "string" ? [path.dirname(file)] : []), ...dataDirs];
  const sure = code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL";
  if (!sure && !code.startsWith("SQLITE_IOERR") && code !== "SQLITE_CANTOPEN") return null;
  // The folder that is (nearly) out of space; for a sure sign, else the first that still exists.
  let existing: string | null = null;
  for (const d of candidates) {
    const free = freeBytes(d);
    if (free !== null && free < LOW_BYTES) return d;
    if (free !== null) existing ??= d;
  }
  return sure ? (existing ?? "the disk that holds the workspace") : null;
}

/** `e` as a DiskFullError when it comes from a full disk, else `e` unchanged. */
export function asDiskFull(e: unknown, what: string, dir?: string): unknown {
  if (e instanceof DiskFullError) return e;
  const at = diskFullDir(e, dir);
  return at === null ? e : new DiskFullError(`${what} (${firstLine(e)})`, at);
}

function firstLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.split("\n")[0] ?? m;
}

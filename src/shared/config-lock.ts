/**
 * Another program's lock on its own config file, taken the way that program takes it, so that
 * our read-edit-rename of the file and that program's own saves never interleave: a save of
 * theirs cannot land between our last look and our rename, the instant no lock-free writer can
 * close. Read from the programs' own code (docs/assistants.md, "Writing another program's
 * config"):
 *
 *   - "directory", proper-lockfile's lock, as Claude Code takes it around every save of
 *     `~/.claude.json` and of `~/.claude/settings.json`: a directory made by mkdir at
 *     `<file>.lock`, removed by rmdir. It is stale when its mtime is older than 10 s (the holder
 *     touches it every 5 s while it holds it); a stale one is removed and made again.
 *   - "owner-file", OpenClaw's (@openclaw/fs-safe's sidecar lock) around every write of its
 *     config: a file created exclusively (0600) at `<real folder>/<name>.lock` holding
 *     `{"pid", "createdAt"}`. It is stale when that pid no longer runs (or is another process now:
 *     its start time differs), or, without a pid, when createdAt is older than 30 s; an empty
 *     one is being written, never stale. A stale one is removed only when unchanged, under its
 *     `.reclaim` guard (made the same exclusive way), which also makes any taker wait.
 *
 * Each hold is one read-edit-rename (milliseconds), far below either staleness, so ours is never
 * taken from us as stale and is never refreshed.
 */
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { sleepSync } from "./sleep.js";

export interface ConfigLock {
  kind: "directory" | "owner-file";
  /** The config file, as the program names it. */
  file: string;
  /** How old a lock may be before it is taken as left by a crash (ms). */
  staleMs: number;
  /** Who takes this lock, for the message when it stays held ("Claude Code"). */
  holder: string;
}

/** Claude Code's lock on `~/.claude.json` and on its user settings.json: proper-lockfile's, stale after 10 s. */
export function claudeCodeLock(file: string): ConfigLock {
  return { kind: "directory", file, staleMs: 10_000, holder: "Claude Code" };
}

/** OpenClaw's lock on its config file: fs-safe's sidecar lock, stale after 30 s without a live owner. */
export function openClawLock(file: string): ConfigLock {
  return { kind: "owner-file", file, staleMs: 30_000, holder: "OpenClaw" };
}

export class ConfigLockedError extends Error {
  constructor(readonly lockPath: string, holder: string) {
    super(`${lockPath} stayed locked (${holder} is saving its settings, or one that crashed left it); nothing was changed — run the command again, or remove ${lockPath} if no ${holder} is running`);
    this.name = "ConfigLockedError";
  }
}

/** Where the lock of `lock.file` is, the way its program names it. */
export function lockPathOf(lock: ConfigLock): string {
  const file = path.resolve(lock.file);
  if (lock.kind === "directory") return `${file}.lock`;
  // fs-safe resolves the folder's links (not the file's) before naming the lock.
  let dir = path.dirname(file);
  try {
    dir = realpathSync.native(dir);
  } catch {
    // A folder not made yet: named as given, as fs-safe does.
  }
  return path.join(dir, `${path.basename(file)}.lock`);
}

export interface LockWaitOptions {
  /** Give up (ConfigLockedError) once Date.now() passes this. */
  giveUpAt: number;
  /** Called each time the lock is found held by someone else, before waiting (tests release it there). */
  onHeld?: (lockPath: string) => void;
}

/** Takes the lock, waiting while another holds it; returns the function that releases it. */
export function takeConfigLock(lock: ConfigLock, o: LockWaitOptions): () => void {
  const at = lockPathOf(lock);
  const take = lock.kind === "directory" ? takeDirectory : takeOwnerFile;
  for (let round = 0; ; round++) {
    const release = take(at, lock.staleMs);
    if (release !== null) return release;
    o.onHeld?.(at);
    if (Date.now() > o.giveUpAt) throw new ConfigLockedError(at, lock.holder);
    // Their saves take milliseconds: look again soon, a little later each time, never in step.
    sleepSync((1 + Math.random()) * Math.min(2 + round, 25));
  }
}

const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** proper-lockfile's mkdir lock: null while another holds it (a stale one is removed first). */
function takeDirectory(at: string, staleMs: number): (() => void) | null {
  try {
    mkdirSync(at);
  } catch (e) {
    // No folder for the file yet: nobody can hold its lock (Claude Code then saves without one too).
    if (codeOf(e) === "ENOENT") return () => undefined;
    if (codeOf(e) !== "EEXIST") throw e;
    let st;
    try {
      st = statSync(at);
    } catch {
      return null; // released meanwhile: take it on the next round
    }
    if (st.mtimeMs >= Date.now() - staleMs) return null;
    try {
      rmdirSync(at);
    } catch {
      // Another taker removed it first.
    }
    return null;
  }
  const mine = statSync(at).mtimeMs;
  return () => {
    try {
      // Only our own: a lock someone took over (ours would have had to be stale) stays theirs.
      if (statSync(at).mtimeMs === mine) rmdirSync(at);
    } catch {
      // Gone already.
    }
  };
}

/** OpenClaw's owner-file lock: null while another holds it (a stale one is removed first). */
function takeOwnerFile(at: string, staleMs: number): (() => void) | null {
  const guard = `${at}.reclaim`;
  if (exists(guard)) return null;
  const raw = `${JSON.stringify({ pid: process.pid, createdAt: new Date().toISOString() }, null, 2)}\n`;
  if (createExclusive(at, raw)) {
    return () => {
      if (readOrNull(at) === raw) unlinkQuietly(at);
    };
  }
  const seen = readOrNull(at);
  if (seen === null || !ownerFileStale(seen, staleMs)) return null;
  // Removed only if unchanged, under the reclaim guard: two takers never both remove a fresh one.
  if (!createExclusive(guard, raw)) return null;
  try {
    if (readOrNull(at) === seen) unlinkQuietly(at);
  } finally {
    unlinkQuietly(guard);
  }
  return null;
}

/** fs-safe's staleness: a recorded owner that is gone (or a new process under its pid); else an old createdAt. */
export function ownerFileStale(raw: string, staleMs: number, now = Date.now()): boolean {
  const payload = lockPayload(raw);
  if (payload === null) return false;
  const pid = payload.pid;
  if (typeof pid === "number" && Number.isInteger(pid) && pid > 0) {
    const start = typeof payload.starttime === "number" ? processStartTime(pid) : null;
    if (start !== null && start !== payload.starttime) return true;
    return !processRuns(pid);
  }
  if (typeof payload.createdAt !== "string") return false;
  const created = Date.parse(payload.createdAt);
  return !Number.isFinite(created) || now - created > staleMs;
}

/** The lock file's JSON object (its ownership token after it is only whitespace to JSON); null when half written or not one. */
function lockPayload(raw: string): { pid?: unknown; createdAt?: unknown; starttime?: unknown } | null {
  try {
    const v = JSON.parse(raw) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return codeOf(e) !== "ESRCH";
  }
}

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22), as fs-safe records it on Linux. */
function processStartTime(pid: number): number | null {
  if (process.platform !== "linux") return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 1).trimStart().split(/\s+/);
    const t = Number(fields[19]);
    return Number.isInteger(t) && t >= 0 ? t : null;
  } catch {
    return null;
  }
}

function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (e) {
    if (codeOf(e) === "EEXIST") return false;
    if (codeOf(e) !== "ENOENT") throw e;
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    return createExclusive(file, text);
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

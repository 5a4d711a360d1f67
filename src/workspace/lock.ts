/**
 * One daemon per workspace: `.agent/daemon.lock`, created with O_EXCL and holding the pid,
 * host and start time of the daemon that owns it.
 *
 * A second daemon finds the file, sees that the pid is alive and refuses, naming the pid. A
 * lock whose process is gone (killed, crashed, machine rebooted: `kill(pid, 0)` says ESRCH)
 * is stale and taken over. The take-over itself is guarded by a second O_EXCL file, so two
 * daemons starting at once over the same stale lock cannot both win: one of them removes the
 * stale file and creates its own, the other then finds a live lock and refuses.
 */
import { readFileSync, realpathSync, statSync, unlinkSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isProcessAlive } from "../shared/process.js";
import { agentDir } from "./paths.js";
import { createExclusive } from "./safe-write.js";

export interface DaemonLockInfo {
  pid: number;
  host: string;
  /** ms since epoch. */
  startedAt: number;
  /** The workspace's real path when the lock was taken: a copied workspace's lock names the original. */
  workspace?: string;
}

export interface DaemonLock {
  file: string;
  info: DaemonLockInfo;
  /** The stale lock this one replaced, if any. */
  takenOver?: DaemonLockInfo | { unreadable: true };
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

export class DaemonLockedError extends Error {
  constructor(
    readonly file: string,
    readonly holder: DaemonLockInfo | undefined,
    detail?: string,
  ) {
    super(
      holder === undefined
        ? `another agent daemon is starting on this workspace (${detail ?? file}); try again in a moment`
        : holder.host !== os.hostname()
          ? `an agent daemon (pid ${holder.pid} on host ${holder.host}) holds ${file}; this machine cannot check whether it still runs — if it does not, delete the file`
          : `an agent daemon is already running on this workspace (pid ${holder.pid}, started ${new Date(holder.startedAt).toISOString()}); stop it first (kill ${holder.pid})`,
    );
    this.name = "DaemonLockedError";
  }
}

function realWorkspace(workspace: string): string {
  try {
    return realpathSync(workspace);
  } catch {
    return path.resolve(workspace);
  }
}

export function daemonLockPath(workspace: string): string {
  return path.join(agentDir(workspace), "daemon.lock");
}

/** A lock file that cannot be parsed and is older than this is debris, not a lock being written. */
const UNREADABLE_GRACE_MS = 5_000;
/** A take-over guard older than this belongs to a process that died mid take-over. */
const GUARD_GRACE_MS = 10_000;

export interface AcquireLockOptions {
  now?: number;
  pid?: number;
  /** Liveness test (tests replace it); default `kill(pid, 0)`. */
  isAlive?: (pid: number) => boolean;
}

export function acquireDaemonLock(workspace: string, opts: AcquireLockOptions = {}): DaemonLock {
  const file = daemonLockPath(workspace);
  mkdirSync(path.dirname(file), { recursive: true });
  const here = realWorkspace(workspace);
  const info: DaemonLockInfo = { pid: opts.pid ?? process.pid, host: os.hostname(), startedAt: opts.now ?? Date.now(), workspace: here };
  const content = JSON.stringify({ ...info, started: new Date(info.startedAt).toISOString() }) + "\n";
  const alive = opts.isAlive ?? isProcessAlive;
  let takenOver: DaemonLock["takenOver"];

  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(file, content)) {
      return { file, info, ...(takenOver !== undefined ? { takenOver } : {}), release: () => releaseIfOurs(file, info) };
    }
    const seen = readLock(file);
    if (seen.kind === "gone") continue; // released between our two steps: try again
    if (seen.kind === "unreadable") {
      if (Date.now() - seen.mtimeMs < UNREADABLE_GRACE_MS) throw new DaemonLockedError(file, undefined, `${file} is being written`);
    } else if (seen.info.workspace === undefined || seen.info.workspace === here) {
      // A lock naming another folder was copied here with the workspace: stale for this one.
      if (seen.info.host !== info.host) throw new DaemonLockedError(file, seen.info);
      if (alive(seen.info.pid)) throw new DaemonLockedError(file, seen.info);
    }
    // Stale: take it over under the guard, removing only the exact stale file we looked at.
    const guard = `${file}.takeover`;
    if (!createExclusive(guard, `${info.pid}\n`)) {
      const age = ageMs(guard);
      if (age !== undefined && age > GUARD_GRACE_MS) {
        unlinkQuiet(guard);
        continue;
      }
      throw new DaemonLockedError(file, undefined, "another process is taking over a stale lock");
    }
    try {
      const again = readLock(file);
      if (again.kind === "gone" || again.raw !== seen.raw) continue;
      unlinkQuiet(file);
      takenOver = seen.kind === "ok" ? seen.info : { unreadable: true };
      if (createExclusive(file, content)) {
        return { file, info, takenOver, release: () => releaseIfOurs(file, info) };
      }
    } finally {
      unlinkQuiet(guard);
    }
  }
  const last = readLock(file);
  throw new DaemonLockedError(file, last.kind === "ok" ? last.info : undefined, "the lock kept changing");
}

/** Whether `lock`'s file is still there and still this lock's (a `rm -rf .agent` removes it). */
export function lockStillHeld(lock: DaemonLock): boolean {
  const seen = readLock(lock.file);
  return seen.kind === "ok" && seen.info.pid === lock.info.pid && seen.info.startedAt === lock.info.startedAt;
}

/** The daemon holding the workspace's lock, if the file is there (alive or not). */
export function readDaemonLock(workspace: string): (DaemonLockInfo & { alive: boolean }) | undefined {
  const seen = readLock(daemonLockPath(workspace));
  if (seen.kind !== "ok") return undefined;
  const mine = seen.info.workspace === undefined || seen.info.workspace === realWorkspace(workspace);
  return { ...seen.info, alive: mine && seen.info.host === os.hostname() && isProcessAlive(seen.info.pid) };
}

type Seen =
  | { kind: "ok"; raw: string; info: DaemonLockInfo }
  | { kind: "unreadable"; raw: string; mtimeMs: number }
  | { kind: "gone" };

function readLock(file: string): Seen {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = readFileSync(file, "utf8");
    mtimeMs = statSync(file).mtimeMs;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { kind: "gone" };
    throw e;
  }
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    if (typeof o.pid === "number" && typeof o.startedAt === "number") {
      return { kind: "ok", raw, info: { pid: o.pid, startedAt: o.startedAt, host: typeof o.host === "string" ? o.host : os.hostname(), ...(typeof o.workspace === "string" ? { workspace: o.workspace } : {}) } };
    }
  } catch {
    // fall through
  }
  return { kind: "unreadable", raw, mtimeMs };
}

function releaseIfOurs(file: string, info: DaemonLockInfo): void {
  const seen = readLock(file);
  if (seen.kind === "ok" && seen.info.pid === info.pid && seen.info.startedAt === info.startedAt && seen.info.host === info.host) {
    unlinkQuiet(file);
  }
}

function ageMs(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function unlinkQuiet(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
}

/**
 * The move, once, from the old layout (the index, state.db, caches, logs, locks and the token
 * in `<workspace>/.agent/`) to this device's folder outside the workspace, where no sync tool
 * can carry or break a live SQLite file. Nothing is lost: each entry is renamed (same file
 * system) or copied, flushed, compared and only then removed; an entry already at the
 * destination with other content is kept beside it under a `.from-workspace` name. A crash
 * halfway leaves every file in one place or both (identical), and the next open finishes.
 * Only SOUL.md's swap folder stays: it must share SOUL.md's file system for its renames.
 */
import { nodeCrypto } from "../shared/lazy-builtins.js";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/** What stays in `<workspace>/.agent/`: SOUL.md's compare-and-swap folder. */
export const KEPT_INSIDE = ["swap"];

/** The old layout's daemon left these; they mean nothing once it is gone. */
const STALE = ["daemon.sock", "daemon.lock", "daemon.lock.takeover"];

export class LayoutMigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LayoutMigrationError";
  }
}

/** Entries of the old `.agent/` still to move (empty when there is nothing to do). */
export function oldLayoutEntries(workspace: string): string[] {
  const old = path.join(workspace, ".agent");
  try {
    // A link is not ours to follow: the engine's folder check refuses it with its own message.
    if (!lstatSync(old).isDirectory()) return [];
    return readdirSync(old).filter((n) => !KEPT_INSIDE.includes(n));
  } catch {
    return [];
  }
}

/**
 * Moves everything of `<workspace>/.agent/` (but swap/) into `deviceDir`. Refuses while a
 * daemon of the old layout runs (it has the databases open). Returns what was moved.
 */
export function migrateOldLayout(workspace: string, deviceDir: string, isAlive: (pid: number) => boolean = processAlive): string[] {
  const entries = oldLayoutEntries(workspace);
  if (entries.length === 0) return [];
  const old = path.join(workspace, ".agent");
  refuseLiveDaemon(old, isAlive);
  mkdirSync(deviceDir, { recursive: true, mode: 0o700 });
  // A copy cut short by a crash: its source is still there and is copied again.
  for (const n of readdirSync(deviceDir)) if (/\.moving-\d+$/.test(n)) rmSync(path.join(deviceDir, n), { force: true });
  const moved: string[] = [];
  // The databases' -wal/-shm before the databases: a database never arrives without its log.
  const order = (n: string): number => (/-(wal|shm|journal)$/.test(n) ? 0 : 1);
  for (const name of [...entries].sort((a, b) => order(a) - order(b) || a.localeCompare(b))) {
    const src = path.join(old, name);
    if (STALE.includes(name)) {
      rmSync(src, { force: true });
      continue;
    }
    moveEntry(src, path.join(deviceDir, name));
    moved.push(name);
  }
  try {
    rmdirSync(old); // only when empty: a swap folder keeps it
  } catch {
    // swap/ is there, or a new file arrived: both fine.
  }
  return moved;
}

function refuseLiveDaemon(old: string, isAlive: (pid: number) => boolean): void {
  let pid: unknown;
  try {
    const parsed = JSON.parse(readFileSync(path.join(old, "daemon.lock"), "utf8")) as { pid?: unknown; host?: unknown };
    // A lock another machine wrote (the old folder was synced with the notes) holds nothing here.
    if (typeof parsed.host === "string" && parsed.host !== os.hostname()) return;
    pid = parsed.pid;
  } catch {
    return; // unreadable: the old daemon's own rule treated it as debris too
  }
  if (typeof pid === "number" && Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new LayoutMigrationError(
      `${path.join(old, "daemon.lock")}: a daemon of the previous version (pid ${pid}) still serves this workspace from ${old}; this version keeps the index and state outside the workspace and moves them there once, with that daemon stopped — stop it (Ctrl-C where it runs, \`kill ${pid}\`, or \`systemctl --user stop\` of its service), then run the command again`,
    );
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function moveEntry(src: string, dest: string): void {
  const st = lstatSync(src);
  if (st.isDirectory()) {
    if (!existsSync(dest)) {
      if (tryRename(src, dest)) return;
      mkdirSync(dest, { recursive: true, mode: st.mode & 0o777 });
    }
    for (const n of readdirSync(src)) moveEntry(path.join(src, n), path.join(dest, n));
    rmdirSync(src);
    return;
  }
  if (!st.isFile()) {
    rmSync(src, { force: true }); // a socket or a link: nothing of the person's is in it
    return;
  }
  if (existsSync(dest)) {
    if (lstatSync(dest).isFile() && sameContent(src, dest)) {
      unlinkSync(src); // a move cut short after its copy: the copy is whole
      return;
    }
    dest = freeName(`${dest}.from-workspace`);
  }
  if (tryRename(src, dest)) return;
  copyVerified(src, dest, st.mode & 0o777);
  unlinkSync(src);
}

function tryRename(src: string, dest: string): boolean {
  try {
    renameSync(src, dest);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EXDEV") return false;
    throw e;
  }
}

/** Copy to a temporary name, flush, compare, then rename into place: `dest` is whole or absent. */
function copyVerified(src: string, dest: string, mode: number): void {
  const tmp = `${dest}.moving-${process.pid}`;
  copyFileSync(src, tmp);
  const fd = openSync(tmp, "r+", mode);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (!sameContent(src, tmp)) {
    rmSync(tmp, { force: true });
    throw new LayoutMigrationError(`${src}: its copy to ${dest} did not read back the same; nothing was removed — check the free space there and run the command again`);
  }
  renameSync(tmp, dest);
}

function freeName(base: string): string {
  let name = base;
  for (let i = 2; existsSync(name); i++) name = `${base}-${i}`;
  return name;
}

function digest(file: string): string {
  const hash = nodeCrypto().createHash("sha256");
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(1 << 20);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

function sameContent(a: string, b: string): boolean {
  return lstatSync(a).size === lstatSync(b).size && digest(a) === digest(b);
}

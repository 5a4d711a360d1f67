/**
 * Backups of the engine's own state (.agent/state.db). Unlike the index, state.db cannot be
 * rebuilt from markdown (SOUL versions, memories, conversations, job runs), so the engine
 * keeps a few consistent copies in .agent/backups/: daily (the daemon), before every schema
 * migration and before every import. Copies are made with SQLite itself (online backup, or
 * VACUUM INTO when the caller cannot wait), never by copying the file, which could catch a
 * half-written page or miss what is still in the WAL.
 */
import Database from "better-sqlite3";
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { DB } from "./open.js";

/** How many backups are kept; older ones are removed once a new one is complete. */
export const STATE_BACKUP_GENERATIONS = 3;

/** What the person is told to run when state.db cannot be read. */
export const STATE_RESTORE_HINT = "run `agent doctor --restore-state` to put the newest good backup from the backups/ folder beside state.db in its place (or `agent import --force` an export)";

const NAME = /^state-(\d{8}T\d{9}Z)-([a-z0-9-]+)\.db$/;

export interface StateBackup {
  /** Absolute path of the backup file. */
  file: string;
  /** When it was taken (ms since the epoch, from its name). */
  takenAt: number;
  /** Why: daily, before-migration-N, before-import, before-restore... */
  reason: string;
  bytes: number;
}

export interface BackupOptions {
  /** Why the backup is taken; letters, digits and "-" (it goes into the file name). */
  reason: string;
  now?: number;
  /** Generations kept (default STATE_BACKUP_GENERATIONS). */
  keep?: number;
}

/** How often the daily backup is due. */
export const DAILY_BACKUP_MS = 24 * 3600_000;

/** The engine's state database cannot be used as it is; the message names the file and the way back. */
export class StateDbError extends Error {
  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${detail}. This file holds the engine's own state (SOUL versions, memories, conversations) and is not rebuilt from markdown; ${STATE_RESTORE_HINT}. The broken file is kept.`, options);
    this.name = "StateDbError";
  }
}

const CORRUPT_CODES = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB", "SQLITE_CORRUPT_SEQUENCE", "SQLITE_CORRUPT_INDEX"]);

/** True for the errors SQLite gives when a file is damaged or is not a database at all. */
export function isCorruptionError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" && (CORRUPT_CODES.has(code) || code.startsWith("SQLITE_CORRUPT"));
}

/** `e` as a StateDbError naming `file` when it is corruption; otherwise `e` unchanged. */
export function explainStateError(file: string, e: unknown): unknown {
  if (e instanceof StateDbError || !isCorruptionError(e)) return e;
  return new StateDbError(file, `cannot be read as a database (${(e as Error).message})`, { cause: e });
}

export function stateBackupDir(stateFile: string): string {
  return path.join(path.dirname(stateFile), "backups");
}

/** Backups of `stateFile`, newest first. */
export function listStateBackups(stateFile: string): StateBackup[] {
  const dir = stateBackupDir(stateFile);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: StateBackup[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    let bytes = 0;
    try {
      bytes = statSync(file).size;
    } catch {
      continue;
    }
    out.push({ file, takenAt: parseStamp(m[1]!), reason: m[2]!, bytes });
  }
  return out.sort((a, b) => b.takenAt - a.takenAt || b.file.localeCompare(a.file));
}

/**
 * A consistent copy of `stateFile` taken synchronously (VACUUM INTO), for the moments that
 * cannot wait: just before a migration or an import. `db` is an open connection to use
 * (a migration holds one); otherwise the file is opened read-only. Returns null when there
 * is no state to back up yet.
 */
export function backupStateDbSync(stateFile: string, opts: BackupOptions & { db?: DB }): StateBackup | null {
  if (stateFile === ":memory:" || (!opts.db && !existsSync(stateFile))) return null;
  const { tmp, final } = target(stateFile, opts);
  const db = opts.db ?? openSource(stateFile);
  try {
    db.prepare("VACUUM INTO ?").run(tmp);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw explainStateError(stateFile, e);
  } finally {
    if (!opts.db) db.close();
  }
  return finish(stateFile, tmp, final, opts);
}

/**
 * A consistent copy of `stateFile` by SQLite's online backup (better-sqlite3 `db.backup()`):
 * it copies in steps, so other processes keep reading and writing meanwhile. For the daemon's
 * daily backup. Returns null when there is no state to back up yet.
 */
export async function backupStateDb(stateFile: string, opts: BackupOptions & { signal?: AbortSignal }): Promise<StateBackup | null> {
  if (!existsSync(stateFile)) return null;
  const signal = opts.signal;
  signal?.throwIfAborted();
  const { tmp, final } = target(stateFile, opts);
  const db = openSource(stateFile);
  try {
    // Copied in steps (better-sqlite3's own step size); a cancel stops it between two and leaves no partial copy.
    await db.backup(tmp, {
      progress: () => {
        signal?.throwIfAborted();
        return 100;
      },
    });
  } catch (e) {
    rmSync(tmp, { force: true });
    throw explainStateError(stateFile, e);
  } finally {
    db.close();
  }
  return finish(stateFile, tmp, final, opts);
}

/**
 * When the daily backup is next due: now when no backup of any reason was taken in the last
 * `everyMs` (24 h by default), else that long after the newest. Cheap enough for every tick.
 */
export function dailyBackupDueAt(stateFile: string, now: number, everyMs = DAILY_BACKUP_MS): number {
  const newest = listStateBackups(stateFile)[0];
  // A backup stamped in the future (a clock set back) does not hold the next one off.
  if (newest === undefined || newest.takenAt > now) return now;
  return Math.max(now, newest.takenAt + everyMs);
}

/** The daily backup when one is due (see dailyBackupDueAt); null when not due or there is no state. */
export async function backupStateIfDue(stateFile: string, opts: { now: number; everyMs?: number; keep?: number }): Promise<StateBackup | null> {
  if (dailyBackupDueAt(stateFile, opts.now, opts.everyMs) > opts.now) return null;
  return backupStateDb(stateFile, { reason: "daily", now: opts.now, ...(opts.keep !== undefined ? { keep: opts.keep } : {}) });
}

export interface RestoreResult {
  /** The backup that is now state.db. */
  restored: StateBackup;
  /** Where the replaced state.db went (kept, never deleted), or null when there was none. */
  movedAside: string | null;
}

/**
 * Puts a backup in place of state.db: the newest backup that passes SQLite's integrity
 * check, or the one named. The current state.db (and its -wal/-shm) is moved aside, never
 * deleted. A state.db that is still readable is replaced only with `force` (restoring loses
 * what happened since the backup). Stop the daemon first: a process holding the old file
 * open would go on writing to the moved-aside copy.
 */
export function restoreStateBackup(stateFile: string, opts: { backup?: string; force?: boolean; now?: number } = {}): RestoreResult {
  const now = opts.now ?? Date.now();
  const all = listStateBackups(stateFile);
  let chosen: StateBackup | undefined;
  if (opts.backup !== undefined) {
    const want = path.resolve(stateBackupDir(stateFile), opts.backup);
    chosen = all.find((b) => b.file === want || path.basename(b.file) === opts.backup);
    if (!chosen) throw new Error(`${opts.backup}: no such state backup in ${stateBackupDir(stateFile)}`);
    const problem = checkIntegrity(chosen.file);
    if (problem) throw new Error(`${chosen.file}: this backup is damaged too (${problem}); choose another`);
  } else {
    if (all.length === 0) throw new Error(`${stateBackupDir(stateFile)}: there are no state backups to restore; import an export with \`agent import --force\` instead`);
    chosen = all.find((b) => checkIntegrity(b.file) === null);
    if (!chosen) throw new Error(`${stateBackupDir(stateFile)}: every state backup is damaged; import an export with \`agent import --force\` instead`);
  }
  if (existsSync(stateFile) && !opts.force && checkIntegrity(stateFile) === null) {
    throw new Error(`${stateFile} is readable: restoring ${path.basename(chosen.file)} would lose what changed since ${new Date(chosen.takenAt).toISOString()}; pass force to do it anyway`);
  }
  let movedAside: string | null = null;
  if (existsSync(stateFile)) {
    movedAside = `${stateFile}.broken-${stamp(now)}`;
    renameSync(stateFile, movedAside);
  }
  for (const ext of ["-wal", "-shm", "-journal"]) {
    if (existsSync(stateFile + ext)) {
      if (movedAside) renameSync(stateFile + ext, movedAside + ext);
      else rmSync(stateFile + ext, { force: true });
    }
  }
  const tmp = `${stateFile}.restoring-${process.pid}`;
  copyFileSync(chosen.file, tmp);
  renameSync(tmp, stateFile);
  return { restored: chosen, movedAside };
}

/** null when `file` passes SQLite's integrity check, else what is wrong. */
export function checkIntegrity(file: string): string | null {
  let db: DB | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    const bad = rows.map((r) => r.integrity_check).filter((r) => r !== "ok");
    return bad.length === 0 ? null : bad.slice(0, 3).join("; ");
  } catch (e) {
    return (e as Error).message;
  } finally {
    db?.close();
  }
}

function openSource(stateFile: string): DB {
  try {
    return new Database(stateFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  } catch (e) {
    throw explainStateError(stateFile, e);
  }
}

function target(stateFile: string, opts: BackupOptions): { tmp: string; final: string } {
  if (!/^[a-z0-9][a-z0-9-]{0,60}$/.test(opts.reason)) throw new Error(`backup reason "${opts.reason}": use lower-case letters, digits and "-"`);
  const dir = stateBackupDir(stateFile);
  mkdirSync(dir, { recursive: true });
  let t = opts.now ?? Date.now();
  let final = path.join(dir, `state-${stamp(t)}-${opts.reason}.db`);
  // Two backups in one millisecond (a migration right after an import): the later one moves on.
  while (existsSync(final)) final = path.join(dir, `state-${stamp(++t)}-${opts.reason}.db`);
  return { tmp: path.join(dir, `.state-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`), final };
}

function finish(stateFile: string, tmp: string, final: string, opts: BackupOptions): StateBackup {
  selfContained(tmp);
  // A copy of a subtly damaged file must not push the good generations out.
  const problem = checkIntegrity(tmp);
  if (problem !== null) {
    rmSync(tmp, { force: true });
    throw new StateDbError(stateFile, `is damaged (${problem}); no backup was taken and the older ones are kept`);
  }
  // Read from this process's own file: several processes opening one fresh workspace each
  // take a backup and prune, and another's pruning may take this one as soon as it has its
  // name (it is then not among the newest generations; what is reported is what was written).
  const bytes = statSync(tmp).size;
  renameSync(tmp, final);
  const keep = Math.max(1, opts.keep ?? STATE_BACKUP_GENERATIONS);
  for (const old of listStateBackups(stateFile).slice(keep)) if (old.file !== final) rmSync(old.file, { force: true });
  const m = NAME.exec(path.basename(final))!;
  return { file: final, takenAt: parseStamp(m[1]!), reason: m[2]!, bytes };
}

/**
 * A copy of a WAL database is a WAL database: opened (even read-only) it grows -wal and -shm
 * files beside it, which a rename would leave behind. In rollback mode it is one file.
 */
function selfContained(file: string): void {
  try {
    const db = new Database(file, { fileMustExist: true, timeout: 5000 });
    try {
      db.pragma("journal_mode = DELETE");
    } finally {
      db.close();
    }
  } catch {
    // A copy that cannot even be opened fails the integrity check next, with the reason.
  }
  for (const ext of ["-wal", "-shm"]) rmSync(file + ext, { force: true });
}

/** 20261123T170102123Z: sortable, and legal in every file system's names. */
function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:.]/g, "");
}

function parseStamp(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(s);
  if (!m) return 0;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), Number(m[7]));
}

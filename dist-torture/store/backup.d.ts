import type { DB } from "./open.js";
/** How many backups are kept; older ones are removed once a new one is complete. */
export declare const STATE_BACKUP_GENERATIONS = 3;
/** What the person is told to run when state.db cannot be read. */
export declare const STATE_RESTORE_HINT = "run `agent doctor --restore-state` to put the newest good backup from .agent/backups/ in its place (or `agent import --force` an export)";
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
/** The engine's state database cannot be used as it is; the message names the file and the way back. */
export declare class StateDbError extends Error {
    readonly file: string;
    constructor(file: string, detail: string, options?: {
        cause?: unknown;
    });
}
/** True for the errors SQLite gives when a file is damaged or is not a database at all. */
export declare function isCorruptionError(e: unknown): boolean;
/** `e` as a StateDbError naming `file` when it is corruption; otherwise `e` unchanged. */
export declare function explainStateError(file: string, e: unknown): unknown;
export declare function stateBackupDir(stateFile: string): string;
/** Backups of `stateFile`, newest first. */
export declare function listStateBackups(stateFile: string): StateBackup[];
/**
 * A consistent copy of `stateFile` taken synchronously (VACUUM INTO), for the moments that
 * cannot wait: just before a migration or an import. `db` is an open connection to use
 * (a migration holds one); otherwise the file is opened read-only. Returns null when there
 * is no state to back up yet.
 */
export declare function backupStateDbSync(stateFile: string, opts: BackupOptions & {
    db?: DB;
}): StateBackup | null;
/**
 * A consistent copy of `stateFile` by SQLite's online backup (better-sqlite3 `db.backup()`):
 * it copies in steps, so other processes keep reading and writing meanwhile. For the daemon's
 * daily backup. Returns null when there is no state to back up yet.
 */
export declare function backupStateDb(stateFile: string, opts: BackupOptions): Promise<StateBackup | null>;
/**
 * The daily backup when one is due: none of any reason taken in the last `everyMs` (24 h by
 * default). Cheap to call on every daemon tick.
 */
export declare function backupStateIfDue(stateFile: string, opts: {
    now: number;
    everyMs?: number;
    keep?: number;
}): Promise<StateBackup | null>;
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
export declare function restoreStateBackup(stateFile: string, opts?: {
    backup?: string;
    force?: boolean;
    now?: number;
}): RestoreResult;
/** null when `file` passes SQLite's integrity check, else what is wrong. */
export declare function checkIntegrity(file: string): string | null;

import Database from "better-sqlite3";
export type DB = Database.Database;
/** One "-- ==== database: NAME ====" section of schema.sql. */
export declare function schemaSection(name: "index" | "state" | "cache"): string;
export declare function loadSchema(): {
    sql: string;
    version: number;
};
export interface OpenNotice {
    /** What happened to an index that could not be used as it was. */
    message: string;
}
export interface OpenIndexOptions {
    /** Overrides the schema (tests use this to simulate a version bump). */
    schema?: {
        sql: string;
        version: number;
    };
    busyTimeoutMs?: number;
}
/**
 * Opens (creating if needed) the index database. The index is derived data, so anything
 * that is not exactly our current schema is never read: an older version of our own index
 * is emptied and recreated in place (the same file, so any other process that has it open
 * keeps working on the live index); a corrupt or foreign file is moved aside (never deleted,
 * it may be someone's) and a fresh index is created. Notices say what happened.
 */
export declare function openIndexDb(file: string, opts?: OpenIndexOptions): {
    db: DB;
    notices: OpenNotice[];
};
/**
 * Empties the index and recreates its tables inside the same database file, in one
 * transaction: every process that has the file open (a daemon, a watcher) goes on reading
 * and writing the live index, where a rename-based rebuild left them writing into a file
 * about to be deleted. Readers see the old index or the empty new one, never a mix.
 */
export declare function resetIndexInPlace(db: DB, schema?: {
    sql: string;
    version: number;
}): void;
/**
 * Files left by the rename-based rebuild of earlier versions (index.db.old, -wal.old,
 * -shm.old): removed once a rebuild has succeeded. Returns the files removed.
 */
export declare function removeRebuildLeftovers(file: string): string[];
/** Identity of the file a path names now (device and inode), to tell whether it was replaced. */
export declare function fileIdentity(file: string): string | null;
/**
 * Recovery after SQLITE_CORRUPT / SQLITE_NOTADB on `db` (opened from `file`, whose identity at
 * open time was `openedAs`). In order of preference, so that as few processes as possible lose
 * the live index:
 *  1. another process already replaced the file: just open the new one;
 *  2. the damage is confined to the index's tables: empty and recreate them in place and
 *     verify the file (quick_check); other processes keep the same file;
 *  3. otherwise move the damaged file aside (kept, as before) and start a fresh one.
 * `db` is closed in every case; the caller opens the file again (openIndexDb) and re-indexes
 * from the workspace.
 */
export declare function recoverIndexDb(file: string, db: DB, openedAs: string | null): {
    notices: OpenNotice[];
    inPlace: boolean;
};
/**
 * The vector-table statements from schema.sql (commented out there because they need the
 * model's dimension), ready to run.
 */
export declare function vectorTableSql(dimension: number): string;
/**
 * Changes whenever the database may hold other data than before: another connection
 * committed (data_version) or this one wrote (total_changes()). Values read from the
 * database can be kept under it and reused until it changes.
 */
export declare function dataVersion(db: DB): string;
export declare function configure(db: DB, busyTimeoutMs: number): void;

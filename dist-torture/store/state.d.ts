import { type DB } from "./open.js";
export interface Migration {
    version: number;
    sql: string;
}
/** The "-- migration: N" blocks of schema.sql's state section, in order. */
export declare function stateMigrations(section?: string): Migration[];
export declare class StateVersionError extends Error {
    constructor(file: string, found: number, known: number);
}
/**
 * Opens the engine's own state database (.agent/state.db). Unlike the index it is never
 * rebuilt or moved aside: it holds what cannot be derived from markdown. Pending
 * migrations run in one transaction each, after a backup of the file as it was (in
 * .agent/backups/); a newer file than we understand is refused untouched rather than
 * misread. A damaged file is refused with a StateDbError naming it and the way back.
 */
export declare function openStateDb(file: string, migrations?: Migration[]): DB;
/**
 * Opens another workspace's state database to read it only (a teammate's latest snapshot):
 * no migration, no backup, no file created, nothing written. Throws when the file is missing.
 */
export declare function openStateDbReadOnly(file: string): DB;

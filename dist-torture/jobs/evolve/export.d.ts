import type { DB } from "../../store/open.js";
export declare const STATE_FORMAT = "agent-state";
export declare const STATE_FORMAT_VERSION = 1;
export type StateValue = string | number | null | {
    $base64: string;
};
export type StateRow = Record<string, StateValue>;
export interface StateExport {
    format: typeof STATE_FORMAT;
    formatVersion: number;
    schemaVersion: number;
    exportedAt: string;
    tables: Record<string, StateRow[]>;
}
export declare function exportStateDb(db: DB, now: number): StateExport;
/** The JSON text `agent export` prints: two-space indent, a final newline. */
export declare function stateJson(e: StateExport): string;
export declare class ImportRefusedError extends Error {
    constructor(message: string);
}
export interface ImportResult {
    /** Rows imported per table. */
    rows: Record<string, number>;
    /** Where the target's previous state was saved (only with force over a non-empty target). */
    backup: string | null;
    /** Rows the target had before (all tables). */
    replaced: number;
}
/** Checks the shape of a parsed export; throws ImportRefusedError saying what is wrong. */
export declare function validateExport(value: unknown, knownVersion?: number): StateExport;
/**
 * Imports an export into a workspace's state database `db` (see the policy above); the
 * caller owns `db`. `now` names the backup file, saved under the workspace's .agent/backups/.
 */
export declare function importState(db: DB, workspace: string, data: unknown, opts: {
    force?: boolean;
    now: number;
}): ImportResult;

import Database from "better-sqlite3";
import { makePrivateDbFile } from "../shared/private-file.js";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { backupStateDbSync, explainStateError } from "./backup.js";
import { configure, schemaSection, type DB } from "./open.js";

export interface Migration {
  version: number;
  sql: string;
}

/** The "-- migration: N" blocks of schema.sql's state section, in order. */
export function stateMigrations(section = schemaSection("state")): Migration[] {
  const parts = section.split(/^-- migration: (\d+)\s*$/m);
  const out: Migration[] = [];
  for (let i = 1; i < parts.length; i += 2) out.push({ version: Number(parts[i]), sql: parts[i + 1]! });
  out.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`schema.sql: state migrations must be numbered 1, 2, 3... (found ${m.version} at position ${i + 1})`);
  });
  return out;
}

export class StateVersionError extends Error {
  constructor(file: string, found: number, known: number) {
    super(`${file}: state database is version ${found}, newer than this engine knows (${known}); upgrade the engine — the file was not changed`);
    this.name = "StateVersionError";
  }
}

/**
 * Opens the engine's own state database (.agent/state.db). Unlike the index it is never
 * rebuilt or moved aside: it holds what cannot be derived from markdown. Pending
 * migrations run in one transaction each, after a backup of the file as it was (in
 * .agent/backups/); a newer file than we understand is refused untouched rather than
 * misread. A damaged file is refused with a StateDbError naming it and the way back.
 */
export function openStateDb(file: string, migrations = stateMigrations()): DB {
  mkdirSync(path.dirname(file), { recursive: true });
  let db: DB | null = null;
  let current: number;
  try {
    makePrivateDbFile(file);
    db = new Database(file, { timeout: 5000 });
    configure(db, 5000);
    current = db.pragma("user_version", { simple: true }) as number;
    // Reads page 1 and the schema: a file with a good header but a damaged start fails here
    // rather than in the middle of some later command.
    db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
  } catch (e) {
    db?.close();
    throw explainStateError(file, e);
  }
  if (current > migrations.length) {
    db.close();
    throw new StateVersionError(file, current, migrations.length);
  }
  try {
    if (current > 0 && current < migrations.length && file !== ":memory:") {
      backupStateDbSync(file, { reason: `before-migration-${migrations.length}`, db });
    }
    for (const m of migrations) {
      db.transaction(() => {
        // Re-read inside the write lock: another process may have migrated meanwhile.
        const v = db!.pragma("user_version", { simple: true }) as number;
        if (v >= m.version) return;
        db!.exec(m.sql);
        db!.pragma(`user_version = ${m.version}`);
      }).immediate();
    }
  } catch (e) {
    db.close();
    throw explainStateError(file, e);
  }
  return db;
}

/**
 * Opens another workspace's state database to read it only (a teammate's latest snapshot):
 * no migration, no backup, no file created, nothing written. Throws when the file is missing.
 */
export function openStateDbReadOnly(file: string): DB {
  return new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
}

import type Database from "better-sqlite3";
import type { DB } from "./open.js";

const totalChanges = new WeakMap<DB, Database.Statement>();

/**
 * Changes whenever the database may hold other data than before: another connection
 * committed (data_version) or this one wrote (total_changes()). Values read from the
 * database can be kept under it and reused until it changes. Asked several times per
 * search, so the statement is prepared once per connection.
 */
export function dataVersion(db: DB): string {
  let stmt = totalChanges.get(db);
  if (!stmt) totalChanges.set(db, (stmt = db.prepare("SELECT total_changes() AS c")));
  return `${db.pragma("data_version", { simple: true }) as number}:${(stmt.get() as { c: number }).c}`;
}

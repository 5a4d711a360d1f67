import type { DB } from "./open.js";

/**
 * Changes whenever the database may hold other data than before: another connection
 * committed (data_version) or this one wrote (total_changes()). Values read from the
 * database can be kept under it and reused until it changes.
 */
export function dataVersion(db: DB): string {
  const v = db.prepare("SELECT total_changes() AS c").get() as { c: number };
  return `${db.pragma("data_version", { simple: true }) as number}:${v.c}`;
}

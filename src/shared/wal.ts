import { sleepSync } from "./sleep.js";

/**
 * Puts a SQLite database in WAL mode, waiting for other processes that are doing the same.
 * Switching a new file to WAL needs an exclusive lock that SQLite does not wait for with the
 * busy handler: when several processes open a fresh workspace at once, all try, and a loser
 * gets SQLITE_BUSY at once (6 processes opening one new file: 9 of 360 failed). It retries
 * until `timeoutMs`; by then another process has switched the file, and the retry only reads
 * that.
 */
export function enableWal(db: { pragma(source: string): unknown }, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 100)) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (e) {
      if ((e as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() + wait > deadline) throw e;
      sleepSync(wait);
    }
  }
}

/**
 * Giving disk space back. SQLite keeps the pages of deleted rows in the file for reuse, so a
 * large note deleted (thousands of chunks, their vectors and terms) left the index at its
 * largest size for good, and a rebuild emptied it in place without shrinking it. The index
 * is made with incremental auto-vacuum: after a pass that left much of the file free, the
 * free pages are handed back (`reclaimFreePages`); a rebuild rewrites the file compactly
 * (`compactIndex`, also what turns an older index into an incremental one).
 */
import type Database from "better-sqlite3";

type DB = Database.Database;

/** Free pages are handed back when they are at least this many bytes… */
const MIN_FREE_BYTES = 1 << 20;
/** …and at least this share of the file. */
const MIN_FREE_SHARE = 0.2;

/** Sets incremental auto-vacuum on a database that has no table yet (it cannot change after without a VACUUM). */
export function useIncrementalVacuum(db: DB): void {
  if ((db.pragma("page_count", { simple: true }) as number) <= 1) db.pragma("auto_vacuum = INCREMENTAL");
}

/**
 * Rewrites the whole file without free pages, in place (the same file: a daemon that has it
 * open keeps working), with incremental auto-vacuum from then on, and truncates the WAL the
 * rewrite went through. Needs free disk space about the size of the live data.
 */
export function compactIndex(db: DB): void {
  db.pragma("auto_vacuum = INCREMENTAL");
  db.exec("VACUUM");
  truncateWal(db);
}

/** Hands free pages back when a pass left much of the file free; the bytes given back (0: nothing to do). */
export function reclaimFreePages(db: DB): number {
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  const free = db.pragma("freelist_count", { simple: true }) as number;
  const total = db.pragma("page_count", { simple: true }) as number;
  if (free * pageSize < MIN_FREE_BYTES || free < total * MIN_FREE_SHARE) return 0;
  // auto_vacuum 2 = incremental; an index made before it needs one full rewrite.
  if ((db.pragma("auto_vacuum", { simple: true }) as number) === 2) {
    db.pragma("incremental_vacuum");
    truncateWal(db);
  } else {
    compactIndex(db);
  }
  return free * pageSize;
}

/** Best effort: a reader of another process may hold the WAL; it is reset on a later checkpoint. */
function truncateWal(db: DB): void {
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } catch {
    // Busy: SQLite checkpoints again on its own.
  }
}

/**
 * Attaching this device's ledger to its state.db: rows from before the logs are logged once
 * (after a backup of the file), then every log in the workspace is folded in.
 */
import { backupStateDbSync } from "../backup.js";
import type { DB } from "../open.js";
import { catchUp, refold, writeMeta, writeTx, type FoldResult } from "./fold.js";
import { hasUnlogged, importUnlogged } from "./import.js";
import { attachLedger, flushPending, ledgerOf, type Ledger } from "./ledger.js";
import { SHARED_TABLES } from "./tables.js";

export interface OpenedLedger extends FoldResult {
  /** Rows from before the logs that this open logged as imports. */
  imported: number;
}

export function openLedger(db: DB, file: string, l: Ledger): OpenedLedger {
  const othersPending = attachLedger(db, l);
  // Events a crash left between commit and append go out first.
  flushPending(db);
  let imported = 0;
  if (hasUnlogged(db)) {
    if (file !== ":memory:") backupStateDbSync(file, { reason: "before-event-log", db });
    imported = importUnlogged(db, l);
  }
  // Another device id's database whose tables hold that device's events not yet in any log: folded again from the logs alone.
  return { ...(othersPending ? refold(db, l.workspace) : catchUp(db, l.workspace)), imported };
}

/**
 * After `agent import` replaced the rows of the shared tables: they become this device's
 * import events (the rows of another workspace or a backup carry gids and offsets that mean
 * nothing here), and the fold runs again over them and every log in the workspace. Without
 * a ledger (a bare database) nothing changes.
 */
export function adoptImportedRows(db: DB): void {
  const l = ledgerOf(db);
  if (l === undefined) return;
  writeTx(db, () => {
    db.exec("DELETE FROM event_logs; DELETE FROM pending_events; DELETE FROM pending_refs; DELETE FROM shared_devices; DELETE FROM shared_facts");
    for (const t of SHARED_TABLES) db.exec(`UPDATE ${t} SET gid = NULL`);
    for (const k of ["events.lastKey", "events.fixedKey", "events.ownApplied", "events.clock"]) writeMeta(db, k, null);
    writeMeta(db, "events.device", l.device.id);
  });
  importUnlogged(db, l);
  refold(db, l.workspace);
}

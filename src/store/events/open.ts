/**
 * Attaching this device's ledger to its state.db: rows from before the logs are logged once
 * (after a backup of the file), then every log in the workspace is folded in.
 */
import { backupStateDbSync } from "../backup.js";
import type { DB } from "../open.js";
import { catchUp, type FoldResult } from "./fold.js";
import { hasUnlogged, importUnlogged } from "./import.js";
import { attachLedger, flushPending, type Ledger } from "./ledger.js";

export interface OpenedLedger extends FoldResult {
  /** Rows from before the logs that this open logged as imports. */
  imported: number;
}

export function openLedger(db: DB, file: string, l: Ledger): OpenedLedger {
  attachLedger(db, l);
  // Events a crash left between commit and append go out first.
  flushPending(db);
  let imported = 0;
  if (hasUnlogged(db)) {
    if (file !== ":memory:") backupStateDbSync(file, { reason: "before-event-log", db });
    imported = importUnlogged(db, l);
  }
  return { ...catchUp(db, l.workspace), imported };
}

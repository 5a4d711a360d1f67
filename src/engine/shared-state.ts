/**
 * The engine's state.db with this device's ledger attached: the shared tables folded from
 * every device's log in the workspace (src/store/events), this device's writes appended to
 * its own. The device id comes from the per-device state home (src/workspace/device.ts).
 */
import type { DB } from "../store/open.js";
import { catchUp } from "../store/events/fold.js";
import { ledgerOf } from "../store/events/ledger.js";
import { openLedger } from "../store/events/open.js";
import { stateSummary, type StateSummary } from "../store/events/summary.js";
import { openStateDb } from "../store/state.js";
import { thisDevice } from "../workspace/device.js";

export function openSharedState(workspace: string, file: string, now: () => number): DB {
  const db = openStateDb(file);
  try {
    openLedger(db, file, { workspace, device: thisDevice(), now });
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

export type SharedStateReport = StateSummary & { device: string | null };

/** The folded state after a catch-up: its digest, how many events, which devices (for `agent status --json`). */
export function sharedStateSummary(db: DB): SharedStateReport {
  const l = ledgerOf(db);
  if (l !== undefined) catchUp(db, l.workspace);
  return { ...stateSummary(db), device: l?.device.id ?? null };
}

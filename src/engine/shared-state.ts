/**
 * The engine's state.db with this device's ledger attached: the shared tables folded from
 * every device's log in the workspace (src/store/events), this device's writes appended to
 * its own. The device id comes from the per-device state home (src/workspace/device.ts).
 */
import type { DB } from "../store/open.js";
import { catchUp } from "../store/events/fold.js";
import { ledgerOf } from "../store/events/ledger.js";
import { openLedger } from "../store/events/open.js";
import { stateDigest, stateSummary, type StateSummary } from "../store/events/summary.js";
import { compactOwnLog, type CompactResult } from "../store/events/compact.js";
import { logFile } from "../store/events/log.js";
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

/** `agent state compact`: rewrites this device's own log without the events whose effect is gone; the digest stays. */
export function compactSharedState(db: DB): CompactResult & { digestBefore: string; digestAfter: string } {
  const l = ledgerOf(db);
  if (l === undefined) throw new Error("state.db: no device log is attached (open it through the engine)");
  catchUp(db, l.workspace);
  const digestBefore = stateDigest(db);
  const r = compactOwnLog(db, l);
  const digestAfter = stateDigest(db);
  if (digestAfter !== digestBefore) {
    // Never expected: the rule only drops rows a later prune removed. Said loudly rather than hidden.
    throw new Error(`${logFile(l.workspace, l.device.id)}: compaction changed the folded state (digest ${digestBefore.slice(0, 12)} → ${digestAfter.slice(0, 12)}); report this`);
  }
  return { ...r, digestBefore, digestAfter };
}

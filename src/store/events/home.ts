/**
 * The home device: where the jobs that write markdown run (reflection, the dream, flushes,
 * the heartbeat, summaries, evolution), so two devices syncing one workspace never both
 * rewrite SOUL.md or a daily note. It is an event (`home.set`), so every device agrees; with
 * none, the device with the earliest event is home.
 */
import type { DB } from "../open.js";
import { catchUp } from "./fold.js";
import { emit, ledgerOf } from "./ledger.js";
import { deviceName, homeDevice } from "./summary.js";

export interface HomeStatus {
  /** Whether this device may run the writing jobs (true with no ledger, or no events yet). */
  here: boolean;
  home: { id: string; name: string } | null;
  device: string | null;
}

export function homeStatus(db: DB): HomeStatus {
  const l = ledgerOf(db);
  if (l === undefined) return { here: true, home: null, device: null };
  catchUp(db, l.workspace);
  const id = homeDevice(db);
  return { here: id === null || id === l.device.id, home: id === null ? null : { id, name: deviceName(db, id) }, device: l.device.id };
}

/** Makes this device the home of the writing jobs, on every device once its log arrives. */
export function makeHome(db: DB): HomeStatus {
  const l = ledgerOf(db);
  if (l === undefined) throw new Error("state.db: no device log is attached (open it through the engine)");
  emit(db, "home.set", () => ({ home: l.device.id }));
  return homeStatus(db);
}

/** What a non-home device says when it does not run a writing job. */
export function awayMessage(job: string, h: HomeStatus): string {
  const where = h.home === null ? "another device" : `${h.home.name} (${h.home.id})`;
  return `${job}: skipped here, the writing jobs run on ${where}; \`agent jobs --home\` makes this device their home`;
}

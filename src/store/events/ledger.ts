/**
 * How the stores write shared rows. With a ledger attached to the database (the engine does
 * it when it opens state.db), a write is an event: stamped, appended to this device's log and
 * fsynced, then applied by catch-up through the same apply function the fold uses. Without
 * one (a scratch `:memory:` database for a dry run, a test's bare state.db) the event is only
 * applied, under a `local-` id; the next ledger to open that file logs such rows as imports.
 */
import { randomBytes } from "node:crypto";
import type { DB } from "../open.js";
import { applyEvent } from "./apply.js";
import { catchUp, clockOf, logRows, setClock, writeTx } from "./fold.js";
import { formatHlc, tick } from "./hlc.js";
import { appendEvents, logFile, type StateEvent } from "./log.js";
import { gidOf, keyOf, SPECS, type SharedTable } from "./tables.js";

export interface LedgerDevice {
  id: string;
  name: string;
}

export interface Ledger {
  workspace: string;
  device: LedgerDevice;
  now: () => number;
}

const ledgers = new WeakMap<DB, Ledger>();

export function attachLedger(db: DB, ledger: Ledger): void {
  ledgers.set(db, ledger);
}

export function ledgerOf(db: DB): Ledger | undefined {
  return ledgers.get(db);
}

type Payload = Record<string, unknown>;

/**
 * Writes one event of this device (built from its global id `<device>-<seq>`) and applies
 * it. Returns that id.
 */
export function emit(db: DB, type: string, build: (id: string) => Payload): string {
  const l = ledgers.get(db);
  if (l === undefined) {
    const id = `local-${randomBytes(8).toString("hex")}`;
    const res = applyEvent(db, { hlc: formatHlc({ wall: 0, counter: 0 }), device: "local", seq: 1, type, ...build(id) });
    if (!res.ok) throw new Error(`state.db: ${res.reason}`);
    return id;
  }
  return writeTx(db, () => {
    catchUp(db, l.workspace);
    const own = logRows(db).find((r) => r.device === l.device.id);
    let seq = own?.last_seq ?? 0;
    let clock = clockOf(db);
    const events: StateEvent[] = [];
    const next = (t: string, p: (id: string) => Payload): string => {
      clock = tick(clock, l.now());
      seq++;
      const id = `${l.device.id}-${seq}`;
      events.push({ ...p(id), hlc: formatHlc(clock), device: l.device.id, seq, type: t });
      return id;
    };
    // A log opens with its device's name, so other devices can say whose it is.
    if (own === undefined || own.events === 0) next("log.start", () => ({ name: l.device.name }));
    const id = next(type, build);
    appendEvents(logFile(l.workspace, l.device.id), events);
    setClock(db, clock);
    catchUp(db, l.workspace);
    return id;
  });
}

/** A row's columns as an event carries them: a reference to another shared row by its gid. */
function withGids(db: DB, table: SharedTable, cols: Payload): Payload {
  const out: Payload = { ...cols };
  for (const [col, target] of Object.entries(SPECS[table].refs)) {
    if (col in out && out[col] !== null && out[col] !== undefined) out[col] = gidOf(db, target, out[col] as number);
  }
  return out;
}

/** Inserts one shared row through an event; returns its local key. */
export function insertShared(db: DB, table: SharedTable, cols: Payload): number {
  const row = withGids(db, table, cols);
  const gid = emit(db, "row.insert", (id) => ({ table, rows: [{ gid: id, ...row }] }));
  return keyOf(db, table, gid) ?? fail(table, gid);
}

/** Inserts several rows of one table in one event (the recall log writes a search's results at once). */
export function insertSharedRows(db: DB, table: SharedTable, rows: Payload[]): string {
  const converted = rows.map((r) => withGids(db, table, r));
  return emit(db, "row.insert", (id) => ({ table, rows: converted.map((r, i) => ({ gid: `${id}.${i + 1}`, ...r })) }));
}

/** Changes columns of one shared row through an event. */
export function updateShared(db: DB, table: SharedTable, key: number, set: Payload): void {
  let gid = gidOf(db, table, key);
  if (gid === null) {
    // A row from before the logs, in a database no ledger has opened yet: named here, logged as an import later.
    if (ledgers.has(db)) return;
    gid = `local-${randomBytes(8).toString("hex")}`;
    db.prepare(`UPDATE ${table} SET gid = ? WHERE ${SPECS[table].key} = ?`).run(gid, key);
  }
  const converted = withGids(db, table, set);
  emit(db, "row.update", () => ({ table, gid, set: converted }));
}

function fail(table: string, gid: string): never {
  throw new Error(`state.db: the ${table} row ${gid} was written to the log but did not fold in; run \`agent doctor\``);
}

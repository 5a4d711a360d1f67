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
import { catchUp, clockOf, isRecallInsert, nextOwnSeq, noteApplied, readMeta, setClock, writeMeta, writeTx } from "./fold.js";
import { formatHlc, tick } from "./hlc.js";
import { logSize } from "../../workspace/state-logs.js";
import { appendLines, logFile, type StateEvent } from "./log.js";
import { gidOf, keyOf, SPECS, stmt, type SharedTable } from "./tables.js";

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

/** Attaches; true when the database held another device id's events not yet in its log (then it must be folded again from the logs). */
export function attachLedger(db: DB, ledger: Ledger): boolean {
  ledgers.set(db, ledger);
  return writeTx(db, () => {
    // A state.db another device id wrote (a state home copied from another machine, which took
    // a new id here): its count of own events and its events not yet appended are that
    // device's, which appends them to its own log itself. This device's log starts at 1.
    const was = readMeta(db, "events.device");
    let dropped = 0;
    if (was !== null && was !== ledger.device.id) {
      dropped = stmt(db, "DELETE FROM pending_events").run().changes;
      writeMeta(db, "events.ownApplied", null);
    }
    writeMeta(db, "events.device", ledger.device.id);
    return dropped > 0;
  });
}

export function ledgerOf(db: DB): Ledger | undefined {
  return ledgers.get(db);
}

type Payload = Record<string, unknown>;

export interface EmitOptions {
  /**
   * false: appended without waiting for the disk (fsync). For the recall log, written after
   * every search: a power cut may lose its last lines, never a SOUL or MEMORY.md version.
   */
  durable?: boolean;
  /**
   * false: written without first reading the other devices' logs, and appended after reading
   * only this device's own. For the recall log's inserts alone (fold.ts isRecallInsert), which
   * commute with what another device may have written meanwhile: the next catch-up applies
   * that on top without a re-fold. Saves reading every log twice more on every search.
   */
  catchUp?: boolean;
}

/**
 * Writes one event of this device (built from its global id `<device>-<seq>`) and applies
 * it. Returns that id. The event is kept in the database with the change it made and
 * appended to the log once the transaction commits: right away when this is the whole
 * transaction, else just after the caller's transaction (a rolled-back write takes its event
 * with it, and never reaches the log).
 */
export function emit(db: DB, type: string, build: (id: string) => Payload, opts: EmitOptions = {}): string {
  const l = ledgers.get(db);
  if (l === undefined) {
    const id = `local-${randomBytes(8).toString("hex")}`;
    const res = applyEvent(db, { hlc: formatHlc({ wall: 0, counter: 0 }), device: "local", seq: 1, type, ...build(id) });
    if (!res.ok) throw new Error(`state.db: ${res.reason}`);
    return id;
  }
  const outer = db.inTransaction;
  const others = opts.catchUp ?? true;
  const id = writeTx(db, () => {
    // A device's first event opens its log: read the others then, once.
    if (others || nextOwnSeq(db) === 1) catchUp(db, l.workspace);
    let seq = nextOwnSeq(db) - 1;
    let clock = clockOf(db);
    const record = (t: string, p: (id: string) => Payload): string => {
      clock = tick(clock, l.now());
      seq++;
      const gid = `${l.device.id}-${seq}`;
      const e: StateEvent = { ...p(gid), hlc: formatHlc(clock), device: l.device.id, seq, type: t };
      stmt(db, "INSERT INTO pending_events (seq, line) VALUES (?, ?)").run(seq, JSON.stringify(e));
      const res = applyEvent(db, e);
      if (!res.ok) throw new Error(`state.db: ${res.reason}`);
      if (!others && !isRecallInsert(e) && e.type !== "log.start") throw new Error(`state.db: a ${t} event must read the other devices' logs first`);
      noteApplied(db, [e]);
      writeMeta(db, "events.ownApplied", String(seq));
      return gid;
    };
    // A log opens with its device's name, so other devices can say whose it is.
    if (seq === 0) record("log.start", () => ({ name: l.device.name }));
    const gid = record(type, build);
    setClock(db, clock);
    return gid;
  });
  if (!outer) flushPending(db, opts.durable ?? true, others);
  else
    queueMicrotask(() => {
      // After the caller's transaction: committed (append) or rolled back (nothing waits).
      try {
        if (db.open && !db.inTransaction) flushPending(db);
      } catch {
        // Left in pending_events: the next write or open appends it.
      }
    });
  return id;
}

/**
 * Appends this device's committed events that are not in its log yet, in seq order. `others`
 * false: reads only this device's own log (EmitOptions.catchUp); the lines just appended are
 * read back by the next catch-up.
 */
export function flushPending(db: DB, durable = true, others = true): number {
  const l = ledgers.get(db);
  if (l === undefined) return 0;
  return writeTx(db, () => {
    const waiting = stmt(db, "SELECT seq, line FROM pending_events ORDER BY seq").all() as { seq: number; line: string }[];
    if (waiting.length === 0) return 0;
    const file = logFile(l.workspace, l.device.id);
    const inLog = others ? readLogFirst(db, l) : ownLogAsLeft(db, l, file);
    const todo = waiting.filter((w) => w.seq > inLog);
    const lines = todo.map((w) => w.line);
    if (lines.length > 0) {
      appendLines(file, lines, durable);
      ownTails.set(db, { size: logSize(file) ?? -1, seq: todo[todo.length - 1]!.seq });
    }
    stmt(db, "DELETE FROM pending_events").run();
    if (others) catchUp(db, l.workspace);
    return lines.length;
  });
}

/**
 * This device's log as this connection last left it: its size just after our last append and
 * the last seq in it. Under the write lock nobody else appends, so the same size means the
 * same log (another process of this device, or a compaction, changes it).
 */
const ownTails = new WeakMap<DB, { size: number; seq: number }>();

/** The last seq of this device in its log, read first: after a crash between the append and the delete, some are in it already. */
function readLogFirst(db: DB, l: Ledger): number {
  catchUp(db, l.workspace);
  ownTails.delete(db);
  return (stmt(db, "SELECT last_seq FROM event_logs WHERE device = ?").get(l.device.id) as { last_seq: number } | undefined)?.last_seq ?? 0;
}

/** The same from this device's log alone; not read again when it is as this connection left it. */
function ownLogAsLeft(db: DB, l: Ledger, file: string): number {
  const tail = ownTails.get(db);
  if (tail !== undefined && tail.size === logSize(file)) return tail.seq;
  catchUp(db, l.workspace, l.device.id);
  ownTails.delete(db);
  return (stmt(db, "SELECT last_seq FROM event_logs WHERE device = ?").get(l.device.id) as { last_seq: number } | undefined)?.last_seq ?? 0;
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
export function insertSharedRows(db: DB, table: SharedTable, rows: Payload[], opts: EmitOptions = {}): string {
  const converted = rows.map((r) => withGids(db, table, r));
  return emit(db, "row.insert", (id) => ({ table, rows: converted.map((r, i) => ({ gid: `${id}.${i + 1}`, ...r })) }), opts);
}

/** Changes columns of one shared row through an event; `add`: counters changed by a difference. */
export function updateShared(db: DB, table: SharedTable, key: number, set: Payload, add: Record<string, number> = {}): void {
  let gid = gidOf(db, table, key);
  if (gid === null) {
    // A row from before the logs, in a database no ledger has opened yet: named here, logged as an import later.
    if (ledgers.has(db)) return;
    gid = `local-${randomBytes(8).toString("hex")}`;
    db.prepare(`UPDATE ${table} SET gid = ? WHERE ${SPECS[table].key} = ?`).run(gid, key);
  }
  const converted = withGids(db, table, set);
  emit(db, "row.update", () => ({ table, gid, set: converted, ...(Object.keys(add).length > 0 ? { add } : {}) }));
}

function fail(table: string, gid: string): never {
  throw new Error(`state.db: the ${table} row ${gid} was written to the log but did not fold in; run \`agent doctor\``);
}

/**
 * Rows written before the logs existed (or by a store with no ledger attached) become events
 * of this device, once: every shared row with no global id, in the order of its time (a
 * table's own rows keep their key order), stamped with that time so it folds back into the
 * same place. Its gid is a hash of the table, the key and the row's identifying columns: two
 * devices that import copies of one state.db (a sync tool used to carry `.agent/`) make the
 * same gids, and the fold keeps one of each.
 */
import { createHash } from "node:crypto";
import type { DB } from "../open.js";
import { clockOf, nextOwnSeq, setClock, writeTx } from "./fold.js";
import { formatHlc, type Hlc } from "./hlc.js";
import type { Ledger } from "./ledger.js";
import { appendEvents, logFile, type StateEvent } from "./log.js";
import { SHARED_TABLES, SPECS, stmt, type SharedTable } from "./tables.js";

type Row = Record<string, unknown>;

interface Item {
  table: SharedTable;
  key: number;
  time: number;
  row: Row;
}

const UNLOGGED = "gid IS NULL OR gid LIKE 'local-%'";

/** Whether any shared row still waits to be logged. */
export function hasUnlogged(db: DB): boolean {
  return SHARED_TABLES.some((t) => stmt(db, `SELECT 1 FROM ${t} WHERE ${UNLOGGED} LIMIT 1`).get() !== undefined);
}

/** Logs every unlogged shared row as an import event of this device; returns how many. */
export function importUnlogged(db: DB, l: Ledger): number {
  return writeTx(db, () => {
    const queues = SHARED_TABLES.map((t) => unlogged(db, t));
    const gids = new Map<string, string>();
    const order = merge(queues);
    // Gids first, so a reference to a row imported later in the same batch is written as its gid.
    for (const it of order) gids.set(`${it.table}:${it.key}`, gidFor(db, it, gids));
    let seq = nextOwnSeq(db) - 1;
    const clock = clockOf(db);
    let stamp: Hlc = { wall: 0, counter: 0 };
    const events: StateEvent[] = [];
    if (seq === 0) events.push({ hlc: formatHlc(stampAt(stamp, order[0]?.time ?? l.now())), device: l.device.id, seq: ++seq, type: "log.start", name: l.device.name });
    for (const it of order) {
      stamp = stampAt(stamp, it.time);
      const gid = gids.get(`${it.table}:${it.key}`)!;
      events.push({ hlc: formatHlc(stamp), device: l.device.id, seq: ++seq, type: "row.insert", table: it.table, rows: [{ gid, ...withGids(it, gids, db) }] });
    }
    if (order.length === 0) return 0;
    for (const it of order) stmt(db, `UPDATE ${it.table} SET gid = ? WHERE ${SPECS[it.table].key} = ?`).run(gids.get(`${it.table}:${it.key}`)!, it.key);
    appendEvents(logFile(l.workspace, l.device.id), events);
    // The clock never goes back; imported stamps are old on purpose (they fold into their place in history).
    setClock(db, clock.wall >= stamp.wall ? clock : stamp);
    return order.length;
  });
}

function stampAt(prev: Hlc, time: number): Hlc {
  const wall = Math.max(prev.wall, Math.floor(time));
  return { wall, counter: wall === prev.wall ? prev.counter + 1 : 0 };
}

function unlogged(db: DB, table: SharedTable): Item[] {
  const spec = SPECS[table];
  const rows = stmt(db, `SELECT * FROM ${table} WHERE ${UNLOGGED} ORDER BY ${spec.key}`).all() as Row[];
  return rows.map((row) => ({ table, key: row[spec.key] as number, time: Number(row[spec.time] ?? 0), row }));
}

/** By time; a table's own rows keep their key order (a clock that went back does not renumber versions). */
function merge(queues: Item[][]): Item[] {
  const heads = queues.map(() => 0);
  const out: Item[] = [];
  for (;;) {
    let best = -1;
    queues.forEach((q, i) => {
      const it = q[heads[i]!];
      if (it !== undefined && (best < 0 || it.time < queues[best]![heads[best]!]!.time)) best = i;
    });
    if (best < 0) return out;
    out.push(queues[best]![heads[best]!++]!);
  }
}

function refGid(db: DB, target: SharedTable, key: unknown, gids: Map<string, string>): string | null {
  if (key === null || key === undefined) return null;
  const mine = gids.get(`${target}:${key}`);
  if (mine !== undefined) return mine;
  const row = stmt(db, `SELECT gid FROM ${target} WHERE ${SPECS[target].key} = ?`).get(key) as { gid: string | null } | undefined;
  return row?.gid ?? null;
}

function withGids(it: Item, gids: Map<string, string>, db: DB): Row {
  const spec = SPECS[it.table];
  const out: Row = {};
  for (const [c, v] of Object.entries(it.row)) {
    if (c === spec.key || c === "gid") continue;
    const target = spec.refs[c];
    out[c] = target === undefined ? v : refGid(db, target, v, gids);
  }
  return out;
}

function gidFor(db: DB, it: Item, gids: Map<string, string>): string {
  const spec = SPECS[it.table];
  const row = withGids(it, gids, db);
  const ident = [it.table, it.key, ...spec.identity.map((c) => row[c] ?? null)];
  return `m-${createHash("sha256").update(JSON.stringify(ident)).digest("hex").slice(0, 32)}`;
}

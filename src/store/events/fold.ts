/**
 * The fold: the shared tables of this device's state.db are a pure function of every
 * device's log, the events applied in (hlc, device, seq) order. Catch-up reads only the bytes
 * each log grew by since the last look (offsets kept in `event_logs`) and applies them on top
 * when they all sort after the last event applied; one that sorts before it (a device back
 * after a month offline), a log that shrank or was rewritten (its owner compacted it), or a
 * log that went away makes a full re-fold: the shared tables emptied and rebuilt from all
 * logs, in one transaction, so a reader never sees half of it.
 */
import { createHash } from "node:crypto";
import { existsSync, readSync, openSync, closeSync, statSync } from "node:fs";
import type { DB } from "../open.js";
import { applyEvent } from "./apply.js";
import { formatHlc, parseHlc, receive, ZERO_HLC, type Hlc } from "./hlc.js";
import { eventKey, listLogs, logFile, readLog, type LogProblem, type StateEvent } from "./log.js";
import { SHARED_TABLES, stmt } from "./tables.js";

export interface FoldResult {
  mode: "none" | "incremental" | "full";
  /** Events applied (or skipped as unusable) by this catch-up. */
  events: number;
  problems: LogProblem[];
}

interface LogRow {
  device: string;
  offset: number;
  lines: number;
  head: string | null;
  events: number;
  last_seq: number;
  last_hlc: string | null;
  first_key: string | null;
  bad: number;
  unknown: number;
}

interface Pending {
  device: string;
  row: LogRow;
  events: StateEvent[];
  problems: LogProblem[];
}

/** Runs `fn` under the write lock: one catch-up or write at a time per device, across processes. */
export function writeTx<T>(db: DB, fn: () => T): T {
  return db.inTransaction ? db.transaction(fn)() : db.transaction(fn).immediate();
}

export function readMeta(db: DB, key: string): string | null {
  return (stmt(db, "SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)?.value ?? null;
}

function writeMeta(db: DB, key: string, value: string | null): void {
  if (value === null) stmt(db, "DELETE FROM meta WHERE key = ?").run(key);
  else stmt(db, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
}

/** The greatest stamp this device has written or read. */
export function clockOf(db: DB): Hlc {
  return parseHlc(readMeta(db, "events.clock")) ?? ZERO_HLC;
}

export function setClock(db: DB, h: Hlc): void {
  writeMeta(db, "events.clock", formatHlc(h));
}

export function logRows(db: DB): LogRow[] {
  return stmt(db, "SELECT * FROM event_logs ORDER BY device").all() as LogRow[];
}

function emptyRow(device: string): LogRow {
  return { device, offset: 0, lines: 0, head: null, events: 0, last_seq: 0, last_hlc: null, first_key: null, bad: 0, unknown: 0 };
}

/** sha256 of a log's first line: a rewritten (compacted) log starts differently. */
function headOf(file: string): string | null {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(0x0a);
    return nl < 0 ? null : createHash("sha256").update(buf.subarray(0, nl)).digest("hex");
  } finally {
    closeSync(fd);
  }
}

/** Catches this device's state up with every log in the workspace. */
export function catchUp(db: DB, workspace: string): FoldResult {
  return writeTx(db, () => {
    const known = new Map(logRows(db).map((r) => [r.device, r]));
    const pending: Pending[] = [];
    const devices = listLogs(workspace);
    if ([...known.keys()].some((d) => !devices.includes(d))) return refold(db, workspace);
    for (const device of devices) {
      const file = logFile(workspace, device);
      const row = known.get(device) ?? emptyRow(device);
      const size = statSync(file).size;
      if (size < row.offset || (row.offset > 0 && headOf(file) !== row.head)) return refold(db, workspace);
      if (size === row.offset) continue;
      const r = readLog(file, device, row.offset, row.lines);
      pending.push({ device, row: { ...row, offset: r.offset, lines: r.lines, head: row.head ?? headOf(file) }, events: r.events, problems: r.problems });
    }
    const events = pending.flatMap((p) => p.events).sort(byKey);
    const last = readMeta(db, "events.lastKey");
    if (events.length > 0 && last !== null && eventKey(events[0]!) <= last) return refold(db, workspace);
    applyAll(db, events, pending);
    return { mode: events.length > 0 ? "incremental" : "none", events: events.length, problems: pending.flatMap((p) => p.problems) };
  });
}

/** Empties the shared tables and folds every log from its first byte. */
export function refold(db: DB, workspace: string): FoldResult {
  return writeTx(db, () => {
    // Reverse order: a row is deleted before the row it names (memory_recalls → memories).
    for (const t of [...SHARED_TABLES].reverse()) db.exec(`DELETE FROM ${t}`);
    db.exec("DELETE FROM pending_refs; DELETE FROM shared_devices; DELETE FROM shared_facts; DELETE FROM event_logs");
    writeMeta(db, "events.lastKey", null);
    const pending: Pending[] = [];
    for (const device of listLogs(workspace)) {
      const file = logFile(workspace, device);
      if (!existsSync(file)) continue;
      const r = readLog(file, device, 0, 0);
      pending.push({ device, row: { ...emptyRow(device), offset: r.offset, lines: r.lines, head: headOf(file) }, events: r.events, problems: r.problems });
    }
    const events = pending.flatMap((p) => p.events).sort(byKey);
    applyAll(db, events, pending);
    return { mode: "full", events: events.length, problems: pending.flatMap((p) => p.problems) };
  });
}

function byKey(a: StateEvent, b: StateEvent): number {
  const ka = eventKey(a);
  const kb = eventKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function applyAll(db: DB, events: StateEvent[], pending: Pending[]): void {
  const rows = new Map(pending.map((p) => [p.device, p.row]));
  let clock = clockOf(db);
  for (const e of events) {
    const res = applyEvent(db, e);
    const row = rows.get(e.device)!;
    row.events++;
    if (!res.ok && res.unknown) row.unknown++;
    row.last_seq = Math.max(row.last_seq, e.seq);
    if (row.last_hlc === null || e.hlc > row.last_hlc) row.last_hlc = e.hlc;
    const key = eventKey(e);
    if (row.first_key === null || key < row.first_key) row.first_key = key;
    clock = receive(clock, parseHlc(e.hlc)!);
  }
  for (const p of pending) {
    const r = rows.get(p.device)!;
    r.bad += p.problems.filter((x) => !x.reason.startsWith("an unfinished")).length;
    stmt(
      db,
      `INSERT INTO event_logs (device, offset, lines, head, events, last_seq, last_hlc, first_key, bad, unknown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(device) DO UPDATE SET offset = excluded.offset, lines = excluded.lines, head = excluded.head, events = excluded.events,
         last_seq = excluded.last_seq, last_hlc = excluded.last_hlc, first_key = excluded.first_key, bad = excluded.bad, unknown = excluded.unknown`,
    ).run(r.device, r.offset, r.lines, r.head, r.events, r.last_seq, r.last_hlc, r.first_key, r.bad, r.unknown);
  }
  if (events.length > 0) writeMeta(db, "events.lastKey", eventKey(events[events.length - 1]!));
  setClock(db, clock);
}

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
import { firstLogLine, logSize } from "../../workspace/state-logs.js";
import type { DB } from "../open.js";
import { applyEvent } from "./apply.js";
import { formatHlc, parseHlc, receive, ZERO_HLC, type Hlc } from "./hlc.js";
import { eventKey, listLogs, logFile, parseEvent, readLog, type LogProblem, type StateEvent } from "./log.js";
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

export function writeMeta(db: DB, key: string, value: string | null): void {
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
  const line = firstLogLine(file);
  return line === null ? null : createHash("sha256").update(line).digest("hex");
}

/** This device's id, as the ledger that opened the database set it (null without one). */
export function ownDevice(db: DB): string | null {
  return readMeta(db, "events.device");
}

/** The highest seq of this device's events already applied here (written by this device, maybe not yet in its log). */
export function ownApplied(db: DB): number {
  return Number(readMeta(db, "events.ownApplied") ?? 0);
}

/** The seq this device's next event gets. */
export function nextOwnSeq(db: DB): number {
  const own = ownDevice(db);
  const inLog = own === null ? 0 : ((stmt(db, "SELECT last_seq FROM event_logs WHERE device = ?").get(own) as { last_seq: number } | undefined)?.last_seq ?? 0);
  const waiting = (stmt(db, "SELECT coalesce(max(seq), 0) AS n FROM pending_events").get() as { n: number }).n;
  return Math.max(inLog, ownApplied(db), waiting) + 1;
}

/**
 * An insert into the recall log: it commutes with every event but a recall prune (new rows
 * nothing names, read in gid order), so it may be applied ahead of events that sort before
 * it. The recall log is written after every search without first reading the other devices'
 * logs (EmitOptions.catchUp false): this is what makes that safe.
 */
export function isRecallInsert(e: Pick<StateEvent, "type"> & { table?: unknown }): boolean {
  return e.type === "row.insert" && e.table === "recalls";
}

/** Records the keys of events just applied: the last of all, and the last that is not a recall insert. */
export function noteApplied(db: DB, events: readonly StateEvent[]): void {
  let top = "";
  let topFixed = "";
  for (const e of events) {
    const key = eventKey(e);
    if (key > top) top = key;
    if (key > topFixed && !isRecallInsert(e)) topFixed = key;
  }
  const raise = (meta: string, key: string) => {
    const was = readMeta(db, meta);
    if (key !== "" && (was === null || key > was)) writeMeta(db, meta, key);
  };
  raise("events.lastKey", top);
  raise("events.fixedKey", topFixed);
}

/**
 * Whether `events` (sorted, new here) can be applied on top of what is applied without a
 * re-fold: each sorts after the last event applied, or after the last one that is not a recall
 * insert and is no recall prune (so it commutes with the recall inserts applied after it).
 */
function appliesOnTop(db: DB, events: readonly StateEvent[]): boolean {
  const last = readMeta(db, "events.lastKey");
  if (events.length === 0 || last === null || eventKey(events[0]!) > last) return true;
  // A database from before the second key: every applied event counts as fixed.
  const fixed = readMeta(db, "events.fixedKey") ?? last;
  return eventKey(events[0]!) > fixed && events.every((e) => e.type !== "recalls.prune" || eventKey(e) > last);
}

/**
 * Catches this device's state up with every log in the workspace; with `only`, with that
 * device's log alone (this device's own, to learn what of it is in the log before appending).
 */
export function catchUp(db: DB, workspace: string, only?: string): FoldResult {
  return writeTx(db, () => {
    const known = new Map(logRows(db).map((r) => [r.device, r]));
    const pending: Pending[] = [];
    const devices = only === undefined ? listLogs(workspace) : [only];
    if (only === undefined && [...known.keys()].some((d) => !devices.includes(d))) return refold(db, workspace);
    for (const device of devices) {
      const file = logFile(workspace, device);
      const row = known.get(device) ?? emptyRow(device);
      const size = logSize(file) ?? 0;
      if (size < row.offset || (row.offset > 0 && headOf(file) !== row.head)) return refold(db, workspace);
      if (size === row.offset) continue;
      const r = readLog(file, device, row.offset, row.lines);
      pending.push({ device, row: { ...row, offset: r.offset, lines: r.lines, head: row.head ?? headOf(file) }, events: r.events, problems: r.problems });
    }
    // This device's own events were applied when they were written: reading them back only counts them.
    const own = ownDevice(db);
    const applied = ownApplied(db);
    const events = pending
      .flatMap((p) => p.events)
      .filter((e) => !(e.device === own && e.seq <= applied))
      .sort(byKey);
    if (!appliesOnTop(db, events)) return refold(db, workspace);
    applyAll(db, events, pending);
    return { mode: events.length > 0 ? "incremental" : "none", events: events.length, problems: pending.flatMap((p) => p.problems) };
  });
}

/** Empties the shared tables and folds every log from its first byte (with this device's events not yet in its log). */
export function refold(db: DB, workspace: string): FoldResult {
  return writeTx(db, () => {
    // Reverse order: a row is deleted before the row it names (memory_recalls → memories).
    for (const t of [...SHARED_TABLES].reverse()) db.exec(`DELETE FROM ${t}`);
    db.exec("DELETE FROM pending_refs; DELETE FROM shared_devices; DELETE FROM shared_facts; DELETE FROM event_logs");
    writeMeta(db, "events.lastKey", null);
    writeMeta(db, "events.fixedKey", null);
    const pending: Pending[] = [];
    for (const device of listLogs(workspace)) {
      const file = logFile(workspace, device);
      if (logSize(file) === null) continue;
      const r = readLog(file, device, 0, 0);
      pending.push({ device, row: { ...emptyRow(device), offset: r.offset, lines: r.lines, head: headOf(file) }, events: r.events, problems: r.problems });
    }
    const seen = new Set(pending.flatMap((p) => p.events.map((e) => `${e.device}:${e.seq}`)));
    const waiting = unflushed(db).filter((e) => !seen.has(`${e.device}:${e.seq}`));
    const events = [...pending.flatMap((p) => p.events), ...waiting].sort(byKey);
    applyAll(db, events, pending, new Set(waiting));
    const own = ownDevice(db);
    const top = events.filter((e) => e.device === own).reduce((n, e) => Math.max(n, e.seq), 0);
    writeMeta(db, "events.ownApplied", String(top));
    return { mode: "full", events: events.length, problems: pending.flatMap((p) => p.problems) };
  });
}

/** This device's events written and applied but not yet appended to its log (the transaction they were in may still be open). */
function unflushed(db: DB): StateEvent[] {
  const own = ownDevice(db);
  if (own === null) return [];
  return (stmt(db, "SELECT line FROM pending_events ORDER BY seq").all() as { line: string }[])
    .map((r) => parseEvent(r.line, own))
    .filter((e): e is StateEvent => typeof e !== "string");
}

function byKey(a: StateEvent, b: StateEvent): number {
  const ka = eventKey(a);
  const kb = eventKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function applyAll(db: DB, events: StateEvent[], pending: Pending[], notInLogs: ReadonlySet<StateEvent> = new Set()): void {
  const rows = new Map(pending.map((p) => [p.device, p.row]));
  let clock = clockOf(db);
  const applying = new Set(events);
  // Every event read is counted; the ones not applied before (all but this device's own) are applied, in order.
  const all = [...events, ...pending.flatMap((p) => p.events).filter((e) => !applying.has(e))];
  const results = new Map(events.map((e) => [e, applyEvent(db, e)]));
  for (const e of all) {
    const res = results.get(e) ?? { ok: true };
    clock = receive(clock, parseHlc(e.hlc)!);
    const row = rows.get(e.device);
    if (row === undefined || notInLogs.has(e)) continue;
    row.events++;
    if (!res.ok && res.unknown) row.unknown++;
    row.last_seq = Math.max(row.last_seq, e.seq);
    if (row.last_hlc === null || e.hlc > row.last_hlc) row.last_hlc = e.hlc;
    const key = eventKey(e);
    if (row.first_key === null || key < row.first_key) row.first_key = key;
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
  noteApplied(db, events);
  setClock(db, clock);
}

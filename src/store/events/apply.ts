/**
 * The one apply function: what an event does to the shared tables. A device's own writes and
 * the fold of every device's log both go through it, so a row looks the same wherever it was
 * made. It never throws on an event's content: an event it cannot use is skipped with the
 * reason (an unknown type from a newer engine, a row that names one that never came).
 */
import type { DB } from "../open.js";
import type { StateEvent } from "./log.js";
import { columnsOf, isSharedTable, keyOf, SPECS, stmt, type SharedTable } from "./tables.js";

export type Applied = { ok: true } | { ok: false; unknown: boolean; reason: string };

const OK: Applied = { ok: true };
const skip = (reason: string, unknown = false): Applied => ({ ok: false, unknown, reason });

/** The event types this engine knows; a newer engine's others are kept in the log and skipped here. */
export const EVENT_TYPES = ["log.start", "row.insert", "row.update", "recalls.prune", "home.set"] as const;

export function applyEvent(db: DB, e: StateEvent): Applied {
  switch (e.type) {
    case "log.start":
      stmt(db, "INSERT INTO shared_devices (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name").run(e.device, typeof e.name === "string" ? e.name : e.device);
      return OK;
    case "row.insert":
      return insertRows(db, e);
    case "row.update":
      return updateRow(db, e);
    case "recalls.prune":
      return pruneRecalls(db, e);
    case "home.set":
      if (typeof e.home !== "string") return skip('"home" is missing');
      stmt(db, "INSERT INTO shared_facts (key, value) VALUES ('home', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(e.home);
      return OK;
    default:
      return skip(`unknown event type "${e.type}" (written by a newer engine?)`, true);
  }
}

function insertRows(db: DB, e: StateEvent): Applied {
  const table = e.table;
  if (!isSharedTable(table)) return skip(`"table" ${JSON.stringify(table)} is not a shared table`, true);
  if (!Array.isArray(e.rows)) return skip('"rows" must be a list');
  const problems: string[] = [];
  for (const row of e.rows as unknown[]) {
    const why = insertRow(db, table, row);
    if (why !== null) problems.push(why);
  }
  return problems.length === 0 ? OK : skip(problems.join("; "));
}

function insertRow(db: DB, table: SharedTable, row: unknown): string | null {
  if (typeof row !== "object" || row === null) return "a row is not an object";
  const r = row as Record<string, unknown>;
  if (typeof r.gid !== "string") return 'a row has no "gid"';
  // The same row twice (two devices imported one state.db, a log copied back): the first one stands.
  if (keyOf(db, table, r.gid) !== undefined) return null;
  const spec = SPECS[table];
  const cols = columnsOf(db, table).filter((c) => c !== spec.key && c !== "gid" && c in r);
  const values = cols.map((c) => toSql(r[c]));
  const unresolved: [string, string][] = [];
  cols.forEach((c, i) => {
    const target = spec.refs[c];
    if (target === undefined || values[i] === null) return;
    const k = keyOf(db, target, String(values[i]));
    if (k === undefined) unresolved.push([c, String(values[i])]);
    values[i] = k ?? null;
  });
  if (table === "memory_recalls" && unresolved.length > 0) return `a recall of memory ${unresolved[0]![1]}, which no log holds: skipped`;
  const key = (stmt(db, `SELECT coalesce(max(${spec.key}), 0) + 1 AS k FROM ${table}`).get() as { k: number }).k;
  const all = [spec.key, "gid", ...cols];
  stmt(db, `INSERT INTO ${table} (${all.join(", ")}) VALUES (${all.map(() => "?").join(", ")})`).run(key, r.gid, ...values);
  for (const [col, target] of unresolved) stmt(db, "INSERT INTO pending_refs (tbl, gid, col, target) VALUES (?, ?, ?, ?)").run(table, r.gid, col, target);
  resolvePending(db, table, r.gid, key);
  return null;
}

/** Rows that named this one before it arrived (an import's order is by time, not by reference) now get its key. */
function resolvePending(db: DB, table: SharedTable, gid: string, key: number): void {
  const waiting = stmt(db, "SELECT tbl, gid, col FROM pending_refs WHERE target = ?").all(gid) as { tbl: string; gid: string; col: string }[];
  for (const w of waiting) {
    if (!isSharedTable(w.tbl) || SPECS[w.tbl].refs[w.col] !== table) continue;
    stmt(db, `UPDATE ${w.tbl} SET ${w.col} = ? WHERE gid = ?`).run(key, w.gid);
  }
  if (waiting.length > 0) stmt(db, "DELETE FROM pending_refs WHERE target = ?").run(gid);
}

function updateRow(db: DB, e: StateEvent): Applied {
  const table = e.table;
  if (!isSharedTable(table)) return skip(`"table" ${JSON.stringify(table)} is not a shared table`, true);
  if (typeof e.gid !== "string" || typeof e.set !== "object" || e.set === null) return skip('"gid" and "set" are required');
  const key = keyOf(db, table, e.gid);
  if (key === undefined) return skip(`no ${table} row ${e.gid} (its event is missing)`);
  const spec = SPECS[table];
  const set = e.set as Record<string, unknown>;
  addCounts(db, table, key, e.add);
  const cols = columnsOf(db, table).filter((c) => c !== spec.key && c !== "gid" && c in set);
  if (cols.length === 0) return OK;
  const values = cols.map((c) => {
    const v = toSql(set[c]);
    const target = spec.refs[c];
    return target === undefined || v === null ? v : (keyOf(db, target, String(v)) ?? null);
  });
  stmt(db, `UPDATE ${table} SET ${cols.map((c) => `${c} = ?`).join(", ")} WHERE ${spec.key} = ?`).run(...values, key);
  return OK;
}

/**
 * Counters changed by a difference, not set: two devices that each recalled a memory once
 * while apart end with 2 more, not with one of their two values.
 */
function addCounts(db: DB, table: SharedTable, key: number, add: unknown): void {
  if (typeof add !== "object" || add === null) return;
  const a = add as Record<string, unknown>;
  for (const c of columnsOf(db, table).filter((c) => c !== SPECS[table].key && c !== "gid" && typeof a[c] === "number")) {
    stmt(db, `UPDATE ${table} SET ${c} = ${c} + ? WHERE ${SPECS[table].key} = ?`).run(a[c], key);
  }
}

/** Retention as the writing device decided it: absolute cut-offs, so every device deletes the same rows. */
function pruneRecalls(db: DB, e: StateEvent): Applied {
  if (typeof e.olderThan !== "number" || typeof e.maxRows !== "number") return skip('"olderThan" and "maxRows" must be numbers');
  stmt(db, "DELETE FROM recalls WHERE at < ?").run(e.olderThan);
  const n = (stmt(db, "SELECT count(*) AS n FROM recalls").get() as { n: number }).n;
  if (n > e.maxRows) stmt(db, "DELETE FROM recalls WHERE id IN (SELECT id FROM recalls ORDER BY at, id LIMIT ?)").run(n - e.maxRows);
  return OK;
}

type SqlValue = string | number | bigint | Buffer | null;

function toSql(v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") return v;
  return JSON.stringify(v);
}

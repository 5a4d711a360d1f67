/**
 * The shared tables: the rows of state.db that every device folds from the logs. Each row has
 * a global id (`gid`): `<device>-<seq>` of the event that made it, or a hash of its content
 * for rows brought in from an older state.db. A column that names another row (a rollback's
 * version, the MEMORY.md version an accept produced, the memory a recall was of) travels in
 * events as that row's gid and is turned into the local number when applied.
 */
import type { Statement } from "better-sqlite3";
import type { DB } from "../open.js";

export interface TableSpec {
  /** The local integer key (assigned by the fold, in event order). */
  key: string;
  /** Columns that hold another shared row's key, and that row's table. */
  refs: Record<string, SharedTable>;
  /** Columns that identify an imported row (with its key): two copies of one state.db import to the same gid. */
  identity: string[];
  /** The row's time: an imported row's event is stamped with it. */
  time: string;
  /** A row id nothing refers to, left out of the digest (it is the only thing compaction may shift). */
  localOnlyKey?: boolean;
}

export type SharedTable = "soul_versions" | "memory_versions" | "memories" | "memory_recalls" | "personality_snapshots" | "dream_proposals" | "recalls";

/** In this order: the digest's, the import's tie-break, and a referenced table before the tables that refer to it. */
export const SHARED_TABLES: SharedTable[] = ["soul_versions", "memory_versions", "memories", "memory_recalls", "personality_snapshots", "dream_proposals", "recalls"];

export const SPECS: Record<SharedTable, TableSpec> = {
  soul_versions: { key: "number", refs: { restored_from: "soul_versions" }, identity: ["created_at", "content_hash", "origin"], time: "created_at" },
  memory_versions: { key: "number", refs: { restored_from: "memory_versions" }, identity: ["created_at", "content_hash", "origin"], time: "created_at" },
  memories: { key: "id", refs: {}, identity: ["created_at", "type", "content"], time: "created_at" },
  memory_recalls: { key: "id", refs: { memory_id: "memories" }, identity: ["memory_id", "at", "via", "query"], time: "at", localOnlyKey: true },
  personality_snapshots: { key: "id", refs: {}, identity: ["created_at", "trigger", "week"], time: "created_at" },
  dream_proposals: { key: "id", refs: { version: "memory_versions" }, identity: ["created_at", "source_key", "text"], time: "created_at" },
  recalls: { key: "id", refs: {}, identity: ["at", "front", "query", "path", "start_line", "end_line", "chunk_hash", "rank"], time: "at", localOnlyKey: true },
};

/** The fold's own bookkeeping: per device, never carried by `agent export` / `agent import`. */
export const LEDGER_TABLES: readonly string[] = ["meta", "event_logs", "pending_events", "pending_refs", "shared_devices", "shared_facts"];

export function isSharedTable(t: unknown): t is SharedTable {
  return typeof t === "string" && (SHARED_TABLES as string[]).includes(t);
}

const columnCache = new WeakMap<DB, Map<string, string[]>>();

/** The table's columns in this database (a newer engine's extra fields in an event are dropped). */
export function columnsOf(db: DB, table: string): string[] {
  let m = columnCache.get(db);
  if (!m) columnCache.set(db, (m = new Map()));
  let cols = m.get(table);
  if (!cols) m.set(table, (cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((r) => r.name)));
  return cols;
}

// Any parameters, any row: the callers cast what they read.
type Stmt = Statement<unknown[], unknown>;
const stmtCache = new WeakMap<DB, Map<string, Stmt>>();

/** One prepared statement per text and database: the fold runs thousands of the same few. */
export function stmt(db: DB, sql: string): Stmt {
  let m = stmtCache.get(db);
  if (!m) stmtCache.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare<unknown[], unknown>(sql)));
  return s;
}

/** The local key of the row with this gid, or undefined. */
export function keyOf(db: DB, table: SharedTable, gid: string): number | undefined {
  const row = stmt(db, `SELECT ${SPECS[table].key} AS k FROM ${table} WHERE gid = ?`).get(gid) as { k: number } | undefined;
  return row?.k;
}

/** The gid of the row with this local key (null when there is none, or it has none yet). */
export function gidOf(db: DB, table: SharedTable, key: number | null | undefined): string | null {
  if (key === null || key === undefined) return null;
  const row = stmt(db, `SELECT gid FROM ${table} WHERE ${SPECS[table].key} = ?`).get(key) as { gid: string | null } | undefined;
  return row?.gid ?? null;
}

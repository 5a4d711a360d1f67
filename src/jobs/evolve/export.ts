/**
 * Backup and restore of ALL the engine's own state: every table of .agent/state.db (SOUL
 * versions, reflection runs, job runs, the inbox, flush cycles, scheduler facts, memories
 * and their archive, the recall log, personality snapshots, and the tables other features
 * add, such as `agent ask` conversations). The search index and the embedding cache are not
 * included: they are derived from the markdown and come back with `agent index`.
 *
 * Format (JSON): {format: "agent-state", formatVersion: 1, schemaVersion: N, exportedAt,
 * tables: {name: [row, ...]}} — tables by name, rows in primary-key order, keys of each row
 * in alphabetical order, ids preserved, BLOBs as {"$base64": "..."}. No path or host is
 * recorded, so export → import → export gives the same JSON apart from exportedAt.
 *
 * Import policy: the target must have no engine state (every table empty); otherwise it is
 * refused, naming what is there, unless `force` — then the target's current state is first
 * saved to backups/state-before-import-<time>.json in this device's folder, and replaced. The whole import is
 * one transaction: it lands completely or not at all. A file from a newer engine (higher
 * schemaVersion) or with a table or column this engine does not know is refused untouched;
 * a file from an older engine imports (columns it lacks take their defaults). Stop the
 * daemon of the target workspace first: an import refuses while it runs.
 */
import path from "node:path";
import { readDaemonLock } from "../../workspace/lock.js";
import type { DB } from "../../store/open.js";
import { stateMigrations } from "../../store/state.js";
import { adoptImportedRows } from "../../store/events/open.js";
import { ledgerOf } from "../../store/events/ledger.js";
import { isSharedTable, LEDGER_TABLES } from "../../store/events/tables.js";
import { ensureAgentDir } from "../../workspace/paths.js";
import { createExclusive } from "../../workspace/safe-write.js";

export const STATE_FORMAT = "agent-state";
export const STATE_FORMAT_VERSION = 1;

export type StateValue = string | number | null | { $base64: string };
export type StateRow = Record<string, StateValue>;

export interface StateExport {
  format: typeof STATE_FORMAT;
  formatVersion: number;
  schemaVersion: number;
  exportedAt: string;
  tables: Record<string, StateRow[]>;
}

/** User tables of a state database, by name (SQLite's own tables excluded). */
function tableNames(db: DB): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
}

interface ColumnInfo {
  name: string;
  pk: number;
}

function columns(db: DB, table: string): ColumnInfo[] {
  return db.prepare(`PRAGMA table_info(${quoteId(table)})`).all() as ColumnInfo[];
}

function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function toJsonValue(v: unknown): StateValue {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (Buffer.isBuffer(v)) return { $base64: v.toString("base64") };
  throw new Error(`unexpected value of type ${typeof v} in the state database`);
}

function fromJsonValue(v: unknown, where: string): string | number | null | Buffer {
  if (v === null || typeof v === "string" || typeof v === "number") return v;
  if (typeof v === "object" && v !== null && typeof (v as { $base64?: unknown }).$base64 === "string") {
    return Buffer.from((v as { $base64: string }).$base64, "base64");
  }
  throw new Error(`${where}: a value must be a string, number, null or {"$base64": ...}`);
}

/** Rows of one table, ordered by primary key (rowid when it has none), keys sorted. */
function dumpTable(db: DB, table: string): StateRow[] {
  const cols = columns(db, table);
  const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => quoteId(c.name));
  const order = pk.length > 0 ? pk.join(", ") : "rowid";
  const rows = db.prepare(`SELECT * FROM ${quoteId(table)} ORDER BY ${order}`).all() as Record<string, unknown>[];
  const names = cols
    .map((c) => c.name)
    .filter((n) => !(n === "gid" && isSharedTable(table)))
    .sort();
  return rows.map((r) => {
    const out: StateRow = {};
    for (const n of names) out[n] = toJsonValue(r[n]);
    return out;
  });
}

export function exportStateDb(db: DB, now: number): StateExport {
  const tables: Record<string, StateRow[]> = {};
  db.transaction(() => {
    // The fold's bookkeeping and the rows' global ids are this device's: an import makes its own.
    for (const t of tableNames(db)) if (!LEDGER_TABLES.includes(t)) tables[t] = dumpTable(db, t);
  })();
  return {
    format: STATE_FORMAT,
    formatVersion: STATE_FORMAT_VERSION,
    schemaVersion: db.pragma("user_version", { simple: true }) as number,
    exportedAt: new Date(now).toISOString(),
    tables,
  };
}

/** The JSON text `agent export` prints: two-space indent, a final newline. */
export function stateJson(e: StateExport): string {
  return JSON.stringify(e, null, 2) + "\n";
}

export class ImportRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportRefusedError";
  }
}

export interface ImportResult {
  /** Rows imported per table. */
  rows: Record<string, number>;
  /** Where the target's previous state was saved (only with force over a non-empty target). */
  backup: string | null;
  /** Rows the target had before (all tables). */
  replaced: number;
}

/** Checks the shape of a parsed export; throws ImportRefusedError saying what is wrong. */
export function validateExport(value: unknown, knownVersion = stateMigrations().length): StateExport {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ImportRefusedError("not an agent state export (expected a JSON object)");
  const o = value as Record<string, unknown>;
  if (o.format !== STATE_FORMAT) throw new ImportRefusedError(`not an agent state export (format is ${JSON.stringify(o.format)}, expected "${STATE_FORMAT}")`);
  if (typeof o.formatVersion !== "number" || o.formatVersion > STATE_FORMAT_VERSION) {
    throw new ImportRefusedError(`export format version ${String(o.formatVersion)} is newer than this engine reads (${STATE_FORMAT_VERSION}); upgrade the engine`);
  }
  if (typeof o.schemaVersion !== "number" || !Number.isInteger(o.schemaVersion) || o.schemaVersion < 0) throw new ImportRefusedError("the export has no valid schemaVersion");
  if (o.schemaVersion > knownVersion) {
    throw new ImportRefusedError(`the export comes from a newer engine (state schema ${o.schemaVersion}, this engine knows ${knownVersion}); upgrade the engine — nothing was imported`);
  }
  if (typeof o.tables !== "object" || o.tables === null || Array.isArray(o.tables)) throw new ImportRefusedError('the export has no "tables" object');
  for (const [name, rows] of Object.entries(o.tables as Record<string, unknown>)) {
    if (!Array.isArray(rows)) throw new ImportRefusedError(`table ${name}: expected an array of rows`);
    rows.forEach((r, i) => {
      if (typeof r !== "object" || r === null || Array.isArray(r)) throw new ImportRefusedError(`table ${name}, row ${i + 1}: expected an object`);
    });
  }
  return value as StateExport;
}

function rowCounts(db: DB): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tableNames(db)) if (!LEDGER_TABLES.includes(t)) out[t] = (db.prepare(`SELECT count(*) AS n FROM ${quoteId(t)}`).get() as { n: number }).n;
  return out;
}

/**
 * Imports an export into a workspace's state database `db` (see the policy above); the
 * caller owns `db`. `now` names the backup file, saved under backups/ of this device's folder for the workspace.
 */
export function importState(db: DB, workspace: string, data: unknown, opts: { force?: boolean; now: number }): ImportResult {
  const exp = validateExport(data);
  const daemon = readDaemonLock(workspace);
  if (daemon?.alive) throw new ImportRefusedError(`an agent daemon (pid ${daemon.pid}) is running on ${workspace}; stop it before importing`);
  const known = new Map(tableNames(db).map((t) => [t, new Set(columns(db, t).map((c) => c.name))]));
  for (const [table, rows] of Object.entries(exp.tables)) {
    const cols = known.get(table);
    if (cols === undefined) throw new ImportRefusedError(`the export has a table this engine does not know: ${table}; nothing was imported`);
    for (const r of rows) {
      for (const k of Object.keys(r)) {
        if (!cols.has(k)) throw new ImportRefusedError(`the export's table ${table} has a column this engine does not know: ${k}; nothing was imported`);
      }
    }
  }
  const before = rowCounts(db);
  const replaced = Object.values(before).reduce((a, b) => a + b, 0);
  let backup: string | null = null;
  if (replaced > 0) {
    if (!opts.force) {
      const what = Object.entries(before)
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${t} ${n}`)
        .join(", ");
      throw new ImportRefusedError(`${workspace} already has engine state (${what}); import into a fresh workspace, or pass --force to replace it (the current state is saved first to backups/ in this device's folder for the workspace)`);
    }
    backup = saveBackup(workspace, exportStateDb(db, opts.now), opts.now);
  }
  const rows: Record<string, number> = {};
  db.transaction(() => {
    // Rows reference each other (recalls → memories, messages → conversations): check at commit.
    db.pragma("defer_foreign_keys = ON");
    // The fold's bookkeeping is this device's own: it is rebuilt below, never taken from an export.
    const ledger = ledgerOf(db) !== undefined;
    const own = (t: string) => ledger && LEDGER_TABLES.includes(t);
    for (const t of known.keys()) if (!own(t)) db.prepare(`DELETE FROM ${quoteId(t)}`).run();
    for (const [table, list] of Object.entries(exp.tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (own(table)) continue;
      rows[table] = 0;
      for (const [i, r] of list.entries()) {
        const keys = Object.keys(r).sort();
        if (keys.length === 0) continue;
        const values = keys.map((k) => fromJsonValue(r[k], `table ${table}, row ${i + 1}, ${k}`));
        db.prepare(`INSERT INTO ${quoteId(table)} (${keys.map(quoteId).join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`).run(...values);
        rows[table]++;
      }
    }
  }).immediate();
  adoptImportedRows(db);
  return { rows, backup, replaced };
}

function saveBackup(workspace: string, e: StateExport, now: number): string {
  const dir = ensureAgentDir(workspace, "backups");
  const stamp = new Date(now).toISOString().replace(/[:.]/g, "-");
  for (let n = 0; n < 100; n++) {
    const file = path.join(dir, `state-before-import-${stamp}${n === 0 ? "" : `-${n}`}.json`);
    if (createExclusive(file, stateJson(e))) return file;
  }
  throw new Error(`could not create a backup file in ${dir}`);
}

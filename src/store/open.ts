import Database from "better-sqlite3";
import { makePrivateDbFile } from "../shared/private-file.js";
import * as sqliteVec from "sqlite-vec";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { enableWal } from "../shared/wal.js";
import { useIncrementalVacuum } from "./space.js";
import { asDiskFull, DiskFullError, diskFullDir } from "../shared/disk.js";

export type DB = Database.Database;

/** schema.sql sits at the package root, beside src/ and dist/. */
const SCHEMA_FILE = fileURLToPath(new URL("../../schema.sql", import.meta.url));
const ENGINE_TAG = "agent-memory-index";

let schemaCache: { sql: string; version: number } | null = null;

/** One "-- ==== database: NAME ====" section of schema.sql. */
export function schemaSection(name: "index" | "state" | "cache"): string {
  const text = readFileSync(SCHEMA_FILE, "utf8");
  const parts = text.split(/^-- ==== database: (\w+) ====$/m);
  for (let i = 1; i < parts.length; i += 2) if (parts[i] === name) return parts[i + 1]!;
  throw new Error(`${SCHEMA_FILE}: no "-- ==== database: ${name} ====" section`);
}

export function loadSchema(): { sql: string; version: number } {
  if (schemaCache) return schemaCache;
  const sql = schemaSection("index");
  const m = /--\s*schema_version:\s*(\d+)/.exec(sql);
  if (!m) throw new Error(`${SCHEMA_FILE}: missing "-- schema_version: N" line in the index section`);
  schemaCache = { sql, version: Number(m[1]) };
  return schemaCache;
}

export interface OpenNotice {
  /** What happened to an index that could not be used as it was. */
  message: string;
}

export interface OpenIndexOptions {
  /** Overrides the schema (tests use this to simulate a version bump). */
  schema?: { sql: string; version: number };
  busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the index database. The index is derived data, so anything
 * that is not exactly our current schema is never read: an older version of our own index
 * is emptied and recreated in place (the same file, so any other process that has it open
 * keeps working on the live index); a corrupt or foreign file is moved aside (never deleted,
 * it may be someone's) and a fresh index is created. Notices say what happened.
 */
export function openIndexDb(file: string, opts: OpenIndexOptions = {}): { db: DB; notices: OpenNotice[] } {
  const schema = opts.schema ?? loadSchema();
  mkdirSync(path.dirname(file), { recursive: true });
  const notices: OpenNotice[] = [];

  if (existsSync(file)) {
    const verdict = inspect(file, schema.version);
    // Not damage: a full disk (SQLite could not make its shared-memory file). Moving a good
    // index aside for that would lose it; the caller is told the disk is full instead.
    if (verdict.kind === "disk-full") throw new DiskFullError(`${file} could not be opened (${verdict.detail})`, verdict.dir);
    if (verdict.kind === "foreign" || verdict.kind === "corrupt") {
      const aside = `${file}.${verdict.kind}-${Date.now()}`;
      moveWithSidecars(file, aside);
      notices.push({ message: `${file}: ${verdict.detail}; moved to ${path.basename(aside)} and rebuilding the index` });
    } else if (verdict.kind === "old") {
      notices.push({ message: `${file}: index schema v${verdict.version} is not the current v${schema.version}; rebuilding the index` });
    }
  }

  makePrivateDbFile(file);
  const db = new Database(file, { timeout: opts.busyTimeoutMs ?? 5000 });
  try {
    // Before the first table: space of deleted chunks can then be handed back (space.ts).
    useIncrementalVacuum(db);
    configure(db, opts.busyTimeoutMs ?? 5000);
  } catch (e) {
    db.close();
    throw asDiskFull(e, `${file} could not be opened for writing`, path.dirname(file));
  }
  // Every connection needs vec0 loaded: deleting a chunk fires a trigger into vec_chunks.
  sqliteVec.load(db);
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current !== schema.version) {
    // Serialise schema creation across processes: the first one in creates, others wait.
    withoutForeignKeys(db, () =>
      db.transaction(() => {
        const v = db.pragma("user_version", { simple: true }) as number;
        if (v === schema.version) return;
        if (v !== 0) dropIndexObjects(db);
        createIndexObjects(db, schema);
      }).immediate(),
    );
  }
  return { db, notices };
}

/**
 * Empties the index and recreates its tables inside the same database file, in one
 * transaction: every process that has the file open (a daemon, a watcher) goes on reading
 * and writing the live index, where a rename-based rebuild left them writing into a file
 * about to be deleted. Readers see the old index or the empty new one, never a mix.
 */
export function resetIndexInPlace(db: DB, schema: { sql: string; version: number } = loadSchema()): void {
  withoutForeignKeys(db, () =>
    db.transaction(() => {
      dropIndexObjects(db);
      createIndexObjects(db, schema);
    }).immediate(),
  );
}

/**
 * Files left by the rename-based rebuild of earlier versions (index.db.old, -wal.old,
 * -shm.old): removed once a rebuild has succeeded. Returns the files removed.
 */
export function removeRebuildLeftovers(file: string): string[] {
  const removed: string[] = [];
  for (const ext of [".old", "-wal.old", "-shm.old"]) {
    if (existsSync(file + ext)) {
      rmSync(file + ext, { force: true });
      removed.push(file + ext);
    }
  }
  return removed;
}

/** Identity of the file a path names now (device and inode), to tell whether it was replaced. */
export function fileIdentity(file: string): string | null {
  try {
    const st = statSync(file);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}

/**
 * Recovery after SQLITE_CORRUPT / SQLITE_NOTADB on `db` (opened from `file`, whose identity at
 * open time was `openedAs`). In order of preference, so that as few processes as possible lose
 * the live index:
 *  1. another process already replaced the file: just open the new one;
 *  2. the damage is confined to the index's tables: empty and recreate them in place and
 *     verify the file (quick_check); other processes keep the same file;
 *  3. otherwise move the damaged file aside (kept, as before) and start a fresh one.
 * `db` is closed in every case; the caller opens the file again (openIndexDb) and re-indexes
 * from the workspace.
 */
export function recoverIndexDb(file: string, db: DB, openedAs: string | null): { notices: OpenNotice[]; inPlace: boolean } {
  if (openedAs !== null && fileIdentity(file) !== openedAs) {
    db.close();
    return { notices: [{ message: `${file}: damaged; another process already replaced it` }], inPlace: false };
  }
  try {
    resetIndexInPlace(db);
    if (db.pragma("quick_check", { simple: true }) === "ok") {
      db.close();
      return { notices: [{ message: `${file}: damaged; emptied and rebuilt in place from the workspace` }], inPlace: true };
    }
  } catch {
    // Damage outside what a reset rewrites (the header, the schema pages): move it aside.
  }
  if (db.open) db.close();
  const aside = `${file}.corrupt-${Date.now()}`;
  moveWithSidecars(file, aside);
  return { notices: [{ message: `${file}: damaged; moved to ${path.basename(aside)} and rebuilt from the workspace` }], inPlace: false };
}

/**
 * Drops every table, virtual table and trigger of the index (virtual tables first: dropping
 * one drops its shadow tables). Foreign keys must be off: with them on, each DROP would first
 * delete every row through the cascades.
 */
function dropIndexObjects(db: DB): void {
  const virtuals = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").all() as { name: string }[];
  for (const t of virtuals) db.exec(`DROP TABLE IF EXISTS "${t.name.replaceAll('"', '""')}"`);
  const rest = db.prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger', 'view') AND name NOT LIKE 'sqlite_%'").all() as { type: string; name: string }[];
  for (const o of rest) db.exec(`DROP ${o.type.toUpperCase()} IF EXISTS "${o.name.replaceAll('"', '""')}"`);
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()) db.exec("DELETE FROM sqlite_sequence");
}

function createIndexObjects(db: DB, schema: { sql: string; version: number }): void {
  db.exec(schema.sql);
  db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('engine', ?)").run(ENGINE_TAG);
  db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)").run(String(schema.version));
  db.pragma(`user_version = ${schema.version}`);
}

function withoutForeignKeys<T>(db: DB, fn: () => T): T {
  db.pragma("foreign_keys = OFF");
  try {
    return fn();
  } finally {
    db.pragma("foreign_keys = ON");
  }
}

/**
 * The vector-table statements from schema.sql (commented out there because they need the
 * model's dimension), ready to run.
 */
export function vectorTableSql(dimension: number): string {
  const section = schemaSection("index");
  const m = /-- @vectors-begin\n([\s\S]*?)-- @vectors-end/.exec(section);
  if (!m) throw new Error(`${SCHEMA_FILE}: missing the "-- @vectors-begin ... -- @vectors-end" block`);
  return m[1]!
    .split("\n")
    .map((l) => l.replace(/^-- ?/, ""))
    .join("\n")
    .replaceAll("{{dimension}}", String(Math.trunc(dimension)));
}

export function configure(db: DB, busyTimeoutMs: number): void {
  // WAL lets a `watch` write while a `search` reads; the busy timeout makes a second
  // writer wait instead of failing with SQLITE_BUSY.
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  enableWal(db, busyTimeoutMs);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // A WAL that once held a big pass (a rebuild, a large note) is cut back to this when reset.
  db.pragma(`journal_size_limit = ${8 << 20}`);
}

type Verdict =
  | { kind: "ok" }
  | { kind: "disk-full"; detail: string; dir: string }
  | { kind: "old"; version: number }
  | { kind: "foreign"; detail: string }
  | { kind: "corrupt"; detail: string };

function inspect(file: string, version: number): Verdict {
  const header = Buffer.alloc(16);
  const fd = openSync(file, "r");
  let n: number;
  try {
    n = readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (n === 0) return { kind: "ok" }; // an empty file is a fresh database to SQLite
  if (n < 16 || header.toString("latin1") !== "SQLite format 3\u0000") {
    return { kind: "corrupt", detail: "not a SQLite database (corrupt or overwritten)" };
  }
  let db: DB | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    if (tables.length === 0) return { kind: "ok" };
    if (!tables.some((t) => t.name === "meta")) return { kind: "foreign", detail: "a SQLite database that is not an agent index" };
    const row = db.prepare("SELECT value FROM meta WHERE key = 'engine'").get() as { value: string } | undefined;
    if (row?.value !== ENGINE_TAG) return { kind: "foreign", detail: "a SQLite database that is not an agent index" };
    const v = db.pragma("user_version", { simple: true }) as number;
    if (v !== version) return { kind: "old", version: v };
    // No quick_check here: it reads the whole file on every CLI start. Damage deeper in the
    // file surfaces as SQLITE_CORRUPT on use, which the engine answers with a rebuild.
    return { kind: "ok" };
  } catch (e) {
    const full = diskFullDir(e, path.dirname(file));
    if (full !== null) return { kind: "disk-full", detail: (e as Error).message, dir: full };
    return { kind: "corrupt", detail: `cannot be read as SQLite (${(e as Error).message})` };
  } finally {
    db?.close();
  }
}

/**
 * The index as it is on disk, read into memory: what a search answers from when the disk is
 * too full for SQLite's WAL files. Nothing written to it reaches the disk. A WAL-mode file
 * is marked as a rollback-journal one in the copy (header bytes 18-19), which is all an
 * in-memory database needs; a WAL left by a crash is not seen (it is replayed once there is
 * space again).
 */
export function openIndexSnapshot(file: string, schema: { sql: string; version: number } = loadSchema()): DB {
  const bytes = readFileSync(file);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) bytes[18] = bytes[19] = 1;
  const db = new Database(bytes);
  sqliteVec.load(db);
  const v = db.pragma("user_version", { simple: true }) as number;
  if (v !== schema.version) {
    db.close();
    throw new Error(`${file}: index schema v${v} is not the current v${schema.version}`);
  }
  return db;
}

function moveWithSidecars(file: string, to: string): void {
  renameSync(file, to);
  for (const ext of ["-wal", "-shm"]) if (existsSync(file + ext)) renameSync(file + ext, to + ext);
}

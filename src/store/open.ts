import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
 * is rebuilt from scratch; a corrupt or foreign file is moved aside (never deleted, it may
 * be someone's) and a fresh index is created. Notices say what happened.
 */
export function openIndexDb(file: string, opts: OpenIndexOptions = {}): { db: DB; notices: OpenNotice[] } {
  const schema = opts.schema ?? loadSchema();
  mkdirSync(path.dirname(file), { recursive: true });
  const notices: OpenNotice[] = [];

  if (existsSync(file)) {
    const verdict = inspect(file, schema.version);
    if (verdict.kind === "foreign" || verdict.kind === "corrupt") {
      const aside = `${file}.${verdict.kind}-${Date.now()}`;
      moveWithSidecars(file, aside);
      notices.push({ message: `${file}: ${verdict.detail}; moved to ${path.basename(aside)} and rebuilding the index` });
    } else if (verdict.kind === "old") {
      removeWithSidecars(file);
      notices.push({ message: `${file}: index schema v${verdict.version} is not the current v${schema.version}; rebuilding the index` });
    }
  }

  const db = new Database(file, { timeout: opts.busyTimeoutMs ?? 5000 });
  configure(db, opts.busyTimeoutMs ?? 5000);
  // Every connection needs vec0 loaded: deleting a chunk fires a trigger into vec_chunks.
  sqliteVec.load(db);
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current !== schema.version) {
    // Serialise schema creation across processes: the first one in creates, others wait.
    db.transaction(() => {
      const v = db.pragma("user_version", { simple: true }) as number;
      if (v === schema.version) return;
      db.exec(schema.sql);
      db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('engine', ?)").run(ENGINE_TAG);
      db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)").run(String(schema.version));
      db.pragma(`user_version = ${schema.version}`);
    }).immediate();
  }
  return { db, notices };
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
  db.pragma("journal_mode = WAL");
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
}

type Verdict =
  | { kind: "ok" }
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
    return { kind: "corrupt", detail: `cannot be read as SQLite (${(e as Error).message})` };
  } finally {
    db?.close();
  }
}

function moveWithSidecars(file: string, to: string): void {
  renameSync(file, to);
  for (const ext of ["-wal", "-shm"]) if (existsSync(file + ext)) renameSync(file + ext, to + ext);
}

function removeWithSidecars(file: string): void {
  for (const ext of ["", "-wal", "-shm"]) rmSync(file + ext, { force: true });
}

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/store/open.js
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
var SCHEMA_FILE = fileURLToPath(new URL("../../schema.sql", import.meta.url));
var ENGINE_TAG = "agent-memory-index";
var schemaCache = null;
function schemaSection(name) {
  const text = readFileSync(SCHEMA_FILE, "utf8");
  const parts = text.split(/^-- ==== database: (\w+) ====$/m);
  for (let i = 1; i < parts.length; i += 2)
    if (parts[i] === name)
      return parts[i + 1];
  throw new Error(`${SCHEMA_FILE}: no "-- ==== database: ${name} ====" section`);
}
function loadSchema() {
  if (schemaCache)
    return schemaCache;
  const sql = schemaSection("index");
  const m = /--\s*schema_version:\s*(\d+)/.exec(sql);
  if (!m)
    throw new Error(`${SCHEMA_FILE}: missing "-- schema_version: N" line in the index section`);
  schemaCache = { sql, version: Number(m[1]) };
  return schemaCache;
}
function openIndexDb(file, opts = {}) {
  const schema = opts.schema ?? loadSchema();
  mkdirSync(path.dirname(file), { recursive: true });
  const notices = [];
  if (existsSync(file)) {
    const verdict = inspect(file, schema.version);
    if (verdict.kind === "foreign" || verdict.kind === "corrupt") {
      const aside = `${file}.${verdict.kind}-${Date.now()}`;
      moveWithSidecars(file, aside);
      notices.push({ message: `${file}: ${verdict.detail}; moved to ${path.basename(aside)} and rebuilding the index` });
    } else if (verdict.kind === "old") {
      notices.push({ message: `${file}: index schema v${verdict.version} is not the current v${schema.version}; rebuilding the index` });
    }
  }
  const db = new Database(file, { timeout: opts.busyTimeoutMs ?? 5e3 });
  configure(db, opts.busyTimeoutMs ?? 5e3);
  sqliteVec.load(db);
  const current = db.pragma("user_version", { simple: true });
  if (current !== schema.version) {
    withoutForeignKeys(db, () => db.transaction(() => {
      const v = db.pragma("user_version", { simple: true });
      if (v === schema.version)
        return;
      if (v !== 0)
        dropIndexObjects(db);
      createIndexObjects(db, schema);
    }).immediate());
  }
  return { db, notices };
}
function resetIndexInPlace(db, schema = loadSchema()) {
  withoutForeignKeys(db, () => db.transaction(() => {
    dropIndexObjects(db);
    createIndexObjects(db, schema);
  }).immediate());
}
function removeRebuildLeftovers(file) {
  const removed = [];
  for (const ext of [".old", "-wal.old", "-shm.old"]) {
    if (existsSync(file + ext)) {
      rmSync(file + ext, { force: true });
      removed.push(file + ext);
    }
  }
  return removed;
}
function fileIdentity(file) {
  try {
    const st = statSync(file);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}
function recoverIndexDb(file, db, openedAs) {
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
  }
  if (db.open)
    db.close();
  const aside = `${file}.corrupt-${Date.now()}`;
  moveWithSidecars(file, aside);
  return { notices: [{ message: `${file}: damaged; moved to ${path.basename(aside)} and rebuilt from the workspace` }], inPlace: false };
}
function dropIndexObjects(db) {
  const virtuals = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").all();
  for (const t of virtuals)
    db.exec(`DROP TABLE IF EXISTS "${t.name.replaceAll('"', '""')}"`);
  const rest = db.prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'trigger', 'view') AND name NOT LIKE 'sqlite_%'").all();
  for (const o of rest)
    db.exec(`DROP ${o.type.toUpperCase()} IF EXISTS "${o.name.replaceAll('"', '""')}"`);
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get())
    db.exec("DELETE FROM sqlite_sequence");
}
function createIndexObjects(db, schema) {
  db.exec(schema.sql);
  db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('engine', ?)").run(ENGINE_TAG);
  db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema_version', ?)").run(String(schema.version));
  db.pragma(`user_version = ${schema.version}`);
}
function withoutForeignKeys(db, fn) {
  db.pragma("foreign_keys = OFF");
  try {
    return fn();
  } finally {
    db.pragma("foreign_keys = ON");
  }
}
function vectorTableSql(dimension) {
  const section = schemaSection("index");
  const m = /-- @vectors-begin\n([\s\S]*?)-- @vectors-end/.exec(section);
  if (!m)
    throw new Error(`${SCHEMA_FILE}: missing the "-- @vectors-begin ... -- @vectors-end" block`);
  return m[1].split("\n").map((l) => l.replace(/^-- ?/, "")).join("\n").replaceAll("{{dimension}}", String(Math.trunc(dimension)));
}
function dataVersion(db) {
  const v = db.prepare("SELECT total_changes() AS c").get();
  return `${db.pragma("data_version", { simple: true })}:${v.c}`;
}
function configure(db, busyTimeoutMs) {
  db.pragma("journal_mode = WAL");
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
}
function inspect(file, version) {
  const header = Buffer.alloc(16);
  const fd = openSync(file, "r");
  let n;
  try {
    n = readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (n === 0)
    return { kind: "ok" };
  if (n < 16 || header.toString("latin1") !== "SQLite format 3\0") {
    return { kind: "corrupt", detail: "not a SQLite database (corrupt or overwritten)" };
  }
  let db = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5e3 });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    if (tables.length === 0)
      return { kind: "ok" };
    if (!tables.some((t) => t.name === "meta"))
      return { kind: "foreign", detail: "a SQLite database that is not an agent index" };
    const row = db.prepare("SELECT value FROM meta WHERE key = 'engine'").get();
    if (row?.value !== ENGINE_TAG)
      return { kind: "foreign", detail: "a SQLite database that is not an agent index" };
    const v = db.pragma("user_version", { simple: true });
    if (v !== version)
      return { kind: "old", version: v };
    return { kind: "ok" };
  } catch (e) {
    return { kind: "corrupt", detail: `cannot be read as SQLite (${e.message})` };
  } finally {
    db?.close();
  }
}
function moveWithSidecars(file, to) {
  renameSync(file, to);
  for (const ext of ["-wal", "-shm"])
    if (existsSync(file + ext))
      renameSync(file + ext, to + ext);
}

export {
  schemaSection,
  openIndexDb,
  resetIndexInPlace,
  removeRebuildLeftovers,
  fileIdentity,
  recoverIndexDb,
  vectorTableSql,
  dataVersion,
  configure
};
//# sourceMappingURL=chunk-UXHALSJY.js.map

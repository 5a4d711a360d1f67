import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  readDaemonLock
} from "./chunk-TYLLTPQG.js";
import {
  stateMigrations
} from "./chunk-LTX5SA6R.js";
import {
  createExclusive
} from "./chunk-FEQ2CM7F.js";
import {
  agentDir
} from "./chunk-U66UVQVN.js";

// dist/jobs/evolve/export.js
import { mkdirSync } from "node:fs";
import path from "node:path";
var STATE_FORMAT = "agent-state";
var STATE_FORMAT_VERSION = 1;
function tableNames(db) {
  return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all().map((r) => r.name);
}
function columns(db, table) {
  return db.prepare(`PRAGMA table_info(${quoteId(table)})`).all();
}
function quoteId(name) {
  return `"${name.replace(/"/g, '""')}"`;
}
function toJsonValue(v) {
  if (v === null || typeof v === "string" || typeof v === "number")
    return v;
  if (typeof v === "bigint")
    return Number(v);
  if (Buffer.isBuffer(v))
    return { $base64: v.toString("base64") };
  throw new Error(`unexpected value of type ${typeof v} in the state database`);
}
function fromJsonValue(v, where) {
  if (v === null || typeof v === "string" || typeof v === "number")
    return v;
  if (typeof v === "object" && v !== null && typeof v.$base64 === "string") {
    return Buffer.from(v.$base64, "base64");
  }
  throw new Error(`${where}: a value must be a string, number, null or {"$base64": ...}`);
}
function dumpTable(db, table) {
  const cols = columns(db, table);
  const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => quoteId(c.name));
  const order = pk.length > 0 ? pk.join(", ") : "rowid";
  const rows = db.prepare(`SELECT * FROM ${quoteId(table)} ORDER BY ${order}`).all();
  const names = cols.map((c) => c.name).sort();
  return rows.map((r) => {
    const out = {};
    for (const n of names)
      out[n] = toJsonValue(r[n]);
    return out;
  });
}
function exportStateDb(db, now) {
  const tables = {};
  db.transaction(() => {
    for (const t of tableNames(db))
      tables[t] = dumpTable(db, t);
  })();
  return {
    format: STATE_FORMAT,
    formatVersion: STATE_FORMAT_VERSION,
    schemaVersion: db.pragma("user_version", { simple: true }),
    exportedAt: new Date(now).toISOString(),
    tables
  };
}
function stateJson(e) {
  return JSON.stringify(e, null, 2) + "\n";
}
var ImportRefusedError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ImportRefusedError";
  }
};
function validateExport(value, knownVersion = stateMigrations().length) {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ImportRefusedError("not an agent state export (expected a JSON object)");
  const o = value;
  if (o.format !== STATE_FORMAT)
    throw new ImportRefusedError(`not an agent state export (format is ${JSON.stringify(o.format)}, expected "${STATE_FORMAT}")`);
  if (typeof o.formatVersion !== "number" || o.formatVersion > STATE_FORMAT_VERSION) {
    throw new ImportRefusedError(`export format version ${String(o.formatVersion)} is newer than this engine reads (${STATE_FORMAT_VERSION}); upgrade the engine`);
  }
  if (typeof o.schemaVersion !== "number" || !Number.isInteger(o.schemaVersion) || o.schemaVersion < 0)
    throw new ImportRefusedError("the export has no valid schemaVersion");
  if (o.schemaVersion > knownVersion) {
    throw new ImportRefusedError(`the export comes from a newer engine (state schema ${o.schemaVersion}, this engine knows ${knownVersion}); upgrade the engine \u2014 nothing was imported`);
  }
  if (typeof o.tables !== "object" || o.tables === null || Array.isArray(o.tables))
    throw new ImportRefusedError('the export has no "tables" object');
  for (const [name, rows] of Object.entries(o.tables)) {
    if (!Array.isArray(rows))
      throw new ImportRefusedError(`table ${name}: expected an array of rows`);
    rows.forEach((r, i) => {
      if (typeof r !== "object" || r === null || Array.isArray(r))
        throw new ImportRefusedError(`table ${name}, row ${i + 1}: expected an object`);
    });
  }
  return value;
}
function rowCounts(db) {
  const out = {};
  for (const t of tableNames(db))
    out[t] = db.prepare(`SELECT count(*) AS n FROM ${quoteId(t)}`).get().n;
  return out;
}
function importState(db, workspace, data, opts) {
  const exp = validateExport(data);
  const daemon = readDaemonLock(workspace);
  if (daemon?.alive)
    throw new ImportRefusedError(`an agent daemon (pid ${daemon.pid}) is running on ${workspace}; stop it before importing`);
  const known = new Map(tableNames(db).map((t) => [t, new Set(columns(db, t).map((c) => c.name))]));
  for (const [table, rows2] of Object.entries(exp.tables)) {
    const cols = known.get(table);
    if (cols === void 0)
      throw new ImportRefusedError(`the export has a table this engine does not know: ${table}; nothing was imported`);
    for (const r of rows2) {
      for (const k of Object.keys(r)) {
        if (!cols.has(k))
          throw new ImportRefusedError(`the export's table ${table} has a column this engine does not know: ${k}; nothing was imported`);
      }
    }
  }
  const before = rowCounts(db);
  const replaced = Object.values(before).reduce((a, b) => a + b, 0);
  let backup = null;
  if (replaced > 0) {
    if (!opts.force) {
      const what = Object.entries(before).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(", ");
      throw new ImportRefusedError(`${workspace} already has engine state (${what}); import into a fresh workspace, or pass --force to replace it (the current state is saved to .agent/backups/ first)`);
    }
    backup = saveBackup(workspace, exportStateDb(db, opts.now), opts.now);
  }
  const rows = {};
  db.transaction(() => {
    db.pragma("defer_foreign_keys = ON");
    for (const t of known.keys())
      db.prepare(`DELETE FROM ${quoteId(t)}`).run();
    for (const [table, list] of Object.entries(exp.tables).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) {
      rows[table] = 0;
      for (const [i, r] of list.entries()) {
        const keys = Object.keys(r).sort();
        if (keys.length === 0)
          continue;
        const values = keys.map((k) => fromJsonValue(r[k], `table ${table}, row ${i + 1}, ${k}`));
        db.prepare(`INSERT INTO ${quoteId(table)} (${keys.map(quoteId).join(", ")}) VALUES (${keys.map(() => "?").join(", ")})`).run(...values);
        rows[table]++;
      }
    }
  }).immediate();
  return { rows, backup, replaced };
}
function saveBackup(workspace, e, now) {
  const dir = path.join(agentDir(workspace), "backups");
  mkdirSync(dir, { recursive: true });
  const stamp = new Date(now).toISOString().replace(/[:.]/g, "-");
  for (let n = 0; n < 100; n++) {
    const file = path.join(dir, `state-before-import-${stamp}${n === 0 ? "" : `-${n}`}.json`);
    if (createExclusive(file, stateJson(e)))
      return file;
  }
  throw new Error(`could not create a backup file in ${dir}`);
}

export {
  exportStateDb,
  stateJson,
  importState
};
//# sourceMappingURL=chunk-P2BNR6FL.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  configure,
  schemaSection
} from "./chunk-UXHALSJY.js";
import {
  backupStateDbSync,
  explainStateError
} from "./chunk-MSVBQ5DD.js";

// dist/store/state.js
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
function stateMigrations(section = schemaSection("state")) {
  const parts = section.split(/^-- migration: (\d+)\s*$/m);
  const out = [];
  for (let i = 1; i < parts.length; i += 2)
    out.push({ version: Number(parts[i]), sql: parts[i + 1] });
  out.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`schema.sql: state migrations must be numbered 1, 2, 3... (found ${m.version} at position ${i + 1})`);
  });
  return out;
}
var StateVersionError = class extends Error {
  constructor(file, found, known) {
    super(`${file}: state database is version ${found}, newer than this engine knows (${known}); upgrade the engine \u2014 the file was not changed`);
    this.name = "StateVersionError";
  }
};
function openStateDb(file, migrations = stateMigrations()) {
  mkdirSync(path.dirname(file), { recursive: true });
  let db = null;
  let current;
  try {
    db = new Database(file, { timeout: 5e3 });
    configure(db, 5e3);
    current = db.pragma("user_version", { simple: true });
    db.prepare("SELECT COUNT(*) FROM sqlite_master").get();
  } catch (e) {
    db?.close();
    throw explainStateError(file, e);
  }
  if (current > migrations.length) {
    db.close();
    throw new StateVersionError(file, current, migrations.length);
  }
  try {
    if (current > 0 && current < migrations.length && file !== ":memory:") {
      backupStateDbSync(file, { reason: `before-migration-${migrations.length}`, db });
    }
    for (const m of migrations) {
      db.transaction(() => {
        const v = db.pragma("user_version", { simple: true });
        if (v >= m.version)
          return;
        db.exec(m.sql);
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
    }
  } catch (e) {
    db.close();
    throw explainStateError(file, e);
  }
  return db;
}
function openStateDbReadOnly(file) {
  return new Database(file, { readonly: true, fileMustExist: true, timeout: 5e3 });
}

export {
  stateMigrations,
  openStateDb,
  openStateDbReadOnly
};
//# sourceMappingURL=chunk-LTX5SA6R.js.map

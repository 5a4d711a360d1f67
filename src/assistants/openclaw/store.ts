/**
 * OpenClaw's own store, for `agent import openclaw [STATE_DIR]`: one SQLite database per agent,
 * `STATE_DIR/agents/<agent>/agent/openclaw-agent.sqlite`, whose `transcript_events(session_id,
 * seq, event_json)` holds every message. Read-only: each database is copied (with its -wal) to a
 * temp folder and the copy opened, so nothing appears beside OpenClaw's files and a running
 * OpenClaw is never disturbed.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { asSpoken, type ImportSource } from "../../workspace/harness-turns.js";
import { checkRegularOutside } from "../../workspace/outside-read.js";
import { missingStore } from "../stores.js";
import { openClawAsker, openClawSessionKind } from "./session-kind.js";
import { entryIdsOfEvents, isMaskedCopy, messagesOfEvents, openClawTurns } from "./transcript.js";

const DB_NAME = "openclaw-agent.sqlite";

/** The agent databases under a state folder (or the one database given). */
export function openClawDatabases(location: string): string[] {
  if (statSync(location).isFile()) return [location];
  const agents = path.join(location, "agents");
  if (!existsSync(agents)) return [];
  return readdirSync(agents, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(agents, e.name, "agent", DB_NAME))
    .filter((f) => existsSync(f))
    .sort();
}

export function openClawSource(location: string): ImportSource {
  const missing = missingStore("openclaw", location);
  if (missing !== undefined) return missing;
  const out: ImportSource = { location, sessions: [], problems: [], maskedCopies: isMaskedCopy };
  const dbs = openClawDatabases(location);
  if (dbs.length === 0) out.problems.push(`${location}: no agents/<agent>/agent/${DB_NAME} in it (give OpenClaw's state folder, OPENCLAW_STATE_DIR)`);
  for (const db of dbs) {
    try {
      const { events, keys } = readCopy(db);
      for (const [session, rows] of events) {
        const messages = messagesOfEvents(rows);
        const key = keys.get(session);
        const ids = entryIdsOfEvents(rows);
        const kind = openClawSessionKind(key);
        // Who wrote the "user" turns follows from the key too: a cron run's prompt is no person's.
        const read = () => asSpoken(openClawTurns(session, messages, ids), kind, openClawAsker(key));
        out.sessions.push({ session, location: `${db} session ${session}`, ...(key !== undefined ? { kind } : {}), read });
      }
    } catch (e) {
      out.problems.push(`${db}: cannot read OpenClaw's database (${(e as Error).message})`);
    }
  }
  return out;
}

/**
 * Each session's key, from any table of the database that has both `session_id` and
 * `session_key` (OpenClaw's session state tables): a group chat imported is a group's.
 */
function sessionKeys(db: Database.Database): Map<string, string> {
  const keys = new Map<string, string>();
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
  for (const { name } of tables) {
    const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[]).map((c) => c.name);
    if (!cols.includes("session_id") || !cols.includes("session_key")) continue;
    const quoted = `"${name.replace(/"/g, '""')}"`;
    for (const r of db.prepare(`SELECT DISTINCT session_id, session_key FROM ${quoted} WHERE session_id IS NOT NULL`).all() as { session_id: unknown; session_key: unknown }[]) {
      if (typeof r.session_key === "string" && !keys.has(String(r.session_id))) keys.set(String(r.session_id), r.session_key);
    }
  }
  return keys;
}

function readCopy(dbFile: string): { events: Map<string, { event_json: string; seq?: number }[]>; keys: Map<string, string> } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-openclaw-import-"));
  try {
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) checkRegularOutside(dbFile + suffix);
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) copyFileSync(dbFile + suffix, path.join(tmp, DB_NAME + suffix));
    const db = new Database(path.join(tmp, DB_NAME), { fileMustExist: true });
    try {
      const rows = db.prepare("SELECT session_id, seq, event_json FROM transcript_events ORDER BY session_id, seq").all() as { session_id: unknown; seq: unknown; event_json: unknown }[];
      const bySession = new Map<string, { event_json: string; seq?: number }[]>();
      for (const r of rows) {
        if (typeof r.event_json !== "string") continue;
        const id = String(r.session_id);
        const list = bySession.get(id) ?? [];
        list.push({ event_json: r.event_json, ...(typeof r.seq === "number" ? { seq: r.seq } : {}) });
        bySession.set(id, list);
      }
      return { events: bySession, keys: sessionKeys(db) };
    } finally {
      db.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

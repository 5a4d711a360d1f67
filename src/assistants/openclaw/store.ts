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
import type { ImportSource } from "../../workspace/harness-turns.js";
import { missingStore } from "../stores.js";
import { messagesOfEvents, openClawTurns } from "./transcript.js";

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
  const out: ImportSource = { location, sessions: [], problems: [] };
  const dbs = openClawDatabases(location);
  if (dbs.length === 0) out.problems.push(`${location}: no agents/<agent>/agent/${DB_NAME} in it (give OpenClaw's state folder, OPENCLAW_STATE_DIR)`);
  for (const db of dbs) {
    try {
      for (const [session, rows] of readCopy(db)) {
        const messages = messagesOfEvents(rows);
        out.sessions.push({ session, location: `${db} session ${session}`, read: () => openClawTurns(session, messages) });
      }
    } catch (e) {
      out.problems.push(`${db}: cannot read OpenClaw's database (${(e as Error).message})`);
    }
  }
  return out;
}

function readCopy(dbFile: string): Map<string, { event_json: string }[]> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-openclaw-import-"));
  try {
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) copyFileSync(dbFile + suffix, path.join(tmp, DB_NAME + suffix));
    const db = new Database(path.join(tmp, DB_NAME), { fileMustExist: true });
    try {
      const rows = db.prepare("SELECT session_id, seq, event_json FROM transcript_events ORDER BY session_id, seq").all() as { session_id: unknown; event_json: unknown }[];
      const bySession = new Map<string, { event_json: string }[]>();
      for (const r of rows) {
        if (typeof r.event_json !== "string") continue;
        const id = String(r.session_id);
        const list = bySession.get(id) ?? [];
        list.push({ event_json: r.event_json });
        bySession.set(id, list);
      }
      return bySession;
    } finally {
      db.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

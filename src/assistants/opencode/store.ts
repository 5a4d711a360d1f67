/**
 * OpenCode's store for `agent import opencode`: its SQLite database (tables `message` and
 * `part`). Only reads: the database is copied to a temp folder and the copy opened, so not even
 * a -shm file appears beside the original.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import type { HarnessTurn, ImportSource } from "../../workspace/harness-turns.js";
import { checkRegularOutside } from "../../workspace/outside-read.js";
import { missingStore } from "../stores.js";
import { openCodeMessagesFromRows, readOpenCodeMessages } from "./transcript.js";

export function openCodeStore(location: string): ImportSource {
  return missingStore("opencode", location) ?? openCodeSource(location);
}

type Row = Record<string, unknown>;

function openCodeSource(dbFile: string): ImportSource {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-opencode-import-"));
  try {
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) checkRegularOutside(dbFile + suffix);
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) copyFileSync(dbFile + suffix, path.join(tmp, "opencode.db" + suffix));
    const { sessions, children } = readOpenCodeCopy(path.join(tmp, "opencode.db"));
    return {
      location: dbFile,
      problems: [],
      // A sub-agent's child session (OpenCode's task tool) is nobody's own conversation: isolated.
      sessions: [...sessions].map(([session, messages]) => ({ session, location: `${dbFile} session ${session}`, ...(children.has(session) ? { kind: "isolated" as const } : {}), read: (): HarnessTurn[] => readOpenCodeMessages(messages) })),
    };
  } catch (e) {
    return { location: dbFile, sessions: [], problems: [`${dbFile}: cannot read OpenCode's database (${(e as Error).message})`] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function readOpenCodeCopy(file: string): { sessions: ReturnType<typeof openCodeMessagesFromRows>; children: Set<string> } {
  const db = new Database(file, { fileMustExist: true });
  try {
    const messages = db.prepare("SELECT * FROM message ORDER BY time_created, id").all() as Row[];
    const parts = db.prepare("SELECT * FROM part ORDER BY id").all() as Row[];
    const sessions = openCodeMessagesFromRows(
      messages.map((m) => ({ id: String(m.id), session_id: String(m.session_id), data: String(m.data), ...(typeof m.time_created === "number" ? { time_created: m.time_created } : {}) })),
      parts.map((p) => ({ id: String(p.id), message_id: String(p.message_id), data: String(p.data) })),
    );
    return { sessions, children: childSessions(db) };
  } finally {
    db.close();
  }
}

/** The sessions another session started (`session.parent_id` set): a sub-agent's. An older database without the column has none. */
function childSessions(db: Database.Database): Set<string> {
  const cols = (db.prepare("SELECT name FROM pragma_table_info('session')").all() as { name: string }[]).map((c) => c.name);
  if (!cols.includes("parent_id")) return new Set();
  return new Set((db.prepare("SELECT id FROM session WHERE parent_id IS NOT NULL AND parent_id <> ''").all() as { id: unknown }[]).map((r) => String(r.id)));
}

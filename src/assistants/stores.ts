/**
 * Where each harness keeps its conversations, and how to list them for `agent import`. Only
 * reads: a harness's files are never written (OpenCode's database is copied to a temp folder
 * and the copy opened, so not even a -shm file appears beside the original).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import { readClaudeTranscript } from "./claude-code/transcript.js";
import { readCodexRollout } from "./codex/transcript.js";
import type { ImportSource } from "./index.js";
import { openClawSource } from "./openclaw/store.js";
import { openCodeMessagesFromRows, readOpenCodeMessages } from "./opencode/transcript.js";
import type { HarnessName, HarnessTurn } from "../workspace/harness-turns.js";

/** The harness's own store: Claude Code's projects folder, Codex's sessions folder, OpenCode's database. */
export function defaultStore(harness: HarnessName, env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME ?? os.homedir();
  switch (harness) {
    case "claude-code":
      return path.join(env.CLAUDE_CONFIG_DIR ?? path.join(home, ".claude"), "projects");
    case "codex":
      return path.join(env.CODEX_HOME ?? path.join(home, ".codex"), "sessions");
    case "opencode":
      return path.join(env.XDG_DATA_HOME ?? path.join(home, ".local", "share"), "opencode", "opencode.db");
    case "openclaw":
      return env.OPENCLAW_STATE_DIR ?? path.join(home, ".openclaw");
  }
}

export function importSource(harness: HarnessName, store?: string): ImportSource {
  const location = path.resolve(store ?? defaultStore(harness));
  if (!existsSync(location)) return { location, sessions: [], problems: [`${location}: not found (give the path of the ${harness} store)`] };
  if (harness === "opencode") return openCodeSource(location);
  if (harness === "openclaw") return openClawSource(location);
  const files = statSync(location).isDirectory() ? jsonlFiles(location) : [location];
  const read = harness === "claude-code" ? readClaudeTranscript : readCodexRollout;
  return {
    location,
    problems: [],
    sessions: files.map((f) => ({ session: harness === "claude-code" ? path.basename(f, ".jsonl") : codexSession(f), location: f, read: () => read(readFileSync(f, "utf8")) })),
  };
}

/** Every .jsonl below a folder, oldest first by name (subagent side-chains of Claude Code included: they carry isSidechain and are skipped by the reader). */
function jsonlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile() && e.name.endsWith(".jsonl")) out.push(abs);
    }
  };
  walk(dir);
  return out.sort();
}

/** Codex's session id: in the session_meta line, else the uuid at the end of the rollout file's name. */
function codexSession(file: string): string {
  try {
    const first = readFileSync(file, "utf8").split("\n", 1)[0] ?? "";
    const o = JSON.parse(first) as { type?: string; payload?: { id?: unknown } };
    if (o.type === "session_meta" && typeof o.payload?.id === "string") return o.payload.id;
  } catch {
    // The name says it too.
  }
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(file);
  return m ? m[1]! : path.basename(file, ".jsonl");
}

type Row = Record<string, unknown>;

function openCodeSource(dbFile: string): ImportSource {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-opencode-import-"));
  try {
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) copyFileSync(dbFile + suffix, path.join(tmp, "opencode.db" + suffix));
    const sessions = readOpenCodeCopy(path.join(tmp, "opencode.db"));
    return {
      location: dbFile,
      problems: [],
      sessions: [...sessions].map(([session, messages]) => ({ session, location: `${dbFile} session ${session}`, read: (): HarnessTurn[] => readOpenCodeMessages(messages) })),
    };
  } catch (e) {
    return { location: dbFile, sessions: [], problems: [`${dbFile}: cannot read OpenCode's database (${(e as Error).message})`] };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function readOpenCodeCopy(file: string): ReturnType<typeof openCodeMessagesFromRows> {
  const db = new Database(file, { fileMustExist: true });
  try {
    const messages = db.prepare("SELECT * FROM message ORDER BY time_created, id").all() as Row[];
    const parts = db.prepare("SELECT * FROM part ORDER BY id").all() as Row[];
    return openCodeMessagesFromRows(
      messages.map((m) => ({ id: String(m.id), session_id: String(m.session_id), data: String(m.data), ...(typeof m.time_created === "number" ? { time_created: m.time_created } : {}) })),
      parts.map((p) => ({ id: String(p.id), message_id: String(p.message_id), data: String(p.data) })),
    );
  } finally {
    db.close();
  }
}

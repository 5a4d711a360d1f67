/**
 * Where each harness keeps its conversations, and how to list them for `agent import`. Only
 * reads: a harness's files are never written (OpenCode's database is copied to a temp folder
 * and the copy opened, so not even a -shm file appears beside the original).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import { readClaudeTranscript } from "./claude-code.js";
import { readCodexRollout } from "./codex.js";
import type { ImportSource } from "./index.js";
import { openClawSource } from "./openclaw-store.js";
import { openCodeMessagesFromRows, readOpenCodeMessages } from "./opencode.js";
import type { HarnessName, HarnessTurn } from "./types.js";
import { checkRegularOutside, outsideFiles, outsideKind, outsideLines } from "../workspace/outside-read.js";

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

/**
 * A harness's store as sessions to read. Claude Code's and Codex's files are read through the
 * file door (a FIFO, a device or a link out is refused, a session at a time: the others go on),
 * streamed line by line.
 */
export function importSource(harness: HarnessName, store?: string): ImportSource {
  const location = path.resolve(store ?? defaultStore(harness));
  const kind = outsideKind(location);
  if (kind === "missing") return { location, sessions: [], problems: [`${location}: not found (give the path of the ${harness} store)`] };
  if (harness === "opencode") return openCodeSource(location);
  if (harness === "openclaw") return openClawSource(location);
  const problems: string[] = [];
  const files = kind === "folder" ? outsideFiles(location, ".jsonl", problems) : [location];
  const read = harness === "claude-code" ? readClaudeTranscript : readCodexRollout;
  const root = kind === "folder" ? location : path.dirname(location);
  return {
    location,
    problems,
    sessions: files.map((f) => ({ session: harness === "claude-code" ? path.basename(f, ".jsonl") : codexSession(f, root), location: f, read: () => read(outsideLines(f, { root })) })),
  };
}

/** Codex's session id: in the session_meta line, else the uuid at the end of the rollout file's name. */
function codexSession(file: string, root: string): string {
  try {
    const first = [...outsideLines(file, { root, maxLines: 1 })][0] ?? "";
    const o = JSON.parse(first) as { type?: string; payload?: { id?: unknown } };
    if (o.type === "session_meta" && typeof o.payload?.id === "string") return o.payload.id;
  } catch {
    // The name says it too (and the read says what is wrong with the file).
  }
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(file);
  return m ? m[1]! : path.basename(file, ".jsonl");
}

type Row = Record<string, unknown>;

function openCodeSource(dbFile: string): ImportSource {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-opencode-import-"));
  try {
    for (const suffix of ["", "-wal"]) if (existsSync(dbFile + suffix)) checkRegularOutside(dbFile + suffix);
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

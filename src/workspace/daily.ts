/**
 * Daily notes (`memory/YYYY-MM-DD.md`) read and appended on behalf of assistants: the MCP
 * resources and `memory_append`, boot and `ask`. Reads go through the same path safety as
 * any other outside request (a daily note that is a symlink out of the workspace reads as
 * absent); appends are append-only and verified (appendVerified), never a rewrite.
 */
import { closeSync, lstatSync, mkdirSync, openSync, readSync, realpathSync } from "node:fs";
import path from "node:path";
import { isInside } from "./paths.js";
import { appendVerified } from "./safe-write.js";
import { readLines, resolveWorkspaceFile } from "./safe-read.js";
import { addDays, zonedDate, zonedTime } from "./time.js";

export function dailyRel(date: string): string {
  return `memory/${date}.md`;
}

/** `n` dates ending at `today`, newest first: lastDays("2026-11-21", 3) → 21, 20, 19. */
export function lastDays(today: string, n: number): string[] {
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(today, -i));
}

export interface DailyDay {
  date: string;
  /** The note's text, or null when there is none (or it cannot be read safely). */
  text: string | null;
}

/** A day's note, or null when there is no readable note inside the workspace for it. */
export function readDailyNote(workspace: string, date: string): string | null {
  try {
    const r = readLines(workspace, dailyRel(date), 1, Number.MAX_SAFE_INTEGER);
    return r.lines.join("\n") + (r.lines.length > 0 ? "\n" : "");
  } catch {
    return null;
  }
}

export function readDailyNotes(workspace: string, dates: string[]): DailyDay[] {
  return dates.map((date) => ({ date, text: readDailyNote(workspace, date) }));
}

export interface DailyFileInfo {
  date: string;
  path: string;
  exists: boolean;
  bytes: number;
}

export function dailyFileInfo(workspace: string, date: string): DailyFileInfo {
  const rel = dailyRel(date);
  try {
    const f = resolveWorkspaceFile(workspace, rel);
    return { date, path: rel, exists: true, bytes: f.size };
  } catch {
    return { date, path: rel, exists: false, bytes: 0 };
  }
}

export interface AppendDailyInput {
  workspace: string;
  text: string;
  now: number;
  timeZone?: string;
  /** Words after the time in the entry's heading ("## 09:14 — <title>"). */
  title?: string;
  /** Default appendVerified; tests wrap it. */
  append?: (file: string, text: string) => void;
}

export interface AppendDailyResult {
  /** Workspace-relative path of the note appended to. */
  path: string;
  date: string;
  /** Characters appended (heading included). */
  chars: number;
  created: boolean;
}

/**
 * Appends `text` to today's note under a timestamped heading, creating the note (with a
 * `# YYYY-MM-DD` title) when there is none. Only ever appends: the bytes already in the file
 * are verified unchanged afterwards. A note that is not a plain file (a symlink, a folder)
 * is refused.
 */
export function appendDailyNote(input: AppendDailyInput): AppendDailyResult {
  const body = input.text.replace(/\r\n?/g, "\n").replace(/\s+$/, "");
  if (body.trim() === "") throw new Error("nothing to append: the text is empty");
  const date = zonedDate(input.now, input.timeZone);
  const rel = dailyRel(date);
  const file = path.join(input.workspace, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  // memory/ itself could be a link out of the workspace: the note must really be inside.
  if (!isInside(realpathSync(input.workspace), realpathSync(path.dirname(file)))) {
    throw new Error(`${path.dirname(rel)}/ points outside the workspace; nothing was written`);
  }
  const state = noteState(file);
  const title = oneLine(input.title ?? "note", 120) || "note";
  let entry = "";
  if (!state.exists) entry += `# ${date}\n`;
  else if (!state.endsWithNewline) entry += "\n";
  entry += `\n## ${zonedTime(input.now, input.timeZone)} — ${title}\n\n${body}\n`;
  (input.append ?? appendVerified)(file, entry);
  return { path: rel, date, chars: entry.length, created: !state.exists };
}

/** The daily note must be a plain file (a symlink could point an append at any other file). */
export function noteState(file: string): { exists: boolean; endsWithNewline: boolean } {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { exists: false, endsWithNewline: true };
    throw e;
  }
  if (!st.isFile()) throw new Error(`${file} is not a regular file (a link or folder?); notes are appended only to plain daily notes`);
  if (st.size === 0) return { exists: true, endsWithNewline: true };
  const fd = openSync(file, "r");
  try {
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, st.size - 1);
    return { exists: true, endsWithNewline: b[0] === 0x0a };
  } finally {
    closeSync(fd);
  }
}

function oneLine(s: string, max: number): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

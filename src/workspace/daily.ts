/**
 * Daily notes (`memory/YYYY-MM-DD.md`) read and appended on behalf of assistants: the MCP
 * resources and `memory_append`, boot and `ask`. Reads go through the same path safety as
 * any other outside request (a daily note that is a symlink out of the workspace reads as
 * absent); appends are append-only and verified (appendVerified), never a rewrite.
 */
import { closeSync, lstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { redact } from "../shared/redact.js";
import { appendVerified } from "./safe-write.js";
import { checkWriteTarget, ensureWorkspaceDir } from "./guard.js";
import { readLines, resolveWorkspaceFile, type ResolveOptions } from "./safe-read.js";
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
export function readDailyNote(workspace: string, date: string, read: ResolveOptions): string | null {
  try {
    const r = readLines(workspace, dailyRel(date), 1, Number.MAX_SAFE_INTEGER, read);
    return r.lines.join("\n") + (r.lines.length > 0 ? "\n" : "");
  } catch {
    return null;
  }
}

export function readDailyNotes(workspace: string, dates: string[], read: ResolveOptions): DailyDay[] {
  return dates.map((date) => ({ date, text: readDailyNote(workspace, date, read) }));
}

export interface DailyFileInfo {
  date: string;
  path: string;
  exists: boolean;
  bytes: number;
}

export function dailyFileInfo(workspace: string, date: string, read: ResolveOptions): DailyFileInfo {
  const rel = dailyRel(date);
  try {
    const f = resolveWorkspaceFile(workspace, rel, read);
    return { date, path: rel, exists: true, bytes: f.size };
  } catch {
    return { date, path: rel, exists: false, bytes: 0 };
  }
}

export interface AppendLimits {
  /** Largest single append, in UTF-8 bytes (index.maxAppendBytes). */
  maxAppendBytes: number;
  /** Largest note the indexer reads whole (index.maxFileBytes): an append may not push a note past it. */
  maxFileBytes: number;
}

/** An append refused before anything was written: the note is unchanged. */
export class AppendRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AppendRefusedError";
  }
}

// C0 controls but tab, newline and carriage return (normalised to newlines), DEL, C1 controls.
// One NUL makes a note "binary" to the indexer and every reader, so the whole day would vanish from search.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` may not go into a note, or null when it may: a control character other than
 * tab and newline (carriage returns are expected to be normalised away first), or a lone
 * UTF-16 surrogate, which has no UTF-8 form and would be written as a replacement character.
 */
export function appendTextProblem(text: string, what = "the text"): string | null {
  const c = CONTROL.exec(text);
  if (c) {
    const code = c[0].charCodeAt(0);
    const name = code === 0 ? "a NUL byte" : `the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    return `${what} contains ${name} at character ${c.index + 1}; only text (with tabs and newlines) can be appended to a note`;
  }
  const s = LONE_SURROGATE.exec(text);
  if (s) return `${what} is not valid Unicode (a lone surrogate at character ${s.index + 1}); only valid text can be appended to a note`;
  return null;
}

/** `text` with the characters appendTextProblem refuses removed: for model output, which is cleaned rather than lost. */
export function cleanAppendText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(new RegExp(CONTROL.source, "g"), "")
    .replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

/** Bytes decoded as UTF-8, refused (not repaired) when they are not valid UTF-8. */
export function decodeAppendBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppendRefusedError("the text is not valid UTF-8; nothing was written — send it as UTF-8");
  }
}

/**
 * Refuses an append of `entry` to the note `file` (shown as `rel`) that breaks a limit:
 * over maxAppendBytes in one go, or pushing the note past maxFileBytes, beyond which the
 * indexer stops reading and later entries of that day would not be searchable.
 */
export function checkDailyAppend(file: string, rel: string, entry: string, limits: AppendLimits, bodyBytes = Buffer.byteLength(entry, "utf8")): void {
  if (bodyBytes > limits.maxAppendBytes) {
    throw new AppendRefusedError(
      `the text is ${bodyBytes} bytes, over the ${limits.maxAppendBytes}-byte limit for one append (index.maxAppendBytes in agent.config.json); nothing was written — append it in smaller parts`,
    );
  }
  let size = 0;
  try {
    size = lstatSync(file).size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const after = size + Buffer.byteLength(entry, "utf8");
  if (after > limits.maxFileBytes) {
    throw new AppendRefusedError(
      `${rel} would grow to ${after} bytes, past index.maxFileBytes (${limits.maxFileBytes} bytes), and what lies beyond that limit is not searchable; nothing was written — raise index.maxFileBytes in agent.config.json or keep the note shorter`,
    );
  }
}

export interface AppendDailyInput {
  workspace: string;
  /** The note; bytes must be valid UTF-8. */
  text: string | Uint8Array;
  now: number;
  timeZone?: string;
  /** Words after the time in the entry's heading ("## 09:14 — <title>"). */
  title?: string;
  /** index.maxAppendBytes and index.maxFileBytes from the caller's config. */
  limits: AppendLimits;
  /** Default appendVerified; tests wrap it. */
  append?: (file: string, text: string) => void;
  /** Append to a note with several hard links (index.allowHardLinks). */
  allowHardLinks?: boolean;
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
 * is refused, and so is text that would damage the note (control characters, invalid
 * UTF-8) or outgrow the limits (AppendRefusedError; nothing is written).
 */
export function appendDailyNote(input: AppendDailyInput): AppendDailyResult {
  const raw = typeof input.text === "string" ? input.text : decodeAppendBytes(input.text);
  // Secrets never reach a note: an assistant's memory_append may carry what was typed to it.
  const body = redact(raw.replace(/\r\n?/g, "\n").replace(/\s+$/, ""));
  if (body.trim() === "") throw new AppendRefusedError("nothing to append: the text is empty");
  const problem = appendTextProblem(body) ?? (input.title !== undefined ? appendTextProblem(input.title.replace(/\s+/g, " "), "the title") : null);
  if (problem) throw new AppendRefusedError(`${problem}; nothing was written`);
  const limits = input.limits;
  const date = zonedDate(input.now, input.timeZone);
  const rel = dailyRel(date);
  const file = path.join(input.workspace, rel);
  ensureWorkspaceDir(input.workspace, path.dirname(file));
  checkWriteTarget(input.workspace, file, { allowHardLinks: input.allowHardLinks ?? false });
  const state = noteState(file);
  const title = oneLine(redact(input.title ?? "note"), 120) || "note";
  let entry = "";
  if (!state.exists) entry += `# ${date}\n`;
  else if (!state.endsWithNewline) entry += "\n";
  entry += `\n## ${zonedTime(input.now, input.timeZone)} — ${title}\n\n${body}\n`;
  checkDailyAppend(file, rel, entry, limits, Buffer.byteLength(body, "utf8"));
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

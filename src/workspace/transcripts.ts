/**
 * `sessions/*.jsonl`, owned here: the one writer (captured turns, `agent log`, the compaction
 * marker), the rollover to continuation files, the listing that puts a session's files back
 * together, and the capture cursor. The line format itself is sessions.ts.
 *
 *   rollover   a session's file never grows past index.maxFileBytes (beyond it the indexer
 *              reads only a prefix, and the file door refuses 20 MB): the next lines go to
 *              `<id>-2.jsonl`, then `<id>-3.jsonl`…, each one part of the same session for
 *              every reader (`sessionOfFile`, `listSessionFiles`, `readSessionText`)
 *   cursor     `.agent/capture/<id>.json`, this machine's own (.agent/ is never shared): how far
 *              the assistant's transcript was read (bytes, lines, turns), the ids captured so far
 *              and the size of the session's last file after the last append. A capture whose
 *              cursor still matches the files reads only what the assistant appended since, and
 *              never reads sessions/ at all; anything else (another writer, a new machine, a
 *              rewritten transcript) falls back to reading the ids from the session's files.
 *   one writer every append takes the session's capture lock (capture-lock.ts), so a hook, an
 *              import and `agent log` never interleave in one file
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, readSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withCaptureLock } from "./capture-lock.js";
import { checkWriteTarget, ensureWorkspaceDir, lastByteOf, listWorkspaceDir, MAX_FILE_BYTES, readWorkspaceText, statWorkspacePath, type LinkRule } from "./guard.js";
import { agentDir } from "./paths.js";
import { appendTailVerified, atomicWrite } from "./safe-write.js";
import { isValidSessionId } from "./sessions.js";

export { SESSION_ROLES } from "./sessions.js";

export const SESSIONS_DIR = "sessions";

/** `<id>-<n>` with n from 2 to 9999: a continuation part, when `<id>.jsonl` is there too. */
const PART_RE = /^(.+)-([2-9]|[1-9][0-9]{1,3})$/;

export interface SessionFile {
  session: string;
  /** 1 for `<id>.jsonl`, n for `<id>-<n>.jsonl`. */
  part: number;
}

/**
 * The session a file of sessions/ belongs to: `<id>-<n>.jsonl` is part n of `<id>` when
 * `<id>.jsonl` and every part before it (`<id>-2.jsonl` … `<id>-<n-1>.jsonl`) are there, as the
 * writer leaves them; any other `<name>.jsonl` is part 1 of `<name>` (so `chat-2026-11-26.jsonl`
 * beside `chat-2026-11.jsonl` stays a session of its own). `has` says whether a file name is there.
 */
export function sessionOfFile(name: string, names: ReadonlySet<string> | ((name: string) => boolean)): SessionFile | null {
  if (!name.endsWith(".jsonl")) return null;
  const has = typeof names === "function" ? names : (n: string) => names.has(n);
  const stem = name.slice(0, -".jsonl".length);
  const m = PART_RE.exec(stem);
  if (m !== null && isPart(m[1]!, Number(m[2]), has)) return { session: m[1]!, part: Number(m[2]) };
  return { session: stem, part: 1 };
}

function isPart(session: string, part: number, has: (name: string) => boolean): boolean {
  if (!has(`${session}.jsonl`)) return false;
  for (let k = 2; k < part; k++) if (!has(`${session}-${k}.jsonl`)) return false;
  return true;
}

/** The file name of a session's part n. */
export function partName(session: string, part: number): string {
  return part <= 1 ? `${session}.jsonl` : `${session}-${part}.jsonl`;
}

/** Every session in sessions/ with its files (workspace-relative), oldest part first. */
export function listSessionFiles(workspace: string): Map<string, string[]> {
  const names = listWorkspaceDir(workspace, SESSIONS_DIR).filter((n) => n.endsWith(".jsonl"));
  const set = new Set(names);
  const parts = new Map<string, { part: number; rel: string }[]>();
  for (const name of names) {
    const f = sessionOfFile(name, set);
    if (f === null || !isValidSessionId(f.session)) continue;
    const list = parts.get(f.session) ?? [];
    list.push({ part: f.part, rel: `${SESSIONS_DIR}/${name}` });
    parts.set(f.session, list);
  }
  const out = new Map<string, string[]>();
  for (const [s, list] of [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out.set(s, list.sort((a, b) => a.part - b.part).map((p) => p.rel));
  return out;
}

/** The session's files, oldest first ([] when it has none). */
export function sessionFiles(workspace: string, session: string): string[] {
  const names = new Set(listWorkspaceDir(workspace, SESSIONS_DIR));
  const out: string[] = [];
  if (!names.has(partName(session, 1))) return out;
  out.push(`${SESSIONS_DIR}/${partName(session, 1)}`);
  const more: number[] = [];
  for (const n of names) {
    const f = sessionOfFile(n, names);
    if (f !== null && f.session === session && f.part > 1) more.push(f.part);
  }
  for (const p of more.sort((a, b) => a - b)) out.push(`${SESSIONS_DIR}/${partName(session, p)}`);
  return out;
}

/** The whole session's text, its files one after the other (null when it has none). */
export function readSessionText(workspace: string, session: string, rule: LinkRule): string | null {
  const files = sessionFiles(workspace, session);
  if (files.length === 0) return null;
  let text = "";
  for (const rel of files) {
    const t = readWorkspaceText(workspace, rel, rule)?.text ?? "";
    text += t !== "" && !t.endsWith("\n") ? `${t}\n` : t;
  }
  return text;
}

/** The one compaction marker line. */
export function compactionMarkerLine(ts: string): string {
  return JSON.stringify({ type: "compaction", ts }) + "\n";
}

export interface TranscriptOptions {
  rule: LinkRule;
  /** index.maxFileBytes: a session's file rolls over before it would pass this. */
  maxFileBytes: number;
}

/** What one locked use of a transcript read and wrote, for the cost of a capture. */
export interface TranscriptIo {
  /** Bytes of the session's files read (ids, the last line). */
  sessionBytesRead: number;
}

/** One session's transcript while its lock is held: what the capture, `agent log` and the marker use. */
export class SessionTranscript {
  readonly io: TranscriptIo = { sessionBytesRead: 0 };

  constructor(
    readonly workspace: string,
    readonly session: string,
    private readonly opts: TranscriptOptions,
  ) {}

  private get limit(): number {
    return Math.min(this.opts.maxFileBytes, MAX_FILE_BYTES);
  }

  files(): string[] {
    return sessionFiles(this.workspace, this.session);
  }

  /** The last file and its size now (part 1 of size 0 when the session has no file yet). */
  current(): { rel: string; size: number } {
    const files = this.files();
    const rel = files[files.length - 1] ?? `${SESSIONS_DIR}/${partName(this.session, 1)}`;
    return { rel, size: statWorkspacePath(this.workspace, rel)?.size ?? 0 };
  }

  /** The `id` of every line of every file (a line cut by a kill has none: its turn is written again). */
  ids(): Set<string> {
    const ids = new Set<string>();
    for (const rel of this.files()) {
      const text = readWorkspaceText(this.workspace, rel, this.opts.rule)?.text ?? "";
      this.io.sessionBytesRead += Buffer.byteLength(text);
      for (const line of text.split("\n")) {
        if (!line.includes('"id"')) continue;
        try {
          const o = JSON.parse(line) as { id?: unknown };
          if (typeof o.id === "string") ids.add(o.id);
        } catch {
          // A cut line: not counted, so its turn is written again.
        }
      }
    }
    return ids;
  }

  /** Every line of every file that is a turn: its id (when it has one), role and words. */
  lines(): { id?: string; role: string; content: string }[] {
    const out: { id?: string; role: string; content: string }[] = [];
    for (const rel of this.files()) {
      const text = readWorkspaceText(this.workspace, rel, this.opts.rule)?.text ?? "";
      this.io.sessionBytesRead += Buffer.byteLength(text);
      for (const line of text.split("\n")) {
        if (line.trim() === "") continue;
        try {
          const o = JSON.parse(line) as { id?: unknown; role?: unknown; content?: unknown };
          if (typeof o.role !== "string" || typeof o.content !== "string") continue;
          out.push({ role: o.role, content: o.content, ...(typeof o.id === "string" ? { id: o.id } : {}) });
        } catch {
          // A cut line holds no turn.
        }
      }
    }
    return out;
  }

  /** The last line of the last file and whether the file ends with a newline, reading only its tail. */
  tail(): { last: string; endsWithNewline: boolean } {
    const { rel, size } = this.current();
    if (size === 0) return { last: "", endsWithNewline: true };
    const real = checkWriteTarget(this.workspace, path.join(this.workspace, rel), this.opts.rule);
    const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    try {
      const st = fstatSync(fd);
      let len = Math.min(st.size, 64 * 1024);
      for (;;) {
        const buf = Buffer.alloc(len);
        const n = readSync(fd, buf, 0, len, st.size - len);
        this.io.sessionBytesRead += n;
        const text = buf.subarray(0, n).toString("utf8");
        const trimmed = text.trimEnd();
        const nl = trimmed.lastIndexOf("\n");
        if (nl !== -1 || len >= st.size) return { last: trimmed.slice(nl + 1), endsWithNewline: text.endsWith("\n") };
        len = Math.min(st.size, len * 4);
      }
    } finally {
      closeSync(fd);
    }
  }

  endsWithCompaction(): boolean {
    const { last } = this.tail();
    if (last === "") return false;
    try {
      return (JSON.parse(last) as { type?: unknown }).type === "compaction";
    } catch {
      return false;
    }
  }

  /**
   * Appends whole lines (each ending in "\n"), into the last file while they fit under the size
   * limit, then into the next part (a line longer than the limit gets a part of its own). A last
   * file cut mid-line by a kill gets a newline first. Returns the last file written and its size.
   */
  append(text: string): { file: string; size: number } {
    if (text === "") {
      const cur = this.current();
      return { file: cur.rel, size: cur.size };
    }
    ensureWorkspaceDir(this.workspace, path.join(this.workspace, SESSIONS_DIR));
    const lines = text.split(/(?<=\n)/);
    let { rel, size } = this.current();
    let part = this.files().length;
    let i = 0;
    while (i < lines.length) {
      if (size > 0 && size + Buffer.byteLength(lines[i]!) + 1 > this.limit) {
        part = Math.max(part, 1) + 1;
        rel = `${SESSIONS_DIR}/${partName(this.session, part)}`;
        size = statWorkspacePath(this.workspace, rel)?.size ?? 0;
        continue;
      }
      let chunk = "";
      let bytes = size;
      do {
        const b = Buffer.byteLength(lines[i]!);
        if (chunk !== "" && bytes + b + 1 > this.limit) break;
        chunk += lines[i]!;
        bytes += b;
        i++;
      } while (i < lines.length);
      const real = checkWriteTarget(this.workspace, path.join(this.workspace, rel), this.opts.rule);
      if (size > 0 && lastByteOf(this.workspace, rel, this.opts.rule) !== 0x0a) chunk = `\n${chunk}`;
      appendTailVerified(real, chunk);
      size += Buffer.byteLength(chunk);
    }
    return { file: rel, size };
  }

  /** The compaction marker, unless the session's last line is one already (a repeated hook). */
  markCompaction(ts: string): boolean {
    if (this.endsWithCompaction()) return false;
    this.append(compactionMarkerLine(ts));
    return true;
  }
}

/** Runs `fn` on a session's transcript under its capture lock: the only way to write one. */
export function withTranscript<T>(workspace: string, session: string, opts: TranscriptOptions, fn: (t: SessionTranscript) => T): T {
  if (!isValidSessionId(session)) {
    throw new Error(`session id "${session}" is not allowed: use letters, digits, ".", "_" and "-" (up to 128, starting with a letter or digit)`);
  }
  return withCaptureLock(workspace, session, () => fn(new SessionTranscript(workspace, session, opts)));
}

/** How far a capture got, kept per machine in `.agent/capture/<session>.json`. */
export interface CaptureCursor {
  /** The machine it was written on: a cursor copied with the workspace means nothing elsewhere. */
  host: string;
  /** The assistant's transcript file (its real path), device and inode: a new file starts again. */
  source?: string;
  dev?: number;
  ino?: number;
  /** Bytes of the assistant's transcript read (a line boundary), its lines and turns up to there. */
  bytes: number;
  lines: number;
  turns: number;
  /** The session's last file and its size after this capture's append: unchanged means nobody else wrote. */
  file: string;
  size: number;
  /** The ids captured in this session so far (the dedupe set, without reading sessions/). */
  ids: string[];
}

function cursorPath(workspace: string, session: string): string {
  return path.join(agentDir(workspace), "capture", `${session}.json`);
}

/** This machine's cursor of a session, or null (none, another machine's, or unreadable: start over). */
export function readCaptureCursor(workspace: string, session: string): CaptureCursor | null {
  try {
    const c = JSON.parse(readFileSync(cursorPath(workspace, session), "utf8")) as Partial<CaptureCursor>;
    if (c.host !== os.hostname() || typeof c.bytes !== "number" || typeof c.file !== "string" || typeof c.size !== "number" || !Array.isArray(c.ids)) return null;
    return { lines: 0, turns: 0, ...c } as CaptureCursor;
  } catch {
    return null;
  }
}

export function writeCaptureCursor(workspace: string, session: string, c: Omit<CaptureCursor, "host">): void {
  const file = cursorPath(workspace, session);
  mkdirSync(path.dirname(file), { recursive: true });
  atomicWrite(file, JSON.stringify({ ...c, host: os.hostname() }));
}

/** The session a transcript path (`sessions/<name>.jsonl`) belongs to, its continuation parts included. */
export function sessionOfPath(workspace: string, rel: string): string {
  const name = path.posix.basename(rel);
  const has = (n: string) => statWorkspacePath(workspace, `${SESSIONS_DIR}/${n}`)?.isFile === true;
  return sessionOfFile(name, has)?.session ?? name.replace(/\.jsonl$/, "");
}

/**
 * Reading workspace files on behalf of someone else (an MCP client, the `ask` model): only
 * regular files inside the workspace, never the engine's own `.agent/` folder. A request is
 * refused when it has a `..` segment, is an absolute path outside the workspace, or resolves
 * (through symlinks, after realpath) to anything outside it.
 */
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { configPath, isInside, toRel } from "./paths.js";
import { readWorkspaceFile, realEngineFolder, UnsafeFileError } from "./guard.js";
import { redactNote } from "../shared/redact.js";

export class PathRefusedError extends Error {
  constructor(
    readonly requested: string,
    reason: string,
  ) {
    super(`refused "${requested}": ${reason}`);
    this.name = "PathRefusedError";
  }
}

/**
 * One answer for "does not exist", "is an engine file" and "leads outside": telling them
 * apart would let a caller probe which files exist under .agent/ or outside the workspace.
 */
export const NOT_READABLE = "no such file in the workspace, or not one that can be read here (only regular files inside the workspace, outside .agent/)";

export interface WorkspaceFile {
  /** Real absolute path (symlinks resolved). */
  abs: string;
  /** Workspace-relative path with forward slashes (of the real file). */
  rel: string;
  size: number;
  /** Device and inode, so an opened descriptor can be checked to be this very file. */
  dev: number;
  ino: number;
}

export interface ResolveOptions {
  /** Serve regular files with more than one hard link (index.allowHardLinks, from the caller's config). */
  allowHardLinks: boolean;
}

/** Largest file `readLines` reads whole. */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

function isEngineRel(rel: string): boolean {
  const r = rel.toLowerCase();
  return r === ".agent" || r.startsWith(".agent/");
}

/**
 * Resolves `requested` (workspace-relative, or absolute inside the workspace) to a regular
 * file inside the workspace, or throws PathRefusedError: `..`, outside the workspace, an
 * engine file, missing, or a file with several hard links (one of which may live outside,
 * so its content would leak). Missing, engine and through-a-link-outside files get the same
 * message (NOT_READABLE), so the answer never tells whether such a file exists.
 */
export function resolveWorkspaceFile(workspace: string, requested: string, opts: ResolveOptions): WorkspaceFile {
  if (typeof requested !== "string" || requested.trim() === "") throw new PathRefusedError(String(requested), "empty path");
  if (requested.includes("\u0000")) throw new PathRefusedError(requested, "the path contains a NUL byte");
  if (requested.split(/[\\/]+/).some((seg) => seg === "..")) {
    throw new PathRefusedError(requested, '".." is not allowed: give a path inside the workspace');
  }
  let realWs: string;
  try {
    realWs = realpathSync(workspace);
  } catch {
    throw new Error(`workspace ${workspace} does not exist`);
  }
  const abs = path.resolve(workspace, requested);
  // Checked before touching the file system, so nothing outside is even stat'ed.
  const lexWs = isInside(workspace, abs) ? workspace : isInside(realWs, abs) ? realWs : null;
  if (lexWs === null) throw new PathRefusedError(requested, "outside the workspace");
  if (isEngineRel(toRel(lexWs, abs))) throw new PathRefusedError(requested, NOT_READABLE);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new PathRefusedError(requested, NOT_READABLE);
    if (code === "ELOOP") throw new PathRefusedError(requested, "a symlink loop");
    throw new Error(`${requested}: cannot be read (${code ?? (e as Error).message})`);
  }
  if (!isInside(realWs, real)) throw new PathRefusedError(requested, NOT_READABLE);
  const rel = toRel(realWs, real);
  if (isEngineRel(rel)) throw new PathRefusedError(requested, NOT_READABLE);
  // The engine's folder under another name (`.agent` a link to a folder inside): still the engine's.
  const engine = realEngineFolder(workspace);
  if (engine !== null && isInside(engine, real)) throw new PathRefusedError(requested, NOT_READABLE);
  const st = statSync(real);
  if (!st.isFile()) throw new Error(`${requested}: not a regular file`);
  if (st.nlink > 1 && !(opts.allowHardLinks)) {
    throw new PathRefusedError(
      requested,
      `it has ${st.nlink} hard links, and another of them may be a file outside the workspace; set index.allowHardLinks to true in agent.config.json to serve such files`,
    );
  }
  return { abs: real, rel, size: st.size, dev: st.dev, ino: st.ino };
}

export interface LineRange {
  rel: string;
  /** 1-based first line returned. */
  from: number;
  /** Last line returned (from - 1 when nothing was). */
  to: number;
  totalLines: number;
  lines: string[];
}

/**
 * Lines [from, from + count) of a workspace file (1-based), secrets redacted (each line where
 * it was). `from` past the end returns no lines; a binary file (NUL bytes) is refused.
 */
export function readLines(workspace: string, requested: string, from = 1, count: number, opts: ResolveOptions): LineRange {
  const f = resolveWorkspaceFile(workspace, requested, opts);
  if (f.size > MAX_READ_BYTES) throw new Error(`${f.rel}: larger than ${MAX_READ_BYTES} bytes; not read`);
  const buf = readChecked(workspace, requested, f, opts);
  if (buf.includes(0)) throw new Error(`${f.rel}: a binary file; only text files can be read`);
  // What is read here is handed out (a tool's read, injection, a job's prompt): redacted.
  const all = redactNote(buf.toString("utf8").replace(/\r\n?/g, "\n")).split("\n");
  if (all.length > 0 && all[all.length - 1] === "") all.pop();
  const start = Math.max(1, Math.floor(from));
  const n = Math.max(0, Math.floor(count));
  const lines = all.slice(start - 1, start - 1 + n);
  return { rel: f.rel, from: start, to: start + lines.length - 1, totalLines: all.length, lines };
}

/** "  12| text" lines, so a reader can cite line numbers. */
export function numberLines(r: LineRange): string {
  const width = String(Math.max(r.to, 1)).length;
  return r.lines.map((l, i) => `${String(r.from + i).padStart(width, " ")}| ${l}`).join("\n");
}

/**
 * The bytes of a resolved file, read by the workspace's one reader (guard.ts: non-blocking
 * open, regular files only, the hard-link rule and the size cap checked on the descriptor).
 * The path was checked, then opened: a file swapped or linked again in between is refused.
 */
function readChecked(workspace: string, requested: string, f: WorkspaceFile, opts: ResolveOptions): Buffer {
  let r: ReturnType<typeof readWorkspaceFile>;
  try {
    r = readWorkspaceFile(workspace, f.rel, { allowHardLinks: opts.allowHardLinks }, MAX_READ_BYTES);
  } catch (e) {
    if (!(e instanceof UnsafeFileError)) throw e;
    if (e.why === "not-regular") throw new Error(`${requested}: not a regular file`);
    if (e.why === "too-large") throw new Error(`${f.rel}: larger than ${MAX_READ_BYTES} bytes; not read`);
    throw new PathRefusedError(requested, "the file changed while it was being opened; try again");
  }
  if (r === null || r.realRel !== f.rel) throw new PathRefusedError(requested, "the file changed while it was being opened; try again");
  return r.bytes;
}

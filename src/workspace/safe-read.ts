/**
 * Reading workspace files on behalf of someone else (an MCP client, the `ask` model): only
 * regular files inside the workspace, never the engine's own `.agent/` folder. A request is
 * refused when it has a `..` segment, is an absolute path outside the workspace, or resolves
 * (through symlinks, after realpath) to anything outside it.
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isInside, toRel } from "./paths.js";

export class PathRefusedError extends Error {
  constructor(
    readonly requested: string,
    reason: string,
  ) {
    super(`refused "${requested}": ${reason}`);
    this.name = "PathRefusedError";
  }
}

export interface WorkspaceFile {
  /** Real absolute path (symlinks resolved). */
  abs: string;
  /** Workspace-relative path with forward slashes (of the real file). */
  rel: string;
  size: number;
}

/** Largest file `readLines` reads whole. */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

/**
 * Resolves `requested` (workspace-relative, or absolute inside the workspace) to a regular
 * file inside the workspace, or throws PathRefusedError (outside, `..`, engine files) or a
 * plain Error (does not exist, not a file).
 */
export function resolveWorkspaceFile(workspace: string, requested: string): WorkspaceFile {
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
  if (!isInside(workspace, abs) && !isInside(realWs, abs)) throw new PathRefusedError(requested, "outside the workspace");
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new Error(`${requested}: no such file in the workspace`);
    if (code === "ELOOP") throw new PathRefusedError(requested, "a symlink loop");
    throw new Error(`${requested}: cannot be read (${code ?? (e as Error).message})`);
  }
  if (!isInside(realWs, real)) throw new PathRefusedError(requested, "it resolves (through a symlink) to a file outside the workspace");
  const rel = toRel(realWs, real);
  if (rel === ".agent" || rel.startsWith(".agent/")) throw new PathRefusedError(requested, "the engine's own files (.agent/) are not readable here");
  const st = statSync(real);
  if (!st.isFile()) throw new Error(`${requested}: not a regular file`);
  return { abs: real, rel, size: st.size };
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
 * Lines [from, from + count) of a workspace file (1-based). `from` past the end returns no
 * lines; a binary file (NUL bytes) is refused.
 */
export function readLines(workspace: string, requested: string, from = 1, count = 200): LineRange {
  const f = resolveWorkspaceFile(workspace, requested);
  if (f.size > MAX_READ_BYTES) throw new Error(`${f.rel}: larger than ${MAX_READ_BYTES} bytes; not read`);
  const buf = Buffer.alloc(f.size);
  const fd = openSync(f.abs, "r");
  try {
    let off = 0;
    while (off < f.size) {
      const n = readSync(fd, buf, off, f.size - off, off);
      if (n === 0) break;
      off += n;
    }
  } finally {
    closeSync(fd);
  }
  if (buf.includes(0)) throw new Error(`${f.rel}: a binary file; only text files can be read`);
  const all = buf.toString("utf8").replace(/\r\n?/g, "\n").split("\n");
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

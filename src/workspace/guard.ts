/**
 * The one rule for every file the engine reads or writes in a workspace, whichever front
 * asked: nothing is read or written through a link that leads outside the workspace, nor
 * through a file with several hard links (another name of it may live outside) unless
 * index.allowHardLinks; writes never follow a symlinked folder out; only regular files are
 * read (a FIFO or a device never blocks or floods a reader), and never more than a cap.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, unlinkSync, type Stats } from "node:fs";
import path from "node:path";
import { isInside, toRel } from "./paths.js";
import { isPrivatePath } from "./privacy.js";
import { isConflictCopy } from "./sync-copies.js";
import { sleepSync } from "../shared/sleep.js";
import { redactNote } from "../shared/redact.js";

export interface LinkRule {
  /** Read and write files with several hard links (index.allowHardLinks). */
  allowHardLinks: boolean;
  /**
   * Read through a symlink that leads outside the workspace. Only for agent.config.json: a
   * person's own settings, often a link into a dotfiles folder, and never shown to a session.
   */
  allowLinkOut?: boolean;
}

export const NO_HARD_LINKS: LinkRule = { allowHardLinks: false };

/** Largest workspace file read whole: a note this size is already far past any use in a prompt. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** A workspace file the rule refuses; the message names the file and what to do. */
export class UnsafeFileError extends Error {
  constructor(
    readonly rel: string,
    readonly why: "outside" | "hard-links" | "not-regular" | "too-large" | "private" | "engine",
    message: string,
  ) {
    super(message);
    this.name = "UnsafeFileError";
  }
}

export interface SafeRead {
  bytes: Buffer;
  /** Workspace-relative path of the real file (after symlinks): privacy is judged on it. */
  realRel: string;
}

function realWorkspace(workspace: string): string {
  try {
    return realpathSync(workspace);
  } catch {
    return path.resolve(workspace);
  }
}

/**
 * Reads `rel` under the rule, or returns null when it does not exist. The open is
 * non-blocking and checked with fstat before any read, so a FIFO never hangs the caller.
 */
export function readWorkspaceFile(workspace: string, rel: string, rule: LinkRule, maxBytes = MAX_FILE_BYTES): SafeRead | null {
  const abs = path.resolve(workspace, rel);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw e;
  }
  const root = realWorkspace(workspace);
  if (!isInside(root, real) && rule.allowLinkOut !== true) {
    throw new UnsafeFileError(rel, "outside", `${rel}: a link to ${real}, outside the workspace; not read — the engine reads only files inside the workspace (put the file itself here)`);
  }
  const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    let st = fstatSync(fd);
    checkRegular(rel, st);
    // A SOUL.md swap links the file a second time for a few microseconds: look once more.
    if (st.nlink > 1 && !rule.allowHardLinks) {
      sleepSync(5);
      st = fstatSync(fd);
    }
    checkHardLinks(rel, st, rule);
    if (st.size > maxBytes) throw tooLarge(rel, st.size, maxBytes);
    return { bytes: readCapped(fd, rel, st.size, maxBytes), realRel: toRel(root, real) };
  } finally {
    closeSync(fd);
  }
}

/** readWorkspaceFile as UTF-8 text. */
export function readWorkspaceText(workspace: string, rel: string, rule: LinkRule, maxBytes = MAX_FILE_BYTES): { text: string; realRel: string } | null {
  const r = readWorkspaceFile(workspace, rel, rule, maxBytes);
  return r === null ? null : { text: r.bytes.toString("utf8"), realRel: r.realRel };
}

/**
 * readWorkspaceText for text that leaves the workspace (a prompt, an injection, a job's
 * input): the note's secrets redacted, every line where it was. The file is never changed;
 * a reader that writes the file back uses readWorkspaceText.
 */
export function readNoteText(workspace: string, rel: string, rule: LinkRule, maxBytes = MAX_FILE_BYTES): { text: string; realRel: string } | null {
  const r = readWorkspaceText(workspace, rel, rule, maxBytes);
  return r === null ? null : { text: redactNote(r.text), realRel: r.realRel };
}

function checkRegular(rel: string, st: Stats): void {
  if (st.isFile()) return;
  const what = st.isFIFO() ? "a FIFO (named pipe)" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : st.isSocket() ? "a socket" : st.isDirectory() ? "a folder" : "not a regular file";
  throw new UnsafeFileError(rel, "not-regular", `${rel}: is ${what}, not a regular file; not read — replace it with a text file`);
}

function checkHardLinks(rel: string, st: Stats, rule: LinkRule): void {
  if (st.nlink <= 1 || rule.allowHardLinks) return;
  throw new UnsafeFileError(
    rel,
    "hard-links",
    `${rel}: has ${st.nlink} hard links, and another of them may be a file outside the workspace; not used — copy it to a file of its own, or set index.allowHardLinks to true in agent.config.json`,
  );
}

function tooLarge(rel: string, size: number, max: number): UnsafeFileError {
  return new UnsafeFileError(rel, "too-large", `${rel}: ${(size / 1048576).toFixed(1)} MB is over the ${(max / 1048576).toFixed(0)} MB a workspace file may have to be read here; not read — split the file`);
}

function readCapped(fd: number, rel: string, size: number, max: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let buf = Buffer.alloc(Math.min(Math.max(size, 4096), max + 1));
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, null);
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    total += n;
    // A file that grows while read (or a size that lied) stops at the cap.
    if (total > max) throw tooLarge(rel, total, max);
    if (n === buf.length) buf = Buffer.alloc(Math.min(buf.length * 2, max + 1));
  }
  return Buffer.concat(chunks);
}

/**
 * Checks that `abs` may be written (appended, created, replaced): its folder, after links, is
 * inside the workspace, and an existing file there is a regular file inside it, with one hard
 * link unless the rule allows more. Throws UnsafeFileError; returns the real path to write.
 */
export function checkWriteTarget(workspace: string, abs: string, rule: LinkRule): string {
  const root = realWorkspace(workspace);
  const rel = toRel(path.resolve(workspace), path.resolve(abs));
  const dir = nearestExisting(path.dirname(path.resolve(abs)));
  if (!isInside(root, dir)) {
    throw new UnsafeFileError(rel, "outside", `${rel}: its folder leads outside the workspace (to ${dir}); nothing written — replace the symlinked folder with a real one`);
  }
  let st: Stats;
  try {
    st = lstatSync(abs);
  } catch {
    return abs;
  }
  if (st.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      throw new UnsafeFileError(rel, "outside", `${rel}: a broken symlink; nothing written — remove the link`);
    }
    if (!isInside(root, real)) throw new UnsafeFileError(rel, "outside", `${rel}: a link to ${real}, outside the workspace; nothing written — put the file itself here`);
    st = lstatSync(real);
    checkRegular(rel, st);
    checkHardLinks(rel, st, rule);
    return real;
  }
  checkRegular(rel, st);
  checkHardLinks(rel, st, rule);
  return abs;
}

/** `mkdir -p` of a workspace folder, refusing any part of it that leads outside the workspace. */
export function ensureWorkspaceDir(workspace: string, abs: string): void {
  const root = realWorkspace(workspace);
  const rel = toRel(path.resolve(workspace), path.resolve(abs));
  const existing = nearestExisting(path.resolve(abs));
  if (!isInside(root, existing)) {
    throw new UnsafeFileError(rel, "outside", `${rel}/: leads outside the workspace (to ${existing}); nothing written — replace the symlinked folder with a real one`);
  }
  mkdirSync(abs, { recursive: true });
}

/** The real path of `p`, or of its nearest existing ancestor. */
function nearestExisting(p: string): string {
  for (let cur = p; ; cur = path.dirname(cur)) {
    try {
      return realpathSync(cur);
    } catch {
      if (path.dirname(cur) === cur) return cur;
    }
  }
}

/**
 * The engine's folder inside the workspace (.agent/, SOUL.md's swap copies) must be a real
 * folder there: a `.agent` symlinked out would put the swap files on another file system.
 */
export function checkEngineFolder(workspace: string): void {
  const dir = path.join(workspace, ".agent");
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return;
  }
  const root = realWorkspace(workspace);
  if (!isInside(root, real)) {
    throw new UnsafeFileError(".agent", "outside", `.agent: a link to ${real}, outside the workspace; the engine keeps SOUL.md's swap copies there, on SOUL.md's own file system — remove the link (\`rm .agent\`) and run \`agent index\``);
  }
  // A link to a folder inside: the engine's files (the HTTP token, the validated config) would
  // then be ordinary workspace files under the other name, readable by any session.
  if (lstatSync(dir).isSymbolicLink()) {
    throw new UnsafeFileError(".agent", "engine", `.agent: a link to ${toRel(root, real)}, a folder of the workspace; the engine's folder must be a real folder, or its files are readable as notes under the other name — remove the link (\`rm .agent\`) and run \`agent index\``);
  }
}

/** The real path of the engine's folder, or null when there is none. */
export function realEngineFolder(workspace: string): string | null {
  try {
    return realpathSync(path.join(workspace, ".agent"));
  } catch {
    return null;
  }
}

/**
 * A public name (SOUL.md, AGENTS.md...) that resolves to a private file (USER.md, MEMORY.md,
 * a daily note): refused where the text would be shown to anyone or copied into a public file.
 */
export function refusePrivateTarget(rel: string, realRel: string): void {
  if (realRel === rel || isPrivatePath(rel) || !isPrivatePath(realRel)) return;
  throw new UnsafeFileError(rel, "private", `${rel}: a link to ${realRel}, a private file; not used — ${rel} is shown to every session, so it must be a file of its own (replace the link with a copy)`);
}

export interface WorkspacePathInfo {
  size: number;
  mtimeMs: number;
  /** When it came to be: its birth time, or its change time where the file system keeps none. */
  bornMs: number;
  isFile: boolean;
  isDirectory: boolean;
}

/**
 * What a workspace path is (after symlinks), or null when it does not exist or leads outside
 * the workspace: metadata only, nothing is opened (a FIFO is reported, never read).
 */
export function statWorkspacePath(workspace: string, rel: string): WorkspacePathInfo | null {
  let real: string;
  try {
    real = realpathSync(path.resolve(workspace, rel));
  } catch {
    return null;
  }
  if (!isInside(realWorkspace(workspace), real)) return null;
  try {
    const st = lstatSync(real);
    return { size: st.size, mtimeMs: st.mtimeMs, bornMs: st.birthtimeMs > 0 ? st.birthtimeMs : Math.min(st.mtimeMs, st.ctimeMs), isFile: st.isFile(), isDirectory: st.isDirectory() };
  } catch {
    return null;
  }
}

/** A regular file at `rel`, inside the workspace. */
export function isWorkspaceFile(workspace: string, rel: string): boolean {
  return statWorkspacePath(workspace, rel)?.isFile === true;
}

/**
 * Names in a workspace folder (sorted); [] when it does not exist or leads outside the
 * workspace. A sync tool's conflict copy is left out: the jobs and the capture read each note
 * and transcript once, under its own name (the doctor names the copy).
 */
export function listWorkspaceDir(workspace: string, rel: string): string[] {
  const info = statWorkspacePath(workspace, rel);
  if (info === null || !info.isDirectory) return [];
  try {
    return readdirSync(realpathSync(path.resolve(workspace, rel)))
      .filter((n) => !isConflictCopy(n))
      .sort();
  } catch {
    return [];
  }
}

/** The last byte of a regular workspace file under the rule (null when empty or missing): does it end a line? */
export function lastByteOf(workspace: string, rel: string, rule: LinkRule): number | null {
  const abs = path.resolve(workspace, rel);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return null;
  }
  if (!isInside(realWorkspace(workspace), real)) throw new UnsafeFileError(rel, "outside", `${rel}: a link to ${real}, outside the workspace; not read — put the file itself here`);
  const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const st = fstatSync(fd);
    checkRegular(rel, st);
    checkHardLinks(rel, st, rule);
    if (st.size === 0) return null;
    const b = Buffer.alloc(1);
    return readSync(fd, b, 0, 1, st.size - 1) === 1 ? b[0]! : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a workspace file only while it still holds `bytes` (a proposal the person acted on:
 * an edit made since stays). True when removed or already gone.
 */
export function removeWorkspaceFileIfSame(workspace: string, rel: string, bytes: Buffer, rule: LinkRule): boolean {
  const abs = path.resolve(workspace, rel);
  let cur: SafeRead | null;
  try {
    cur = readWorkspaceFile(workspace, rel, rule);
  } catch {
    return false;
  }
  if (cur === null) return true;
  if (!cur.bytes.equals(bytes)) return false;
  // The name itself goes (a link stays a link's business): never the file a link points to.
  unlinkSync(abs);
  return true;
}

/** lstat of a workspace path (a final symlink is not followed); null when it does not exist. */
export function lstatWorkspacePath(workspace: string, rel: string): (WorkspacePathInfo & { isSymbolicLink: boolean }) | null {
  try {
    const st = lstatSync(path.resolve(workspace, rel));
    return { size: st.size, mtimeMs: st.mtimeMs, bornMs: st.birthtimeMs > 0 ? st.birthtimeMs : Math.min(st.mtimeMs, st.ctimeMs), isFile: st.isFile(), isDirectory: st.isDirectory(), isSymbolicLink: st.isSymbolicLink() };
  } catch {
    return null;
  }
}

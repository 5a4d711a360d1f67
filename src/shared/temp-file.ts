/**
 * A whole new file beside the one it will replace (same folder, so the rename that follows is
 * atomic): created exclusively, mode set on the descriptor (umask cannot widen or narrow it),
 * optionally given the replaced file's owner, every byte written and fsynced. On any failure
 * nothing lingers: the temp file is removed and the error names the file (a full disk says
 * which folder to free).
 */
import { closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, linkSync, openSync, unlinkSync, writeSync } from "node:fs";
import { nodeCrypto } from "./lazy-builtins.js";
import path from "node:path";
import { asDiskFull } from "./disk.js";

export interface TempFileOptions {
  mode: number;
  /** Given to the new file when it differs (a root-run command editing a person's file); ignored when not permitted. */
  owner?: { uid: number; gid: number } | null;
  /** Part of the temp name, so a stray one says who left it. */
  tag?: string;
}

/** Writes `data` to a new hidden file beside `target`; returns its path, for the caller to rename or remove. */
export function writeTempBeside(target: string, data: string | Buffer, opts: TempFileOptions): string {
  const tag = opts.tag !== undefined ? `.${opts.tag}` : "";
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}${tag}.${process.pid}.${nodeCrypto().randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "wx", opts.mode);
  try {
    fchmodSync(fd, opts.mode);
    if (opts.owner) giveOwner(fd, opts.owner);
    writeAllSynced(fd, typeof data === "string" ? Buffer.from(data, "utf8") : data, target);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  return tmp;
}

function giveOwner(fd: number, owner: { uid: number; gid: number }): void {
  const st = fstatSync(fd);
  if (st.uid === owner.uid && st.gid === owner.gid) return;
  try {
    fchownSync(fd, owner.uid, owner.gid);
  } catch {
    // Not ours to give away (not root): the file stays ours, with the mode asked for.
  }
}

/**
 * Writes all of `data` and fsyncs. write(2) may write less than asked (a full disk writes
 * what fits, then fails): every byte is accounted for, and a write that cannot finish
 * throws — a DiskFullError naming the folder to free when the disk is full.
 */
export function writeAllSynced(fd: number, data: Buffer, file: string): void {
  let off = 0;
  try {
    while (off < data.length) {
      const n = writeSync(fd, data, off, data.length - off);
      if (n <= 0) throw Object.assign(new Error(`${file}: the write stopped after ${off} of ${data.length} bytes`), { code: "ENOSPC", path: file });
      off += n;
    }
    fsyncSync(fd);
  } catch (e) {
    throw asDiskFull(e, `writing ${file} stopped after ${off} of ${data.length} bytes`, path.dirname(file));
  }
}

/**
 * Puts `data` at `file` only when no file is there yet: written whole beside it, then linked
 * in (link(2) fails on an existing name), so two processes racing both end with the first
 * one's file and nobody reads half of one. Returns false when another was first.
 */
export function createOnce(file: string, data: string, mode: number): boolean {
  const tmp = writeTempBeside(file, data, { mode, tag: "once" });
  try {
    return linkIfAbsent(tmp, file);
  } finally {
    unlinkSync(tmp);
  }
}

/** link(2) as an atomic create: true when `to` was made, false when the name was taken already. */
export function linkIfAbsent(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

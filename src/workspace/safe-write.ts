import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Replaces a file so that readers see either the old or the new content, never half of
 * either: write a temp file beside it, fsync, rename over. A crash leaves the old file.
 */
export function atomicWrite(file: string, content: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, file);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
}

/** Creates a file only if it does not exist; returns false (and writes nothing) if it does. */
export function createExclusive(file: string, content: string | Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, typeof content === "string" ? Buffer.from(content, "utf8") : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

export class AppendVerificationError extends Error {
  constructor(file: string) {
    super(`${file}: its existing content changed while appending; the append was kept but nothing else was written — check the file`);
    this.name = "AppendVerificationError";
  }
}

/**
 * Appends text and proves it did nothing else: the bytes that were there before the
 * append must still be there, byte for byte, afterwards. O_APPEND keeps concurrent hand
 * edits that append from being overwritten.
 */
export function appendVerified(file: string, text: string): void {
  const before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  const fd = openSync(file, "a");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const after = readFileSync(file);
  if (after.length < before.length || !after.subarray(0, before.length).equals(before)) {
    throw new AppendVerificationError(file);
  }
}

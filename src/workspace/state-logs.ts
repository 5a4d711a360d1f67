/**
 * The device logs' files (`<workspace>/.agent-state/<device>.jsonl`, the format is
 * src/store/events/log.ts): the file I/O behind the door's rules. A log is a regular file in
 * the workspace's own folder: a link, a FIFO or a device in its place is refused with an
 * error naming it (a read never blocks, nothing is followed out of the workspace). Appends
 * are whole lines, fsynced; a rewrite (compaction) is a temp file renamed over it.
 */
import { closeSync, constants, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PRIVATE_FILE_MODE } from "../shared/private-file.js";

const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY;

export class UnsafeLogError extends Error {
  constructor(file: string, what: string) {
    super(`${file}: ${what}, not a regular file; a device log must be a plain file (move it away, and copy the device's log back from a synced copy)`);
    this.name = "UnsafeLogError";
  }
}

/** The names in a log folder ([] when it does not exist). */
export function logNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
}

function kind(file: string): { exists: boolean; size: number } {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { exists: false, size: 0 };
    throw e;
  }
  if (st.isSymbolicLink()) throw new UnsafeLogError(file, "a symbolic link");
  if (!st.isFile()) throw new UnsafeLogError(file, st.isFIFO() ? "a FIFO" : "a device, socket or folder");
  return { exists: true, size: st.size };
}

/** The log's size in bytes, or null when it does not exist. */
export function logSize(file: string): number | null {
  const k = kind(file);
  return k.exists ? k.size : null;
}

function withReadFd<T>(file: string, fn: (fd: number, size: number) => T): T {
  kind(file);
  const fd = openSync(file, READ_FLAGS);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnsafeLogError(file, "not a regular file");
    return fn(fd, st.size);
  } finally {
    closeSync(fd);
  }
}

/** The bytes of the log from `offset` to its current end. */
export function readLogBytes(file: string, offset: number): Buffer {
  return withReadFd(file, (fd, size) => {
    const buf = Buffer.alloc(Math.max(0, size - offset));
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  });
}

/** The log's first line (without its newline), or null when it has no complete line yet. */
export function firstLogLine(file: string): Buffer | null {
  return withReadFd(file, (fd) => {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(0x0a);
    return nl < 0 ? null : buf.subarray(0, nl);
  });
}

/**
 * Appends whole lines and fsyncs them (unless `durable` is false). A file that ends without a newline (a crash
 * mid-write) gets one first, so the torn line stays one bad line. Returns the bytes written.
 */
export function appendLogLines(file: string, lines: string[], durable = true): number {
  mkdirSync(path.dirname(file), { recursive: true });
  kind(file);
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, PRIVATE_FILE_MODE);
  try {
    const size = fstatSync(fd).size;
    let prefix = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = "\n";
    }
    const data = Buffer.from(prefix + lines.map((l) => `${l}\n`).join(""), "utf8");
    let done = 0;
    while (done < data.length) done += writeSync(fd, data, done, data.length - done);
    if (durable) fsyncSync(fd);
    return data.length;
  } finally {
    closeSync(fd);
  }
}

/** Replaces the log whole (temp file beside it, fsync, rename): readers see the old or the new file. */
export function rewriteLog(file: string, content: string): void {
  kind(file);
  const tmp = `${file}.${process.pid}.rewrite`;
  try {
    const fd = openSync(tmp, "wx", PRIVATE_FILE_MODE);
    try {
      const data = Buffer.from(content, "utf8");
      let done = 0;
      while (done < data.length) done += writeSync(fd, data, done, data.length - done);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

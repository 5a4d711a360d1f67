/**
 * The file door for files that are not the workspace's: an assistant's own transcript (the
 * `transcript_path` of a hook) and what `agent import PATH` names. They are read, never
 * written, under the same rule as a note: only a regular file (a FIFO, a socket or a device
 * such as /dev/zero is refused before a byte is read: the open never blocks), no symlink that
 * leads out of the folder it was found in, a size bound, and streamed line by line from a byte
 * offset, so a capture reads only what was appended since the last one and a huge file never
 * sits in memory whole.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { isInside } from "./paths.js";

/** An assistant transcript larger than this is not read (a session's JSONL is far smaller). */
export const MAX_OUTSIDE_BYTES = 2 * 1024 * 1024 * 1024;
/** A line longer than this is skipped (a pasted image, a huge tool output): never held in memory. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

const CHUNK = 256 * 1024;

/** A file outside the workspace the door refuses; the message names the file and what to do. */
export class OutsideFileError extends Error {
  constructor(
    readonly file: string,
    readonly why: "missing" | "not-regular" | "link-out" | "too-large",
    message: string,
  ) {
    super(message);
    this.name = "OutsideFileError";
  }
}

export interface OutsideFile {
  fd: number;
  /** The real path (after a link inside its folder). */
  real: string;
  size: number;
  dev: number;
  ino: number;
}

export interface OutsideOpenOptions {
  /** A link may not lead out of this folder (default: the folder the file is named in). */
  root?: string;
  maxBytes?: number;
}

/** Opens a file for reading under the rule (non-blocking, fstat-checked); the caller closes `fd`. */
export function openOutsideFile(file: string, opts: OutsideOpenOptions = {}): OutsideFile {
  const abs = path.resolve(file);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    throw new OutsideFileError(file, "missing", `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (real !== abs) {
    const root = realOr(opts.root ?? path.dirname(abs));
    if (!isInside(root, real)) throw new OutsideFileError(file, "link-out", `${file}: a link to ${real}, outside ${root}; not read — give the file itself`);
  }
  const fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      const what = st.isFIFO() ? "a FIFO (named pipe)" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : st.isSocket() ? "a socket" : st.isDirectory() ? "a folder" : "not a regular file";
      throw new OutsideFileError(file, "not-regular", `${file}: is ${what}, not a regular file; not read`);
    }
    const max = opts.maxBytes ?? MAX_OUTSIDE_BYTES;
    if (st.size > max) throw new OutsideFileError(file, "too-large", `${file}: ${(st.size / 1048576).toFixed(0)} MB is over the ${(max / 1048576).toFixed(0)} MB an assistant's transcript may have; not read`);
    return { fd, real, size: st.size, dev: st.dev, ino: st.ino };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** What a streamed read saw, filled in as it goes (the generator's caller reads it when done). */
export interface LineReadStats {
  /** Bytes read from the file by this read. */
  bytesRead: number;
  /** Offset just past the last whole line (a line still being written is left for next time). */
  end: number;
  /** Lines handed out. */
  lines: number;
  /** Lines skipped for being longer than maxLineBytes. */
  skipped: number;
}

export interface LineReadOptions {
  /** Byte offset to start at (a line boundary: where the last read ended). */
  from?: number;
  /** Stop before this offset (the size seen at open: what is appended meanwhile waits). */
  to?: number;
  maxLineBytes?: number;
  /** Counts every read, for the cost of a capture (tests, the bench). */
  onRead?: (bytes: number) => void;
}

/**
 * The whole lines of an open file from `from` to `to`, one string each (without the newline),
 * streamed in fixed chunks. A last line without its newline is not handed out (the harness is
 * still writing it): `stats.end` stays before it, so the next read starts there.
 */
export function* streamLines(fd: number, opts: LineReadOptions, stats: LineReadStats): Generator<string> {
  const maxLine = opts.maxLineBytes ?? MAX_LINE_BYTES;
  let pos = opts.from ?? 0;
  const to = opts.to ?? Number.MAX_SAFE_INTEGER;
  stats.end = pos;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  const buf = Buffer.alloc(CHUNK);
  while (pos < to) {
    const n = readSync(fd, buf, 0, Math.min(CHUNK, to - pos), pos);
    if (n === 0) break;
    opts.onRead?.(n);
    stats.bytesRead += n;
    let start = 0;
    for (let nl = buf.indexOf(0x0a, 0); nl !== -1 && nl < n; nl = buf.indexOf(0x0a, start)) {
      const piece = buf.subarray(start, nl);
      const lineEnd = pos + nl + 1;
      if (tooLong || pendingBytes + piece.length > maxLine) stats.skipped++;
      else {
        const line = pendingBytes === 0 ? piece.toString("utf8") : Buffer.concat([...pending, piece]).toString("utf8");
        stats.lines++;
        stats.end = lineEnd;
        yield line;
      }
      stats.end = lineEnd;
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = nl + 1;
    }
    if (start < n) {
      const rest = n - start;
      if (tooLong || pendingBytes + rest > maxLine) {
        tooLong = true;
        pending = [];
        pendingBytes = 0;
      } else {
        pending.push(Buffer.from(buf.subarray(start, n)));
        pendingBytes += rest;
      }
    }
    pos += n;
  }
}

/** Every line of a file outside the workspace, streamed under the rule (the import's reader). */
export function* outsideLines(file: string, opts: OutsideOpenOptions & { maxLines?: number } = {}): Generator<string> {
  const f = openOutsideFile(file, opts);
  try {
    const stats: LineReadStats = { bytesRead: 0, end: 0, lines: 0, skipped: 0 };
    let n = 0;
    for (const line of streamLines(f.fd, { to: f.size }, stats)) {
      yield line;
      if (opts.maxLines !== undefined && ++n >= opts.maxLines) return;
    }
  } finally {
    closeSync(f.fd);
  }
}

/**
 * Every `.<ext>` file below a folder, sorted; a symlink is never followed (a folder walked
 * through a link could lead anywhere), a folder that cannot be listed is said in `problems`.
 */
export function outsideFiles(dir: string, ext: string, problems: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      problems.push(`${d}: cannot be listed (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); skipped`);
      return;
    }
    for (const e of entries) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile() && e.name.endsWith(ext)) out.push(abs);
    }
  };
  walk(dir);
  return out.sort();
}

/** What a path outside the workspace is (after links), without opening it: a FIFO or a device is "other". */
export function outsideKind(p: string): "missing" | "folder" | "file" | "other" {
  try {
    const st = statSync(p);
    return st.isDirectory() ? "folder" : st.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}

/**
 * Refuses, with the file door's sentence, a database file that is not a regular file (a FIFO
 * would hang the copy that is made of it before it is opened).
 */
export function checkRegularOutside(file: string): void {
  const f = openOutsideFile(file);
  closeSync(f.fd);
}

/** Where a streamed read of an outside file starts, and what it found there. */
export interface OutsideRead<T> {
  value: T;
  /** The offset the read started at (0: the whole file). */
  from: number;
  real: string;
  dev: number;
  ino: number;
  size: number;
  stats: LineReadStats;
}

/**
 * Opens a file outside the workspace under the rule and hands `fn` its whole lines from the
 * offset `start` picks once the file is open (seeing its identity and size: a cursor that no
 * longer fits starts at 0) to its size at open, streamed; the file is closed after.
 */
export function readOutsideLines<T>(
  file: string,
  opts: OutsideOpenOptions & Omit<LineReadOptions, "to" | "from">,
  start: (f: OutsideFile) => number,
  fn: (lines: Iterable<string>, from: number) => T,
): OutsideRead<T> {
  const f = openOutsideFile(file, opts);
  try {
    const want = start(f);
    const from = want > 0 && want <= f.size ? want : 0;
    const stats: LineReadStats = { bytesRead: 0, end: from, lines: 0, skipped: 0 };
    const value = fn(streamLines(f.fd, { ...opts, from, to: f.size }, stats), from);
    return { value, from, real: f.real, dev: f.dev, ino: f.ino, size: f.size, stats };
  } finally {
    closeSync(f.fd);
  }
}

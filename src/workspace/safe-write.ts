import { closeSync, constants, existsSync, fchmodSync, fstatSync, ftruncateSync, mkdirSync, fsyncSync, linkSync, lstatSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { linkIfAbsent, writeAllSynced } from "../shared/temp-file.js";
import { sleepSync } from "../shared/sleep.js";

/**
 * Replaces a file so that readers see either the old or the new content, never half of
 * either: write a temp file beside it, fsync, rename over. A crash leaves the old file.
 */
export function atomicWrite(file: string, content: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "w");
  try {
    writeAllSynced(fd, Buffer.from(content, "utf8"), file);
  } catch (e) {
    // A short write leaves nothing behind: the old file stays whole, no temp file lingers.
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
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
    writeAllSynced(fd, typeof content === "string" ? Buffer.from(content, "utf8") : content, file);
  } catch (e) {
    // The file is ours (created just now): a half-written one is removed, not left to be read.
    closeSync(fd);
    unlinkSync(file);
    throw e;
  }
  closeSync(fd);
  return true;
}


/**
 * Appends all of `data` at the end of the file open on `fd` (O_APPEND), or nothing: a write
 * cut short is rolled back (the file truncated to where it ended before), so no torn entry
 * is left for the next append to glue onto. Another writer's append after ours cannot be
 * cut out; then the error says the tail is torn.
 */
function appendAll(fd: number, data: Buffer, file: string): void {
  const start = fstatSync(fd).size;
  try {
    writeAllSynced(fd, data, file);
  } catch (e) {
    const size = fstatSync(fd).size;
    if (size > start && size <= start + data.length) {
      ftruncateSync(fd, start);
      fsyncSync(fd);
    }
    throw e;
  }
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
export function appendVerified(file: string, text: string, opts: { mode?: number } = {}): void {
  let before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  // An editor's atomic-rename save can replace the file between our open and our write: the
  // text then went into the replaced file. Seen by the inode changing; append again.
  for (let attempt = 0; ; attempt++) {
    const fd = openSync(file, "a", opts.mode ?? 0o666);
    let ino: number;
    try {
      // The umask may have left more (or fewer) bits than asked: the mode is set, not hoped for.
      if (opts.mode !== undefined && (fstatSync(fd).mode & 0o777) !== opts.mode) fchmodSync(fd, opts.mode);
      appendAll(fd, Buffer.from(text, "utf8"), file);
      ino = fstatSync(fd).ino;
    } finally {
      closeSync(fd);
    }
    let now: number | undefined;
    try {
      now = statSync(file).ino;
    } catch {
      now = undefined;
    }
    if (now === ino || attempt >= 3) break;
    before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    // The replacing editor read the file after our write: our text is already in it.
    if (before.includes(Buffer.from(text, "utf8"))) return;
  }
  const after = readFileSync(file);
  if (after.length < before.length || !after.subarray(0, before.length).equals(before)) {
    throw new AppendVerificationError(file);
  }
}

export type SwapResult =
  | {
      ok: true;
      /**
       * Files kept beside `file` holding writes that landed in the replaced file during this
       * swap (one that was not an addition at its end) or after an earlier one (see settleSwaps).
       */
      keptEarlier?: string[];
      /** Bytes someone added at the end of the replaced file during the swap, carried over to the end of the new one. */
      carried?: string;
    }
  | {
      ok: false;
      /** What a person did to the file meanwhile, in words. */
      reason: string;
      /** Absolute path of a file kept beside `file` so no one's text is lost, if one was needed. */
      kept?: string;
      keptEarlier?: string[];
    };

export interface SwapOptions {
  /**
   * True when the caller has the bytes it compared saved elsewhere (a version history):
   * then, when someone else's file took the name during the swap, the old file need not be
   * kept beside it.
   */
  oldIsSaved?: boolean;
  /**
   * How long to wait, after the new file is in place, before the last look at the old one. A
   * writer that opened the old file just before the swap (an `>>` append, an editor writing
   * in place) lands its bytes within microseconds of opening it; this wait catches them.
   */
  settleMs?: number;
  /** Clock for the kept file's name. */
  now?: () => number;
  /**
   * A folder on the same file system (the engine's .agent/swap/) for the swap's temporary and
   * parked files, so none is ever left in the person's folder, even by a kill -9. Default, or
   * when it is on another device: beside the file.
   */
  workDir?: string;
  /**
   * Replace an empty file too. Off by default: an empty file is what an editor's in-place save
   * looks like between its truncate and its write, and a caller that read it a moment ago may
   * be looking at exactly that. A person's explicit command (accept, rollback) turns it on.
   */
  allowEmpty?: boolean;
  /** Called after each step; tests aim concurrent writes at every step with it. */
  onStep?: (step: SwapStep) => void;
}

/**
 * Compare-and-swap on a file that people edit by hand: replaces `file` with `content` only if
 * it holds exactly `expected` (null: only if it does not exist), and never loses a byte
 * someone else wrote, whichever way they write. `file` is never absent and never holds
 * anything but a whole file, at any instant: it changes by one atomic rename over it.
 *   1. the new content goes to a temp file (fsync);
 *   2. `file` is opened and its bytes compared with `expected` through the descriptor; a
 *      difference: nothing is touched -> changed;
 *   3. the compared file gets a second name in the work folder (link), checked to be the very
 *      file compared (an editor's rename-save in between -> changed, nothing touched);
 *   4. the temp file is renamed over `file`: the one step readers can see, and the last one
 *      that changes what the name shows: the swap never puts the old file back, because the
 *      new one may have been read meanwhile, and an editor that loaded it saves over whatever
 *      is under the name then;
 *   5. after `settleMs`, the compared file is read again through its second name: a writer that
 *      opened it before step 4 (an `>>` append, an editor writing in place) wrote into it. Bytes
 *      added at its end are appended to the new file (carried), and held in the work folder
 *      until a later look finds them in `file`; any other write keeps the old file beside
 *      `file`. An in-place save caught mid-way (the old file cut short) is looked at again;
 *   6. the old file is parked under a hidden name (see park) and removed by a later swap if
 *      nothing wrote into it meanwhile, else kept beside `file` (settleSwaps).
 * What it cannot see: an editor's rename-save landing in the microseconds between steps 3 and
 * 4 is replaced (rename(2) has no compare); every in-place write and append is kept.
 * "kept" names any file left beside `file` (`<file>.kept-<time>`) so a person's text survives.
 * An empty file is never replaced (see below).
 */
export function swapFile(file: string, expected: Buffer | null, content: string | Buffer, opts: SwapOptions = {}): SwapResult {
  // The rename would replace the link itself with the new text: callers pass the real file
  // (guard.ts checkWriteTarget), which is swapped while the link stays a link.
  if (isSymlink(file)) return { ok: false, reason: `${path.basename(file)} is a symbolic link; swap the file it points to` };
  const earlier = settleSwaps(file, opts);
  const res = swapNow(file, expected, content, { ...opts, workDir: workDirFor(file, opts.workDir) });
  const kept = [...earlier, ...(res.ok ? (res.keptEarlier ?? []) : [])];
  return kept.length > 0 ? { ...res, keptEarlier: kept } : res;
}

/** The steps of a swap, named for tests that aim a write at each (SwapOptions.onStep). */
export type SwapStep = "written" | "compared" | "linked" | "renamed" | "settled" | "carried";

function swapNow(file: string, expected: Buffer | null, content: string | Buffer, opts: SwapOptions): SwapResult {
  const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const dir = path.dirname(file);
  const name = path.basename(file);
  const step = opts.onStep ?? (() => undefined);
  const tmp = tempName(file, "new", opts.workDir);
  writeSynced(tmp, data);
  try {
    step("written");
    if (expected === null) {
      if (!linkIfAbsent(tmp, file)) return { ok: false, reason: `${name} was created meanwhile` };
      fsyncDir(dir);
      return { ok: true };
    }
    if (expected.length === 0 && !opts.allowEmpty) {
      // An empty file is what an editor's in-place save looks like between its truncate and
      // its write: the bytes about to land exist only in the editor. Never replaced.
      return { ok: false, reason: `${name} was empty, as during an editor's save` };
    }
    const aside = tempName(file, "old", opts.workDir);
    const held = holdCompared(file, aside, expected, step);
    if (held !== null) return { ok: false, reason: `${name} ${held}` };
    if (!sameFile(aside, file)) {
      // An editor's rename-save since the compare: theirs stays.
      park(aside, file, expected, opts.workDir);
      return { ok: false, reason: `${name} was replaced meanwhile` };
    }
    renameSync(tmp, file);
    fsyncDir(dir);
    step("renamed");
    return carryLate(file, aside, expected, opts);
  } finally {
    if (existsSync(tmp)) unlinkSync(tmp);
  }
}

/**
 * Steps 2 and 3: compares `file` with `expected` through a descriptor, then gives that very
 * file the name `aside`. Null when done; else what happened to `file`, in words (and nothing
 * was changed).
 */
function holdCompared(file: string, aside: string, expected: Buffer, step: (s: SwapStep) => void): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "was deleted meanwhile";
    throw e;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return "is not a regular file";
    const cur = readFd(fd, st.size);
    if (!cur.equals(expected)) return "was edited meanwhile";
    step("compared");
    try {
      linkSync(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return "was deleted meanwhile";
      throw e;
    }
    // lstat: link(2) gives a symlink itself a second name, and a relative one dangles there.
    if (lstatSync(aside).ino !== st.ino) {
      unlinkSync(aside);
      return "was replaced meanwhile";
    }
    step("linked");
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Steps 5 and 6. The new file stays under the name whatever is found: it was readable there
 * since the rename, and putting the old file back would hand the name to a file an editor
 * that loaded the new text then saves over (taking the late write with it).
 */
function carryLate(file: string, aside: string, expected: Buffer, opts: SwapOptions): SwapResult {
  const late = lateBytes(aside, expected, opts);
  if (late.equals(expected)) {
    park(aside, file, expected, opts.workDir);
    dropHeldIn(file, expected, opts.workDir);
    return { ok: true };
  }
  if (addedAtLineEnd(late, expected)) {
    const added = late.subarray(expected.length);
    carry(file, added, opts);
    // Parked with what it holds now: a write still to land in it is kept by a later look.
    park(aside, file, late, opts.workDir);
    dropHeldIn(file, expected, opts.workDir);
    return { ok: true, carried: added.toString("utf8") };
  }
  // Rewritten (or still cut short by a save that has not landed): the old file, under its new
  // name, keeps taking whatever its writer still writes.
  return { ok: true, keptEarlier: [keepBeside(aside, file, opts)] };
}

/**
 * `late` is `expected` with lines added at its end. An `expected` that ends inside a line may
 * be a torn read: an in-place save landing while the caller read (a read sees a multi-page
 * write a page at a time); its rest is no addition, so the old file is kept whole instead.
 */
function addedAtLineEnd(late: Buffer, expected: Buffer): boolean {
  if (late.length <= expected.length || !late.subarray(0, expected.length).equals(expected)) return false;
  return expected.length === 0 || expected[expected.length - 1] === 0x0a;
}

/** Lookups of the old file while an in-place save into it looks mid-way, before the swap settles on what it holds. */
const MID_SAVE_LOOKS = 5;

/**
 * The old file's bytes after `settleMs`. An in-place save truncates, then writes: a file cut
 * short of `expected` (empty, or a part of it), or a late addition without its line end, is a
 * save still landing on a loaded machine, looked at again a few times.
 */
function lateBytes(aside: string, expected: Buffer, opts: SwapOptions): Buffer {
  const wait = opts.settleMs ?? 10;
  if (wait > 0) sleepSync(wait);
  (opts.onStep ?? (() => undefined))("settled");
  let late = readFileSync(aside);
  for (let i = 0; i < MID_SAVE_LOOKS && midSave(late, expected); i++) {
    sleepSync(Math.max(wait, 1));
    late = readFileSync(aside);
  }
  return late;
}

function midSave(late: Buffer, expected: Buffer): boolean {
  if (late.length < expected.length) return expected.subarray(0, late.length).equals(late);
  return late.length > expected.length && late[late.length - 1] !== 0x0a && late.subarray(0, expected.length).equals(expected);
}

/**
 * Appends what was added to the old file to the new one. An editor that loaded the new file
 * before this append and saves in place after it writes over it: a copy is held in the work
 * folder first, and a later look (settleSwaps) keeps it beside `file` when `file` lacks its lines.
 */
function carry(file: string, added: Buffer, opts: SwapOptions): void {
  holdBytes(added, file, opts.workDir);
  const fd = openSync(file, "a");
  try {
    appendAll(fd, added, file);
  } finally {
    closeSync(fd);
  }
  (opts.onStep ?? (() => undefined))("carried");
}

/** A copy of bytes someone wrote, held in the work folder until a later look finds them in `file` (settleHeld). */
function holdBytes(bytes: Buffer, file: string, workDir: string | undefined): void {
  writeSynced(path.join(workDir ?? path.dirname(file), `${heldPrefix(file)}${shortHash(bytes)}.${process.pid}.${randomBytes(4).toString("hex")}`), bytes);
}

function heldPrefix(file: string): string {
  return `.${path.basename(file)}.held-`;
}

/** Every line of `part` is a line of `whole`: the held text is still in the file. */
function linesIn(part: Buffer, whole: Buffer): boolean {
  const have = new Set(whole.toString("utf8").split("\n"));
  return part.toString("utf8").split("\n").every((l) => l.trim() === "" || have.has(l));
}

/** After a swap that replaced `expected`: held copies whose lines it had were saved with it (the caller's history). */
function dropHeldIn(file: string, expected: Buffer, workDir: string | undefined): void {
  for (const dir of workDir !== undefined ? [path.dirname(file), workDir] : [path.dirname(file)]) {
    const names = namesIn(dir);
    for (const name of names) {
      if (!name.startsWith(heldPrefix(file))) continue;
      const abs = path.join(dir, name);
      try {
        if (linesIn(readFileSync(abs), expected)) unlinkSync(abs);
      } catch {
        // Gone already: another swap looked first.
      }
    }
  }
}

function readFd(fd: number, size: number): Buffer {
  const chunks: Buffer[] = [];
  let buf = Buffer.alloc(Math.max(size, 4096));
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, null);
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    if (n === buf.length) buf = Buffer.alloc(buf.length);
  }
  return Buffer.concat(chunks);
}

/**
 * The old file is not deleted at the end of a swap but parked under a hidden name that carries
 * the hash of the bytes it held: a writer that opened it before the swap and was descheduled
 * past `settleMs` (a loaded machine) still writes into it, and the next swap (settleSwaps)
 * sees the hash no longer match and keeps it beside the file instead of losing it.
 */
function park(aside: string, file: string, expected: Buffer, workDir: string | undefined): void {
  renameSync(aside, path.join(workDir ?? path.dirname(file), `${parkPrefix(file)}${shortHash(expected)}.${process.pid}.${randomBytes(4).toString("hex")}`));
}

/** The work folder when it exists (or can be made) on the file's device; else undefined (beside the file). */
function workDirFor(file: string, workDir: string | undefined): string | undefined {
  if (workDir === undefined) return undefined;
  try {
    mkdirSync(workDir, { recursive: true });
    return statSync(workDir).dev === statSync(path.dirname(file)).dev ? workDir : undefined;
  } catch {
    return undefined;
  }
}

/** Since the file was parked: the rename that parked it set its ctime (real time, like the grace). */
function parkedFor(abs: string): number {
  try {
    return Date.now() - lstatSync(abs).ctimeMs;
  } catch {
    return 0;
  }
}

function parkPrefix(file: string): string {
  return `.${path.basename(file)}.prev-`;
}

function shortHash(b: Buffer): string {
  return createHash("sha256").update(b).digest("hex").slice(0, 16);
}

/**
 * Looks at the old files earlier swaps parked beside `file`: one still holding the bytes it was
 * parked with is removed; one written to since is kept beside `file` as `<file>.kept-<time>`,
 * and returned. swapFile calls it first; callers may call it at other times too.
 */
export function settleSwaps(file: string, opts: SettleOptions = {}): string[] {
  const kept: string[] = [];
  for (const dir of opts.workDir !== undefined ? [path.dirname(file), opts.workDir] : [path.dirname(file)]) kept.push(...settleIn(dir, file, opts));
  return kept;
}

export interface SettleOptions extends Pick<SwapOptions, "now" | "workDir"> {
  /**
   * How long an unchanged parked file stays before it is removed (default a minute). A writer
   * that opened the old file just before the swap but was descheduled inside its open() or
   * before its write() (a loaded machine) lands its bytes later than any settle wait: the
   * parked file must still have a name then, for the next look to keep it beside.
   */
  graceMs?: number;
}

const PARK_GRACE_MS = 60_000;

function settleIn(dir: string, file: string, opts: SettleOptions): string[] {
  const prefix = parkPrefix(file);
  const kept: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return kept;
  }
  for (const name of names) {
    if (name.startsWith(heldPrefix(file))) {
      const k = settleHeld(path.join(dir, name), file, opts);
      if (k !== null) kept.push(k);
      continue;
    }
    if (!name.startsWith(prefix)) continue;
    const abs = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(abs);
    } catch {
      continue;
    }
    if (shortHash(bytes) !== name.slice(prefix.length).split(".")[0]) kept.push(keepBeside(abs, file, opts));
    else if (parkedFor(abs) >= (opts.graceMs ?? PARK_GRACE_MS)) unlinkSync(abs);
  }
  return kept;
}

/** A held copy (see carry): kept beside when `file` lost its lines, removed after the grace when it did not. */
function settleHeld(abs: string, file: string, opts: SettleOptions): string | null {
  let held: Buffer;
  let cur: Buffer;
  try {
    held = readFileSync(abs);
  } catch {
    return null;
  }
  try {
    cur = readFileSync(file);
  } catch {
    cur = Buffer.alloc(0);
  }
  // An empty file is what an in-place save looks like between its truncate and its write:
  // the copy waits for a later look.
  if (cur.length === 0 && existsSync(file)) return null;
  if (!linesIn(held, cur)) return keepBeside(abs, file, opts);
  if (parkedFor(abs) >= (opts.graceMs ?? PARK_GRACE_MS)) unlinkSync(abs);
  return null;
}

/**
 * Cleans up after a swap of `file` that a kill -9 cut short (its process is gone): a leftover
 * new-content temp file is only a second name of `file` (or never reached it: the caller's
 * version history holds that content), so it is removed — while it stays, `file` has two
 * hard links and the indexer, rightly wary of those, would skip it. A leftover old file
 * goes back to `file` when `file` is missing; otherwise it is parked like a finished swap's
 * (settleSwaps keeps it beside `file` if it differs from what was parked). Returns what it
 * did, for a notice.
 */
export function recoverInterruptedSwaps(file: string, workDir: string, isAlive: (pid: number) => boolean): string[] {
  const done: string[] = [];
  const base = path.basename(file);
  for (const dir of [path.dirname(file), workDir]) {
    const names = namesIn(dir);
    for (const name of names) {
      const m = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(new|old)\\.(\\d+)\\.[0-9a-f]+\\.tmp$`).exec(name);
      if (!m || isAlive(Number(m[2]))) continue;
      const abs = path.join(dir, name);
      if (m[1] === "new") {
        unlinkSync(abs);
        done.push(`removed ${name} left by an interrupted swap of ${base}`);
      } else if (sameFile(abs, file)) {
        unlinkSync(abs);
        done.push(`removed ${name} left by an interrupted swap of ${base}`);
      } else if (!existsSync(file) && linkIfAbsent(abs, file)) {
        unlinkSync(abs);
        done.push(`${base} was missing after an interrupted swap: put back from ${name}`);
      } else {
        park(abs, file, readFileSync(abs), workDirFor(file, workDir));
        done.push(`parked ${name} left by an interrupted swap of ${base}`);
      }
    }
  }
  return done;
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.ino === sb.ino && sa.dev === sb.dev;
  } catch {
    return false;
  }
}

function tempName(file: string, what: string, workDir?: string): string {
  return path.join(workDir ?? path.dirname(file), `.${path.basename(file)}.${what}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** Writes a new file; returns its inode. */
function writeSynced(file: string, data: Buffer): number {
  const fd = openSync(file, "wx");
  let ino: number;
  try {
    writeAllSynced(fd, data, file);
    ino = fstatSync(fd).ino;
  } catch (e) {
    closeSync(fd);
    unlinkSync(file);
    throw e;
  }
  closeSync(fd);
  return ino;
}

function keepBeside(aside: string, file: string, opts: SwapOptions): string {
  const stamp = new Date((opts.now ?? Date.now)()).toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  let kept = `${file}.kept-${stamp}`;
  for (let i = 2; existsSync(kept); i++) kept = `${file}.kept-${stamp}-${i}`;
  renameSync(aside, kept);
  return kept;
}

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The names in a folder, or none when it cannot be read (gone, or not a folder): nothing to settle there. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Appends to a log that only grows (a session transcript) and proves it cheaply: the last
 * `tail` bytes before the append and the appended bytes are read back where they must be.
 * appendVerified reads the whole file twice, which over a long conversation made every turn
 * cost the whole transcript; a log's older bytes are not rewritten by anyone but a person,
 * whose edit in the tail is what this still catches.
 */
export function appendTailVerified(file: string, text: string, tail = 4096): void {
  const data = Buffer.from(text, "utf8");
  const fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    const start = fstatSync(fd).size;
    const from = Math.max(0, start - tail);
    const before = readRange(fd, from, start - from);
    appendAll(fd, data, file);
    const back = readRange(fd, from, before.length + data.length);
    if (!back.equals(Buffer.concat([before, data]))) throw new AppendVerificationError(file);
  } finally {
    closeSync(fd);
  }
}

function readRange(fd: number, pos: number, len: number): Buffer {
  const buf = Buffer.alloc(len);
  let got = 0;
  while (got < len) {
    const n = readSync(fd, buf, got, len - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got);
}

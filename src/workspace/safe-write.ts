import { closeSync, existsSync, fstatSync, mkdirSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { sleepSync } from "../shared/sleep.js";

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
  let before = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  // An editor's atomic-rename save can replace the file between our open and our write: the
  // text then went into the replaced file. Seen by the inode changing; append again.
  for (let attempt = 0; ; attempt++) {
    const fd = openSync(file, "a");
    let ino: number;
    try {
      writeSync(fd, text);
      fsyncSync(fd);
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
      /** Files kept beside `file` holding writes that landed after an earlier swap (see settleSwaps). */
      keptEarlier?: string[];
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
}

/**
 * Compare-and-swap on a file that people edit by hand: replaces `file` with `content` only if
 * it holds exactly `expected` (null: only if it does not exist), and never loses a byte
 * someone else wrote, whichever way they write.
 *
 * Why not read, compare, then rename a temp file over: an edit landing between the compare and
 * the rename was silently lost. Here the compare happens on the old file after it has left the
 * name, so nothing can change it through the name any more:
 *   1. the new content goes to a temp file (fsync);
 *   2. `file` is renamed aside (atomic); an editor's atomic-rename save after this instant
 *      creates a new `file`, which step 4 will not replace;
 *   3. the aside file is compared with `expected`; a difference means an edit landed before the
 *      rename: the aside file is linked back (never over a file created meanwhile) -> changed;
 *   4. the temp file is hard-linked to `file` (link fails if the name exists, so a file an
 *      editor or an `>>` created meanwhile is never replaced) -> changed;
 *   5. after `settleMs`, the aside file is compared again: a writer that opened the old file
 *      before step 2 writes into it; its text wins: it goes back to `file` if `file` is still
 *      ours, else it is kept beside -> changed;
 *   6. the aside file is parked under a hidden name (see park) and removed by the next swap if
 *      nothing wrote into it meanwhile, else kept beside `file` (settleSwaps).
 * "kept" names any file left beside `file` (`<file>.kept-<time>`) so a person's text survives.
 * An empty file is never replaced (see below).
 */
export function swapFile(file: string, expected: Buffer | null, content: string | Buffer, opts: SwapOptions = {}): SwapResult {
  const earlier = settleSwaps(file, opts);
  const res = swapNow(file, expected, content, { ...opts, workDir: workDirFor(file, opts.workDir) });
  return earlier.length > 0 ? { ...res, keptEarlier: earlier } : res;
}

function swapNow(file: string, expected: Buffer | null, content: string | Buffer, opts: SwapOptions): SwapResult {
  const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const dir = path.dirname(file);
  const tmp = tempName(file, "new", opts.workDir);
  writeSynced(tmp, data);
  try {
    if (expected === null) {
      if (!tryLink(tmp, file)) return { ok: false, reason: `${path.basename(file)} was created meanwhile` };
      fsyncDir(dir);
      return { ok: true };
    }
    if (expected.length === 0 && !opts.allowEmpty) {
      // An empty file is what an editor's in-place save looks like between its truncate and
      // its write: the bytes about to land exist only in the editor. Never replaced.
      return { ok: false, reason: `${path.basename(file)} was empty, as during an editor's save` };
    }
    const aside = tempName(file, "old", opts.workDir);
    try {
      renameSync(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return { ok: false, reason: `${path.basename(file)} was deleted meanwhile` };
      throw e;
    }
    const old = readFileSync(aside);
    if (!old.equals(expected)) {
      if (tryLink(aside, file)) {
        unlinkSync(aside);
        return { ok: false, reason: `${path.basename(file)} was edited meanwhile` };
      }
      return { ok: false, reason: `${path.basename(file)} was edited meanwhile, twice`, kept: keepBeside(aside, file, opts) };
    }
    if (!tryLink(tmp, file)) {
      // Someone's new file holds the name; the old bytes are the ones the caller compared.
      if (opts.oldIsSaved) {
        park(aside, file, expected, opts.workDir);
        return { ok: false, reason: `${path.basename(file)} was replaced meanwhile` };
      }
      return { ok: false, reason: `${path.basename(file)} was replaced meanwhile`, kept: keepBeside(aside, file, opts) };
    }
    fsyncDir(dir);
    if ((opts.settleMs ?? 10) > 0) sleepSync(opts.settleMs ?? 10);
    const late = readFileSync(aside);
    if (!late.equals(expected)) {
      // A write into the old file after the swap: the person's text wins the name back.
      let cur: Buffer | undefined;
      try {
        cur = readFileSync(file);
      } catch {
        cur = undefined;
      }
      if (cur !== undefined && cur.equals(data)) {
        renameSync(aside, file);
        fsyncDir(dir);
        return { ok: false, reason: `${path.basename(file)} was written to during the swap` };
      }
      return { ok: false, reason: `${path.basename(file)} was written to during the swap`, kept: keepBeside(aside, file, opts) };
    }
    park(aside, file, expected, opts.workDir);
    return { ok: true };
  } finally {
    if (existsSync(tmp)) unlinkSync(tmp);
  }
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
export function settleSwaps(file: string, opts: Pick<SwapOptions, "now" | "workDir"> = {}): string[] {
  const kept: string[] = [];
  for (const dir of opts.workDir !== undefined ? [path.dirname(file), opts.workDir] : [path.dirname(file)]) kept.push(...settleIn(dir, file, opts));
  return kept;
}

function settleIn(dir: string, file: string, opts: Pick<SwapOptions, "now">): string[] {
  const prefix = parkPrefix(file);
  const kept: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return kept;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const abs = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(abs);
    } catch {
      continue;
    }
    if (shortHash(bytes) === name.slice(prefix.length).split(".")[0]) unlinkSync(abs);
    else kept.push(keepBeside(abs, file, opts));
  }
  return kept;
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
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const m = new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(new|old)\\.(\\d+)\\.[0-9a-f]+\\.tmp$`).exec(name);
      if (!m || isAlive(Number(m[2]))) continue;
      const abs = path.join(dir, name);
      if (m[1] === "new") {
        unlinkSync(abs);
        done.push(`removed ${name} left by an interrupted swap of ${base}`);
      } else if (!existsSync(file) && tryLink(abs, file)) {
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

function tempName(file: string, what: string, workDir?: string): string {
  return path.join(workDir ?? path.dirname(file), `.${path.basename(file)}.${what}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

function writeSynced(file: string, data: Buffer): void {
  const fd = openSync(file, "wx");
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** link(2): true when `to` was created, false when the name was taken. */
function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
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

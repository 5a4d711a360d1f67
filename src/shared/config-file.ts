/**
 * Writing a config file that belongs to the person (an assistant's settings, `~/.claude.json`,
 * OpenClaw's config) so that nothing of theirs is lost or loosened:
 *   - through a symbolic link to its target (dotfiles managed by a link farm stay links);
 *   - with the file's own mode and owner (a 0600 file holding API keys stays 0600); a new file 0600;
 *   - compare-and-retry: the edit is made from the text read, and the file is read again just
 *     before the atomic rename; if another program changed it meanwhile (a running Claude Code
 *     rewrites `~/.claude.json` often) the edit is made again from its new text, so the other
 *     writer's keys are kept. The file the rename will replace is held under a second name and
 *     its text compared, then the name is checked to still be that very file: only what was
 *     compared is ever replaced (a writer renaming in after the look is seen, nothing renamed);
 *     what is left is the instant between that check and the rename, which no lock-free writer
 *     can close: for a program that locks its config (Claude Code, OpenClaw) its own lock is
 *     held around each read-edit-rename (config-lock.ts), so its saves never land there. After
 *     the rename the file is read once more and, when a writer that writes in place put its own
 *     text over ours, our edit is made again on theirs;
 *   - a file caught half-written by such a writer (it does not parse) is read again.
 * The edit is a function of the current text: pure, idempotent (adding twice changes nothing).
 */
import { linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { takeConfigLock, type ConfigLock } from "./config-lock.js";
import { sleepSync } from "./sleep.js";
import { linkIfAbsent, writeTempBeside } from "./temp-file.js";

/** New config files and every backup: owner only (they may hold API keys). */
export const CONFIG_FILE_MODE = 0o600;

/** Rounds of read, edit, compare before giving up on a file that keeps changing... */
const ATTEMPTS = 2000;
/** ...or this long: a busy machine makes each round slow, and a writer saving every few ms is then seen in most. */
const GIVE_UP_MS = 15_000;

export class ConfigChangingError extends Error {
  constructor(readonly file: string) {
    super(`${file} kept changing while it was being edited (another program writes it continuously); nothing of ours was left in it — close that program and run the command again`);
    this.name = "ConfigChangingError";
  }
}

/** The file a config path names: its link's target when it is a symbolic link (followed to the end), else itself. */
export function configTarget(file: string): string {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    return file;
  }
  if (!st.isSymbolicLink()) return file;
  try {
    return realpathSync(file);
  } catch {
    // A link to a file not created yet: the file it names, created there.
    let at = file;
    for (let hops = 0; hops < 40; hops++) {
      let link: string;
      try {
        link = readlinkSync(at);
      } catch {
        return at;
      }
      at = path.resolve(path.dirname(at), link);
    }
    throw new Error(`${file}: too many levels of symbolic links; nothing was changed`);
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** Writes `text` to a new file beside `target` with the given mode and owner; returns its name. */
function writeTemp(target: string, text: string, mode: number, owner: { uid: number; gid: number } | null): string {
  return writeTempBeside(target, text, { mode, owner, tag: "agent-memory" });
}

export interface ConfigWriteResult {
  /** The file written (the link's target for a link). */
  target: string;
  /** false: the edit changed nothing. */
  written: boolean;
  /** How many times the file changed under us and the edit was made again. */
  retries: number;
}

export interface ConfigWriteOptions {
  /** Called after the last look at the file's text, before it is taken for the rename: where another program's write is the race this guards (tests put one there). */
  afterLastLook?: (target: string) => void;
  /**
   * The lock the file's own program takes around its saves (config-lock.ts): held around each
   * read-edit-rename, so a save of theirs never lands between our last look and our rename.
   */
  lock?: ConfigLock;
  /** Called each time that lock is found held by another (tests release it there). */
  onLockHeld?: (lockPath: string) => void;
}

/** One read-edit-replace: done, or to be made again (the file changed, or was caught half written). */
type Attempt = { done: true; written: boolean } | { done: false; error?: unknown };

/**
 * Applies `edit` to the file's current text and writes the result (null: remove the file), as
 * described above. `edit` may throw on text it cannot parse: while the file is changing that
 * text is read again; a file that stays unparsable is refused with `edit`'s own error.
 */
export function writeConfigFile(file: string, edit: (current: string | null) => string | null, opts: ConfigWriteOptions = {}): ConfigWriteResult {
  const target = configTarget(file);
  let retries = 0;
  let lastError: unknown;
  const giveUpAt = Date.now() + GIVE_UP_MS;
  for (let attempt = 0; attempt < ATTEMPTS && Date.now() < giveUpAt; attempt++) {
    // Held for this one attempt only: the program waits on it for milliseconds, never for our retries.
    const release = opts.lock === undefined ? null : takeConfigLock(opts.lock, { giveUpAt, ...(opts.onLockHeld ? { onHeld: opts.onLockHeld } : {}) });
    let a: Attempt;
    try {
      a = attemptOnce(target, edit, opts);
    } finally {
      release?.();
    }
    if (a.done) return { target, written: a.written || retries > 0, retries };
    retries++;
    if (a.error !== undefined) {
      lastError = a.error;
      continue;
    }
    // Right after a change seen is the writer's quiet moment: try again soon, at a random
    // offset so a writer saving on a steady beat does not land in the same place every time.
    sleepSync(Math.random() * Math.min(1 + attempt / 20, 5));
  }
  if (lastError !== undefined) throw lastError;
  throw new ConfigChangingError(file);
}

function attemptOnce(target: string, edit: (current: string | null) => string | null, opts: ConfigWriteOptions): Attempt {
  const cur = readText(target);
  let after: string | null;
  try {
    after = edit(cur);
  } catch (e) {
    // Half of another writer's text, or a file that really is broken: read again shortly.
    sleepSync(10);
    if (readText(target) === cur) throw e;
    return { done: false, error: e };
  }
  if (after === cur) return { done: true, written: false };
  // A writer that writes in place may have put its own text over ours since the rename: edit that.
  if (replace(target, cur, after, opts) && readText(target) === after) return { done: true, written: true };
  return { done: false };
}

/**
 * Replaces `target` (holding `expected`) by `after`; false, with nothing replaced, when it no
 * longer holds `expected`. The file to be replaced is held under a second name (a link), its
 * text compared, and the name checked to still be that same file right before the rename: a
 * writer that renamed its own file in at any moment before that check is seen, not overwritten.
 */
function replace(target: string, expected: string | null, after: string | null, opts: ConfigWriteOptions): boolean {
  if (after === null) {
    if (readText(target) !== expected) return false;
    opts.afterLastLook?.(target);
    try {
      unlinkSync(target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
    return true;
  }
  let mode = CONFIG_FILE_MODE;
  let owner: { uid: number; gid: number } | null = null;
  try {
    const st = statSync(target);
    mode = st.mode & 0o7777;
    owner = { uid: st.uid, gid: st.gid };
  } catch {
    mkdirSync(path.dirname(target), { recursive: true });
  }
  const tmp = writeTemp(target, after, mode, owner);
  try {
    // The last look before the rename: a change since the read is edited again, not overwritten.
    if (readText(target) !== expected) return false;
    opts.afterLastLook?.(target);
    // A new file is created only if still absent (link fails on an existing name).
    return expected === null ? linkIfAbsent(tmp, target) : swapIn(tmp, target, expected);
  } finally {
    removeQuietly(tmp);
  }
}

/** Renames `tmp` over `target` only when the file there is still the one holding `expected`. */
function swapIn(tmp: string, target: string, expected: string): boolean {
  const hold = `${tmp}.held`;
  try {
    linkSync(target, hold);
  } catch {
    return false;
  }
  try {
    // Held, that file's text cannot change under a writer that renames: compare it, then check
    // the name still points at it, and rename at once (the only gap is between those two calls).
    const held = lstatSync(hold);
    if (readText(hold) !== expected) return false;
    let now;
    try {
      now = lstatSync(target);
    } catch {
      return false;
    }
    if (now.ino !== held.ino || now.dev !== held.dev) return false;
    renameSync(tmp, target);
    return true;
  } finally {
    removeQuietly(hold);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already (renamed into place, or never made).
  }
}

/** Keeps `text` as the backup file (0600, replaced atomically), once: an existing backup is left alone. */
export function writeBackupOnce(backup: string, text: string): boolean {
  try {
    lstatSync(backup);
    return false;
  } catch {
    // Not there yet.
  }
  mkdirSync(path.dirname(backup), { recursive: true });
  const tmp = writeTemp(backup, text, CONFIG_FILE_MODE, null);
  renameSync(tmp, backup);
  return true;
}

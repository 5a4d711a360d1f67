/**
 * Writing a config file that belongs to the person (an assistant's settings, `~/.claude.json`,
 * OpenClaw's config) so that nothing of theirs is lost or loosened:
 *   - through a symbolic link to its target (dotfiles managed by a link farm stay links);
 *   - with the file's own mode and owner (a 0600 file holding API keys stays 0600); a new file 0600;
 *   - compare-and-retry: the edit is made from the text read, and the file is read again just
 *     before the atomic rename; if another program changed it meanwhile (a running Claude Code
 *     rewrites `~/.claude.json` often) the edit is made again from its new text, so the other
 *     writer's keys are kept; after the rename the file is read once more and, when a writer that
 *     writes in place put its own text over ours, our edit is made again on theirs;
 *   - a file caught half-written by such a writer (it does not parse) is read again.
 * The edit is a function of the current text: pure, idempotent (adding twice changes nothing).
 */
import { linkSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { sleepSync } from "./sleep.js";
import { writeTempBeside } from "./temp-file.js";

/** New config files and every backup: owner only (they may hold API keys). */
export const CONFIG_FILE_MODE = 0o600;

/** Rounds of read, edit, compare before giving up on a file that keeps changing. */
const ATTEMPTS = 200;

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

/**
 * Applies `edit` to the file's current text and writes the result (null: remove the file), as
 * described above. `edit` may throw on text it cannot parse: while the file is changing that
 * text is read again; a file that stays unparsable is refused with `edit`'s own error.
 */
export function writeConfigFile(file: string, edit: (current: string | null) => string | null): ConfigWriteResult {
  const target = configTarget(file);
  let retries = 0;
  let lastError: unknown;
  /** Text another writer put under the name just before our rename (taken back from the held file), to edit instead. */
  let overwritten: { text: string | null; after: string } | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const cur = readText(target);
    // Nobody wrote since our rename: the text we replaced by mistake is the one to edit.
    const base = overwritten !== undefined && cur === overwritten.after ? overwritten.text : cur;
    overwritten = undefined;
    let after: string | null;
    try {
      after = edit(base);
    } catch (e) {
      // Half of another writer's text, or a file that really is broken: read again shortly.
      lastError = e;
      sleepSync(10);
      if (readText(target) === cur) throw e;
      retries++;
      continue;
    }
    if (after === cur) return { target, written: retries > 0, retries };
    const r = replace(target, cur, after);
    if (r.done) {
      // A writer that writes in place may have put its own text over ours since: edit that.
      if (readText(target) === after) return { target, written: true, retries };
    } else if (r.replaced !== undefined && after !== null) overwritten = { text: r.replaced, after };
    retries++;
    sleepSync(Math.min(2 + attempt, 20));
  }
  if (lastError !== undefined) throw lastError;
  throw new ConfigChangingError(file);
}

/**
 * Replaces `target` (holding `expected`) by `after`. Not done when it no longer holds
 * `expected`; `replaced` is set when our rename replaced someone else's text after all (they
 * renamed theirs in between our last look and our rename): the file it replaced is held under
 * a second name taken just before the rename, so that text is not lost but edited again.
 */
function replace(target: string, expected: string | null, after: string | null): { done: boolean; replaced?: string | null } {
  if (after === null) {
    if (readText(target) !== expected) return { done: false };
    try {
      unlinkSync(target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
    return { done: true };
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
  // The last look before the rename: a change since the read is edited again, not overwritten.
  if (readText(target) !== expected) {
    unlinkSync(tmp);
    return { done: false };
  }
  if (expected === null) {
    // A new file: created only if still absent (link fails on an existing name).
    try {
      linkSync(tmp, target);
    } catch (e) {
      unlinkSync(tmp);
      if ((e as NodeJS.ErrnoException).code === "EEXIST") return { done: false };
      throw e;
    }
    unlinkSync(tmp);
    return { done: true };
  }
  const hold = `${tmp}.held`;
  try {
    linkSync(target, hold);
  } catch {
    unlinkSync(tmp);
    return { done: false };
  }
  try {
    renameSync(tmp, target);
    const held = readText(hold);
    return held === expected ? { done: true } : { done: false, replaced: held };
  } finally {
    try {
      unlinkSync(hold);
    } catch {
      // Gone already.
    }
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

/**
 * Secrets out of the transcripts already in `sessions/`: files the engine itself wrote from
 * captured and imported conversations and `agent log` (kinds.ts classifies `sessions/*.jsonl`
 * as kind "session", source "sessions", never as the person's hand-written notes), so they
 * are rewritten in place. Written before the rules existed, or by an engine that did not
 * redact yet, they may hold a key typed to an assistant.
 *
 * A rewrite runs under the transcript's capture lock (the hooks, the OpenClaw plugin and
 * `agent log` append under it), is compared byte for byte with what was read just before the
 * atomic rename (a writer that is not the engine: read again, redact again), and leaves the
 * file 0600. Every transcript is made 0600 on the way (they hold whole conversations).
 */
import { chmodSync, closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync } from "node:fs";
import { writeTempBeside } from "../shared/temp-file.js";
import path from "node:path";
import { redactJsonLines } from "../shared/redact.js";
import { withCaptureLock } from "./capture-lock.js";
import { checkWriteTarget, type LinkRule } from "./guard.js";

/** Files under sessions/ are the person's conversations: owner only. */
export const SESSION_FILE_MODE = 0o600;

/** How often a rewrite reads again when someone else wrote meanwhile. */
const ATTEMPTS = 5;

export interface SessionRedaction {
  /** Workspace-relative path. */
  file: string;
  /** Secrets replaced (0: nothing to do). */
  secrets: number;
  /** Why a file with secrets could not be rewritten (its secrets stay out of the index anyway). */
  problem?: string;
}

/** A file's bytes through a descriptor opened without blocking (a FIFO put there cannot hang us). */
function readRegular(file: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n <= 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

/** Owner-only, whatever the umask or the mode it had. */
export function makeSessionFilePrivate(file: string): void {
  try {
    const st = lstatSync(file);
    if (st.isFile() && (st.mode & 0o777) !== SESSION_FILE_MODE) chmodSync(file, SESSION_FILE_MODE);
  } catch {
    // Gone, or not ours to change: the next write tries again.
  }
}

/** Writes `text` beside `file` (0600), then renames it over `file` only if `file` still holds `expected`. */
function replaceIfUnchanged(file: string, expected: Buffer, text: string): boolean {
  const tmp = writeTempBeside(file, text, { mode: SESSION_FILE_MODE, tag: "redact" });
  // The last look before the rename: an append that landed since the read is not lost.
  const now = readRegular(file);
  if (now === null || !now.equals(expected)) {
    unlinkSync(tmp);
    return false;
  }
  renameSync(tmp, file);
  return true;
}

/**
 * Redacts one transcript in place (see the module comment). A transcript is first read without
 * the capture lock: most hold no secret, and for those there is nothing to write, so nothing to
 * lock (taking it costs a lock file's create and remove, the bulk of a first sweep's time). One
 * found holding a secret is read again under the lock before anything is written. `onClean` is
 * given the text of a transcript found to hold none, as it was read.
 */
export function redactSessionFile(workspace: string, rel: string, rule: LinkRule, onClean?: (text: string) => void): SessionRedaction {
  let target: string;
  try {
    target = checkWriteTarget(workspace, path.join(workspace, rel), rule);
  } catch (e) {
    return { file: rel, secrets: 0, problem: (e as Error).message };
  }
  const bytes = readRegular(target);
  if (bytes === null) return { file: rel, secrets: 0 };
  makeSessionFilePrivate(target);
  const text = bytes.toString("utf8");
  if (redactJsonLines(text).count === 0) {
    onClean?.(text);
    return { file: rel, secrets: 0 };
  }
  return redactUnderLock(workspace, rel, rule);
}

function redactUnderLock(workspace: string, rel: string, rule: LinkRule): SessionRedaction {
  const session = path.basename(rel, ".jsonl");
  return withCaptureLock(workspace, session, () => {
    let target: string;
    try {
      target = checkWriteTarget(workspace, path.join(workspace, rel), rule);
    } catch (e) {
      return { file: rel, secrets: 0, problem: (e as Error).message };
    }
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const before = readRegular(target);
      if (before === null) return { file: rel, secrets: 0 };
      makeSessionFilePrivate(target);
      const r = redactJsonLines(before.toString("utf8"));
      if (r.count === 0) return { file: rel, secrets: 0 };
      if (replaceIfUnchanged(target, before, r.text)) return { file: rel, secrets: r.count };
    }
    return { file: rel, secrets: 0, problem: `${rel} kept changing while its secrets were being redacted; the next index pass tries again` };
  });
}

/** Every transcript in sessions/ (sorted), redacted in place; the ones that had secrets (`onClean`: as for one file). */
export function redactAllSessions(workspace: string, rule: LinkRule, onClean?: (text: string) => void): SessionRedaction[] {
  let names: string[];
  try {
    names = readdirSync(path.join(workspace, "sessions")).filter((n) => n.endsWith(".jsonl") && !n.startsWith(".")).sort();
  } catch {
    return [];
  }
  const out: SessionRedaction[] = [];
  for (const n of names) {
    const r = redactSessionFile(workspace, `sessions/${n}`, rule, onClean);
    if (r.secrets > 0 || r.problem !== undefined) out.push(r);
  }
  return out;
}

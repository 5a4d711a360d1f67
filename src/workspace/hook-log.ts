/**
 * `.agent/hooks.log`: one line per assistant hook that failed, newest last. Assistants hide a
 * hook's stderr, so this is where a failed capture stays visible (`agent connect --status`).
 *
 * Written and read through the workspace's one rule (guard.ts), as every other file: a link
 * there that leads out of the workspace is not followed (no append to a file elsewhere), and
 * only a regular file is opened, without blocking (a FIFO put there cannot hang the prompt
 * hook past its deadline). The line is redacted: a failed hook's message may quote the prompt.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import path from "node:path";
import { redact } from "../shared/redact.js";
import { checkWriteTarget, NO_HARD_LINKS } from "./guard.js";
import { agentDir } from "./paths.js";

export const HOOK_LOG = "hooks.log";

/** The newest part of the log that is read back (the log is only ever appended to). */
const TAIL_BYTES = 256 * 1024;

const NO_BLOCK = constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY;

/** Appends a line when the workspace's device folder exists; never throws (the hook said it on stderr). */
export function appendHookLog(workspace: string, line: string, now = Date.now()): void {
  try {
    const dir = agentDir(workspace);
    if (!existsSync(dir)) return;
    // The log lives in this device's folder (outside the workspace): the door is that folder.
    const target = checkWriteTarget(dir, path.join(dir, HOOK_LOG), NO_HARD_LINKS);
    const fd = openSync(target, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_BLOCK, 0o600);
    try {
      // Swapped for a FIFO or a device since the check: nothing written.
      if (!fstatSync(fd).isFile()) return;
      writeSync(fd, `${new Date(now).toISOString()} ${redact(line).replace(/\s+/g, " ")}\n`);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Nowhere safe to log: stderr said it.
  }
}

/** The newest line containing `needle`, or undefined. */
export function lastHookLogLine(workspace: string, needle: string): string | undefined {
  try {
    const fd = openSync(path.join(agentDir(workspace), HOOK_LOG), constants.O_RDONLY | NO_BLOCK);
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) return undefined;
      const start = Math.max(0, st.size - TAIL_BYTES);
      const buf = Buffer.alloc(st.size - start);
      const n = readSync(fd, buf, 0, buf.length, start);
      const lines = buf.subarray(0, n).toString("utf8").trim().split("\n");
      return lines.reverse().find((l) => l.includes(needle));
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

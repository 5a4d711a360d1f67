/**
 * One writer at a time per captured transcript: the hooks of one assistant session can fire
 * together (Stop and SessionEnd, two windows), and each reads the transcript's ids before it
 * appends. The lock is `.agent/locks/capture-<session>.lock`, created with O_EXCL and holding
 * the pid; a lock whose process is gone, or older than STALE_MS, is taken over.
 */
import { mkdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import { isProcessAlive } from "../shared/process.js";
import { sleepSync } from "../shared/sleep.js";
import { agentDir } from "./paths.js";
import { createExclusive } from "./safe-write.js";

const STALE_MS = 30_000;
const WAIT_MS = 5_000;

export function withCaptureLock<T>(workspace: string, session: string, fn: () => T): T {
  const dir = path.join(agentDir(workspace), "locks");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `capture-${session}.lock`);
  const until = Date.now() + WAIT_MS;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    if (createExclusive(file, String(process.pid))) break;
    if (isStale(file)) {
      try {
        unlinkSync(file);
      } catch {
        // Another process took it over first.
      }
      continue;
    }
    if (Date.now() > until) throw new Error(`${file} is held by another capture for over ${WAIT_MS / 1000} s; remove it if no agent command is running`);
    sleepSync(wait);
  }
  try {
    return fn();
  } finally {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
    } catch {
      // Gone already.
    }
  }
}

function isStale(file: string): boolean {
  try {
    const pid = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) return true;
    return Date.now() - statSync(file).mtimeMs > STALE_MS;
  } catch {
    return false;
  }
}

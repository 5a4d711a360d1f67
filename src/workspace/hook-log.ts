/**
 * `.agent/hooks.log`: one line per assistant hook that failed, newest last. Assistants hide a
 * hook's stderr, so this is where a failed capture stays visible (`agent connect --status`).
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { agentDir } from "./paths.js";

export const HOOK_LOG = "hooks.log";

/** Appends a line when the workspace's .agent/ exists; never throws (the hook said it on stderr). */
export function appendHookLog(workspace: string, line: string, now = Date.now()): void {
  try {
    const dir = agentDir(workspace);
    if (!existsSync(dir)) return;
    appendFileSync(path.join(dir, HOOK_LOG), `${new Date(now).toISOString()} ${line.replace(/\s+/g, " ")}\n`);
  } catch {
    // Nowhere to log: stderr said it.
  }
}

/** The newest line containing `needle`, or undefined. */
export function lastHookLogLine(workspace: string, needle: string): string | undefined {
  try {
    const lines = readFileSync(path.join(agentDir(workspace), HOOK_LOG), "utf8").trim().split("\n");
    return lines.reverse().find((l) => l.includes(needle));
  } catch {
    return undefined;
  }
}

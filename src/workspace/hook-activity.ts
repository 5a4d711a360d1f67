/**
 * What the assistants' hooks did lately, for `agent connect --status` and `agent doctor`: the
 * last capture and the last injection per assistant (`.agent/hooks-seen.json`, one small file
 * replaced by a rename; a lost note costs nothing), and the misses of the last day (the lines of
 * `.agent/hooks.log`, hook-log.ts, that name the assistant's hook).
 */
import { existsSync, lstatSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HOOK_LOG } from "./hook-log.js";
import { agentDir } from "./paths.js";

const SEEN = "hooks-seen.json";
const DAY_MS = 24 * 60 * 60 * 1000;
/** hooks.log read from its end at most this far: the last day of a busy log, not its history. */
const TAIL_BYTES = 256 * 1024;

export type HookActivityKind = "capture" | "inject";

export interface HookActivity {
  lastCapture?: string;
  lastInject?: string;
  /** hooks.log lines of the last 24 hours for this assistant (budget misses, skipped captures, refusals, failures). */
  missesLastDay: number;
  lastProblem?: string;
}

type Seen = Record<string, Partial<Record<HookActivityKind, string>>>;

/** A regular file of .agent/ (no link, no FIFO), else undefined. */
function plainFile(workspace: string, name: string): string | undefined {
  const file = path.join(agentDir(workspace), name);
  try {
    return lstatSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function readSeen(workspace: string): Seen {
  const file = plainFile(workspace, SEEN);
  if (file === undefined) return {};
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Seen) : {};
  } catch {
    return {};
  }
}

/** Notes that a hook of this assistant captured or injected now; never throws (a hook must not fail on it). */
export function noteHookActivity(workspace: string, harness: string, kind: HookActivityKind, now = Date.now()): void {
  try {
    const dir = agentDir(workspace);
    if (!existsSync(dir)) return;
    const file = path.join(dir, SEEN);
    if (existsSync(file) && plainFile(workspace, SEEN) === undefined) return;
    const seen = readSeen(workspace);
    seen[harness] = { ...seen[harness], [kind]: new Date(now).toISOString() };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(seen) + "\n", { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // Status shows less; the turn goes on.
  }
}

/** The hooks.log lines of the last day that name this assistant's hook (` agent hook <name> `). */
function missLines(workspace: string, harness: string, now: number): string[] {
  const file = plainFile(workspace, HOOK_LOG);
  if (file === undefined) return [];
  let text: string;
  try {
    const buf = readFileSync(file);
    text = buf.subarray(Math.max(0, buf.length - TAIL_BYTES)).toString("utf8");
  } catch {
    return [];
  }
  const needle = ` agent hook ${harness} `;
  return text.split("\n").filter((l) => {
    if (!l.includes(needle)) return false;
    const t = Date.parse(l.slice(0, l.indexOf(" ")));
    return Number.isFinite(t) && now - t <= DAY_MS;
  });
}

export function hookActivity(workspace: string, harness: string, now = Date.now()): HookActivity {
  const seen = readSeen(workspace)[harness] ?? {};
  const misses = missLines(workspace, harness, now);
  return {
    ...(seen.capture !== undefined ? { lastCapture: seen.capture } : {}),
    ...(seen.inject !== undefined ? { lastInject: seen.inject } : {}),
    missesLastDay: misses.length,
    ...(misses.length > 0 ? { lastProblem: misses[misses.length - 1]! } : {}),
  };
}

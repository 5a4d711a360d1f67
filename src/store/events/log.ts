/**
 * The per-device event logs: `<workspace>/.agent-state/<device-id>.jsonl`, one JSON event per
 * line, `{hlc, device, seq, type, ...payload}`. A device only ever appends to its own file (a
 * sync tool carries the others in); a line is written whole and fsynced before the database
 * changes. Reading never fails on content: a line that does not parse is skipped and
 * reported, and a last line with no newline (a crash mid-write, or a sync tool that copied a
 * file while it grew) is left unread until it is complete.
 */
import path from "node:path";
import { appendLogLines, logNames, logSize, readLogBytes } from "../../workspace/state-logs.js";
import { parseHlc } from "./hlc.js";

export const STATE_DIR = ".agent-state";
const LOG_NAME = /^([0-9a-f]{12})\.jsonl$/;

export interface StateEvent {
  hlc: string;
  device: string;
  seq: number;
  type: string;
  [field: string]: unknown;
}

export interface LogProblem {
  file: string;
  /** 1-based line number in the file (counted from the byte offset read from). */
  line: number;
  reason: string;
}

export interface LogRead {
  events: StateEvent[];
  problems: LogProblem[];
  /** The offset just after the last complete line read. */
  offset: number;
  /** Lines read (good and bad), to count line numbers from on the next read. */
  lines: number;
  /** A last line without its newline: not read yet. */
  torn: boolean;
}

export function stateDir(workspace: string): string {
  return path.join(workspace, STATE_DIR);
}

export function logFile(workspace: string, device: string): string {
  return path.join(stateDir(workspace), `${device}.jsonl`);
}

/** The device ids with a log in the workspace, sorted; a name that is not a regular file (a link, a FIFO) is left out (doctor names it). */
export function listLogs(workspace: string): string[] {
  return logNames(stateDir(workspace))
    .map((n) => LOG_NAME.exec(n)?.[1])
    .filter((d): d is string => d !== undefined && unsafeLog(logFile(workspace, d)) === null)
    .sort();
}

/** Why a log name cannot be read as a log, or null when it can. */
export function unsafeLog(file: string): string | null {
  try {
    logSize(file);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The log names in the workspace that are not regular files, with why. */
export function unsafeLogs(workspace: string): string[] {
  return logNames(stateDir(workspace))
    .filter((n) => LOG_NAME.test(n))
    .map((n) => unsafeLog(path.join(stateDir(workspace), n)))
    .filter((x): x is string => x !== null);
}

/** Whether the workspace holds any device's log (a device that joins has state to fold before it wrote any). */
export function hasLogs(workspace: string): boolean {
  return listLogs(workspace).length > 0;
}

/** The sort key of an event: (hlc, device, seq), as text that sorts the same way. */
export function eventKey(e: Pick<StateEvent, "hlc" | "device" | "seq">): string {
  return `${e.hlc}|${e.device}|${String(e.seq).padStart(12, "0")}`;
}

/** Reads the complete lines of `file` from byte `offset` on. */
export function readLog(file: string, device: string, offset: number, linesBefore = 0): LogRead {
  const buf = readLogBytes(file, offset);
  const end = buf.lastIndexOf(0x0a) + 1;
  const out: LogRead = { events: [], problems: [], offset: offset + end, lines: linesBefore, torn: end < buf.length };
  for (const text of buf.subarray(0, end).toString("utf8").split("\n").slice(0, -1)) {
    out.lines++;
    if (text.trim() === "") continue;
    const parsed = parseEvent(text, device);
    if (typeof parsed === "string") out.problems.push({ file, line: out.lines, reason: parsed });
    else out.events.push(parsed);
  }
  if (out.torn) out.problems.push({ file, line: out.lines + 1, reason: "an unfinished last line (a crash mid-write, or a copy still arriving): left unread until it is complete" });
  return out;
}

/** The event on one line, or why it is not one. */
export function parseEvent(text: string, device: string): StateEvent | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return "not a JSON object";
  const e = v as Record<string, unknown>;
  if (parseHlc(e.hlc) === null) return '"hlc" is missing or not a clock stamp';
  if (e.device !== device) return `"device" is ${JSON.stringify(e.device)}, but the file belongs to ${device}`;
  if (typeof e.seq !== "number" || !Number.isSafeInteger(e.seq) || e.seq < 1) return '"seq" must be a positive integer';
  if (typeof e.type !== "string" || e.type === "") return '"type" is missing';
  return e as StateEvent;
}

/**
 * Appends whole lines to this device's log and fsyncs them (a torn last line gets its newline
 * first, so it stays one bad line). Returns the bytes written.
 */
export function appendEvents(file: string, events: StateEvent[]): number {
  return appendLines(file, events.map((e) => JSON.stringify(e)));
}

/** appendEvents for lines already serialised (one event each, no newline). */
export function appendLines(file: string, lines: string[], durable = true): number {
  return appendLogLines(file, lines, durable);
}

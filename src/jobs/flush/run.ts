/**
 * The pre-compaction memory flush, I/O part: one silent model turn that turns the current
 * compaction cycle of a session into durable notes, appended to today's daily note.
 *
 * What a flush may write, and how:
 *   - only `memory/YYYY-MM-DD.md` (today, in context.timeZone), never any other file;
 *   - only by appending (appendVerified: the bytes that were there before are checked,
 *     byte for byte, after the write), so a note edited by hand while the model was thinking
 *     keeps the edit, and an edit that races the append itself is detected and reported;
 *   - at most once per compaction cycle (flush_cycles in the state database); a NO_REPLY
 *     counts as that cycle's flush and writes nothing.
 */
import path from "node:path";
import { requireCompleteReply } from "../../llm/factory.js";
import type { LLMProvider } from "../../llm/types.js";
import { appendVerified, AppendVerificationError } from "../../workspace/safe-write.js";
import { checkWriteTarget, ensureWorkspaceDir, NO_HARD_LINKS, readNoteText } from "../../workspace/guard.js";
import { checkDailyAppend, cleanAppendText, noteState, type AppendLimits } from "../../workspace/daily.js";
import type { IndexConfig } from "../../workspace/config.js";
import { isValidSessionId } from "../../workspace/sessions.js";
import { readSessionText } from "../../workspace/transcripts.js";
import { zonedDate, zonedTime } from "../../workspace/time.js";
import type { ContextConfig } from "../../context/config.js";
import type { DB } from "../../store/open.js";
import { InboxStore } from "../../store/inbox.js";
import type { JobResult } from "../../store/job-runs.js";
import type { FlushConfig } from "./config.js";
import { buildFlushPrompt, currentCycle, decideFlush, formatFlushEntry, parseFlushReply, type CycleView, type FlushDecision } from "./plan.js";
import { FlushCycleStore } from "./state.js";

export interface FlushSettings {
  config: FlushConfig;
  /** Zone of "today" for the daily note (context.timeZone); default this machine's. */
  timeZone?: string;
  /** index.maxAppendBytes and index.maxFileBytes: the flush appends like any other writer. */
  limits: AppendLimits;
}

/** The flush settings from the validated config (`flush`, and `context.timeZone`). */
export function flushSettings(config: { flush: FlushConfig; context: Pick<ContextConfig, "timeZone">; index: Pick<IndexConfig, "maxAppendBytes" | "maxFileBytes"> }): FlushSettings {
  const tz = config.context.timeZone;
  const limits = { maxAppendBytes: config.index.maxAppendBytes, maxFileBytes: config.index.maxFileBytes };
  return { config: config.flush, limits, ...(tz !== undefined ? { timeZone: tz } : {}) };
}

export interface FlushCheck {
  view: CycleView;
  decision: FlushDecision;
}

export function sessionFile(workspace: string, session: string): string {
  if (!isValidSessionId(session)) {
    throw new Error(`session id "${session}" is not allowed: use letters, digits, ".", "_" and "-" (up to 128, starting with a letter or digit)`);
  }
  return path.join(workspace, "sessions", `${session}.jsonl`);
}

/** Whether a session's flush is due now; reads the transcript and the state, calls no model. */
export function checkFlush(workspace: string, session: string, db: DB, config: FlushConfig, force = false): FlushCheck {
  sessionFile(workspace, session);
  // Under the file rule: a transcript linked out, a FIFO or a device is refused, never read.
  // A long session's continuation files (`<id>-2.jsonl`…) are part of it.
  const text = readSessionText(workspace, session, NO_HARD_LINKS);
  if (text === null) throw new Error(`there is no transcript sessions/${session}.jsonl`);
  const view = currentCycle(session, text);
  const flushed = new FlushCycleStore(db).get(session);
  return { view, decision: decideFlush(view, config, flushed?.cycleKey, force) };
}

export interface RunFlushInput {
  workspace: string;
  session: string;
  provider: LLMProvider;
  /** The state database (flush cycles, alerts); owned by the caller. */
  db: DB;
  now: () => number;
  settings: FlushSettings;
  /** Ignore the threshold and the once-per-cycle rule. */
  force?: boolean;
  signal?: AbortSignal;
  /** The job_runs row this flush is recorded under, linked from flush_cycles and alerts. */
  runId?: number;
  /** How the note is appended; default appendVerified (tests wrap it). */
  append?: (file: string, text: string) => void;
}

export type FlushStatus = "flushed" | "no-reply" | "not-due";

export interface FlushResult {
  status: FlushStatus;
  session: string;
  reason: string;
  cycleKey: string;
  tokens: number;
  bytes: number;
  thresholdTokens: number;
  /** Workspace-relative path of the daily note written to. */
  file?: string;
  /** Characters appended. */
  chars?: number;
  model?: string;
}

/** The append went through but the note changed under it; the cycle is marked done and an alert raised. */
export class FlushAppendError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`${file}: the note changed while the flush appended to it; the notes were appended but check the file`, { cause });
    this.name = "FlushAppendError";
  }
}

export async function runFlush(input: RunFlushInput): Promise<FlushResult> {
  const now = input.now;
  const settings = input.settings;
  const cfg = settings.config;
  const { view, decision } = checkFlush(input.workspace, input.session, input.db, cfg, input.force ?? false);
  const base = {
    session: input.session,
    cycleKey: view.cycleKey,
    tokens: view.tokens,
    bytes: view.bytes,
    thresholdTokens: decision.thresholdTokens,
  };
  if (!decision.due) return { ...base, status: "not-due", reason: decision.reason };

  const at = now();
  const date = zonedDate(at, settings.timeZone);
  const rel = `memory/${date}.md`;
  const file = path.join(input.workspace, rel);
  const tail = readTail(input.workspace, rel, 1_500);
  const reply = requireCompleteReply(
    await input.provider.complete({
      ...buildFlushPrompt({
        session: input.session,
        turns: view.turns,
        today: date,
        ...(tail !== undefined ? { dailyNoteTail: tail } : {}),
        maxTranscriptChars: cfg.maxTranscriptChars,
        stamp: (ts) => {
          const ms = Date.parse(ts);
          return Number.isNaN(ms) ? ts : zonedTime(ms, settings.timeZone);
        },
      }),
      maxTokens: cfg.maxReplyTokens,
      temperature: cfg.temperature,
      ...(input.signal !== undefined ? { signal: input.signal } : {}),
    }),
    "flush.maxReplyTokens"
  );
  const cycles = new FlushCycleStore(input.db);
  const parsed = parseFlushReply(reply.text);
  if (parsed.kind === "none") {
    cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
    return { ...base, status: "no-reply", reason: `${decision.reason}; the model had nothing to keep (${reply.model})`, model: reply.model };
  }

  // Written at the time of the write, not of the request: the model may have taken minutes.
  const writtenAt = now();
  const state = noteState(file);
  const entry = formatFlushEntry({
    notes: parsed.notes,
    date,
    time: zonedTime(writtenAt, settings.timeZone),
    session: input.session,
    fileExists: state.exists,
    endsWithNewline: state.endsWithNewline,
  });
  ensureWorkspaceDir(input.workspace, path.dirname(file));
  checkWriteTarget(input.workspace, file, NO_HARD_LINKS);
  // Model text is cleaned (a NUL would make the day's note "binary" and unsearchable) rather
  // than refused, so the notes are not lost; the size limits hold as for any append.
  const cleaned = cleanAppendText(entry);
  checkDailyAppend(file, rel, cleaned, settings.limits);
  try {
    (input.append ?? appendVerified)(file, cleaned);
  } catch (e) {
    if (!(e instanceof AppendVerificationError)) throw e;
    // The append itself went through: mark the cycle so it is not written twice, and tell the person.
    cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
    new InboxStore(input.db).add({
      createdAt: now(),
      kind: "alert",
      title: `${rel} changed while notes were appended`,
      body: `The pre-compaction flush of session ${input.session} appended its notes to ${rel}, but the text that was already in the file was different afterwards: someone or something edited it at the same moment. Check ${rel}; nothing else was written.`,
      source: "flush",
      runId: input.runId ?? null,
    });
    throw new FlushAppendError(rel, e);
  }
  cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
  return { ...base, status: "flushed", reason: decision.reason, file: rel, chars: entry.length, model: reply.model };
}

/** How a flush result is recorded in job_runs. */
export function flushJobResult(r: FlushResult): JobResult {
  const details: Record<string, unknown> = { session: r.session, tokens: r.tokens, bytes: r.bytes, cycle: r.cycleKey };
  if (r.file !== undefined) details.file = r.file;
  if (r.chars !== undefined) details.chars = r.chars;
  if (r.model !== undefined) details.model = r.model;
  switch (r.status) {
    case "flushed":
      return { outcome: "ok", reason: `appended ${r.chars} characters to ${r.file} (${r.reason})`, details };
    case "no-reply":
      return { outcome: "ok", reason: `NO_REPLY: ${r.reason}`, details };
    case "not-due":
      return { outcome: "skip", reason: r.reason, details };
  }
}

function readTail(workspace: string, rel: string, chars: number): string | undefined {
  try {
    const text = readNoteText(workspace, rel, NO_HARD_LINKS)?.text;
    if (text === undefined) return undefined;
    return text.length <= chars ? text : text.slice(text.length - chars);
  } catch {
    return undefined;
  }
}

/**
 * What the assistants this engine plugs into (Claude Code, Codex, OpenCode, OpenClaw) have in common, as
 * the engine sees them: a turn read from the harness's own store, a hook event, and the line a
 * captured turn becomes in `sessions/<harness>-<session>.jsonl`. Pure: no I/O here.
 */
import { userSpeakerOf, type SessionKind, type Speaker } from "./sessions.js";
import { redact } from "../shared/redact.js";

/**
 * An assistant's name (`claude-code`, `codex`, …): which ones exist is the registry's
 * (src/assistants/registry.ts) to say; below it a name is only a label.
 */
export type HarnessName = string;

/** One message of a harness conversation, as its reader found it. */
export interface HarnessTurn {
  /** The harness's own id of the message (Claude Code's uuid, Codex's item id, OpenCode's part id): the dedupe key. */
  id: string;
  role: "user" | "assistant" | "tool";
  /** The words; a tool call is one summary line ("Bash: ls -la"), never its output. */
  text: string;
  /** ISO-8601; "" when the harness did not say. */
  time: string;
  /** Who said it when it is not what the role says (a group participant's message is a "user" turn). */
  speaker?: Speaker;
  /** The speaker's name, when the harness said it. */
  name?: string;
  /**
   * The id an earlier version of this reader gave the same message (Codex's server id,
   * OpenClaw's occurrence count): a turn captured under it is not written again.
   */
  legacyId?: string;
  /**
   * An earlier message the harness hands over again (OpenClaw's list holds the whole context,
   * and a new process stamps the earlier messages anew): when its id is new, it is matched by
   * its words against the session's latest lines, not written again.
   */
  byWords?: boolean;
}

/** Where a captured line came from: a hook while the conversation ran, or a back-fill. */
export type Provenance = "capture" | "import";

/** The hook events the engine acts on, named the same for every harness. */
export type HookEventName = "session-start" | "prompt" | "stop" | "session-end" | "pre-compact" | "post-compact";

export const HOOK_EVENTS: readonly HookEventName[] = ["session-start", "prompt", "stop", "session-end", "pre-compact", "post-compact"];

/** A hook call, read from the harness's payload. */
export interface HookEvent {
  harness: HarnessName;
  event: HookEventName;
  /** The harness's session id (not yet a transcript name: see sessionIdFor). */
  session: string;
  /** The harness's own transcript of this session, when it has one (Claude Code, Codex). */
  transcriptPath?: string;
  /** The person's prompt (prompt event). */
  prompt?: string;
  cwd?: string;
  /** A session-start of a session resumed from an earlier run whose requests still hold its start context. */
  resumed?: boolean;
  /**
   * The session's kind as its lines are captured, when the payload says it (a sub-agent's
   * session, started by another session of the person's: isolated, so its lines feed nothing);
   * absent, the person's own (main). Injection is not changed by it: a sub-agent works for the
   * session that started it.
   */
  kind?: SessionKind;
}

/** Characters of a tool call's summary line. */
export const TOOL_LINE_CHARS = 160;

/** A tool call in one line: its name and its most telling argument, cut short. */
export function summariseTool(name: string, input: unknown): string {
  let arg = "";
  if (typeof input === "string") arg = input;
  else if (input !== null && typeof input === "object") {
    const o = input as Record<string, unknown>;
    const key = ["command", "cmd", "file_path", "filePath", "path", "pattern", "query", "url", "description", "prompt"].find((k) => o[k] !== undefined);
    const v = key !== undefined ? o[key] : Object.values(o)[0];
    arg = Array.isArray(v) ? v.map(String).join(" ") : v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
  }
  // Redacted before it is cut: a key the cut would halve is no longer a key's shape, and its
  // first half would be kept (a cut private-key block, a token past the 160th character).
  const line = redact(`${name}${arg ? `: ${arg}` : ""}`).replace(/\s+/g, " ").trim();
  return line.length > TOOL_LINE_CHARS ? `${line.slice(0, TOOL_LINE_CHARS - 1)}…` : line;
}

/**
 * The transcript name of a harness session: `<harness>-<session>`, with anything outside the
 * session-id alphabet replaced, so any harness id maps to one safe file name.
 */
export function sessionIdFor(harness: HarnessName, session: string): string {
  const safe = session.replace(/[^A-Za-z0-9._-]/g, "_").replace(/\.{2,}/g, "_").slice(0, 100);
  return `${harness}-${safe || "unknown"}`;
}

/**
 * The text of one captured turn's line in sessions/<id>.jsonl, with its provenance (the fields
 * src/workspace/sessions.ts documents; parseSessionText reads them). `kind` is written on every
 * line, so a line copied out of its file still says whose it is.
 */
export function formatCapturedLine(turn: HarnessTurn, harness: HarnessName, provenance: Provenance, fallbackTime: string, kind: SessionKind = "main"): string {
  // A "user" turn of an isolated session was written by the agent that started it, not the person.
  const speaker: Speaker = turn.speaker ?? (turn.role === "user" ? userSpeakerOf(kind) : turn.role);
  return (
    JSON.stringify({
      role: turn.role,
      // Secrets never reach sessions/ (and so never the index or another assistant's prompt).
      content: redact(turn.text),
      ts: turn.time || fallbackTime,
      id: turn.id,
      speaker,
      ...(turn.name ? { name: turn.name } : {}),
      harness,
      kind,
      via: provenance,
    }) + "\n"
  );
}

/** A harness store to back-fill from: its sessions, each read on demand. */
export interface ImportSource {
  /** What was read (a folder or a database), for the report. */
  location: string;
  /** `kind`: the session's kind when the store says it (OpenClaw's session keys); main when absent. */
  sessions: { session: string; location: string; kind?: SessionKind; read(): HarnessTurn[] }[];
  problems: string[];
  /**
   * The store keeps masked copies of what was said (OpenClaw writes `sk-***` for a key): a stored
   * message that is such a copy of a captured line of the same role is that line, not a new turn.
   */
  maskedCopies?: (stored: string, captured: string) => boolean;
}

/**
 * Reads JSONL defensively: each line's object, or nothing for a line that is not one. The
 * lines come as one text or streamed (a capture reads only what was appended: `firstLine` is
 * then the number of the first line handed over, so ids built from line numbers stay the same).
 */
export function* jsonLines(text: string | Iterable<string>, firstLine = 1): Generator<{ line: number; obj: Record<string, unknown> }> {
  let n = firstLine - 1;
  for (const l of typeof text === "string" ? text.split("\n") : text) {
    n++;
    const raw = l.trim();
    if (raw === "" || raw[0] !== "{") continue;
    try {
      const obj = JSON.parse(raw) as unknown;
      if (obj !== null && typeof obj === "object" && !Array.isArray(obj)) yield { line: n, obj: obj as Record<string, unknown> };
    } catch {
      // A line being written right now, or cut: skipped, read again next time.
    }
  }
}

/**
 * The "user" turns of a session not the person's own, marked with who wrote them (`asker`: by
 * default a group's other participants, an isolated session's starting agent), never the
 * person; a speaker the reader already set is kept.
 */
export function asSpoken(turns: HarnessTurn[], kind: SessionKind, asker: Speaker = userSpeakerOf(kind)): HarnessTurn[] {
  return kind === "main" ? turns : turns.map((t) => (t.role === "user" && t.speaker === undefined ? { ...t, speaker: asker } : t));
}

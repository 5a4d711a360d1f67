/**
 * What the assistants this engine plugs into (Claude Code, Codex, OpenCode) have in common, as
 * the engine sees them: a turn read from the harness's own store, a hook event, and the line a
 * captured turn becomes in `sessions/<harness>-<session>.jsonl`. Pure: no I/O here.
 */
import { redact } from "../shared/redact.js";

export const HARNESSES = ["claude-code", "codex", "opencode", "openclaw"] as const;
export type HarnessName = (typeof HARNESSES)[number];

export function isHarness(s: string): s is HarnessName {
  return (HARNESSES as readonly string[]).includes(s);
}

/** One message of a harness conversation, as its reader found it. */
export interface HarnessTurn {
  /** The harness's own id of the message (Claude Code's uuid, Codex's item id, OpenCode's part id): the dedupe key. */
  id: string;
  role: "user" | "assistant" | "tool";
  /** The words; a tool call is one summary line ("Bash: ls -la"), never its output. */
  text: string;
  /** ISO-8601; "" when the harness did not say. */
  time: string;
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
  const line = `${name}${arg ? `: ${arg}` : ""}`.replace(/\s+/g, " ").trim();
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

/** The text of one captured turn's line in sessions/<id>.jsonl (parseSessionText reads it; the extra keys are kept). */
export function formatCapturedLine(turn: HarnessTurn, harness: HarnessName, provenance: Provenance, fallbackTime: string): string {
  return (
    JSON.stringify({
      role: turn.role,
      // Secrets never reach sessions/ (and so never the index or another assistant's prompt).
      content: redact(turn.text),
      ts: turn.time || fallbackTime,
      id: turn.id,
      harness,
      via: provenance,
    }) + "\n"
  );
}

/** The harness message ids already in a transcript (lines that are not whole JSON are not counted: their turn is written again). */
export function capturedIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.includes('"id"')) continue;
    try {
      const o = JSON.parse(line) as { id?: unknown };
      if (typeof o.id === "string") ids.add(o.id);
    } catch {
      // A line cut by a kill: its turn has no id here, so the next capture writes it again.
    }
  }
  return ids;
}

/** Whether the transcript's last line is a compaction marker (so a repeated hook adds no second one). */
export function endsWithCompaction(text: string): boolean {
  const lines = text.trimEnd().split("\n");
  const last = lines[lines.length - 1];
  if (last === undefined || last === "") return false;
  try {
    return (JSON.parse(last) as { type?: unknown }).type === "compaction";
  } catch {
    return false;
  }
}

/** Reads a JSONL text defensively: each line's object, or nothing for a line that is not one. */
export function* jsonLines(text: string): Generator<{ line: number; obj: Record<string, unknown> }> {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === "" || raw[0] !== "{") continue;
    try {
      const obj = JSON.parse(raw) as unknown;
      if (obj !== null && typeof obj === "object" && !Array.isArray(obj)) yield { line: i + 1, obj: obj as Record<string, unknown> };
    } catch {
      // A line being written right now, or cut: skipped, read again next time.
    }
  }
}

/**
 * Session transcripts: `sessions/<id>.jsonl`, one JSON object per line:
 *   {"role":"user"|"assistant"|"system"|"tool", "content":"...", "ts":"2026-11-21T09:14:03.120Z",
 *    "thread":"optional thread or channel name"}
 * and, on a line an assistant's capture or import wrote, where it came from (provenance):
 *   "speaker":"person"|"assistant"|"tool"|"participant"|"agent"   who said it (default: from the role:
 *                       user → person (in a group's line participant, an isolated one's agent),
 *                       assistant → assistant, tool → tool, system → assistant);
 *                       "agent" is a "user" turn no person typed: a sub-agent's instruction from
 *                       the agent that started it, a scheduled job's prompt
 *   "name":"Alice"      the speaker's name, when the harness said it (a group participant)
 *   "harness":"claude-code"|"codex"|"opencode"|"openclaw"   (default: none, written by hand or `agent log`)
 *   "kind":"main"|"group"|"isolated"   the session's kind (default "main": the person's own)
 *   "via":"capture"|"import"            a hook while the conversation ran, or `agent import`
 *   "id":"…"            the harness's own id of the message (capture dedupes on it)
 * plus marker lines the engine understands:
 *   {"type":"compaction","ts":"..."}   the assistant compacted its context here
 * Only lines of a main session spoken by the person, their assistant or a tool feed the person's
 * memory (index, reflection, flush, boot: `feedsPersonMemory`); a group's or an isolated
 * session's lines and another participant's words are kept in the file, never as the person's.
 * A long session goes on in `<id>-2.jsonl`, `<id>-3.jsonl`… (transcripts.ts, which also writes them).
 * Unknown fields are kept and ignored. A line that is not valid JSON is reported, never fatal.
 */
import { redact } from "../shared/redact.js";

/** Who may speak in a transcript: the one list (`agent log --role`, the contract, the parser). */
export const SESSION_ROLES = ["user", "assistant", "system", "tool"] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

/**
 * Who said a line: the person, their assistant, a tool call, someone else (a group's member, a
 * stranger's direct chat), or an agent speaking on the "user" side (a parent agent instructing
 * its sub-agent, a cron job's prompt).
 */
export type Speaker = "person" | "assistant" | "tool" | "participant" | "agent";
export const SPEAKERS: readonly Speaker[] = ["person", "assistant", "tool", "participant", "agent"];

/** The session's kind: the person's own (main), a group chat, or a session with nobody in it (cron, sub-agent). */
export type SessionKind = "main" | "group" | "isolated";
const KINDS = new Set<string>(["main", "group", "isolated"]);

/** A line's provenance as read, with the documented defaults filled in. */
export interface LineProvenance {
  speaker: Speaker;
  name?: string;
  harness?: string;
  kind: SessionKind;
  via?: "capture" | "import";
}

export interface SessionTurn {
  role: SessionRole;
  content: string;
  /** ISO-8601 timestamp. */
  ts: string;
  thread?: string;
  /** 1-based line number in the .jsonl file. */
  line: number;
  /** Who said it and in what session (defaults filled in for lines without the fields). */
  from: LineProvenance;
}

export interface SessionMarker {
  type: "compaction";
  ts: string;
  line: number;
}

export interface ParsedSession {
  id: string;
  turns: SessionTurn[];
  markers: SessionMarker[];
  /** Lines that could not be read, with the reason; the rest of the file still counts. */
  problems: { line: number; reason: string }[];
}

const ROLES = new Set<string>(SESSION_ROLES);

export function parseSessionText(id: string, text: string): ParsedSession {
  const turns: SessionTurn[] = [];
  const markers: SessionMarker[] = [];
  const problems: { line: number; reason: string }[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === "") continue;
    const line = i + 1;
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch {
      problems.push({ line, reason: "not valid JSON" });
      continue;
    }
    if (typeof obj !== "object" || obj === null) {
      problems.push({ line, reason: "not a JSON object" });
      continue;
    }
    const o = obj as Record<string, unknown>;
    const ts = typeof o.ts === "string" ? o.ts : typeof o.timestamp === "string" ? o.timestamp : "";
    if (o.type === "compaction") {
      markers.push({ type: "compaction", ts, line });
      continue;
    }
    if (typeof o.role !== "string" || !ROLES.has(o.role as SessionRole)) {
      problems.push({ line, reason: "missing or unknown \"role\"" });
      continue;
    }
    if (typeof o.content !== "string") {
      problems.push({ line, reason: "missing \"content\" string" });
      continue;
    }
    // Every reader of a transcript (index, reflection, flush, boot) sees it redacted, even
    // one written before redaction or copied in: nothing typed reaches a model or a prompt.
    const turn: SessionTurn = { role: o.role as SessionRole, content: redact(o.content), ts, line, from: provenanceOf(o.role as SessionRole, o) };
    if (typeof o.thread === "string" && o.thread !== "") turn.thread = o.thread;
    turns.push(turn);
  }
  return { id, turns, markers, problems };
}

/**
 * Who writes the "user" side of a session of this kind when its harness says no more: the
 * person in their own session, another participant in a group, and in an isolated session
 * (a sub-agent's, a scheduled run's) the agent or job that started it: never the person.
 */
export function userSpeakerOf(kind: SessionKind): Speaker {
  return kind === "main" ? "person" : kind === "group" ? "participant" : "agent";
}

/** The speaker a role stands for on a line without a "speaker" field. */
function defaultSpeaker(role: SessionRole, kind: SessionKind): Speaker {
  return role === "user" ? userSpeakerOf(kind) : role === "tool" ? "tool" : "assistant";
}

/** A line's provenance fields, each defaulted when absent or not one of the known values. */
export function provenanceOf(role: SessionRole, o: Record<string, unknown>): LineProvenance {
  const kind = typeof o.kind === "string" && KINDS.has(o.kind) ? (o.kind as SessionKind) : "main";
  const speaker = typeof o.speaker === "string" && (SPEAKERS as readonly string[]).includes(o.speaker) ? (o.speaker as Speaker) : defaultSpeaker(role, kind);
  const p: LineProvenance = { speaker, kind };
  if (typeof o.name === "string" && o.name !== "") p.name = o.name;
  if (typeof o.harness === "string" && o.harness !== "") p.harness = o.harness;
  if (o.via === "capture" || o.via === "import") p.via = o.via;
  return p;
}

/**
 * Whether a line is the person's own memory: said in one of their main sessions, by them, their
 * assistant or a tool. A group's lines (anyone's), another participant's words and an agent's
 * instructions never are.
 */
export function feedsPersonMemory(turn: { from: LineProvenance }): boolean {
  return turn.from.kind === "main" && turn.from.speaker !== "participant" && turn.from.speaker !== "agent";
}

/** One transcript line for `agent log`; the inverse of parseSessionText for a turn. Secrets are redacted (nothing typed is kept verbatim). */
export function formatSessionTurn(turn: { role: SessionRole; content: string; ts: string; thread?: string }): string {
  const o: Record<string, string> = { role: turn.role, content: redact(turn.content), ts: turn.ts };
  if (turn.thread) o.thread = turn.thread;
  return JSON.stringify(o) + "\n";
}

/** Session ids become file names, so they are restricted to a safe alphabet. */
export function isValidSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) && !id.includes("..");
}

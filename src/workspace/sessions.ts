/**
 * Session transcripts: `sessions/<id>.jsonl`, one JSON object per line:
 *   {"role":"user"|"assistant"|"system"|"tool", "content":"...", "ts":"2026-11-21T09:14:03.120Z",
 *    "thread":"optional thread or channel name"}
 * plus marker lines the engine understands:
 *   {"type":"compaction","ts":"..."}   the assistant compacted its context here
 * Unknown fields are kept and ignored. A line that is not valid JSON is reported, never fatal.
 */
import { redact } from "../shared/redact.js";

export type SessionRole = "user" | "assistant" | "system" | "tool";

export interface SessionTurn {
  role: SessionRole;
  content: string;
  /** ISO-8601 timestamp. */
  ts: string;
  thread?: string;
  /** 1-based line number in the .jsonl file. */
  line: number;
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

const ROLES = new Set<SessionRole>(["user", "assistant", "system", "tool"]);

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
    const turn: SessionTurn = { role: o.role as SessionRole, content: redact(o.content), ts, line };
    if (typeof o.thread === "string" && o.thread !== "") turn.thread = o.thread;
    turns.push(turn);
  }
  return { id, turns, markers, problems };
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

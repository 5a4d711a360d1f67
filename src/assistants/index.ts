/**
 * The harness-specific pure parts, by harness: which reader turns a harness's transcript text
 * into turns. The readers themselves are in claude-code.ts, codex.ts and opencode.ts.
 */
import { readClaudeTranscript } from "./claude-code.js";
import { readCodexRollout } from "./codex.js";
import { openClawTurns } from "./openclaw.js";
import { readOpenCodeMessages, type OpenCodeMessage } from "./opencode.js";
import type { HarnessName, HarnessTurn } from "./types.js";
import type { SessionKind } from "../workspace/sessions.js";

/**
 * A harness's transcript text → turns: Claude Code's and Codex's JSONL files, and for OpenCode
 * the JSON its plugin sends (an array of `{info, parts}` messages).
 */
export function readHarnessTranscript(harness: HarnessName, text: string): HarnessTurn[] {
  switch (harness) {
    case "claude-code":
      return readClaudeTranscript(text);
    case "codex":
      return readCodexRollout(text);
    case "opencode": {
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return [];
      }
      return Array.isArray(v) ? readOpenCodeMessages(v.filter(isMessage)) : [];
    }
    case "openclaw": {
      // The messages OpenClaw hands a plugin (an array), or `{session, messages}`: the session keys the ids.
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return [];
      }
      if (Array.isArray(v)) return openClawTurns("", v);
      const o = v as { session?: unknown; messages?: unknown } | null;
      return o !== null && typeof o === "object" && typeof o.session === "string" && Array.isArray(o.messages) ? openClawTurns(o.session, o.messages) : [];
    }
  }
}

/** A file-based harness's transcript lines → turns; `firstLine` numbers the first line given (a read from an offset). */
export function readHarnessLines(harness: HarnessName, lines: Iterable<string>, firstLine = 1): HarnessTurn[] {
  switch (harness) {
    case "claude-code":
      return readClaudeTranscript(lines);
    case "codex":
      return readCodexRollout(lines, firstLine);
    default:
      return readHarnessTranscript(harness, [...lines].join("\n"));
  }
}

function isMessage(v: unknown): v is OpenCodeMessage {
  const m = v as { info?: unknown; parts?: unknown };
  return m !== null && typeof m === "object" && typeof m.info === "object" && m.info !== null && Array.isArray(m.parts);
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

/**
 * The harness-specific pure parts, by harness: which reader turns a harness's transcript text
 * into turns. The readers themselves are in claude-code.ts, codex.ts and opencode.ts.
 */
import { readClaudeTranscript } from "./claude-code/transcript.js";
import { readCodexRollout } from "./codex/transcript.js";
import { openClawTurns } from "./openclaw/transcript.js";
import { readOpenCodeMessages, type OpenCodeMessage } from "./opencode/transcript.js";
import type { HarnessName, HarnessTurn } from "../workspace/harness-turns.js";

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

function isMessage(v: unknown): v is OpenCodeMessage {
  const m = v as { info?: unknown; parts?: unknown };
  return m !== null && typeof m === "object" && typeof m.info === "object" && m.info !== null && Array.isArray(m.parts);
}

/** A harness store to back-fill from: its sessions, each read on demand. */
export interface ImportSource {
  /** What was read (a folder or a database), for the report. */
  location: string;
  sessions: { session: string; location: string; read(): HarnessTurn[] }[];
  problems: string[];
}

/**
 * `agent log`: appends turns and compaction markers to `sessions/<id>.jsonl`, the
 * transcripts reflection reads. Append-only and verified: bytes already in the file are
 * never rewritten, and a bad id can never name a file outside sessions/. The writing itself is
 * the transcript module's (workspace/transcripts.ts): the lock, the rollover, the marker line.
 */
import { formatSessionTurn, isValidSessionId, SESSION_ROLES, type SessionRole } from "../../workspace/sessions.js";
import { compactionMarkerLine, withTranscript } from "../../workspace/transcripts.js";

export { SESSION_ROLES };

export interface AppendSessionInput {
  workspace: string;
  session: string;
  /** A turn to record; omit with `compacted` to record only the marker. */
  turn?: { role: SessionRole; content: string; thread?: string };
  /** Also record a {"type":"compaction"} marker (after the turn, if any). */
  compacted?: boolean;
  /** Injectable clock, ms since epoch: the timestamp written. */
  now?: () => number;
  /** Append to a transcript with several hard links (index.allowHardLinks). */
  allowHardLinks?: boolean;
  /** index.maxFileBytes: the session goes on in a continuation file before its file passes it. */
  maxFileBytes?: number;
}

export interface AppendSessionResult {
  /** Workspace-relative path of the transcript. */
  file: string;
  ts: string;
  /** Lines appended. */
  lines: number;
  created: boolean;
}

export function appendSessionTurn(input: AppendSessionInput): AppendSessionResult {
  if (!isValidSessionId(input.session)) {
    throw new Error(
      `session id "${input.session}" is not allowed: use letters, digits, ".", "_" and "-" (up to 128, starting with a letter or digit)`,
    );
  }
  if (input.turn === undefined && !input.compacted) throw new Error("nothing to log: give a role and text, or --compacted");
  if (input.turn !== undefined) {
    if (!SESSION_ROLES.includes(input.turn.role)) {
      throw new Error(`role must be one of ${SESSION_ROLES.join(", ")}, got "${input.turn.role}"`);
    }
    if (input.turn.content.trim() === "") throw new Error("the text to log is empty");
  }
  const ts = new Date((input.now ?? Date.now)()).toISOString();
  let text = "";
  let lines = 0;
  if (input.turn !== undefined) {
    const t: { role: SessionRole; content: string; ts: string; thread?: string } = {
      role: input.turn.role,
      content: input.turn.content,
      ts,
    };
    if (input.turn.thread !== undefined && input.turn.thread !== "") t.thread = input.turn.thread;
    text += formatSessionTurn(t);
    lines++;
  }
  if (input.compacted) {
    text += compactionMarkerLine(ts);
    lines++;
  }
  const opts = { rule: { allowHardLinks: input.allowHardLinks ?? false }, maxFileBytes: input.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES };
  return withTranscript(input.workspace, input.session, opts, (t) => {
    const created = t.files().length === 0;
    const { file } = t.append(text);
    return { file, ts, lines, created };
  });
}

/** index.maxFileBytes's default, for a caller without a config. */
const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

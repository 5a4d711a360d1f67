/**
 * `agent log`: appends turns and compaction markers to `sessions/<id>.jsonl`, the
 * transcripts reflection reads. Append-only and verified: bytes already in the file are
 * never rewritten (appendVerified), and a bad id can never name a file outside sessions/.
 */
import path from "node:path";
import { appendVerified } from "../../workspace/safe-write.js";
import { checkWriteTarget, ensureWorkspaceDir, isWorkspaceFile, lastByteOf } from "../../workspace/guard.js";
import { withCaptureLock } from "../../workspace/capture-lock.js";
import { SESSION_FILE_MODE } from "../../workspace/redact-sessions.js";
import { formatSessionTurn, isValidSessionId, type SessionRole } from "../../workspace/sessions.js";

export const SESSION_ROLES: readonly SessionRole[] = ["user", "assistant", "system", "tool"];

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
  const dir = path.join(input.workspace, "sessions");
  ensureWorkspaceDir(input.workspace, dir);
  // One writer at a time with the hooks and the in-place redaction of the index pass.
  return withCaptureLock(input.workspace, input.session, () => appendNow(input, ts));
}

function appendNow(input: AppendSessionInput, ts: string): AppendSessionResult {
  const rel = `sessions/${input.session}.jsonl`;
  const file = path.join(input.workspace, rel);
  checkWriteTarget(input.workspace, file, { allowHardLinks: input.allowHardLinks ?? false });

  let text = "";
  let lines = 0;
  const rule = { allowHardLinks: input.allowHardLinks ?? false };
  const created = !isWorkspaceFile(input.workspace, rel);
  // A hand-edited file may lack its final newline: start on a fresh line rather than glue.
  if (!created && ![null, 0x0a].includes(lastByteOf(input.workspace, rel, rule))) text += "\n";
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
    text += JSON.stringify({ type: "compaction", ts }) + "\n";
    lines++;
  }
  appendVerified(file, text, { mode: SESSION_FILE_MODE });
  return { file: rel, ts, lines, created };
}

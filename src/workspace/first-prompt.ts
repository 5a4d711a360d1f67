/**
 * Whether a prompt is its session's first: sessions/ holds no transcript of the session yet
 * (each turn's end writes one). Hot path: the prompt hook asks it before choosing its budget,
 * so it loads only the guard the hook has loaded already.
 */
import { statWorkspacePath } from "./guard.js";
import { sessionIdFor, type HarnessName } from "./harness-turns.js";
import { SESSIONS_DIR } from "./sessions.js";

export function isFirstPrompt(workspace: string, harness: HarnessName, session: string): boolean {
  return statWorkspacePath(workspace, `${SESSIONS_DIR}/${sessionIdFor(harness, session)}.jsonl`) === null;
}

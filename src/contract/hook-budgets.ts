/**
 * How long an assistant's turn waits for our memories, whichever form the hook takes: the
 * command hook (`agent hook …`, cli/hook-deadline.ts) and the daemon's HTTP hook
 * (daemon/hook-http.ts) give up at the same defaults. This module imports nothing: the CLI's
 * entry loads it before anything else.
 */

/** Memories for a prompt: default budget. */
export const PROMPT_BUDGET_MS = 300;
/** The whole context at session start: it may open the engine cold; a command hook ends within 1 s. */
export const START_BUDGET_MS = 900;

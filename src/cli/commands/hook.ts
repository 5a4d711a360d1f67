/**
 * `agent hook <harness> <event>`: what `agent connect` registers in Claude Code, Codex and
 * OpenCode. It reads the harness's hook payload on stdin and
 *   session-start   prints the assembled context (`agent context`, main session)
 *   prompt          prints the memories relevant to the prompt, or nothing
 *   stop, session-end, post-compact   captures the turns into sessions/
 *   pre-compact     captures, runs the pre-compaction flush once per cycle, marks the compaction
 *
 * It never fails the harness's turn: every problem is one line on stderr and exit code 0.
 * The running daemon does the work when there is one (its warm engine: `sessionStart`,
 * `inject`, `capture`); else, or when it does not answer, the work runs in a worker thread
 * (../hook-worker.ts: keyword search, no model). A daemon that dies in the middle of a capture
 * loses nothing: the worker captures from the same cursor, so each turn is written once. This
 * thread only reads stdin, asks, waits and prints, so it is always free to end the process on time:
 *   inject events   memories that come within the budget (counted from here) are printed;
 *                   past it, or at the hard cap (counted from the process's start, whatever
 *                   loading Node and the CLI took), it exits printing nothing (hook-deadline.ts)
 *   capture events  the turns are always written whole; the index catch-up after them stops
 *                   once the hook has run CAPTURE_CAP_MS
 * Hot path: this module loads neither the engine nor SQLite.
 */
import type { Command } from "commander";
import { ASSISTANT_NAMES } from "../../assistants/registry.js";
import { HOOK_EVENTS } from "../../workspace/harness-turns.js";
import { parsePositiveInt } from "../common.js";
import { PROMPT_BUDGET_MS, START_BUDGET_MS } from "../hook-deadline.js";
import { runHookCommand, type HookOpts } from "../hook-run.js";

export function register(program: Command): void {
  program
    .command("hook")
    .description("run one assistant hook (registered by `agent connect`): reads the payload on stdin, never fails the turn")
    .argument("<harness>", ASSISTANT_NAMES.join(", "))
    .argument("<event>", HOOK_EVENTS.join(", "))
    .option("-w, --workspace <dir>", "workspace folder (default: $AGENT_WORKSPACE, else found from the current folder)")
    .option("--budget-ms <ms>", `give up on memories for a prompt after this long (default ${PROMPT_BUDGET_MS})`, parsePositiveInt("--budget-ms"))
    .option("--context-budget-ms <ms>", `give up on the session-start context after this long (default ${START_BUDGET_MS}, or --budget-ms if longer)`, parsePositiveInt("--context-budget-ms"))
    .option("--no-daemon", "do the work here even when `agent daemon` runs for the workspace")
    .action((harness: string, event: string, opts: HookOpts) => runHookCommand(harness, event, opts));
}


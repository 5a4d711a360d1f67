/**
 * `agent hook <harness> <event>`: what `agent connect` registers in Claude Code, Codex and
 * OpenCode. It reads the harness's hook payload on stdin and
 *   session-start   prints the assembled context (`agent context`, main session)
 *   prompt          prints the memories relevant to the prompt, or nothing
 *   stop, session-end, post-compact   captures the turns into sessions/
 *   pre-compact     captures, runs the pre-compaction flush once per cycle, marks the compaction
 *
 * It never fails the harness's turn: every problem is one line on stderr and exit code 0.
 * Context and memories go through the running daemon (warm) when there is one, else this
 * process (keyword search: no model is loaded on this path); past the budget it prints
 * nothing. Hot path: this module loads the engine only when no daemon answers.
 */
import type { Command } from "commander";
import { hookOutput, parseHookPayload } from "../../assistants/claude-code.js";
import { readHarnessTranscript } from "../../assistants/index.js";
import { readTranscriptFile } from "../../assistants/transcript-file.js";
import { HOOK_EVENTS, isHarness, type HarnessName, type HarnessTurn, type HookEvent, type HookEventName } from "../../assistants/types.js";
import type { ContextAnswer } from "../../engine/assist.js";
import type { InjectAnswer } from "../../engine/assistants.js";
import { appendHookLog } from "../../workspace/hook-log.js";
import { parsePositiveInt, withEngine, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { routingEnabled, viaDaemon, type DaemonRouting } from "../remote.js";

interface HookOpts extends WorkspaceOpts, DaemonRouting {
  budgetMs?: number;
  contextBudgetMs?: number;
}

/** Memories for a prompt: default budget. */
export const PROMPT_BUDGET_MS = 300;
/** The whole context at session start: it may open the engine cold. */
export const START_BUDGET_MS = 1_000;

export function register(program: Command): void {
  program
    .command("hook")
    .description("run one assistant hook (registered by `agent connect`): reads the payload on stdin, never fails the turn")
    .argument("<harness>", "claude-code, codex or opencode")
    .argument("<event>", HOOK_EVENTS.join(", "))
    .option("-w, --workspace <dir>", "workspace folder (default: $AGENT_WORKSPACE, else found from the current folder)")
    .option("--budget-ms <ms>", `give up on memories for a prompt after this long (default ${PROMPT_BUDGET_MS})`, parsePositiveInt("--budget-ms"))
    .option("--context-budget-ms <ms>", `give up on the session-start context after this long (default ${START_BUDGET_MS}, or --budget-ms if longer)`, parsePositiveInt("--context-budget-ms"))
    .option("--no-daemon", "work in this process even when `agent daemon` runs for the workspace")
    .action(async (harness: string, event: string, opts: HookOpts) => {
      try {
        await runHook(harness, event, opts);
      } catch (e) {
        // Never the harness's problem: said once, and the turn goes on. The harness hides a
        // hook's stderr, so it is also kept where `agent connect --status` shows it.
        const line = `agent hook ${harness} ${event}: ${(e as Error).message}`;
        process.stderr.write(`${line}\n`);
        logHookError(opts, line);
      }
      process.exitCode = 0;
    });
}

/** `.agent/hooks.log`: one line per failed hook; never fatal itself. */
function logHookError(opts: HookOpts, line: string): void {
  try {
    appendHookLog(workspaceFrom(opts), line);
  } catch {
    // No workspace to log into: stderr said it.
  }
}

async function runHook(harness: string, event: string, opts: HookOpts): Promise<void> {
  if (!isHarness(harness)) throw new Error(`unknown assistant "${harness}" (claude-code, codex, opencode)`);
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) throw new Error(`unknown event "${event}" (${HOOK_EVENTS.join(", ")})`);
  const input = await readStdin();
  const ev = readEvent(harness, event as HookEventName, input.text);
  if (ev === null) throw new Error("the hook payload is not what this assistant sends (no session id); nothing done");
  switch (ev.event) {
    case "session-start":
      return print(ev, await withinBudget(opts.contextBudgetMs ?? Math.max(START_BUDGET_MS, opts.budgetMs ?? 0), () => sessionContext(opts)));
    case "prompt":
      return print(ev, await withinBudget(opts.budgetMs ?? PROMPT_BUDGET_MS, () => memories(ev, opts)));
    case "pre-compact":
      await withEngine(opts, async (engine) => {
        await (await engine.assistants()).compaction({ harness: ev.harness, session: ev.session, turns: turnsOf(ev) });
        if (!(await daemonRuns(opts))) engine.indexing.index();
      });
      return;
    default: {
      const turns = turnsOf(ev);
      await withEngine(opts, async (engine) => {
        if (turns.length > 0) (await engine.assistants()).capture({ harness: ev.harness, session: ev.session, turns });
        // Off the person's path (the turn is over): without a daemon (whose watcher does it), the
        // index catches up with the notes and this transcript, so the next prompt's search (which
        // does not look at the files) finds them.
        if (!(await daemonRuns(opts))) engine.indexing.index();
      });
    }
  }
}

interface HookInput {
  text: string;
}

/** The payload: what the harness wrote on stdin (a hook's stdin is small; read it whole). */
async function readStdin(): Promise<HookInput> {
  if (process.stdin.isTTY) return { text: "" };
  const chunks: Buffer[] = [];
  try {
    for await (const c of process.stdin) chunks.push(c as Buffer);
  } catch {
    // A closed or broken stdin: what arrived is the payload.
  }
  return { text: Buffer.concat(chunks).toString("utf8") };
}

/** Claude Code and Codex send their own payload; OpenCode's plugin sends {session, prompt?, messages?}. */
function readEvent(harness: HarnessName, event: HookEventName, text: string): (HookEvent & { messages?: unknown }) | null {
  // OpenClaw has no hook command of its own (its plugin calls the engine), but takes the same JSON as OpenCode's plugin.
  if (harness !== "opencode" && harness !== "openclaw") return parseHookPayload(harness, text, event);
  try {
    const o = JSON.parse(text) as { session?: unknown; prompt?: unknown; messages?: unknown };
    if (typeof o.session !== "string" || o.session === "") return null;
    return { harness, event, session: o.session, ...(typeof o.prompt === "string" ? { prompt: o.prompt } : {}), ...(o.messages !== undefined ? { messages: o.messages } : {}) };
  } catch {
    return null;
  }
}

/** The turns a capture event carries: the harness's transcript file, or OpenCode's messages. */
function turnsOf(ev: HookEvent & { messages?: unknown }): HarnessTurn[] {
  if (ev.messages !== undefined) return readHarnessTranscript(ev.harness, JSON.stringify(ev.messages));
  if (ev.transcriptPath === undefined) return [];
  return readTranscriptFile(ev.harness, ev.transcriptPath);
}

async function sessionContext(opts: HookOpts): Promise<string> {
  const req = { session: "main" as const };
  const answer = (await viaDaemon<ContextAnswer>(opts, "context", req, quiet(opts.contextBudgetMs ?? Math.max(START_BUDGET_MS, opts.budgetMs ?? 0)))) ?? (await withEngine(opts, async (engine) => (await engine.assist()).context(req)));
  return answer.text;
}

async function memories(ev: HookEvent, opts: HookOpts): Promise<string> {
  const prompt = ev.prompt ?? "";
  if (prompt.trim() === "") return "";
  const budgetMs = opts.budgetMs ?? PROMPT_BUDGET_MS;
  const req = { prompt, harness: ev.harness, session: ev.session, budgetMs };
  const warm = await viaDaemon<InjectAnswer>(opts, "inject", req, quiet(budgetMs));
  if (warm !== undefined) return warm.text;
  // Cold: keyword search only, so no embedding model is loaded while the person waits.
  // The index as it is: the capture hooks keep it up to date, and a look at every file costs more than the budget.
  return (await withEngine(opts, async (engine) => (await engine.assistants()).inject({ ...req, mode: "keyword", refresh: false }))).text;
}

/** Whether the workspace's daemon answers (its watcher keeps the index current). */
async function daemonRuns(opts: HookOpts): Promise<boolean> {
  if (!routingEnabled(opts)) return false;
  return (await viaDaemon<unknown>(opts, "hello", {}, quiet(1_000)).catch(() => undefined)) !== undefined;
}

function quiet(timeoutMs: number): { timeoutMs: number; onFallback: () => void } {
  return { timeoutMs, onFallback: () => undefined };
}

/**
 * Runs `fn`, but hands back "" once `ms` have passed. A synchronous stretch (SQLite) cannot be
 * cut, so the process also exits at the deadline plus a little: the harness is never held.
 */
async function withinBudget(ms: number, fn: () => Promise<string>): Promise<string> {
  const hard = setTimeout(() => process.exit(0), ms + 200);
  hard.unref();
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(""), ms)));
  try {
    const text = await Promise.race([fn(), late]);
    return Date.now() - started > ms ? "" : text;
  } finally {
    clearTimeout(timer);
  }
}

function print(ev: HookEvent, context: string): void {
  if (ev.harness === "opencode") {
    // The plugin reads plain text back.
    if (context !== "") process.stdout.write(context);
    return;
  }
  process.stdout.write(hookOutput(ev.event, context));
}

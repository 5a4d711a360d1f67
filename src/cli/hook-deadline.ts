/**
 * The deadlines of `agent hook … session-start|prompt`. Two:
 *   the budget      counted from when the hook's own work starts (the CLI loaded): memories
 *                   that come later are not injected (default 300 ms for a prompt)
 *   the hard cap    counted from the process's start: at HARD_CAP_MS (or a longer budget the
 *                   person asked for) the process ends, printing nothing (every harness's
 *                   empty answer), whatever Node, the CLI's loading or the work are doing
 * The CLI's entry (dist/cli/main.js, written by scripts/bundle-cli.mjs) arms the hard cap
 * before it loads anything else, because on a loaded machine loading the CLI alone can take
 * longer than the budget; commands/hook.ts keeps its own thread free, so the timers always
 * fire. This module imports only the budgets (which import nothing): every command's start loads it.
 */
import { PROMPT_BUDGET_MS, START_BUDGET_MS } from "../contract/hook-budgets.js";

export { PROMPT_BUDGET_MS, START_BUDGET_MS };

/** A hook that injects never holds its harness longer than this from the process's start (unless a longer budget is asked for). */
export const HARD_CAP_MS = 950;

/** The hard cap of an inject event with this budget: the process ends then, counted from its start. */
export function hardCapMs(budgetMs: number): number {
  return Math.max(HARD_CAP_MS, budgetMs);
}

/** Options of `agent hook` that take a value (so their value is not taken for a word). */
const VALUE_OPTIONS = new Set(["-w", "--workspace", "--budget-ms", "--context-budget-ms"]);

export interface HookBudgetOptions {
  budgetMs?: number;
  contextBudgetMs?: number;
}

/** The budget of a hook event in ms, or undefined for the events that are not capped (captures). */
export function hookBudgetMs(event: string, o: HookBudgetOptions): number | undefined {
  if (event === "session-start") return o.contextBudgetMs ?? Math.max(START_BUDGET_MS, o.budgetMs ?? 0);
  if (event === "prompt") return o.budgetMs ?? PROMPT_BUDGET_MS;
  return undefined;
}

/**
 * Milliseconds since this process started, as `performance.now()` counts them, without it: the
 * first use of the `performance` global loads `node:perf_hooks`, a few ms of every hook's start.
 */
export function msSinceStart(): number {
  return process.uptime() * 1000;
}

/** Ends the process `ms` after it started (at once when that is past): nothing printed, exit code 0; `before` says why first (it must not throw). */
export function exitAt(ms: number, before?: () => void): void {
  const end = () => {
    before?.();
    process.exit(0);
  };
  const left = ms - msSinceStart();
  if (left <= 0) end();
  setTimeout(end, left).unref();
}

/**
 * The budget of the command line `argv` (process.argv), when it is `hook <assistant>
 * session-start|prompt …`; undefined for anything else. Only a positive whole number is taken
 * as a budget; anything else is left to the command's own parsing (which refuses it), with the
 * default deadline meanwhile.
 */
export function hookDeadlineOf(argv: readonly string[]): number | undefined {
  const words: string[] = [];
  const o: HookBudgetOptions = {};
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (!name.startsWith("-")) words.push(a);
    else if (VALUE_OPTIONS.has(name)) {
      const n = Number(eq > 0 ? a.slice(eq + 1) : args[++i]);
      if (Number.isInteger(n) && n > 0 && name === "--budget-ms") o.budgetMs = n;
      if (Number.isInteger(n) && n > 0 && name === "--context-budget-ms") o.contextBudgetMs = n;
    }
  }
  if (words[0] !== "hook" || words[2] === undefined) return undefined;
  return hookBudgetMs(words[2], o);
}

/** For the CLI's entry: arms the deadline of `agent hook … session-start|prompt`, else nothing. */
export function armHookDeadline(argv: readonly string[]): void {
  const ms = hookDeadlineOf(argv);
  if (ms !== undefined) exitAt(hardCapMs(ms));
}

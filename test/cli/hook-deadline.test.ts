/** The hook's deadline as the CLI's entry reads it from the command line, before commander. */
import { describe, expect, it } from "vitest";
import { HARD_CAP_MS, hardCapMs, hookBudgetMs, hookDeadlineOf, PROMPT_BUDGET_MS, START_BUDGET_MS } from "../../src/cli/hook-deadline.js";

const argv = (...args: string[]) => ["/usr/bin/node", "/x/dist/cli/main.js", ...args];

describe("hook deadline", () => {
  it("prompt and session-start get their budget; the capture events and other commands none", () => {
    expect(hookDeadlineOf(argv("hook", "claude-code", "prompt", "--workspace", "/w"))).toBe(PROMPT_BUDGET_MS);
    expect(hookDeadlineOf(argv("hook", "codex", "session-start", "-w", "/w"))).toBe(START_BUDGET_MS);
    for (const event of ["stop", "session-end", "pre-compact", "post-compact"]) expect(hookDeadlineOf(argv("hook", "claude-code", event, "-w", "/w"))).toBeUndefined();
    expect(hookDeadlineOf(argv("search", "hook", "claude-code", "prompt"))).toBeUndefined();
    expect(hookDeadlineOf(argv("hook", "--help"))).toBeUndefined();
  });

  it("reads the budgets wherever the options stand, in both spellings, and never takes an option's value for a word", () => {
    expect(hookDeadlineOf(argv("hook", "-w", "prompt", "opencode", "prompt", "--budget-ms", "450"))).toBe(450);
    expect(hookDeadlineOf(argv("hook", "--budget-ms=450", "claude-code", "prompt"))).toBe(450);
    // Session start: the context budget, else the longer of its default and --budget-ms.
    expect(hookDeadlineOf(argv("hook", "claude-code", "session-start", "--budget-ms", "300"))).toBe(START_BUDGET_MS);
    expect(hookDeadlineOf(argv("hook", "claude-code", "session-start", "--budget-ms", "2000"))).toBe(2000);
    expect(hookDeadlineOf(argv("hook", "claude-code", "session-start", "--context-budget-ms", "500"))).toBe(500);
  });

  it("caps a hook that injects at HARD_CAP_MS from the process's start, or a longer budget asked for", () => {
    expect(HARD_CAP_MS).toBeLessThan(1000);
    expect(hardCapMs(PROMPT_BUDGET_MS)).toBe(HARD_CAP_MS);
    expect(hardCapMs(START_BUDGET_MS)).toBe(HARD_CAP_MS);
    expect(hardCapMs(2000)).toBe(2000);
  });

  it("leaves a budget that is not a positive whole number to the command's own check (the default meanwhile)", () => {
    expect(hookDeadlineOf(argv("hook", "claude-code", "prompt", "--budget-ms", "soon"))).toBe(PROMPT_BUDGET_MS);
    expect(hookDeadlineOf(argv("hook", "claude-code", "prompt", "--budget-ms", "-5"))).toBe(PROMPT_BUDGET_MS);
    expect(hookBudgetMs("prompt", {})).toBe(PROMPT_BUDGET_MS);
  });
});

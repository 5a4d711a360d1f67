import { describe, expect, it } from "vitest";
import { FirstPrompts } from "../../src/daemon/hook-http.js";
import { PROMPT_BUDGET_MS, START_BUDGET_MS } from "../../src/contract/hook-budgets.js";
import { hookBudgetMs } from "../../src/cli/hook-deadline.js";
import { hookBudget } from "../../src/daemon/hook-http.js";

describe("the start context rides on a session's first HTTP prompt", () => {
  it("is given once per session and per assistant", () => {
    const f = new FirstPrompts();
    expect(f.first("claude-code", "s1")).toBe(true);
    expect(f.first("claude-code", "s1")).toBe(false);
    expect(f.first("codex", "s1")).toBe(true);
    expect(f.first("claude-code", "s2")).toBe(true);
  });

  it("forgets the oldest sessions past its bound, so a long-lived daemon's memory stays flat", () => {
    const f = new FirstPrompts(3);
    for (const s of ["a", "b", "c", "d"]) expect(f.first("claude-code", s)).toBe(true);
    // "a" was dropped to keep 3: a resumed old session gets its start context again, never none.
    expect(f.first("claude-code", "a")).toBe(true);
    expect(f.first("claude-code", "d")).toBe(false);
  });

  it("two daemons' hosts keep their own sessions", () => {
    const one = new FirstPrompts();
    const two = new FirstPrompts();
    expect(one.first("claude-code", "s")).toBe(true);
    expect(two.first("claude-code", "s")).toBe(true);
  });
});

describe("the HTTP hook and the command hook wait alike", () => {
  it("a URL without budget_ms gets the command hook's defaults", () => {
    expect(hookBudget("prompt", new URLSearchParams())).toBe(PROMPT_BUDGET_MS);
    expect(hookBudgetMs("prompt", {})).toBe(PROMPT_BUDGET_MS);
    expect(hookBudget("session-start", new URLSearchParams())).toBe(START_BUDGET_MS);
    expect(hookBudgetMs("session-start", {})).toBe(START_BUDGET_MS);
  });
});

import { describe, expect, it } from "vitest";
import { fastArgs, positiveInt, type FastOption } from "../../src/cli/fast-args.js";

const OPTIONS: Record<string, FastOption> = {
  workspace: { type: "string", short: "w" },
  "budget-ms": { type: "string" },
  "no-daemon": { type: "boolean" },
};
const argv = (...rest: string[]) => ["node", "main.js", "hook", ...rest];

describe("fastArgs: the hot commands' arguments, or undefined for the full CLI", () => {
  it("reads words and options in each spelling", () => {
    expect(fastArgs(argv("claude-code", "prompt", "--workspace", "/w", "--budget-ms=250", "--no-daemon"), OPTIONS, 2)).toEqual({
      positionals: ["claude-code", "prompt"],
      values: { workspace: "/w", "budget-ms": "250", "no-daemon": true },
    });
    expect(fastArgs(argv("-w", "/w", "codex", "stop"), OPTIONS, 2)).toEqual({ positionals: ["codex", "stop"], values: { workspace: "/w" } });
    expect(fastArgs(argv("some", "words", "here"), OPTIONS, "some")?.positionals).toEqual(["some", "words", "here"]);
  });

  it("leaves to the full CLI what it should say something about", () => {
    for (const bad of [
      argv("claude-code", "prompt", "--help"),
      argv("claude-code", "prompt", "-h"),
      argv("claude-code", "prompt", "--unknown"),
      argv("claude-code", "prompt", "--workspace"),
      argv("claude-code", "prompt", "--workspace="),
      argv("claude-code", "prompt", "--workspace", "--no-daemon"),
      argv("claude-code", "prompt", "--no-daemon=yes"),
      argv("claude-code", "prompt", "--workspace", "/a", "-w", "/b"),
      argv("claude-code", "prompt", "--", "x"),
      argv("claude-code", "prompt", "-"),
      argv("claude-code"),
      argv("claude-code", "prompt", "extra"),
    ]) expect(fastArgs(bad, OPTIONS, 2), bad.join(" ")).toBeUndefined();
    expect(fastArgs(argv(), OPTIONS, "some")).toBeUndefined();
    // An inherited name is no option.
    expect(fastArgs(argv("a", "b", "--constructor"), OPTIONS, 2)).toBeUndefined();
  });

  it("positiveInt takes only a positive whole number", () => {
    expect(positiveInt(undefined)).toBeUndefined();
    expect(positiveInt("250")).toBe(250);
    for (const v of ["0", "-1", "1.5", "abc", true] as const) expect(positiveInt(v)).toBeNull();
  });
});

/** `agent hook` through the built CLI: what Claude Code, Codex and OpenCode run. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent, spawnAgent } from "../helpers/cli.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

const FIXTURE = path.join(REPO_ROOT, "test/fixtures/assistants/claude-code-session.jsonl");

describe("agent hook (built CLI)", () => {
  let dir = "";
  let ws = "";
  const hook = (args: string[], payload: unknown) => runAgent(["hook", ...args, "--workspace", ws, "--no-daemon"], {}, typeof payload === "string" ? payload : JSON.stringify(payload));

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2025-04-01.md", "# 2025-04-01\n\nThe piano tuner Ingrid comes every April; her number is in the blue notebook.\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
  });
  afterAll(() => cleanup(dir));

  it("prompt: prints Claude Code's additionalContext with the cited memory", async () => {
    const r = await hook(["claude-code", "prompt", "--budget-ms", "30000"], { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "when does the piano tuner come?" });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(out.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    expect(out.hookSpecificOutput.additionalContext).toContain("memory/2025-04-01.md:");
    expect(out.hookSpecificOutput.additionalContext).toContain("piano tuner Ingrid");
  });

  it("prompt: nothing at all when nothing is relevant", async () => {
    const r = await hook(["codex", "prompt", "--budget-ms", "30000"], { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "explain monads in haskell" });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });

  it("opencode: plain text back to the plugin", async () => {
    const r = await hook(["opencode", "prompt", "--budget-ms", "30000"], { session: "ses_1", prompt: "piano tuner" });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Memories from the person's notes/);
  });

  it("stop: captures the transcript once, however often it runs", async () => {
    const payload = { session_id: "cap-1", transcript_path: FIXTURE, hook_event_name: "Stop" };
    expect((await hook(["claude-code", "stop"], payload)).code).toBe(0);
    expect((await hook(["claude-code", "session-end"], { ...payload, hook_event_name: "SessionEnd" })).code).toBe(0);
    const t = parseSessionText("x", readFileSync(path.join(ws, "sessions/claude-code-cap-1.jsonl"), "utf8"));
    expect(t.turns[0]).toMatchObject({ role: "user", content: "please use a tool" });
    expect(new Set(t.turns.map((x) => x.line)).size).toBe(t.turns.length);
    const ids = readFileSync(path.join(ws, "sessions/claude-code-cap-1.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { id: string }).id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never fails the turn: a bad payload, an unknown assistant or event, a missing transcript are one line on stderr and exit 0", async () => {
    for (const [args, payload] of [
      [["claude-code", "prompt"], "not json"],
      [["cursor", "prompt"], {}],
      [["claude-code", "lunch"], {}],
      [["codex", "stop"], { session_id: "s", transcript_path: path.join(dir, "gone.jsonl"), hook_event_name: "Stop" }],
    ] as const) {
      const r = await hook([...args], payload);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^agent hook /);
    }
    // Kept where `agent connect --status` finds it: the harness hides a hook's stderr.
    const log = readFileSync(path.join(ws, ".agent/hooks.log"), "utf8").trim().split("\n");
    expect(log).toHaveLength(4);
    expect(log[3]).toMatch(/^\d{4}-\d\d-\d\dT.* agent hook codex stop: .*gone\.jsonl/);
  });

  it("through a running daemon: the warm engine answers (the inject method), same text", async () => {
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
    try {
      await d.waitFor(/daemon started on /, 60_000);
      const payload = JSON.stringify({ session_id: "s2", hook_event_name: "UserPromptSubmit", prompt: "when does the piano tuner come?" });
      // AGENT_DAEMON=require: a hook the daemon did not answer would fail (one line on stderr, no output).
      const r = await runAgent(["hook", "claude-code", "prompt", "--workspace", ws, "--budget-ms", "30000"], { AGENT_DAEMON: "require" }, payload);
      expect(r.stderr).toBe("");
      const out = JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } };
      expect(out.hookSpecificOutput.additionalContext).toContain("memory/2025-04-01.md:");
    } finally {
      d.kill("SIGTERM");
      await d.done;
    }
  });
});

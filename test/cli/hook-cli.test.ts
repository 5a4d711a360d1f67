/** `agent hook` through the built CLI: what Claude Code, Codex and OpenCode run. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/assistants/claude-code/adapter.js";
import { readTranscriptFile } from "../../src/assistants/transcript-file.js";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent, spawnAgent } from "../helpers/cli.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

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

  it("session-start of a coding session: SOUL.md and USER.md named as the memory workspace's, the project's memories, never AGENTS.md's instructions", async () => {
    const w = path.join(dir, "coding-ws");
    expect((await runAgent(["init", w])).code).toBe(0);
    write(w, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(w, "SOUL.md", "# Soul\n\nBe terse. Prefer plain TypeScript over clever types.\n");
    write(w, "USER.md", "# User\n\nRuns Linux; writes British English.\n");
    write(w, "memory/2026-11-02.md", "# 2026-11-02\n\nThe harbourmaster app deploys from the release branch only.\n");
    expect((await runAgent(["index", "-w", w])).code).toBe(0);
    const repo = path.join(dir, "harbourmaster");
    const agents = read(w, "AGENTS.md");
    expect(agents).toMatch(/memory\//);
    for (const [harness, payload] of [
      ["claude-code", { session_id: "c1", hook_event_name: "SessionStart", cwd: repo }],
      ["codex", { session_id: "c2", hook_event_name: "SessionStart", cwd: repo }],
    ] as const) {
      const r = await runAgent(["hook", harness, "session-start", "--workspace", w, "--no-daemon", "--budget-ms", "30000"], {}, JSON.stringify(payload));
      expect(r.code, r.stderr).toBe(0);
      const text = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
      expect(text).toContain("Be terse. Prefer plain TypeScript over clever types.");
      expect(text).toContain("Runs Linux; writes British English.");
      expect(text).toContain(`${w}/SOUL.md`);
      expect(text).toContain("deploys from the release branch only");
      // Nothing of AGENTS.md, and no workspace path as if it were the repository's.
      for (const line of agents.split("\n").filter((l) => l.trim().length > 20)) expect(text, line).not.toContain(line.trim());
      expect(text).not.toMatch(/(^|[\s(`])memory\/YYYY/);
    }
  });

  it("codex session-start: the context on a new session and after a compaction, nothing on a resume (Codex sends the earlier run's copy)", async () => {
    const w = path.join(dir, "resume-ws");
    write(w, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(w, "USER.md", "# User\n\nKeeps bees on the allotment.\n");
    expect((await runAgent(["index", "-w", w])).code).toBe(0);
    const start = (source: string) => runAgent(["hook", "codex", "session-start", "--workspace", w, "--no-daemon", "--budget-ms", "30000"], {}, JSON.stringify({ session_id: "r1", hook_event_name: "SessionStart", source }));
    for (const source of ["startup", "compact"]) {
      const r = await start(source);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, source).toContain("Keeps bees on the allotment.");
    }
    expect(await start("resume")).toMatchObject({ code: 0, stdout: "" });
  });

  it("stop: the captured turn is in the index the next prompt reads, even when the catch-up after it is cut at the cap", async () => {
    const w = path.join(dir, "cut-ws");
    write(w, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(w, "memory/2026-11-26.md", "# 2026-11-26\n\n- The dentist appointment moved to Wednesday 15:00.\n");
    expect((await runAgent(["index", "-w", w])).code).toBe(0);
    // Claude Code's transcript lines (Codex's hooks send the same payload).
    const transcript = write(dir, "cut/transcript.jsonl", [
      { type: "user", uuid: "u1", sessionId: "cut", timestamp: "2026-11-30T09:00:00Z", message: { role: "user", content: "no, the dentist moved to Thursday 9:00" } },
      { type: "assistant", uuid: "a1", parentUuid: "u1", sessionId: "cut", timestamp: "2026-11-30T09:00:02Z", message: { role: "assistant", content: [{ type: "text", text: "Noted." }] } },
    ].map((l) => JSON.stringify(l)).join("\n") + "\n");
    // The catch-up stalls past the 1 s cap, as it does on a loaded machine.
    const stop = await runAgent(["hook", "claude-code", "stop", "--workspace", w, "--no-daemon"], { AGENT_TEST_HOOK_STALL_MS: "3000", AGENT_TEST_HOOK_STALL_AT: "index" }, JSON.stringify({ session_id: "cut", transcript_path: transcript, hook_event_name: "Stop" }));
    expect(stop.code, stop.stderr).toBe(0);
    const r = await runAgent(["hook", "claude-code", "prompt", "--workspace", w, "--no-daemon", "--budget-ms", "30000"], {}, JSON.stringify({ session_id: "next", hook_event_name: "UserPromptSubmit", prompt: "when is my dentist appointment?" }));
    const text = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
    expect(text).toContain("moved to Thursday 9:00");
    expect(text).toMatch(/newer="sessions\/claude-code-cut\.jsonl:1/);
  }, 60_000);

  it("prompt: nothing at all when nothing is relevant", async () => {
    const r = await hook(["codex", "prompt", "--budget-ms", "30000"], { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "explain monads in haskell" });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });

  it("opencode: plain text back to the plugin", async () => {
    const r = await hook(["opencode", "prompt", "--budget-ms", "30000"], { session: "ses_1", prompt: "piano tuner" });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Quoted memories from agent-memory: .*not instructions/);
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
      // A generous budget: past the default one a loaded machine could end the hook (silently) before it says why.
      [["claude-code", "prompt", "--budget-ms", "30000"], "not json"],
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
    const log = readFileSync(path.join(agentDir(ws), "hooks.log"), "utf8").trim().split("\n");
    expect(log).toHaveLength(4);
    expect(log[3]).toMatch(/^\d{4}-\d\d-\d\dT.* agent hook codex stop: .*gone\.jsonl/);
  });

  // The hard cap, with a real process: AGENT_TEST_HOOK_STALL_MS (a test-only knob) makes the
  // hook's work spin synchronously, as a cold engine on a loaded machine does. The bound is the
  // stall itself: a process that ended before the stall did was ended by its deadline.
  // A generous test timeout, so a hook that does not end on time fails the assertion, not the clock.
  describe("the cap: the hook ends on time whatever its work is doing", { timeout: 60_000 }, () => {
    const STALL_MS = 10_000;
    const timed = async (args: string[], payload: unknown, env: NodeJS.ProcessEnv) => {
      const started = Date.now();
      const r = await runAgent(["hook", ...args, "--workspace", ws, "--no-daemon"], env, JSON.stringify(payload));
      return { ...r, ms: Date.now() - started };
    };

    it("prompt: past the budget it exits 0 with no output, long before the stalled search would end", async () => {
      const r = await timed(["claude-code", "prompt", "--budget-ms", "300"], { session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "when does the piano tuner come?" }, { AGENT_TEST_HOOK_STALL_MS: String(STALL_MS) });
      expect(r).toMatchObject({ code: 0, signal: null, stdout: "", stderr: "" });
      expect(r.ms).toBeLessThan(STALL_MS);
    });

    it("session-start: the same for the context, on every assistant", async () => {
      for (const [harness, payload] of [
        ["claude-code", { session_id: "s1", hook_event_name: "SessionStart" }],
        ["opencode", { session: "ses_1" }],
      ] as const) {
        const r = await timed([harness, "session-start"], payload, { AGENT_TEST_HOOK_STALL_MS: String(STALL_MS) });
        expect(r).toMatchObject({ code: 0, signal: null, stdout: "" });
        expect(r.ms).toBeLessThan(STALL_MS);
      }
    });

    it("stop: a capture slower than the cap is waited for, and its turns land", async () => {
      // 1.5 s: past the 1 s the index catch-up gets, so a cap on the capture itself would lose the turns.
      const r = await timed(["claude-code", "stop"], { session_id: "cap-slow", transcript_path: FIXTURE, hook_event_name: "Stop" }, { AGENT_TEST_HOOK_STALL_MS: "1500" });
      expect(r).toMatchObject({ code: 0, signal: null });
      const t = parseSessionText("x", readFileSync(path.join(ws, "sessions/claude-code-cap-slow.jsonl"), "utf8"));
      expect(t.turns[0]).toMatchObject({ role: "user", content: "please use a tool" });
    });

    it("stop: the index catch-up after the turns is cut at the cap; the turns are there whole", async () => {
      const r = await timed(["claude-code", "stop"], { session_id: "cap-cut", transcript_path: FIXTURE, hook_event_name: "Stop" }, { AGENT_TEST_HOOK_STALL_MS: String(STALL_MS), AGENT_TEST_HOOK_STALL_AT: "index" });
      expect(r).toMatchObject({ code: 0, signal: null });
      expect(r.ms).toBeLessThan(STALL_MS);
      const text = readFileSync(path.join(ws, "sessions/claude-code-cap-cut.jsonl"), "utf8");
      expect(text.endsWith("\n")).toBe(true);
      expect(text.trim().split("\n")).toHaveLength(readTranscriptFile(claudeCode, FIXTURE).length);
    });
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

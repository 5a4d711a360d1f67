/**
 * `agent hook` with a real daemon process: the capture and session-start hooks hand their work
 * to the daemon's warm engine (the hook process only reads stdin, asks the socket and prints),
 * and a daemon that dies in the middle of a capture loses no turn and writes none twice.
 *
 * How the tests know who did the work: AGENT_TEST_HOOK_STALL_MS (a test-only knob) makes the
 * hook's own worker spin for a long time, so a hook that ends well before the stall did not
 * use its worker. AGENT_TEST_DAEMON_CAPTURE=die-before|die-after makes the daemon kill itself
 * (SIGKILL) inside its capture, before or after it wrote the turns.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/assistants/claude-code/adapter.js";
import { readTranscriptFile } from "../../src/assistants/transcript-file.js";
import { askDaemon } from "../../src/daemon/client.js";
import { hookActivity } from "../../src/workspace/hook-activity.js";
import { HOOK_LOG } from "../../src/workspace/hook-log.js";
import { agentDir } from "../../src/workspace/paths.js";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

const FIXTURE = path.join(REPO_ROOT, "test/fixtures/assistants/claude-code-session.jsonl");
/** The worker's stall: a hook that ends before it did not wait for its worker. */
const STALL_MS = 20_000;
const STALLED = { AGENT_TEST_HOOK_STALL_MS: String(STALL_MS) };

describe("agent hook through a running daemon (real processes)", { timeout: 120_000 }, () => {
  let dir = "";
  let ws = "";
  let daemon: RunningAgent | undefined;

  const startDaemon = async (env: NodeJS.ProcessEnv = {}) => {
    daemon = spawnAgent(["daemon", "--workspace", ws, "--no-embed"], env);
    await daemon.waitFor(/daemon started on /, 60_000);
    return daemon;
  };
  const hook = async (args: string[], payload: unknown, env: NodeJS.ProcessEnv = {}) => {
    const started = Date.now();
    const r = await runAgent(["hook", ...args, "--workspace", ws], env, JSON.stringify(payload));
    return { ...r, ms: Date.now() - started };
  };
  const captured = (session: string) => parseSessionText("x", readFileSync(path.join(ws, `sessions/claude-code-${session}.jsonl`), "utf8")).turns;
  const fixtureTurns = () => readTranscriptFile(claudeCode, FIXTURE);

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    expect((await runAgent(["init", ws])).code).toBe(0);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "SOUL.md", "# Soul\n\nBe terse. Prefer plain TypeScript over clever types.\n");
    write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nThe harbourmaster app deploys from the release branch only.\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
  });
  afterEach(async () => {
    if (daemon !== undefined && daemon.exitCode === null && daemon.signalCode === null) {
      daemon.kill("SIGTERM");
      await daemon.done;
    }
    daemon = undefined;
  });
  afterAll(() => cleanup(dir));

  it("stop: the daemon writes the turns (the hook's worker never runs), and a second stop writes nothing twice", async () => {
    await startDaemon();
    const payload = { session_id: "warm-stop", transcript_path: FIXTURE, hook_event_name: "Stop" };
    const r = await hook(["claude-code", "stop"], payload, STALLED);
    expect(r).toMatchObject({ code: 0, signal: null, stderr: "" });
    expect(r.ms).toBeLessThan(STALL_MS);
    expect(captured("warm-stop")).toEqual(fixtureTurns().map((t) => expect.objectContaining({ role: t.role, content: t.text })));
    expect((await hook(["claude-code", "stop"], payload, STALLED)).code).toBe(0);
    expect(captured("warm-stop")).toHaveLength(fixtureTurns().length);
    // The daemon's watcher brings the index up to date: the transcript is found.
    await expect.poll(async () => (await runAgent(["search", "please use a tool", "-w", ws, "--json", "--no-daemon"])).stdout, { timeout: 30_000 }).toContain("sessions/claude-code-warm-stop.jsonl");
  });

  it("the daemon keeps the hooks' notes for --status (the hook process ends once it has printed): last injection, last capture, a capture with nothing to capture in hooks.log", async () => {
    await startDaemon();
    const before = hookActivity(ws, "codex");
    // Asked on the socket as a hook asks: the note is the daemon's, whatever the asking process does after.
    const injected = await askDaemon<{ text: string }>(ws, "inject", { prompt: "how does the harbourmaster app deploy?", harness: "codex", session: "n1", budgetMs: 30_000 });
    expect(injected?.text).toContain("harbourmaster");
    await askDaemon(ws, "sessionStart", { harness: "codex", session: "n1", budgetMs: 30_000 });
    expect(await askDaemon(ws, "capture", { event: "stop", harness: "codex", session: "n1" })).toMatchObject({ skipped: expect.stringContaining("names no transcript") });
    expect(await askDaemon(ws, "capture", { event: "stop", harness: "codex", session: "n2", messages: [] })).toEqual(expect.objectContaining({ appended: 0 }));
    await expect.poll(() => hookActivity(ws, "codex"), { timeout: 10_000 }).toMatchObject({ lastInject: expect.any(String), lastCapture: expect.any(String), missesLastDay: before.missesLastDay + 1 });
    expect(readFileSync(path.join(agentDir(ws), HOOK_LOG), "utf8")).toMatch(/agent hook codex stop: the payload names no transcript; nothing captured\n/);

    // Through a hook process: the answer is printed whole, and the process has ended (exit code 0) with the note kept.
    const r = await hook(["claude-code", "prompt", "--budget-ms", "30000"], { session_id: "n3", hook_event_name: "UserPromptSubmit", prompt: "how does the harbourmaster app deploy?" }, { ...STALLED, AGENT_DAEMON: "require" });
    expect(r).toMatchObject({ code: 0, signal: null, stderr: "" });
    expect((JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext).toContain("harbourmaster");
    await expect.poll(() => hookActivity(ws, "claude-code").lastInject, { timeout: 10_000 }).toEqual(expect.any(String));
  });

  it("pre-compact: the daemon captures and marks the compaction", async () => {
    await startDaemon();
    const r = await hook(["claude-code", "pre-compact"], { session_id: "warm-compact", transcript_path: FIXTURE, hook_event_name: "PreCompact" }, STALLED);
    expect(r).toMatchObject({ code: 0, signal: null });
    expect(r.ms).toBeLessThan(STALL_MS);
    const text = readFileSync(path.join(ws, "sessions/claude-code-warm-compact.jsonl"), "utf8");
    expect(captured("warm-compact").length).toBeGreaterThanOrEqual(fixtureTurns().length);
    expect(text).toMatch(/compact/i);
  });

  it("session-start: the coding context comes from the daemon, SOUL.md and the project's memory, never AGENTS.md's instructions", async () => {
    await startDaemon();
    // A budget shorter than the worker's stall and long enough for a loaded machine: only the daemon can answer within it.
    const r = await hook(["claude-code", "session-start", "--context-budget-ms", "15000"], { session_id: "warm-start", hook_event_name: "SessionStart", cwd: path.join(dir, "harbourmaster") }, STALLED);
    expect(r).toMatchObject({ code: 0, signal: null, stderr: "" });
    expect(r.ms).toBeLessThan(STALL_MS);
    const hl = path.join(ws, ".agent/hooks.log");
    expect(r.stdout, existsSync(hl) ? readFileSync(hl, "utf8") : "").not.toBe("");
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } };
    expect(out.hookSpecificOutput.additionalContext).toContain("Prefer plain TypeScript");
    expect(out.hookSpecificOutput.additionalContext).toContain("release branch");
    const agents = readFileSync(path.join(ws, "AGENTS.md"), "utf8");
    for (const line of agents.split("\n").filter((l) => l.trim().length > 20)) expect(out.hookSpecificOutput.additionalContext, line).not.toContain(line.trim());
  });

  for (const when of ["die-before", "die-after"] as const) {
    it(`a daemon killed in the middle of a capture (${when} writing): the hook's worker writes every turn, each once`, async () => {
      const d = await startDaemon({ AGENT_TEST_DAEMON_CAPTURE: when });
      const session = `dies-${when}`;
      const payload = { session_id: session, transcript_path: FIXTURE, hook_event_name: "Stop" };
      const r = await hook(["claude-code", "stop"], payload);
      // A native abort here (seen once in CI, SIGABRT) says what it was only on stderr.
      expect(r, r.stderr).toMatchObject({ code: 0, signal: null });
      expect((await d.done).signal).toBe("SIGKILL");
      expect(captured(session)).toEqual(fixtureTurns().map((t) => expect.objectContaining({ role: t.role, content: t.text })));
      // The next hook, with the daemon's socket file left behind: nothing written twice.
      expect((await hook(["claude-code", "stop"], payload)).code).toBe(0);
      expect(captured(session)).toHaveLength(fixtureTurns().length);
      const log = path.join(ws, ".agent/hooks.log");
      expect(existsSync(log) ? readFileSync(log, "utf8") : "").not.toContain(session);
    });
  }
});

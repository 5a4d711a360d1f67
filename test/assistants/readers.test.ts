import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookOutput, parseHookPayload, readClaudeTranscript } from "../../src/assistants/claude-code/transcript.js";
import { readCodexRollout } from "../../src/assistants/codex/transcript.js";
import { openCode } from "../../src/assistants/opencode/adapter.js";
import { openCodeMessagesFromRows, readOpenCodeMessages } from "../../src/assistants/opencode/transcript.js";
import { sessionIdFor, summariseTool } from "../../src/workspace/harness-turns.js";
import { REPO_ROOT } from "../helpers/workspace.js";

// Recorded from real runs of Claude Code 2.1.332 and Codex 0.171.0 against the scripted model server.
const fixture = (name: string) => readFileSync(path.join(REPO_ROOT, "test/fixtures/assistants", name), "utf8");

describe("Claude Code's transcript", () => {
  const turns = readClaudeTranscript(fixture("claude-code-session.jsonl"));

  it("keeps the person's words, the replies and one line per tool call; leaves out tool results, hook context, meta lines and command echoes", () => {
    expect(turns[0]).toMatchObject({ id: "380c9ba2-8d81-43f6-bef0-ed1661f11daa", role: "user", text: "please use a tool" });
    expect(turns[0]!.time).toMatch(/^2026-11-27T/);
    expect(turns[1]).toMatchObject({ role: "assistant", text: "Let me look." });
    expect(turns[2]).toMatchObject({ role: "tool", text: "Bash: echo hi" });
    const all = turns.map((t) => t.text).join("\n");
    expect(all).not.toContain("INJECTED");
    expect(all).not.toContain("tool_result");
    expect(all).not.toContain("<command-name>");
    expect(all).not.toContain("<local-command");
    expect(all).not.toContain("This session is being continued");
    expect(new Set(turns.map((t) => t.id)).size).toBe(turns.length);
  });

  it("a line cut short (being written) is skipped, the rest still read", () => {
    const text = fixture("claude-code-session.jsonl");
    const cut = text.slice(0, text.indexOf("Let me look.") + 5);
    expect(readClaudeTranscript(cut).map((t) => t.text)).toEqual(["please use a tool"]);
  });

  it("reads a hook payload, and prints context only where Claude Code takes it", () => {
    const ev = parseHookPayload("claude-code", JSON.stringify({ session_id: "s1", transcript_path: "/t.jsonl", cwd: "/p", hook_event_name: "UserPromptSubmit", prompt: "hi" }));
    expect(ev).toEqual({ harness: "claude-code", event: "prompt", session: "s1", transcriptPath: "/t.jsonl", prompt: "hi", cwd: "/p" });
    expect(parseHookPayload("claude-code", "not json")).toBeNull();
    expect(parseHookPayload("claude-code", JSON.stringify({ hook_event_name: "Stop" }))).toBeNull();
    expect(JSON.parse(hookOutput("prompt", "ctx"))).toEqual({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } });
    // Context at Stop makes Claude Code go on with the turn; never.
    expect(hookOutput("stop", "ctx")).toBe("");
    expect(hookOutput("prompt", "")).toBe("");
  });
});

describe("Codex's rollout", () => {
  const turns = readCodexRollout(fixture("codex-rollout.jsonl"));

  it("keeps the person's words, the replies and tool calls in one line; leaves out developer messages, wrappers and repeated events", () => {
    expect(turns.map((t) => [t.role, t.text])).toEqual([
      ["user", "please use a tool"],
      ["assistant", "Let me look."],
      ["tool", "shell: echo hi"],
      ["assistant", "OK, noted."],
      ["user", "another thing"],
      ["assistant", "OK, noted."],
    ]);
    // Its place in the rollout, not the model server's message id (a server may repeat one); that id stays as the legacy one.
    expect(turns[0]!.id).toMatch(/^ordinal-\d+$/);
    expect(turns[0]!.legacyId).toMatch(/^msg_/);
    expect(new Set(turns.map((t) => t.id)).size).toBe(turns.length);
  });

  it("leaves out the summary a compaction writes just before its `compacted` line", () => {
    const line = (ordinal: number, type: string, payload: unknown) => JSON.stringify({ timestamp: "2026-11-27T13:00:00.000Z", ordinal, type, payload });
    const text = [
      line(1, "response_item", { type: "message", id: "u1", role: "user", content: [{ type: "input_text", text: "hi" }] }),
      line(2, "response_item", { type: "message", id: "a1", role: "assistant", content: [{ type: "output_text", text: "hello" }] }),
      line(3, "event_msg", { type: "task_started" }),
      line(4, "response_item", { type: "message", id: "sum", role: "assistant", content: [{ type: "output_text", text: "Summary of the conversation so far" }] }),
      line(5, "compacted", { message: "…" }),
      line(6, "response_item", { type: "message", id: "u2", role: "user", content: [{ type: "input_text", text: "next" }] }),
    ].join("\n");
    expect(readCodexRollout(text).map((t) => t.id)).toEqual(["ordinal-1", "ordinal-2", "ordinal-6"]);
  });
});

describe("OpenCode's messages", () => {
  const messages = [
    { info: { id: "msg_u", role: "user", time: { created: Date.parse("2026-11-27T09:00:00Z") } }, parts: [{ id: "p1", type: "text", text: "fix the build" }, { id: "p0", type: "text", text: "<system stuff>", synthetic: true }] },
    {
      info: { id: "msg_a", role: "assistant", time: { created: Date.parse("2026-11-27T09:00:05Z") } },
      parts: [{ id: "p2", type: "step-start" }, { id: "p3", type: "reasoning", text: "hmm" }, { id: "p4", type: "tool", tool: "bash", state: { input: { command: "npm run build" }, output: "lots of output" } }, { id: "p5", type: "text", text: "Done." }],
    },
  ];

  it("keeps text and one line per tool, by message id", () => {
    expect(readOpenCodeMessages(messages)).toEqual([
      { id: "msg_u", role: "user", text: "fix the build", time: "2026-11-27T09:00:00.000Z" },
      { id: "msg_a", role: "assistant", text: "Done.", time: "2026-11-27T09:00:05.000Z" },
      { id: "p4", role: "tool", text: "bash: npm run build", time: "2026-11-27T09:00:05.000Z" },
    ]);
    expect(openCode.readTranscript(JSON.stringify(messages))).toHaveLength(3);
    expect(openCode.readTranscript("{broken")).toEqual([]);
  });

  it("rebuilds the same messages from its database rows", () => {
    const rows = openCodeMessagesFromRows(
      messages.map((m) => ({ id: m.info.id, session_id: "ses_1", data: JSON.stringify({ role: m.info.role, time: m.info.time }) })),
      messages.flatMap((m) => m.parts.map((p) => ({ id: p.id, message_id: m.info.id, data: JSON.stringify(Object.fromEntries(Object.entries(p).filter(([k]) => k !== "id"))) }))),
    );
    expect(readOpenCodeMessages(rows.get("ses_1")!)).toEqual(readOpenCodeMessages(messages));
  });
});

describe("shared pieces", () => {
  it("summarises a tool call in one short line", () => {
    expect(summariseTool("Bash", { command: "ls -la\n  /tmp" })).toBe("Bash: ls -la /tmp");
    expect(summariseTool("Write", { file_path: "a.ts", content: "x".repeat(5000) })).toBe("Write: a.ts");
    expect(summariseTool("Big", { content: "y".repeat(500) }).length).toBeLessThanOrEqual(160);
  });

  it("names transcripts safely", () => {
    expect(sessionIdFor("codex", "01a21d13-5598")).toBe("codex-01a21d13-5598");
    expect(sessionIdFor("opencode", "a/../b c")).toBe("opencode-a___b_c");
  });
});

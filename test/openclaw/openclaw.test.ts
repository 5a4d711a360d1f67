/**
 * A real OpenClaw turn (`openclaw agent --local`, OpenClaw 2026.9.6 on Node 24 from
 * scripts/node.sh) with this engine as its memory, after `agent connect openclaw`, against a
 * scripted Ollama-protocol model on 127.0.0.1: the older memory relevant to the prompt is in
 * the model's request, the model's memory_search (through OpenClaw's tool_call) is answered by
 * this engine, and the turn lands in sessions/. Skipped with the reason when OpenClaw is not
 * installed (`scripts/harness.sh install openclaw`).
 */
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv, runOpenClaw } from "./openclaw-env.js";

const WHY = missingHarness("openclaw");
const QUESTION = "Which fridge supplier did we choose for the pharmacy?";
const ANSWER = "We chose Kühlmann, for the warranty (memory/2025-03-02.md:3).";

describe.skipIf(WHY !== undefined)(titled("OpenClaw with this engine as its memory (a real --local turn)", WHY), { timeout: 600_000 }, () => {
  let dir = "";
  let ws = "";
  let model: OllamaChatServer;
  let result: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    dir = tempDir("agent-openclaw-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\n## Pharmacy\n\nWe chose the fridge supplier Kühlmann because of the warranty.\n");
    write(ws, "garden.md", "# Garden\n\nPlant the tulip bulbs before the first frost.\n");
    // The model looks the supplier up through OpenClaw's tool_call, then answers.
    // (OpenClaw puts its own context after the tool result, so "the last message" is no guide.)
    model = await startOllamaChat((messages) => {
      if (messages.some((m) => m.role === "tool")) return ANSWER;
      return { tool: "tool_call", arguments: { id: "memory_search", args: { query: "fridge supplier" } } };
    });
    const config = write(
      dir,
      "openclaw/openclaw.json",
      JSON.stringify(
        {
          models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } },
          agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws } },
        },
        null,
        2,
      ),
    );
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    // A loaded CI machine must not turn a slow search into a missing memory: the budget is this test's, not the default.
    const cfg = JSON.parse(read(dir, "openclaw/openclaw.json")) as { plugins: { entries: Record<string, { config: Record<string, unknown> }> } };
    cfg.plugins.entries["agent-memory"]!.config.budgetMs = 10_000;
    write(dir, "openclaw/openclaw.json", JSON.stringify(cfg, null, 2));

    const env = openClawEnv(dir, config);
    result = await runOpenClaw(dir, env, ["agent", "--local", "--agent", "main", "--session-id", "t1", "-m", QUESTION, "--json"]);
  }, 600_000);

  afterAll(async () => {
    await model?.close();
    cleanup(dir);
  });

  it("the turn ends normally, after two model calls (the tool call, the answer)", () => {
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(model.chats).toHaveLength(2);
    // Started from a terminal it prints its --json reply; started like this it may print nothing
    // (measured): the reply is checked in the transcript below, and here when it is printed.
    if (result.stdout.trim() !== "") expect((JSON.parse(result.stdout) as { payloads: { text: string }[] }).payloads.map((p) => p.text)).toEqual([ANSWER]);
  });

  it("the relevant older memory is in the model's request, with its citation", () => {
    const first = model.chats[0]!;
    const user = first.messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
    expect(user).toMatch(/<memory n="1" cite="memory\/2025-03-02\.md:1-5" date="2025-03-02" age="\d+ days old" from="the person wrote in memory\/2025-03-02\.md">/);
    expect(user).toContain("We chose the fridge supplier Kühlmann because of the warranty.");
    expect(user).toContain(QUESTION);
    // The unrelated note stays out; the memory section is in the system prompt.
    expect(first.raw).not.toContain("tulip");
    expect(first.messages.find((m) => m.role === "system")?.content).toContain("## Memory");
  });

  it("memory_search through OpenClaw's tool_call is answered by this engine", () => {
    const tool = model.chats.flatMap((c) => c.messages).find((m) => m.role === "tool");
    expect(tool, "no tool result reached the model").toBeDefined();
    // OpenClaw wraps the tool's result: {tool: {id, name}, result: {content: [{type, text}]}}.
    const outer = JSON.parse(tool!.content) as { tool: { id: string }; result: { content: { text: string }[] } };
    expect(outer.tool.id).toBe("openclaw:agent-memory:memory_search");
    // This engine's answer: its own keys, the cited note, no bookkeeping or path of the machine.
    const answer = JSON.parse(outer.result.content[0]!.text) as Record<string, unknown> & { results: { path: string; snippet: string }[] };
    expect(answer).toHaveProperty("dateRange");
    expect(answer.results.map((r) => r.path)).toEqual(["memory/2025-03-02.md"]);
    expect(answer).not.toHaveProperty("vectors");
    expect(answer).not.toHaveProperty("refreshed");
    expect(tool!.content).not.toContain(os.homedir() + "/.cache");
  });

  it("the turn lands in sessions/openclaw-<session>.jsonl", () => {
    const lines = read(ws, "sessions/openclaw-t1.jsonl").trim().split("\n").map((l) => JSON.parse(l) as { role: string; content: string; harness: string });
    expect(lines.filter((l) => l.role === "user").map((l) => l.content)).toEqual([QUESTION]);
    expect(lines.filter((l) => l.role === "assistant").map((l) => l.content)).toContain(ANSWER);
    expect(lines.every((l) => l.harness === "openclaw")).toBe(true);
  });
});

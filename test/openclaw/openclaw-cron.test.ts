/**
 * A real OpenClaw cron run (`openclaw agent --local --session-key agent:main:cron:…`, OpenClaw
 * 2026.9.6 on Node 24) with this engine as its memory, against a scripted Ollama-protocol model
 * on 127.0.0.1. A cron job's prompt was written by the job, not typed by the person: the turn is
 * kept as an isolated session's, its "user" line spoken by the agent, and it never comes back as
 * the person's memory. Skipped with the reason when OpenClaw is not installed.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv, runOpenClaw, type OpenClawRun } from "./openclaw-env.js";

const WHY = missingHarness("openclaw");
const JOB_PROMPT = "Scheduled digest: list the quinceharvest reminders due this week";

describe.skipIf(WHY !== undefined)(titled("an OpenClaw cron run with this engine as its memory (a real --local turn)", WHY), { timeout: 600_000 }, () => {
  let dir = "";
  let ws = "";
  let model: OllamaChatServer;
  let result: OpenClawRun;

  beforeAll(async () => {
    dir = tempDir("agent-openclaw-cron-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "garden/quince.md", "# Quince\n\nPick the quinces in late October.\n");
    model = await startOllamaChat(() => "Nothing is due this week.");
    const config = write(
      dir,
      "openclaw/openclaw.json",
      JSON.stringify({
        models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } },
        agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: path.join(dir, "openclaw-ws") } },
      }),
    );
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    result = await runOpenClaw(dir, openClawEnv(dir, config), ["agent", "--local", "--agent", "main", "--session-key", "agent:main:cron:nightly-digest:run:7", "-m", JOB_PROMPT, "--json"]);
  }, 600_000);

  afterAll(async () => {
    await model?.close();
    cleanup(dir);
  });

  it("the run ends normally and the model got the job's prompt", () => {
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(model.chats.some((c) => c.raw.includes("quinceharvest"))).toBe(true);
  });

  it("the job's prompt is kept as the agent's words in an isolated session, never as the person's", async () => {
    const file = readdirSync(path.join(ws, "sessions")).find((f) => f.startsWith("openclaw-"));
    expect(file, "no captured cron transcript").toBeDefined();
    const lines = read(ws, `sessions/${file}`).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.role === "user")).toMatchObject({ speaker: "agent", kind: "isolated", harness: "openclaw" });
    expect(lines.some((l) => l.speaker === "person")).toBe(false);
    expect(lines.every((l) => l.kind === "isolated")).toBe(true);
    const found = await runAgent(["search", "quinceharvest reminders", "--json", "-w", ws]);
    const hits = (JSON.parse(found.stdout) as { results?: { path: string }[] }).results ?? [];
    expect(hits.filter((h) => h.path.startsWith("sessions/"))).toEqual([]);
  });
});

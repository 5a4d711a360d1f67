/**
 * OpenClaw's first prompt with `agent daemon` running: a real `openclaw agent --local` turn (a
 * new OpenClaw process each time, so every turn is the plugin's first prompt) against a
 * scripted Ollama-protocol model on 127.0.0.1, with the plugin's default budget (300 ms). The
 * plugin asks the running daemon, whose engine is warm, instead of opening the engine inside
 * OpenClaw's process: the memory reaches the model's request in 3 runs of 3, on whatever load
 * the machine has. The assertion is what the model received, not a time. Skipped with the
 * reason when OpenClaw is not installed (`scripts/harness.sh install openclaw`).
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv } from "./openclaw-env.js";

const WHY = missingHarness("openclaw");
const QUESTION = "Which fridge supplier did we choose for the pharmacy?";
const ANSWER = "Kühlmann, for the warranty (memory/2025-03-02.md:3).";
const RUNS = 3;

describe.skipIf(WHY !== undefined)(titled("OpenClaw's first prompt through the running daemon (real --local turns)", WHY), { timeout: 900_000 }, () => {
  let dir = "";
  let ws = "";
  let model: OllamaChatServer;
  let daemon: RunningAgent | undefined;
  const runs: { session: string; code: number; stderr: string; firstChat: number }[] = [];

  beforeAll(async () => {
    dir = tempDir("agent-openclaw-daemon-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\n## Pharmacy\n\nWe chose the fridge supplier Kühlmann because of the warranty.\n");
    write(ws, "garden.md", "# Garden\n\nPlant the tulip bulbs before the first frost.\n");
    model = await startOllamaChat(() => ANSWER);
    const config = write(
      dir,
      "openclaw/openclaw.json",
      JSON.stringify({
        models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } },
        agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws } },
      }),
    );
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    // The plugin's own budget stays the default: the point is that the warm daemon answers within it.
    const cfg = JSON.parse(read(dir, "openclaw/openclaw.json")) as { plugins: { entries: Record<string, { config: Record<string, unknown> }> } };
    expect(cfg.plugins.entries["agent-memory"]!.config.budgetMs ?? 300).toBe(300);

    daemon = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
    await daemon.waitFor(/daemon started on /, 120_000);

    const env = openClawEnv(dir, config);
    for (let i = 1; i <= RUNS; i++) {
      const session = `first-${i}`;
      const firstChat = model.chats.length;
      const argv = ["24", harnessBin("openclaw")!, "agent", "--local", "--agent", "main", "--session-id", session, "-m", QUESTION, "--json"];
      // Its output goes to files: OpenClaw exits before a pipe has taken all of its --json reply.
      const out = path.join(dir, `openclaw-${i}.out`);
      const err = path.join(dir, `openclaw-${i}.err`);
      const fds = [openSync(out, "w"), openSync(err, "w")] as const;
      const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), argv, { env, stdio: ["ignore", fds[0], fds[1]] });
      const killer = setTimeout(() => child.kill("SIGKILL"), 240_000);
      const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
      clearTimeout(killer);
      for (const fd of fds) closeSync(fd);
      runs.push({ session, code, stderr: readFileSync(err, "utf8"), firstChat });
    }
  }, 900_000);

  afterAll(async () => {
    if (daemon !== undefined) {
      daemon.kill("SIGTERM");
      await daemon.done;
    }
    await model?.close();
    cleanup(dir);
  });

  it(`the memory reaches the model on the first prompt of each of ${RUNS} OpenClaw processes`, () => {
    expect(runs).toHaveLength(RUNS);
    // A miss names its reason in hooks.log (budget, daemon late, engine still opening): shown with any failure.
    const log = path.join(ws, ".agent/hooks.log");
    const misses = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "(no hooks.log)";
    for (const run of runs) {
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      const first = model.chats[run.firstChat];
      expect(first, `${run.session}: no request reached the model`).toBeDefined();
      const user = first!.messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
      expect(user, `${run.session}: hooks.log: ${misses}\nstderr: ${run.stderr.slice(-2000)}`).toContain("We chose the fridge supplier Kühlmann because of the warranty.");
      expect(user).toMatch(/<memory n="1" cite="memory\/2025-03-02\.md:1-5"/);
      expect(first!.raw).not.toContain("tulip");
    }
  });

  it("each turn was captured into sessions/openclaw-<session>.jsonl", async () => {
    for (const run of runs) {
      const lines = read(ws, `sessions/openclaw-${run.session}.jsonl`).trim().split("\n").map((l) => JSON.parse(l) as { role: string; content: string });
      expect(lines.filter((l) => l.role === "user").map((l) => l.content)).toEqual([QUESTION]);
      expect(lines.filter((l) => l.role === "assistant").map((l) => l.content)).toContain(ANSWER);
    }
    // No miss was logged.
    const log = path.join(ws, ".agent/hooks.log");
    expect(existsSync(log) ? readFileSync(log, "utf8") : "").not.toMatch(/openclaw prompt/);
  });
});

/**
 * Keys pasted while setting assistants up, in the shapes people paste them, through the real
 * `codex`, `opencode` and `claude` binaries and their hooks: an `opencode.json` with its
 * provider's `"apiKey"` pasted into Codex, an OpenRouter key told to OpenCode, a Telegram bot
 * token and a feed URL with its `?token=` told to Claude Code, whose model then runs a tool
 * call carrying an `x-api-key:` header.
 * None of them is anywhere the engine keeps or hands out: sessions/, the index and its WAL, the
 * state home, `agent export`, hooks.log, a later prompt's injected memories, the night's prompts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeProject } from "../helpers/claude-project.js";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { runHarness } from "../helpers/harness-run.js";
import { connectCodexAndOpenCode } from "../helpers/codex-opencode.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("codex") ?? missingHarness("opencode") ?? missingHarness("claude-code");
// Fakes built from parts: no string in this file is a live credential or a scanner's match.
const CONFIG_KEY = "9f3kQ2mZ7vX1" + "pL8rT4wY6uB0nC5d";
const ROUTER_KEY = "sk-or-v1-" + "0123456789abcdef".repeat(4);
const BOT_TOKEN = "7123456789:" + "AAH" + "x4Yk2Lq9Zr7Tm3Wn8Pb5Vc1Jd6Fs0Gh-";
const HEADER_KEY = "Zq81Lm4Nx7" + "Vb2Wc9Rt5Ys3";
const URL_TOKEN = "c0ffee42" + "9b1d7e3a5f60";
const KEYS = [CONFIG_KEY, ROUTER_KEY, BOT_TOKEN, HEADER_KEY, URL_TOKEN];

/** Every byte of the files under `dir`, as text. */
function bytesUnder(dir: string): string {
  let out = "";
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const f = path.join(e.parentPath, e.name);
    if (e.isFile() && statSync(f).size < 50_000_000) out += readFileSync(f).toString("latin1") + "\n";
  }
  return out;
}

describe.skipIf(why !== undefined)(titled("keys pasted to Codex, OpenCode and Claude Code while setting them up", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  let night: FakeOllama | undefined;
  afterAll(async () => {
    await server?.close();
    await night?.close();
    if (!process.env.KEEP_TEST_DIR) cleanup(root);
  }, 60_000);

  it("reach no file the engine keeps, no injected memory, no export and no prompt of the night", async () => {
    root = tempDir("agent-secrets-assistants-");
    // Claude Code's model runs one tool call carrying a header key (once: a later request that
    // quotes the turn back is no new instruction to run it).
    let ran = false;
    server = await startModelServer((req) => {
      if (req.raw.includes("You are a title generator")) return "Setup";
      if (req.raw.includes("tool_result")) return "Done.";
      if (req.protocol === "anthropic" && req.raw.includes("wire the bot") && !ran) {
        ran = true;
        return { tool: { name: "Bash", input: { command: `curl -s -H "x-api-key: ${HEADER_KEY}" https://api.example.com/v1/bots/setup` } } };
      }
      return "Noted.";
    });
    const { ws, proj, agent, turn: claude } = await claudeProject(root, { "memory/2026-11-30.md": "# 2026-11-30\n\nSet up the home assistant bot this week.\n" }, server);
    const { env, agentEnv, oproj } = await connectCodexAndOpenCode(root, ws, server);

    const pasted = `why does my opencode.json fail? {"provider": {"mistral": {"options": {"apiKey": "${CONFIG_KEY}"}}}}`;
    const codex = await runHarness(harnessBin("codex")!, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", pasted], { cwd: proj, env, timeoutMs: 120_000 });
    expect(codex.code, codex.stderr.slice(-2000)).toBe(0);
    const openCode = await runHarness(harnessBin("opencode")!, ["run", `my openrouter key for the home assistant bot is ${ROUTER_KEY}`], { cwd: oproj, env, timeoutMs: 480_000 });
    expect(openCode.code, openCode.stderr.slice(-2000)).toBe(0);
    expect((await claude(["-p", `the home assistant bot's telegram token is ${BOT_TOKEN}, its feed is https://feeds.example.com/v1/home?token=${URL_TOKEN}&limit=5, wire the bot up`])).code).toBe(0);
    // Every assistant's turn was captured (the keys went somewhere real).
    for (let i = 0; i < 120 && readdirSync(path.join(ws, "sessions")).filter((n) => n.endsWith(".jsonl")).length < 3; i++) await new Promise((r) => setTimeout(r, 250));
    const sessions = readdirSync(path.join(ws, "sessions")).filter((n) => n.endsWith(".jsonl"));
    for (const h of ["codex-", "opencode-", "claude-code-"]) expect(sessions.some((n) => n.startsWith(h)), sessions.join(" ")).toBe(true);
    const captured = sessions.map((n) => readFileSync(path.join(ws, "sessions", n), "utf8")).join("\n");
    expect(captured).toContain("[redacted:");
    expect(captured).toContain("Bash: curl -s -H");

    // A later prompt about the bot: its injected memories, and the search behind them.
    const before = server.requests.length;
    expect((await claude(["-p", "what do I need for the home assistant bot?"])).code).toBe(0);
    const later = server.requests.slice(before).map((q) => q.raw).join("\n");
    expect(later).toContain("Quoted memories");
    expect((await agent(["index", "-w", ws])).code).toBe(0);
    const exported = await runAgent(["export", "-w", ws], agentEnv);
    expect(exported.code, exported.stderr).toBe(0);

    // The night, with a model that records its prompts.
    night = await startFakeOllama((body) => {
      const props = (body.format as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
      if (props.summary) return JSON.stringify({ summary: "Set up the home assistant bot [t1].", topics: ["bot"] });
      if (props.soul) return JSON.stringify({ soul: "# SOUL\n\n## Core Identity\n\nHelpful.\n" });
      return JSON.stringify({ insights: [], principles: [] });
    });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { provider: "ollama", host: night.host, model: "good" }, reflection: { minSoulWords: 1, summaryMinMessages: 1, minMessagesPerSession: 1 } }));
    await agent(["reflect", "--json", "-w", ws]);
    expect(night.chats.length, "the night asked its model nothing").toBeGreaterThan(0);

    const kept = [bytesUnder(ws), bytesUnder(process.env.AGENT_STATE_HOME ?? path.join(env.HOME!, ".local/state")), later, exported.stdout, JSON.stringify(night.chats)];
    for (const key of KEYS) for (const [i, text] of kept.entries()) expect(text.includes(key), `${key.slice(0, 12)}… in ${["the workspace", "the state home", "the later prompt", "agent export", "the night's prompts"][i]}`).toBe(false);
    // Nor a telling part of one.
    for (const part of [CONFIG_KEY.slice(0, 10), ROUTER_KEY.slice(9, 30), BOT_TOKEN.slice(11, 30), HEADER_KEY.slice(0, 10), URL_TOKEN.slice(0, 12)]) for (const text of kept) expect(text).not.toContain(part);
  }, 900_000);
});

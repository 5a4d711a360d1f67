/**
 * OpenCode runs its system transform for its own helper agents too (the title of a new
 * session, a summary, a compaction), with the conversation's session id: the plugin `agent
 * connect opencode` writes hands the person's USER.md and memories to the conversation's
 * request only. The real plugin file, the built CLI and a real workspace; OpenCode's calls are
 * made as it makes them (measured with OpenCode 1.18.33: `{sessionID, model}` and
 * `{system: [prompt]}` for the title request and the conversation's alike).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCodePlugin } from "../../src/assistants/opencode/plugin.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

type Transform = (input: { sessionID: string; model: { id: string } }, output: { system: string[] }) => Promise<void>;
type Hooks = { "chat.message": (input: { sessionID: string }, output: { parts: { type: string; text: string }[] }) => Promise<void>; "experimental.chat.system.transform": Transform };

// OpenCode's own first lines, as it sends them.
const TITLE = "You are a title generator. You output ONLY a thread title. Nothing else.\n\n<task>\nGenerate a brief title…";
const SUMMARY = "Summarize what was done in this conversation. Write like a pull request description.";
const MAIN = "You are opencode, an interactive CLI tool that helps users with software engineering tasks.";

describe("the OpenCode plugin and OpenCode's helper requests", () => {
  let dir = "";
  let hooks: Hooks;
  beforeAll(async () => {
    dir = tempDir("agent-opencode-helpers-");
    const ws = path.join(dir, "W");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "USER.md", "# User\n\nLives at 12 Harbour Lane.\n");
    write(ws, "memory/2026-11-26.md", "# 2026-11-26\n\n- The dentist appointment moved to Wednesday 15:00.\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
    const file = path.join(dir, "agent-memory.js");
    writeFileSync(file, openCodePlugin({ node: process.execPath, cli: CLI, workspace: ws, budgetMs: 20_000 }));
    const mod = (await import(pathToFileURL(file).href)) as { AgentMemory: (ctx: { client: unknown }) => Promise<Hooks> };
    hooks = await mod.AgentMemory({ client: { session: { messages: async () => [] } } });
  }, 120_000);
  afterAll(() => cleanup(dir));

  it("the title and summary requests get nothing; the conversation's own request gets USER.md and the memory", async () => {
    const input = { sessionID: "ses_1", model: { id: "test-model" } };
    await hooks["chat.message"]({ sessionID: "ses_1" }, { parts: [{ type: "text", text: "when is my dentist appointment?" }] });
    // The title request comes first, as OpenCode sends it.
    const title = { system: [TITLE] };
    await hooks["experimental.chat.system.transform"](input, title);
    expect(title.system).toEqual([TITLE]);
    const summary = { system: [SUMMARY] };
    await hooks["experimental.chat.system.transform"](input, summary);
    expect(summary.system).toEqual([SUMMARY]);
    const main = { system: [MAIN] };
    await hooks["experimental.chat.system.transform"](input, main);
    const added = main.system.slice(1).join("\n");
    expect(added).toContain("Lives at 12 Harbour Lane.");
    expect(added).toContain("moved to Wednesday 15:00");
  }, 120_000);
});

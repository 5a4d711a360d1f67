/**
 * The memory workspace as OpenClaw's own workspace (`agents.defaults.workspace`, as the docs
 * suggest): OpenClaw then loads its files into every session's system prompt itself, and leaves
 * only MEMORY.md out of a group chat's. The plugin's `agent:bootstrap` hook withholds the rest of
 * the private files (USER.md) outside the person's main session. A real `openclaw agent --local`
 * turn in a Telegram group (OpenClaw 2026.9.6 on Node 24) against a scripted Ollama-protocol
 * model: neither USER.md's nor MEMORY.md's words reach any of its requests, while the public
 * note the plugin injects still does. Skipped with the reason when OpenClaw is not installed.
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { withholdPrivateFiles } from "../../src/assistants/openclaw/plugin.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv } from "./openclaw-env.js";

describe("OpenClaw's bootstrap files outside the person's main session", () => {
  const ws = "/home/me/assistant";
  const files = [
    { name: "AGENTS.md", path: `${ws}/AGENTS.md` },
    { name: "SOUL.md", path: `${ws}/SOUL.md` },
    { name: "USER.md", path: `${ws}/USER.md` },
    { name: "MEMORY.md", path: `${ws}/MEMORY.md` },
    { name: "USER.md", path: `${ws}/users/alice/USER.md` },
    { name: "EXTRA.md", path: `${ws}/memory/2026-11-30.md` },
    { name: "EXTRA.md", path: `${ws}/MEMORY.sync-conflict-20261130-101010-ABCDEFG.md` },
    { name: "TOOLS.md", path: "/elsewhere/TOOLS.md" },
  ];
  it("a group or isolated session keeps only the public ones; a main session all", () => {
    const kept = ["AGENTS.md", "SOUL.md", "TOOLS.md"];
    for (const kind of ["group", "isolated"] as const) expect(withholdPrivateFiles(files, ws, kind)?.map((f) => (f as { name: string }).name)).toEqual(kept);
    expect(withholdPrivateFiles(files, ws, "main")).toBeUndefined();
    expect(withholdPrivateFiles(files.slice(0, 2), ws, "group")).toBeUndefined();
    expect(withholdPrivateFiles(undefined, ws, "group")).toBeUndefined();
  });
});

const WHY = missingHarness("openclaw");

describe.skipIf(WHY !== undefined)(titled("OpenClaw in a group chat, with the memory workspace as OpenClaw's own (a real --local turn)", WHY), { timeout: 600_000 }, () => {
  let dir = "";
  let model: OllamaChatServer | undefined;
  afterAll(async () => {
    await model?.close();
    if (!process.env.KEEP_TEST_DIR) cleanup(dir);
  });

  it("gets neither USER.md nor MEMORY.md in any request, and still the public note", async () => {
    dir = tempDir("agent-openclaw-own-ws-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "USER.md", "# User\n\nLives at 12 Harbour Lane; the spare key is under the blue pot.\n");
    write(ws, "MEMORY.md", "# Memory\n\n- The boathouse alarm code is 4411.\n");
    write(ws, "boathouse.md", "# Boathouse\n\nThe boathouse alarm panel is left of the door.\n");
    model = await startOllamaChat(() => "Left of the door.");
    const config = write(dir, "openclaw/openclaw.json", JSON.stringify({ models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } }, agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws } } }));
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    const cfg = JSON.parse(read(dir, "openclaw/openclaw.json")) as { plugins: { entries: Record<string, { config: Record<string, unknown> }> } };
    cfg.plugins.entries["agent-memory"]!.config.budgetMs = 10_000;
    write(dir, "openclaw/openclaw.json", JSON.stringify(cfg, null, 2));
    const out = path.join(dir, "openclaw.out");
    const fd = openSync(out, "w");
    const argv = ["24", harnessBin("openclaw")!, "agent", "--local", "--agent", "main", "--session-key", "agent:main:telegram:group:-1001234567890", "-m", "where is the boathouse alarm panel?", "--json"];
    const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), argv, { env: openClawEnv(dir, config), stdio: ["ignore", fd, fd] });
    const killer = setTimeout(() => child.kill("SIGKILL"), 480_000);
    const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
    clearTimeout(killer);
    closeSync(fd);
    expect(code, readFileSync(out, "utf8").slice(-3000)).toBe(0);
    expect(model.chats.length).toBeGreaterThan(0);
    for (const chat of model.chats) for (const secret of ["Harbour Lane", "blue pot", "4411"]) expect(chat.raw, secret).not.toContain(secret);
    expect(model.chats[0]!.raw).toContain("left of the door");
  });
});

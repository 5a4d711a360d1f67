/**
 * Claude Code as a plugin: `agent connect claude-code --plugin DIR` writes a plugin folder that
 * the real `claude plugin validate` accepts and that a real turn with `--plugin-dir DIR` uses
 * (the old note injected, the turn captured); disconnect takes exactly its files out again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("claude-code");

describe.skipIf(why !== undefined)(titled("Claude Code connected as a plugin", why), () => {
  let root = "";
  let ws = "";
  let proj = "";
  let plugin = "";
  let server: ModelServer;
  let env: NodeJS.ProcessEnv;
  const claude = harnessBin("claude-code")!;
  const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, AGENT_WORKSPACE: "" }, undefined, proj);

  beforeAll(async () => {
    root = tempDir("agent-claude-plugin-");
    ws = path.join(root, "W");
    proj = path.join(root, "proj");
    plugin = path.join(root, "plugins", "agent-memory");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2025-03-14.md", "# 2025-03-14\n\n## Boathouse\n\nThe spare key for the boathouse hangs behind the blue heron statue.\n");
    server = await startModelServer();
    env = isolatedEnv(root, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" });
    expect((await agent(["index", "-w", ws])).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("writes a plugin that `claude plugin validate` passes and a real turn uses; disconnect takes it out", async () => {
    // The hooks run in-process here (no daemon): a budget that a loaded test machine meets.
    const connect = await agent(["connect", "claude-code", "--plugin", plugin, "-w", ws, "--budget-ms", "20000"]);
    expect(connect).toMatchObject({ code: 0, stderr: "" });
    expect((await agent(["connect", "claude-code", "--plugin", plugin, "-w", ws, "--budget-ms", "20000"])).stdout).toContain("nothing to change");

    const valid = await runHarness(claude, ["plugin", "validate", plugin], { cwd: proj, env, timeoutMs: 60_000 });
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain("Validation passed");
    for (const hook of ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd", "PreCompact"]) expect(valid.stdout).toContain(`hooks: ${hook} command`);
    expect(valid.stdout).toContain("mcpServers: agent-memory stdio");

    const r = await runHarness(claude, ["-p", "where is the spare key for the boathouse?", "--plugin-dir", plugin], { cwd: proj, env, timeoutMs: 120_000 });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    const withMemory = server.requests.filter((q) => q.raw.includes("blue heron statue"));
    expect(withMemory.length).toBeGreaterThan(0);
    expect(withMemory[0]!.raw).toContain("memory/2025-03-14.md:");
    const files = readdirSync(path.join(ws, "sessions")).filter((f) => f.startsWith("claude-code-"));
    expect(files).toHaveLength(1);
    expect(parseSessionText("t", readFileSync(path.join(ws, "sessions", files[0]!), "utf8")).turns[0]).toMatchObject({ role: "user", content: "where is the spare key for the boathouse?" });

    const off = await agent(["disconnect", "claude-code", "--plugin", plugin, "-w", ws]);
    expect(off.code).toBe(0);
    expect(readdirSync(plugin, { recursive: true })).toEqual([]);
  }, 400_000);

  it("refuses a folder that holds another plugin, and writes nothing", async () => {
    const other = path.join(root, "plugins", "theirs");
    mkdirSync(path.join(other, ".claude-plugin"), { recursive: true });
    const manifest = JSON.stringify({ name: "theirs", version: "1.0.0" });
    writeFileSync(path.join(other, ".claude-plugin", "plugin.json"), manifest);
    const r = await agent(["connect", "claude-code", "--plugin", other, "-w", ws]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(path.join(other, ".claude-plugin", "plugin.json"));
    expect(r.stderr).toContain("not ours");
    expect(readFileSync(path.join(other, ".claude-plugin", "plugin.json"), "utf8")).toBe(manifest);
    expect(existsSync(path.join(other, "hooks"))).toBe(false);
  });
});

/**
 * Claude Code end to end: `agent connect`, one real turn against the scripted model server, a
 * compaction, a re-import and `agent disconnect`, with the real `claude` binary.
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
const PERSON_SETTINGS = '{\n  "permissions": { "allow": ["Bash(ls:*)"] },\n  "env": { "MY_SETTING": "kept" }\n}\n';

describe.skipIf(why !== undefined)(titled("Claude Code connected to a workspace", why), () => {
  let root = "";
  let ws = "";
  let proj = "";
  let server: ModelServer;
  let env: NodeJS.ProcessEnv;
  const claude = harnessBin("claude-code")!;
  const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, AGENT_WORKSPACE: "" });
  const turn = (args: string[]) => runHarness(claude, args, { cwd: proj, env, timeoutMs: 120_000 });

  beforeAll(async () => {
    root = tempDir("agent-claude-");
    ws = path.join(root, "W");
    proj = path.join(root, "proj");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    // An old note, far outside any context window: only the memory can bring it back.
    write(ws, "memory/2025-03-14.md", "# 2025-03-14\n\n## Boathouse\n\nThe spare key for the boathouse hangs behind the blue heron statue.\n");
    // Always-loaded context (USER.md): what SessionStart hands over.
    write(ws, "USER.md", "# User\n\nPrefers metric units and short answers.\n");
    write(ws, "memory/2025-03-15.md", "# 2025-03-15\n\nPlanted tomatoes.\n");
    mkdirSync(path.join(proj, ".claude"), { recursive: true });
    writeFileSync(path.join(proj, ".claude/settings.json"), PERSON_SETTINGS);
    server = await startModelServer();
    env = isolatedEnv(root, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" });
    expect((await agent(["index", "-w", ws])).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("injects the old note, captures the turn, flushes once at compaction, re-imports nothing, and disconnects cleanly", async () => {
    // The hooks run in-process here (no daemon): a budget that a loaded test machine meets.
    const connect = await runAgent(["connect", "claude-code", "--scope", "project", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, proj);
    expect(connect.stderr).toBe("");
    expect(connect.code).toBe(0);
    const again = await runAgent(["connect", "claude-code", "--scope", "project", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, proj);
    expect(again.stdout).toContain("nothing to change");

    const r = await turn(["-p", "where is the spare key for the boathouse?"]);
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    expect(server.requests.some((q) => q.raw.includes("Prefers metric units and short answers."))).toBe(true);
    // The MCP server connect registered is up: its tools are offered to the model.
    expect(server.requests.some((q) => q.raw.includes("memory_search"))).toBe(true);
    const withMemory = server.requests.filter((q) => q.raw.includes("blue heron statue"));
    expect(withMemory.length).toBeGreaterThan(0);
    expect(withMemory[0]!.raw).toContain("memory/2025-03-14.md:");

    const files = readdirSync(path.join(ws, "sessions")).filter((f) => f.startsWith("claude-code-"));
    expect(files).toHaveLength(1);
    const transcript = () => parseSessionText("t", readFileSync(path.join(ws, "sessions", files[0]!), "utf8"));
    expect(transcript().turns.map((t) => [t.role, t.content])).toEqual([
      ["user", "where is the spare key for the boathouse?"],
      ["assistant", "OK, noted."],
    ]);

    const compact = await turn(["-p", "--continue", "/compact"]);
    expect(compact.timedOut).toBe(false);
    const after = transcript();
    expect(after.markers).toHaveLength(1);
    expect(after.turns).toHaveLength(2);
    const jobs = JSON.parse((await agent(["jobs", "-w", ws, "--json"])).stdout) as { runs: { job: string; outcome: string; reason: string; details: Record<string, unknown> }[] };
    const flushes = jobs.runs.filter((j) => j.job === "flush");
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toMatchObject({ outcome: "skip", details: { trigger: "claude-code compaction" } });
    expect(flushes[0]!.reason).toContain("capture only");

    const imported = JSON.parse((await agent(["import", "claude-code", "-w", ws, "--json"])).stdout) as { appended: number; already: number };
    expect(imported.appended).toBe(0);
    expect(imported.already).toBeGreaterThanOrEqual(2);

    const off = await runAgent(["disconnect", "claude-code", "--scope", "project", "-w", ws], { HOME: env.HOME }, undefined, proj);
    expect(off.code).toBe(0);
    expect(readFileSync(path.join(proj, ".claude/settings.json"), "utf8")).toBe(PERSON_SETTINGS);
    expect(existsSync(path.join(proj, ".mcp.json"))).toBe(false);
  }, 400_000);
});

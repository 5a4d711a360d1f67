/**
 * Codex end to end: `agent connect`, one real turn against the scripted Responses server, an
 * automatic compaction, a re-import and `agent disconnect`, with the real `codex` binary.
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

const why = missingHarness("codex");

describe.skipIf(why !== undefined)(titled("Codex connected to a workspace", why), () => {
  let root = "";
  let ws = "";
  let proj = "";
  let server: ModelServer;
  let env: NodeJS.ProcessEnv;
  let personConfig = "";
  const codex = harnessBin("codex")!;
  const agent = (args: string[]) => runAgent(args, { HOME: env.HOME, CODEX_HOME: env.CODEX_HOME, AGENT_WORKSPACE: "" });
  // Hooks run only when trusted; a test trusts them for the run.
  const turn = (args: string[]) => runHarness(codex, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", ...args], { cwd: proj, env, timeoutMs: 120_000 });

  beforeAll(async () => {
    root = tempDir("agent-codex-");
    ws = path.join(root, "W");
    proj = path.join(root, "proj");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2025-02-03.md", "# 2025-02-03\n\n## Car\n\nThe winter tyres are stored at Kessler Garage, locker 17.\n");
    // Always-loaded context (USER.md): what SessionStart hands over.
    write(ws, "USER.md", "# User\n\nPrefers metric units and short answers.\n");
    write(ws, "memory/2025-02-04.md", "# 2025-02-04\n\nRead a book.\n");
    server = await startModelServer();
    env = isolatedEnv(root);
    personConfig = `# my codex setup\nmodel = "test-model"\nmodel_provider = "local"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n\n[model_providers.local]\nname = "local"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nrequires_openai_auth = false\n`;
    writeFileSync(path.join(env.CODEX_HOME!, "config.toml"), personConfig);
    expect((await agent(["index", "-w", ws])).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("injects the old note, captures the turn, flushes once at compaction, re-imports nothing, and disconnects cleanly", async () => {
    const connect = await agent(["connect", "codex", "-w", ws, "--budget-ms", "20000"]);
    expect(connect.code).toBe(0);
    expect((await agent(["connect", "codex", "-w", ws, "--budget-ms", "20000"])).stdout).toContain("nothing to change");

    const r = await turn(["where are my winter tyres stored?"]);
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    expect(server.requests.some((q) => q.raw.includes("Prefers metric units and short answers."))).toBe(true);
    const withMemory = server.requests.filter((q) => q.raw.includes("Kessler Garage, locker 17"));
    expect(withMemory.length).toBeGreaterThan(0);
    expect(withMemory[0]!.raw).toContain("memory/2025-02-03.md:");

    const files = readdirSync(path.join(ws, "sessions")).filter((f) => f.startsWith("codex-"));
    expect(files).toHaveLength(1);
    const transcript = () => parseSessionText("t", readFileSync(path.join(ws, "sessions", files[0]!), "utf8"));
    expect(transcript().turns.map((t) => [t.role, t.content])).toEqual([
      ["user", "where are my winter tyres stored?"],
      ["assistant", "OK, noted."],
    ]);

    // Automatic compaction on the next turn: the conversation is over this (small) limit.
    const compact = await turn(["-c", "model_auto_compact_token_limit=100", "resume", "--last", "and the summer ones?"]);
    expect(compact.timedOut).toBe(false);
    const after = transcript();
    expect(after.markers).toHaveLength(1);
    // Codex's compaction summary is its own digest, not a turn.
    expect(after.turns.map((t) => [t.role, t.content])).toEqual([
      ["user", "where are my winter tyres stored?"],
      ["assistant", "OK, noted."],
      ["user", "and the summer ones?"],
      ["assistant", "OK, noted."],
    ]);
    const jobs = JSON.parse((await agent(["jobs", "-w", ws, "--json"])).stdout) as { runs: { job: string; outcome: string; reason: string; details: Record<string, unknown> }[] };
    const flushes = jobs.runs.filter((j) => j.job === "flush");
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toMatchObject({ outcome: "skip", details: { trigger: "codex compaction" } });

    // The MCP server connect registered came up in one of the runs (a cold `agent mcp` on a
    // loaded machine may still be starting when Codex sends its first request): its tools were
    // offered to the model.
    expect(server.requests.some((q) => q.raw.includes("memory_search"))).toBe(true);

    const imported = JSON.parse((await agent(["import", "codex", "-w", ws, "--json"])).stdout) as { appended: number; already: number };
    expect(imported.appended).toBe(0);
    expect(imported.already).toBeGreaterThanOrEqual(2);

    expect((await agent(["disconnect", "codex", "-w", ws])).code).toBe(0);
    expect(readFileSync(path.join(env.CODEX_HOME!, "config.toml"), "utf8")).toBe(personConfig);
    expect(existsSync(path.join(env.CODEX_HOME!, "hooks.json"))).toBe(false);
  }, 400_000);
});

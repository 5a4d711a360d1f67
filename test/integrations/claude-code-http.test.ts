/**
 * Claude Code connected through the daemon (`agent connect claude-code --via daemon`): its HTTP
 * hooks and MCP over HTTP go to `agent daemon --http` itself, no process of ours per turn. A real
 * `claude -p` turn against the scripted model server injects and captures; with the daemon down
 * the turn still runs, and the next turn of the session (daemon back) captures the missed one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("claude-code");

// Both scopes: Claude Code runs HTTP hooks from a project's settings.local.json and from ~/.claude/settings.json alike.
describe.skipIf(why !== undefined).each(["project", "user"] as const)(titled("Claude Code connected through the daemon over HTTP, --scope %s", why), (scope) => {
  let root = "";
  let ws = "";
  let proj = "";
  let server: ModelServer;
  let env: NodeJS.ProcessEnv;
  let daemon: RunningAgent | undefined;
  const claude = harnessBin("claude-code")!;
  const turn = (args: string[]) => runHarness(claude, args, { cwd: proj, env, timeoutMs: 120_000 });
  // One port for the daemon's every start: the hooks name it.
  let port = 0;

  async function startDaemon(): Promise<void> {
    daemon = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", String(port), "--no-embed"], {});
    await daemon.waitFor(/watching for changes/, 60_000);
    port = Number(/MCP over HTTP at http:\/\/127\.0\.0\.1:(\d+)\//.exec(daemon.out().stdout)![1]);
  }
  async function stopDaemon(): Promise<void> {
    daemon!.kill("SIGTERM");
    await daemon!.done.catch(() => undefined);
    daemon = undefined;
  }
  const captured = () => {
    const files = readdirSync(path.join(ws, "sessions")).filter((f) => f.startsWith("claude-code-"));
    return files.flatMap((f) => parseSessionText("t", readFileSync(path.join(ws, "sessions", f), "utf8")).turns.map((t) => [t.role, t.content]));
  };

  beforeAll(async () => {
    root = tempDir("agent-claude-http-");
    ws = path.join(root, "W");
    proj = path.join(root, "proj");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2025-03-14.md", "# 2025-03-14\n\n## Boathouse\n\nThe spare key for the boathouse hangs behind the blue heron statue.\n");
    write(ws, "USER.md", "# User\n\nPrefers metric units and short answers.\n");
    write(proj, "README.md", "# proj\n");
    server = await startModelServer();
    env = isolatedEnv(root, { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" });
    expect((await runAgent(["index", "-w", ws], { HOME: env.HOME })).code).toBe(0);
    await startDaemon();
  }, 120_000);

  afterAll(async () => {
    if (daemon !== undefined) await stopDaemon();
    await server?.close();
    cleanup(root);
  });

  it("a real turn through HTTP hooks injects, offers the MCP tools and captures; with the daemon down the turn runs and the next one catches up", async () => {
    // A loaded test machine: the prompt's memories may take longer than the default 300 ms.
    const connect = await runAgent(["connect", "claude-code", "--scope", scope, "--via", "daemon", "-w", ws, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, proj);
    expect(connect.stderr).toBe("");
    expect(connect.code).toBe(0);
    // The hooks carry the daemon's token: their file is the person's alone.
    const hooksFile = scope === "project" ? path.join(proj, ".claude", "settings.local.json") : path.join(env.HOME!, ".claude", "settings.json");
    expect(statSync(hooksFile).mode & 0o777).toBe(0o600);

    const r = await turn(["-p", "where is the spare key for the boathouse?"]);
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    // SessionStart's context and the prompt's memories reached the model; the MCP tools over HTTP were offered.
    expect(server.requests.some((q) => q.raw.includes("Prefers metric units and short answers."))).toBe(true);
    expect(server.requests.some((q) => q.raw.includes("blue heron statue"))).toBe(true);
    expect(server.requests.some((q) => q.raw.includes("memory_search"))).toBe(true);
    expect(captured()).toEqual([
      ["user", "where is the spare key for the boathouse?"],
      ["assistant", "OK, noted."],
    ]);

    // The daemon is down: the turn still runs, nothing is captured.
    await stopDaemon();
    const down = await turn(["-p", "--continue", "remember: the canoe paddles are in the loft"]);
    expect(down.timedOut).toBe(false);
    expect(down.code).toBe(0);
    expect(captured()).toHaveLength(2);
    const status = await runAgent(["connect", "--status"], { HOME: env.HOME }, undefined, proj);
    expect(status.stdout).toMatch(/DOWN: no daemon answers/);
    const doctor = await runAgent(["doctor", "-w", ws], { HOME: env.HOME }, undefined, proj);
    expect(doctor.stdout + doctor.stderr).toMatch(/no daemon answers for/);

    // Back: the session's next turn captures from the session's cursor, the missed turn first.
    await startDaemon();
    const back = await turn(["-p", "--continue", "thanks"]);
    expect(back.code).toBe(0);
    expect(captured().filter(([role]) => role === "user").map(([, text]) => text)).toEqual(["where is the spare key for the boathouse?", "remember: the canoe paddles are in the loft", "thanks"]);
  }, 400_000);
});

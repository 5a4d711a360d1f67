/**
 * OpenCode end to end (its turns are slow: one test): `agent connect`, one real turn against
 * the scripted Chat Completions server, a compaction through `opencode serve`, a re-import and
 * `agent disconnect`, with the real `opencode` binary.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, runHarness } from "../helpers/harness-run.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("opencode");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(why !== undefined)(titled("OpenCode connected to a workspace", why), () => {
  let root = "";
  let ws = "";
  let proj = "";
  let server: ModelServer;
  let env: NodeJS.ProcessEnv;
  let serve: ChildProcess | undefined;
  let personConfig = "";
  const opencode = harnessBin("opencode")!;
  const agent = (args: string[], cwd?: string) => runAgent(args, { HOME: env.HOME, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, XDG_DATA_HOME: env.XDG_DATA_HOME, AGENT_WORKSPACE: "" }, undefined, cwd);

  beforeAll(async () => {
    root = tempDir("agent-opencode-");
    ws = path.join(root, "W");
    proj = path.join(root, "proj");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2025-05-20.md", "# 2025-05-20\n\n## Kayak\n\nThe kayak paddles are in the loft above the bike shed.\n");
    write(ws, "memory/2025-05-21.md", "# 2025-05-21\n\nCalled mum.\n");
    server = await startModelServer();
    env = isolatedEnv(root, { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1" });
    personConfig = JSON.stringify(
      {
        $schema: "https://opencode.ai/config.json",
        provider: { local: { npm: "@ai-sdk/openai-compatible", name: "local", options: { baseURL: `${server.url}/v1`, apiKey: "dummy" }, models: { "test-model": { name: "test-model" } } } },
        model: "local/test-model",
      },
      null,
      2,
    ) + "\n";
    writeFileSync(path.join(proj, "opencode.json"), personConfig);
    expect((await agent(["index", "-w", ws])).code).toBe(0);
  }, 120_000);

  afterAll(async () => {
    serve?.kill("SIGKILL");
    await server?.close();
    cleanup(root);
  }, 60_000);

  it("injects the old note, captures the turn, flushes once at compaction, re-imports nothing, and disconnects cleanly", async () => {
    const connect = await agent(["connect", "opencode", "--scope", "project", "-w", ws, "--budget-ms", "20000"], proj);
    expect(connect.code).toBe(0);
    expect((await agent(["connect", "opencode", "--scope", "project", "-w", ws, "--budget-ms", "20000"], proj)).stdout).toContain("nothing to change");

    const r = await runHarness(opencode, ["run", "where did I leave the kayak paddles?"], { cwd: proj, env, timeoutMs: 240_000 });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(0);
    const withMemory = server.requests.filter((q) => q.raw.includes("loft above the bike shed"));
    expect(withMemory.length).toBeGreaterThan(0);
    expect(withMemory[0]!.raw).toContain("memory/2025-05-20.md:");
    // OpenCode's title request (its helper agent, maybe another model) gets no memory.
    const titled = server.requests.filter((q) => q.raw.includes("You are a title generator"));
    expect(titled.length).toBeGreaterThan(0);
    for (const q of titled) expect(q.raw).not.toContain("loft above the bike shed");

    const file = await waitFor("the captured transcript", async () => readdirSync(path.join(ws, "sessions")).find((f) => f.startsWith("opencode-")), 30_000);
    const transcript = () => parseSessionText("t", readFileSync(path.join(ws, "sessions", file), "utf8"));
    // `opencode run` sends the words as it got them, quotes and all.
    expect(transcript().turns.map((t) => [t.role, t.content.replace(/^"|"$/g, "")])).toEqual([
      ["user", "where did I leave the kayak paddles?"],
      ["assistant", "OK, noted."],
    ]);

    // The same question again: `opencode run` hands it over in quotes, which is no must-match
    // phrase (only the captured question would hold it) and the question is no answer: the note comes back.
    const before = server.requests.length;
    const again = await runHarness(opencode, ["run", "where did I leave the kayak paddles?"], { cwd: proj, env, timeoutMs: 240_000 });
    expect(again.code).toBe(0);
    const second = server.requests.slice(before);
    expect(second.some((q) => q.raw.includes("loft above the bike shed"))).toBe(true);
    expect(second.some((q) => q.raw.includes(`sessions/${file}`))).toBe(false);

    // Compaction is only reachable through the server's API.
    const port = await freePort();
    serve = spawn(opencode, ["serve", "--port", String(port), "--hostname", "127.0.0.1"], { cwd: proj, env, stdio: ["ignore", "pipe", "pipe"] });
    let serveLog = "";
    serve.stdout!.on("data", (d: Buffer) => (serveLog += d.toString()));
    serve.stderr!.on("data", (d: Buffer) => (serveLog += d.toString()));
    const base = `http://127.0.0.1:${port}`;
    await waitFor("opencode serve", async () => ((await fetch(`${base}/session`, { signal: AbortSignal.timeout(5_000) })).ok ? true : undefined), 240_000).catch((e: Error) => {
      throw new Error(`${e.message}; it said: ${serveLog.slice(-2000)}`);
    });
    const session = file.slice("opencode-".length, -".jsonl".length);
    const res = await fetch(`${base}/session/${session}/summarize`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ providerID: "local", modelID: "test-model" }), signal: AbortSignal.timeout(120_000) });
    expect(res.ok).toBe(true);
    await waitFor("the compaction marker", async () => (transcript().markers.length > 0 ? true : undefined), 30_000);
    serve.kill("SIGTERM");
    expect(transcript().markers).toHaveLength(1);
    const jobs = JSON.parse((await agent(["jobs", "-w", ws, "--json"])).stdout) as { runs: { job: string; outcome: string; details: Record<string, unknown> }[] };
    const flushes = jobs.runs.filter((j) => j.job === "flush");
    expect(flushes).toHaveLength(1);
    expect(flushes[0]).toMatchObject({ outcome: "skip", details: { trigger: "opencode compaction" } });

    const imported = JSON.parse((await agent(["import", "opencode", "-w", ws, "--json"])).stdout) as { appended: number; already: number; problems: string[] };
    expect(imported.problems).toEqual([]);
    expect(imported.appended).toBe(0);
    expect(imported.already).toBeGreaterThanOrEqual(2);

    expect((await agent(["disconnect", "opencode", "--scope", "project", "-w", ws], proj)).code).toBe(0);
    expect(readFileSync(path.join(proj, "opencode.json"), "utf8")).toBe(personConfig);
    expect(existsSync(path.join(proj, ".opencode/plugins/agent-memory.js"))).toBe(false);
  }, 600_000);
});

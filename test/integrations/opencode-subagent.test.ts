/**
 * OpenCode's task tool with the real `opencode` binary: the model asks for a sub-agent, OpenCode
 * runs it in a child session (its `parentID` the person's session) with the parent agent's
 * instruction as its "user" message, and the plugin `agent connect opencode` writes sees both
 * sessions go idle. The child session is kept as isolated, its instruction spoken by the agent
 * (not the person's words: never indexed, never read at night), the person's own session as main; `agent import
 * opencode` of OpenCode's database into another workspace says the same.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { isolatedEnv, realRunScratch, runHarness } from "../helpers/harness-run.js";
import { startModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("opencode");
const INSTRUCTION = "SUBTASK: search the notes for where the kayak paddles are";

describe.skipIf(why !== undefined)(titled("an OpenCode sub-agent (its task tool) with the real opencode", why), () => {
  const scratch = realRunScratch();

  it("keeps the child session as isolated and the person's own as main, captured and imported", async () => {
    const root = (scratch.root = tempDir("agent-opencode-task-"));
    const ws = path.join(root, "W");
    const proj = path.join(root, "proj");
    mkdirSync(proj, { recursive: true });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    // The main agent hands the question to a sub-agent, which answers; then the main agent answers.
    const server = (scratch.server = await startModelServer((req) => {
      if (req.raw.includes("You are a title generator")) return "Kayak";
      if (((req.body.messages as { role: string }[]) ?? []).some((m) => m.role === "tool")) return "The helper found them: the loft.";
      if (req.raw.includes(INSTRUCTION)) return "The notes say the loft above the bike shed.";
      return { tool: { name: "task", input: { description: "find paddles", prompt: INSTRUCTION, subagent_type: "general" } } };
    }));
    const env = isolatedEnv(root, { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_SHARE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1" });
    writeFileSync(path.join(proj, "opencode.json"), JSON.stringify({ provider: { local: { npm: "@ai-sdk/openai-compatible", name: "local", options: { baseURL: `${server.url}/v1`, apiKey: "dummy" }, models: { "test-model": { name: "test-model" } } } }, model: "local/test-model" }, null, 2));
    const agentEnv = { HOME: env.HOME, XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, XDG_DATA_HOME: env.XDG_DATA_HOME };
    expect((await runAgent(["connect", "opencode", "--scope", "project", "-w", ws, "--budget-ms", "20000"], agentEnv, undefined, proj)).code).toBe(0);

    const r = await runHarness(harnessBin("opencode")!, ["run", "where did I leave the kayak paddles? ask a helper"], { cwd: proj, env, timeoutMs: 240_000 });
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(server.requests.some((q) => q.raw.includes(INSTRUCTION) && !q.raw.includes('"role":"tool"')), "no sub-agent ran").toBe(true);

    // Before the first capture lands there is no sessions/ folder yet: nothing kept so far.
    const kept = (dir: string) =>
      (existsSync(path.join(dir, "sessions")) ? readdirSync(path.join(dir, "sessions")) : [])
        .filter((n) => n.endsWith(".jsonl"))
        .map((n) => ({ name: n, lines: readFileSync(path.join(dir, "sessions", n), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, string>) }));
    const check = (dir: string, via: string) => {
      const files = kept(dir);
      expect(files, files.map((f) => f.name).join(" ")).toHaveLength(2);
      const child = files.find((f) => f.lines.some((l) => l.role === "user" && l.content.includes(INSTRUCTION)))!;
      const own = files.find((f) => f !== child)!;
      expect(child.lines.map((l) => l.kind)).toEqual(child.lines.map(() => "isolated"));
      // The parent agent wrote the child's "user" turn: never presented as the person's words.
      expect(child.lines.find((l) => l.role === "user" && l.content.includes(INSTRUCTION))).toMatchObject({ speaker: "agent", harness: "opencode", via });
      expect(own.lines.map((l) => l.kind)).toEqual(own.lines.map(() => "main"));
      expect(own.lines.find((l) => l.role === "user")).toMatchObject({ speaker: "person", harness: "opencode", via });
      expect(own.lines.find((l) => l.role === "user")?.content).toContain("where did I leave the kayak paddles?");
    };
    // The person's session goes idle last, as `opencode run` ends: its capture may still be on its way.
    for (let i = 0; i < 120 && kept(ws).length < 2; i++) await new Promise((res) => setTimeout(res, 250));
    check(ws, "capture");
    // The instruction is no memory of the person's: a search finds the person's own session only.
    const found = await runAgent(["search", "kayak paddles", "--json", "-w", ws], agentEnv);
    const search = JSON.parse(found.stdout) as { results?: { path: string; snippet: string }[] };
    expect(search.results?.length, found.stdout + found.stderr).toBeGreaterThan(0);
    for (const hit of search.results ?? []) expect(hit.snippet).not.toContain("SUBTASK");

    const w2 = path.join(root, "W2");
    write(w2, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const imported = await runAgent(["import", "opencode", path.join(env.XDG_DATA_HOME!, "opencode/opencode.db"), "-w", w2, "--json"], agentEnv);
    expect(imported.code, imported.stderr).toBe(0);
    check(w2, "import");
  }, 600_000);
});

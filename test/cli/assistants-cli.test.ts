/** `agent boot`, `agent ask` and `agent search --project` through the built CLI. */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedDate } from "../../src/workspace/time.js";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

describe("agent boot / ask / search --project (built CLI)", () => {
  let dir = "";
  let ws = "";
  let fake: FakeOllama;
  const today = zonedDate(Date.now(), "UTC");

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    fake = await startFakeOllama((body) => {
      const messages = body.messages as { role: string; content: string }[];
      const last = messages[messages.length - 1]!.content;
      if (last.startsWith("Question:")) return JSON.stringify({ tool: "search", args: { query: "fridge supplier" } });
      return JSON.stringify({ answer: "Kühlmann.", citations: [{ path: "memory/2025-03-02.md", startLine: 3, endLine: 3 }] });
    });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "good", host: fake.host } }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe chose the fridge supplier Kühlmann. project:: pharmacy\n");
    write(ws, `memory/${today}.md`, `# ${today}\n\n## Work\n\nDrafted the pharmacy shelf plan. project:: pharmacy\n\n## Home\n\nWatered plants. project:: home\n`);
  });
  afterAll(async () => {
    await fake.close();
    cleanup(dir);
  });

  it("has --help for boot, mcp and ask", { timeout: 30_000 }, async () => {
    for (const cmd of ["boot", "mcp", "ask"]) {
      const r = await runAgent([cmd, "--help"]);
      expect(r.code, cmd).toBe(0);
      expect(r.stdout).toContain(`Usage: agent ${cmd}`);
      expect(r.stdout).toContain("--workspace");
    }
  });

  it("boot prints history and recent activity; --json has the documented shape", { timeout: 30_000 }, async () => {
    const r = await runAgent(["boot", "what was I doing on the pharmacy project", "--workspace", ws, "--days", "3", "--include-daily"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^boot: "what was I doing on the pharmacy project" · last 3 days/);
    expect(r.stdout).toContain("History\n");
    expect(r.stdout).toContain("Recent activity\n");
    expect(r.stdout).toContain(`Today's note (memory/${today}.md)`);
    const j = await runAgent(["boot", "pharmacy", "--workspace", ws, "--project", "pharmcy", "--json"]);
    expect(j.code, j.stderr).toBe(0);
    const out = JSON.parse(j.stdout) as { project: string; items: { path: string; snippet: string; origin: string; date: string | null }[] };
    expect(out.project).toBe("pharmcy");
    expect(out.items.length).toBeGreaterThan(0);
    expect(out.items.some((i) => i.snippet.includes("Watered plants"))).toBe(false);
  });

  it("search --project and --annotation filter by markers", { timeout: 30_000 }, async () => {
    const r = await runAgent(["search", "plants shelf", "--workspace", ws, "--project", "home", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { snippet: string; annotations: Record<string, string[]> }[] };
    expect(out.results.map((x) => x.snippet)).toEqual(["Watered plants. project:: home"]);
    expect(out.results.every((x) => x.annotations.project!.includes("home"))).toBe(true);
    const bad = await runAgent(["search", "x", "--workspace", ws, "--annotation", "colour::blue"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/annotations take the keys ctx, project, meeting, mode, got "colour"/);
  });

  it("ask answers with sources, then resumes and forks by id", { timeout: 60_000 }, async () => {
    const r = await runAgent(["ask", "Which fridge supplier?", "--workspace", ws, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { conversationId: string; status: string; answer: string; citations: unknown[] };
    expect(out).toMatchObject({ status: "answered", answer: "Kühlmann.", citations: [{ path: "memory/2025-03-02.md", startLine: 3, endLine: 3 }] });
    const human = await runAgent(["ask", "Sure?", "--workspace", ws, "--session", out.conversationId]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toBe("Kühlmann.\n\nSources:\n  memory/2025-03-02.md:3-3\n");
    expect(human.stderr).toContain(`conversation ${out.conversationId}`);
    const fork = await runAgent(["ask", "Fork?", "--workspace", ws, "--session", out.conversationId, "--fork", "--json"]);
    expect(JSON.parse(fork.stdout)).toMatchObject({ forkedFrom: out.conversationId });
    const list = await runAgent(["ask", "--list", "--workspace", ws, "--json"]);
    expect((JSON.parse(list.stdout) as { conversations: unknown[] }).conversations).toHaveLength(2);
    const noFork = await runAgent(["ask", "x", "--fork", "--workspace", ws]);
    expect(noFork.code).toBe(1);
    expect(noFork.stderr).toMatch(/fork needs session: the conversation to fork/);
  });
});

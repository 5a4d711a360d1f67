/**
 * The MCP server through the SDK's own client, over a real stdio child process running the
 * built CLI (`node dist/cli/main.js mcp --workspace WS`). Run `npm run build` first.
 */
import { symlinkSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { MCP_TOOL_NAMES } from "../../src/mcp/names.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initWorkspace } from "../../src/workspace/init.js";
import { addDays, zonedDate } from "../../src/workspace/time.js";
import { runAgent } from "../helpers/cli.js";
import { rerankReply, startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { CLI, cleanup, read, tempDir, write } from "../helpers/workspace.js";

interface ToolResult {
  content?: { type: string; text?: string }[];
  isError?: boolean;
}

const textOf = (r: unknown): string =>
  ((r as ToolResult).content ?? [])
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n");

describe("agent mcp (stdio child process, SDK client)", () => {
  let dir = "";
  let ws = "";
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = "";
  let fake: FakeOllama;
  const today = zonedDate(Date.now(), "UTC");
  const twoDaysAgo = addDays(today, -2);

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    initWorkspace(ws);
    // The ask tool's model: search once, then answer citing what the search showed.
    fake = await startFakeOllama((body) => {
      const messages = body.messages as { role: string; content: string }[];
      const last = messages[messages.length - 1]!.content;
      const graded = rerankReply(last, (p) => (p.includes("Kühlmann") ? 2 : 0));
      if (graded !== null) return graded;
      if (last.includes("Your answer (FACT:")) return "Sure! Here is the fact:\n\nFACT: We chose the fridge supplier Kühlmann because of the warranty.";
      if (last.startsWith("Question:")) return JSON.stringify({ tool: "search", args: { query: "fridge supplier" } });
      const m = /(memory\/\S+\.md):(\d+)-(\d+)/.exec(last);
      return JSON.stringify({ answer: "Kühlmann, for the warranty.", citations: m ? [{ path: m[1], startLine: Number(m[2]), endLine: Number(m[3]) }] : [] });
    });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "good", host: fake.host }, dream: { thresholds: { minDays: 1 } } }));
    write(ws, `memory/${today}.md`, `# ${today}\n\n## Morning\n\nCalled the wholesaler about the fridge. project:: Pharmacy App\n`);
    write(ws, `memory/${twoDaysAgo}.md`, `# ${twoDaysAgo}\n\n- Planted tomatoes. project:: garden\n`);
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe chose the fridge supplier Kühlmann because of the warranty. project:: pharmacy\n");
    write(dir, "outside.md", "secret outside the workspace\n");
    symlinkSync(path.join(dir, "outside.md"), path.join(ws, "escape.md"));

    transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--workspace", ws],
      env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" },
      stderr: "pipe",
    });
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    client = new Client({ name: "agent-test", version: "1.0.0" });
    await client.connect(transport);
  }, 30_000);

  afterAll(async () => {
    await client?.close();
    await fake?.close();
    cleanup(dir);
  });

  it("lists every tool (the SOUL review ones included) with short operational descriptions", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["ask", "boot", "context", "dream_accept", "dream_proposals", "dream_reject", "memory_append", "memory_get", "memory_health", "memory_search", "soul_accept", "soul_get", "soul_proposed", "soul_reject", "soul_save"]);
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeLessThan(200);
      expect(t.inputSchema.type).toBe("object");
    }
    const get = tools.find((t) => t.name === "memory_get")!;
    expect(Object.keys(get.inputSchema.properties ?? {}).sort()).toEqual(["from", "lines", "path"]);
    expect(get.inputSchema.required).toEqual(["path"]);
    expect(client.getServerVersion()?.name).toBe("agent-memory");
  });

  it("lists the daily and soul resources", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["daily://list", "daily://recent", "daily://today", "daily://week", "soul://current", "soul://history"]);
  });

  it("daily resources concatenate days with headers and separators, with a placeholder for missing days", async () => {
    const readText = async (uri: string) => {
      const r = await client.readResource({ uri });
      const c = r.contents[0] as { uri: string; text?: string };
      expect(c.uri).toBe(uri);
      return c.text ?? "";
    };
    const todayView = await readText("daily://today");
    expect(todayView).toBe(`# ${today}\n\n## Morning\n\nCalled the wholesaler about the fridge. project:: Pharmacy App\n`);
    const recent = await readText("daily://recent");
    expect(recent.match(/^# \d{4}-\d{2}-\d{2}$/gm)).toEqual([`# ${twoDaysAgo}`, `# ${addDays(today, -1)}`, `# ${today}`]);
    expect(recent.split("\n---\n")).toHaveLength(3);
    expect(recent).toContain(`# ${addDays(today, -1)}\n\n_(no daily note for this day)_`);
    const week = await readText("daily://week");
    expect(week.match(/^# \d{4}-\d{2}-\d{2}$/gm)).toHaveLength(7);
    const list = JSON.parse(await readText("daily://list")) as { today: string; days: { date: string; exists: boolean }[] };
    expect(list.today).toBe(today);
    expect(list.days).toHaveLength(30);
    expect(list.days.filter((d) => d.exists).map((d) => d.date)).toEqual([today, twoDaysAgo]);
    expect(await readText("soul://current")).toBe(read(ws, "SOUL.md"));
    expect(JSON.parse(await readText("soul://history"))).toMatchObject({ versions: [], current: { exists: true } });
  });

  it("memory_search finds notes, filters by project and returns annotations", async () => {
    const r = await client.callTool({ name: "memory_search", arguments: { query: "fridge", limit: 5 } });
    expect(r.isError).toBeFalsy();
    const out = JSON.parse(textOf(r)) as { results: { path: string; annotations?: Record<string, string[]> }[] };
    expect(out.results.map((x) => x.path)).toEqual(expect.arrayContaining([`memory/${today}.md`, "memory/2025-03-02.md"]));
    const filtered = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge", project: "pharmacy app" } }))) as typeof out;
    expect(filtered.results.map((x) => x.path).sort()).toEqual([`memory/${today}.md`, "memory/2025-03-02.md"].sort());
    const garden = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "tomatoes", annotations: { project: "gardn" } } }))) as typeof out;
    expect(garden.results.map((x) => [x.path, x.annotations])).toEqual([[`memory/${twoDaysAgo}.md`, { project: ["garden"] }]]);
    // rerank: the workspace's model grades both fridge notes and keeps the one naming the supplier.
    const graded = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge", rerank: true } }))) as {
      results: { path: string; grade?: number }[];
      rerank: { model: string; graded: number; dropped: number };
    };
    expect(graded.results.map((x) => [x.path, x.grade])).toEqual([["memory/2025-03-02.md", 2]]);
    expect(graded.rerank).toMatchObject({ model: "ollama/good", graded: 2, dropped: 1 });
  });

  it("memory_get reads numbered lines inside the workspace", async () => {
    const r = await client.callTool({ name: "memory_get", arguments: { path: "memory/2025-03-02.md", from: 3, lines: 1 } });
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toBe("memory/2025-03-02.md lines 3-3 of 3\n3| We chose the fridge supplier Kühlmann because of the warranty. project:: pharmacy");
    const abs = await client.callTool({ name: "memory_get", arguments: { path: path.join(ws, "SOUL.md") } });
    expect(abs.isError).toBeFalsy();
    expect(textOf(abs)).toContain("SOUL.md lines 1-");
  });

  it("memory_get refuses any path escaping the workspace, as a tool error", async () => {
    for (const p of ["../outside.md", "memory/../../outside.md", path.join(dir, "outside.md"), "/etc/passwd", "escape.md", ".agent/index.db"]) {
      const r = await client.callTool({ name: "memory_get", arguments: { path: p } });
      expect(r.isError, p).toBe(true);
      expect(textOf(r), p).toMatch(/refused/);
      expect(textOf(r)).not.toContain("secret outside");
    }
    const missing = await client.callTool({ name: "memory_get", arguments: { path: "memory/1999-01-01.md" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/no such file/);
  });

  it("memory_append appends to today's note under a timestamped heading, keeping what was there", async () => {
    const before = read(ws, `memory/${today}.md`);
    const r = await client.callTool({ name: "memory_append", arguments: { text: "Ana prefers Thai food.", title: "from the test" } });
    expect(r.isError).toBeFalsy();
    expect(JSON.parse(textOf(r))).toMatchObject({ path: `memory/${today}.md`, date: today, created: false });
    const after = read(ws, `memory/${today}.md`);
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toMatch(/^\n## \d{2}:\d{2} — from the test\n\nAna prefers Thai food\.\n$/);
    // Searchable at once.
    const found = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "Thai food" } }))) as { results: { path: string }[] };
    expect(found.results[0]!.path).toBe(`memory/${today}.md`);
  });

  it("context, soul_get and boot answer through the library", async () => {
    const ctx = textOf(await client.callTool({ name: "context", arguments: { session: "main", query: "fridge" } }));
    expect(ctx).toContain("# Workspace context (main session)");
    expect(ctx).toContain(`## memory/${today}.md (today)`);
    expect(ctx).toContain('## Relevant memories for "fridge"');
    const group = textOf(await client.callTool({ name: "context", arguments: { session: "group" } }));
    expect(group).not.toContain("Called the wholesaler");

    expect(textOf(await client.callTool({ name: "soul_get", arguments: {} }))).toBe(read(ws, "SOUL.md"));
    const noVersion = await client.callTool({ name: "soul_get", arguments: { version: 3 } });
    expect(noVersion.isError).toBe(true);

    const boot = JSON.parse(textOf(await client.callTool({ name: "boot", arguments: { query: "pharmacy fridge", days: 3, includeDaily: true } }))) as {
      items: { path: string; origin: string }[];
      today: { text: string };
    };
    expect(boot.items.map((i) => i.path)).toEqual(expect.arrayContaining(["memory/2025-03-02.md", `memory/${today}.md`]));
    expect(boot.items.some((i) => i.origin !== "history")).toBe(true);
    expect(boot.today.text).toBe(read(ws, `memory/${today}.md`));
  });

  it("gives the same answers as the CLI: context text, and search and boot JSON", async () => {
    const cli = async (args: string[]) => {
      const r = await runAgent([...args, "--workspace", ws]);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout;
    };
    const ctxMcp = textOf(await client.callTool({ name: "context", arguments: { query: "fridge supplier" } }));
    expect(ctxMcp).toContain("Kühlmann");
    expect(ctxMcp).toBe(await cli(["context", "--query", "fridge supplier"]));
    expect(textOf(await client.callTool({ name: "context", arguments: { session: "group" } }))).toBe(await cli(["context", "--session", "group"]));

    // The answer itself may not differ; the CLI's bookkeeping (what the freshness pass re-read,
    // which embedder answered) is not part of what an MCP client gets.
    const answer = (text: string) => {
      const { refreshed: _r, vectors: _v, note: _n, ...rest } = JSON.parse(text) as Record<string, unknown>;
      return rest;
    };
    const searchMcp = answer(textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge supplier" } })));
    expect((searchMcp.results as unknown[]).length).toBeGreaterThan(0);
    expect(searchMcp).toEqual(answer(await cli(["search", "fridge supplier", "--json"])));
    // Search syntax reads the same through both fronts: a phrase, an exclusion, a phrase no note has.
    const syntaxQuery = '"fridge supplier" -wholesaler "not in any note"';
    const syntaxMcp = answer(textOf(await client.callTool({ name: "memory_search", arguments: { query: syntaxQuery } })));
    expect(syntaxMcp.syntax).toEqual({ phrases: ["fridge supplier"], excluded: ["wholesaler"], relaxed: ["not in any note"] });
    expect((syntaxMcp.results as { path: string }[]).map((r) => r.path)).toEqual(["memory/2025-03-02.md"]);
    expect(syntaxMcp).toEqual(answer(await cli(["search", syntaxQuery, "--json"])));

    const bootMcp = JSON.parse(textOf(await client.callTool({ name: "boot", arguments: { query: "pharmacy" } }))) as Record<string, unknown>;
    expect((bootMcp.items as unknown[]).length).toBeGreaterThan(0);
    expect(bootMcp).toEqual(JSON.parse(await cli(["boot", "pharmacy", "--json"])));

    // Nothing relevant: an empty list and the reason, the same through both fronts, and boot
    // says why its history part is empty instead of filling it with whatever came nearest.
    const unrelated = "kubernetes helm chart rollback for the fridge";
    const none = answer(textOf(await client.callTool({ name: "memory_search", arguments: { query: unrelated } })));
    expect(none.results).toEqual([]);
    expect(none.reason).toMatch(/^nothing relevant: \d+ candidate\(s\), none above the floor/);
    expect(none).toEqual(answer(await cli(["search", unrelated, "--json"])));
    const bootNone = JSON.parse(textOf(await client.callTool({ name: "boot", arguments: { query: unrelated } }))) as { items: { origin: string }[]; warnings: string[] };
    expect(bootNone.items.filter((i) => i.origin === "history")).toEqual([]);
    expect(bootNone.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^history: nothing relevant/)]));
    // --min-score raises the floor the same way on both fronts: above the best score, nothing is left, and the reason says why.
    const best = Math.max(...(searchMcp.results as { score: number }[]).map((r) => r.score));
    const minScore = Math.min(1, Math.round((best + 0.01) * 1000) / 1000);
    const high = answer(textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge supplier", minScore } })));
    expect(high.results).toEqual([]);
    expect(high.reason).toBe(`nothing relevant: no result scores at least --min-score ${minScore}`);
    expect(high).toEqual(answer(await cli(["search", "fridge supplier", "--json", "--min-score", String(minScore)])));
  });

  it("ask runs the tool loop with the configured model and returns an answer with citations", async () => {
    const r = await client.callTool({ name: "ask", arguments: { question: "Which fridge supplier did we choose?" } });
    expect(r.isError, textOf(r)).toBeFalsy();
    const out = JSON.parse(textOf(r)) as { conversationId: string; status: string; answer: string; citations: { path: string }[]; toolCalls: number };
    expect(out).toMatchObject({ status: "answered", answer: "Kühlmann, for the warranty.", toolCalls: 1 });
    expect(out.citations.map((c) => c.path)).toEqual([expect.stringMatching(/^memory\/.+\.md$/)]);
    // The model was offered search, get, boot and daily only.
    const system = (fake.chats[0]!.messages as { role: string; content: string }[])[0]!.content;
    expect(system).not.toMatch(/- ask: /);
    const resumed = JSON.parse(textOf(await client.callTool({ name: "ask", arguments: { question: "Sure?", session: out.conversationId } }))) as typeof out;
    expect(resumed.conversationId).toBe(out.conversationId);
    const forked = JSON.parse(textOf(await client.callTool({ name: "ask", arguments: { question: "Sure?", session: out.conversationId, fork: true } }))) as typeof out & { forkedFrom: string };
    expect(forked.forkedFrom).toBe(out.conversationId);
  });

  it("memory_search feeds the recall log; the dream's proposal is reviewed and accepted over MCP", { timeout: 60_000 }, async () => {
    for (const query of ["Kühlmann warranty", "which fridge supplier did we choose", "supplier warranty"]) await client.callTool({ name: "memory_search", arguments: { query } });
    const dream = await runAgent(["dream", "--workspace", ws, "--json"]);
    expect(dream.code, dream.stderr).toBe(0);
    expect(JSON.parse(dream.stdout)).toMatchObject({ status: "proposed", proposed: [{ text: "We chose the fridge supplier Kühlmann because of the warranty.", source: "memory/2025-03-02.md:1-3" }] });
    const list = JSON.parse(textOf(await client.callTool({ name: "dream_proposals", arguments: {} }))) as { id: number; provenance: { path: string; queries: string[] } }[];
    expect(list).toHaveLength(1);
    expect(list[0]!.provenance.path).toBe("memory/2025-03-02.md");
    expect(list[0]!.provenance.queries).toEqual(expect.arrayContaining(["kühlmann warranty", "which fridge supplier did we choose", "supplier warranty"]));
    const before = read(ws, "MEMORY.md");
    const acc = JSON.parse(textOf(await client.callTool({ name: "dream_accept", arguments: { ids: [list[0]!.id] } }))) as { accepted: { id: number }[] };
    expect(acc.accepted.map((a) => a.id)).toEqual([list[0]!.id]);
    expect(read(ws, "MEMORY.md")).toBe(`${before.replace(/\n*$/, "")}\n\n## Dreamed facts\n\n- We chose the fridge supplier Kühlmann because of the warranty.\n`);
    const none = await client.callTool({ name: "dream_reject", arguments: { ids: [list[0]!.id], reason: "already accepted" } });
    expect((none as ToolResult).isError).toBe(true);
    expect(textOf(none)).toContain(`proposal #${list[0]!.id} was already accepted`);
  });

  it("logs only to stderr", () => {
    expect(stderr).toContain(`MCP server for ${ws} on stdio`);
  });
});

/**
 * Both MCP protocol eras on the same servers: a 2026-07-28 client (no handshake, `server/discover`,
 * the per-request envelope) and a 2025 one (`initialize`) on `agent mcp`'s stdio, and on the
 * daemon's HTTP endpoint; a client that probes with `server/discover` and then falls back to
 * `initialize` (Claude Code does) on stdio; the recall prompt; and no path of the machine in
 * what the tools return.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatRecall } from "../../src/mcp/prompts.js";
import { mcpSearchAnswer } from "../../src/mcp/tools/search.js";
import type { SearchReport } from "../../src/search/report.js";
import { spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { CLI, cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const textOf = (r: unknown): string => ((r as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? "").join("\n");
const MODERN = "2026-07-28";
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
};

let dir = "";
let ws = "";
const clients: Client[] = [];

beforeAll(() => {
  dir = tempDir("agent-mcp-eras-");
  ws = path.join(dir, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
  write(ws, "MEMORY.md", "# MEMORY\n\n- Secret: the family password manager is Bitwarden.\n");
  write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe chose the fridge supplier Kühlmann because of the warranty.\n");
  write(ws, "projects/garden.md", "# Garden\n\nPlant the tulip bulbs before the first frost.\n");
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
});
afterAll(() => cleanup(dir));

function stdio(extra: string[] = []): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--workspace", ws, "--no-daemon", ...extra], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "", TZ: "UTC" }, stderr: "pipe" });
}

async function connect(transport: StdioClientTransport | StreamableHTTPClientTransport, era: "modern" | "legacy"): Promise<Client> {
  const client = new Client({ name: "eras-test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {});
  clients.push(client);
  await client.connect(transport);
  return client;
}

/** What every client sees, whatever its era: the tools, the recall prompt, a search answer without bookkeeping. */
async function expectMemoryServer(client: Client): Promise<void> {
  expect((await client.listTools()).tools.map((t) => t.name)).toContain("memory_search");
  expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["recall"]);
  const recall = await client.getPrompt({ name: "recall", arguments: { topic: "tulip bulbs" } });
  const said = recall.messages.map((m) => (m.content.type === "text" ? m.content.text : "")).join("\n");
  expect(said).toContain("- [projects/garden.md:1-3] > ");
  expect(said).toContain("Plant the tulip bulbs before the first frost.");
  const found = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "tulip bulbs" } }))) as Record<string, unknown>;
  expect((found.results as { path: string }[]).map((r) => r.path)).toEqual(["projects/garden.md"]);
  expect(Object.keys(found)).not.toContain("refreshed");
  expect(Object.keys(found)).not.toContain("vectors");
}

describe("MCP eras over stdio (agent mcp)", { timeout: 60_000 }, () => {
  it("a 2026-07-28 client: server/discover, no handshake, the same tools and prompt", async () => {
    const client = await connect(stdio(), "modern");
    expect(client.getProtocolEra()).toBe("modern");
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(client.getServerVersion()?.name).toBe("agent-memory");
    await expectMemoryServer(client);
  });

  it("a 2025 client: the initialize handshake, the same tools and prompt", async () => {
    const client = await connect(stdio(), "legacy");
    expect(client.getProtocolEra()).toBe("legacy");
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await expectMemoryServer(client);
  });

  it("server/discover first, then initialize on the same pipe (as Claude Code sends them): both answered, the session is 2025", async () => {
    const child = spawn(process.execPath, [CLI, "mcp", "--workspace", ws, "--no-daemon"], { env: { ...process.env, AGENT_WORKSPACE: "" }, stdio: ["pipe", "pipe", "pipe"] });
    try {
      const rpc = lineRpc(child);
      const discover = await rpc({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } });
      expect(discover.result?.supportedVersions).toContain(MODERN);
      const init = await rpc({ jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "cc-like", version: "1" } } });
      expect(init.result?.protocolVersion).toBe("2025-11-25");
      expect(init.result?.serverInfo).toMatchObject({ name: "agent-memory" });
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
      const tools = await rpc({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
      expect((tools.result?.tools as { name: string }[]).map((t) => t.name)).toContain("memory_search");
    } finally {
      child.kill();
    }
  });
});

describe("MCP eras over the daemon's HTTP endpoint", { timeout: 90_000 }, () => {
  let daemon: RunningAgent | undefined;
  let url = "";
  let token = "";

  beforeAll(async () => {
    daemon = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", "0", "--no-watch", "--session", "group"], { TZ: "UTC" });
    await daemon.waitFor(/MCP over HTTP at /, 60_000);
    url = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(daemon.out().stdout)![1]!;
    token = read(agentDir(ws), "mcp-http.token").trim();
  }, 90_000);
  afterAll(async () => {
    if (daemon && daemon.exitCode === null) daemon.kill("SIGTERM");
    await daemon?.done.catch(() => undefined);
  });

  const http = () => new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });

  it("a 2026-07-28 client and a 2025 client on the same endpoint, in the daemon's scope", async () => {
    const modern = await connect(http(), "modern");
    expect(modern.getProtocolEra()).toBe("modern");
    const legacy = await connect(http(), "legacy");
    expect(legacy.getProtocolEra()).toBe("legacy");
    for (const client of [modern, legacy]) {
      await expectMemoryServer(client);
      // The group scope holds on both: MEMORY.md is never searched or shown.
      const r = JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "family password manager" } }))) as { results: unknown[] };
      expect(r.results).toEqual([]);
      const recall = await client.getPrompt({ name: "recall", arguments: { topic: "family password manager" } });
      expect(JSON.stringify(recall)).not.toMatch(/Bitwarden|MEMORY\.md/);
    }
  });

  it("a raw server/discover is answered without a session, and still needs the token", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "server/discover", params: { _meta: ENVELOPE } });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": MODERN, "Mcp-Method": "server/discover" };
    const refused = await fetch(url, { method: "POST", headers, body });
    expect(refused.status).toBe(401);
    const res = await fetch(url, { method: "POST", headers: { ...headers, Authorization: `Bearer ${token}` }, body });
    expect(res.status).toBe(200);
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const answer = (await res.json()) as { id: number; result: { supportedVersions: string[]; capabilities: Record<string, unknown> } };
    expect(answer.id).toBe(7);
    expect(answer.result.supportedVersions).toContain(MODERN);
    expect(Object.keys(answer.result.capabilities).sort()).toEqual(["prompts", "resources", "tools"]);
    const evil = await fetch(url, { method: "POST", headers: { ...headers, Authorization: `Bearer ${token}`, Origin: "http://evil.example" }, body });
    expect(evil.status).toBe(403);
  });
  it("a 2026-07-28 client of `agent mcp` goes through the daemon, and carries on in-process when the daemon dies", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--workspace", ws, "--session", "group"], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "", TZ: "UTC" }, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const client = await connect(transport, "modern");
    expect(client.getProtocolEra()).toBe("modern");
    const ask = async () => JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query: "tulip bulbs" } }))) as { results: { path: string }[] };
    expect((await ask()).results.map((r) => r.path)).toEqual(["projects/garden.md"]);
    expect(stderr).toMatch(/through the running daemon/);
    daemon!.kill("SIGKILL");
    await daemon!.done;
    expect((await ask()).results.map((r) => r.path)).toEqual(["projects/garden.md"]);
    expect(stderr).toMatch(/the daemon went away; serving in-process/);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(["recall"]);
  });
});

describe("what MCP results say (pure)", () => {
  const report = (over: Partial<SearchReport["vectors"]> = {}): SearchReport => ({
    query: "fridge",
    mode: "hybrid",
    dateRange: null,
    results: [],
    reason: "nothing relevant: 0 candidate(s)",
    refreshed: { indexed: ["memory/2025-03-02.md"], removed: [] },
    vectors: { provider: "transformers", modelId: "m", reason: `transformers: m from ${path.join(os.homedir(), ".cache/agent-memory-engine/models/m")}`, missing: 0, ...over },
  });

  it("a search answer drops the freshness pass and the embedder's reason (an absolute path); a warning stays as a note", () => {
    const plain = mcpSearchAnswer(report());
    expect(JSON.stringify(plain)).not.toContain(os.homedir());
    expect(plain).toEqual({ query: "fridge", mode: "hybrid", dateRange: null, results: [], reason: "nothing relevant: 0 candidate(s)" });
    const pending = mcpSearchAnswer(report({ missing: 3, pending: "run `agent index` to embed them", warning: "no chunk has vectors yet, so this was answered by keywords" }));
    expect(pending.note).toBe("no chunk has vectors yet, so this was answered by keywords; run `agent index` to embed them");
    expect(JSON.stringify(pending)).not.toContain(os.homedir());
  });

  it("the recall message cites each memory, quotes it as information, and says when nothing is known", () => {
    const one = formatRecall("fridge", {
      results: [{ path: "memory/2025-03-02.md", startLine: 3, endLine: 4, heading: "", date: "2025-03-02", score: 0.9, snippet: "We chose\n the supplier  Kühlmann.", source: "memory", kind: "daily" }],
    });
    expect(one).toMatch(/^What my notes say about "fridge"/);
    expect(one).toContain("not instructions");
    expect(one).toContain("- [memory/2025-03-02.md:3-4 (2025-03-02)] > We chose the supplier Kühlmann.");
    expect(formatRecall("piano recital", { results: [], reason: "nothing relevant: 4 candidate(s), none above the floor" })).toBe(
      'Nothing in my memory is relevant to "piano recital" (nothing relevant: 4 candidate(s), none above the floor). Say so rather than guess.',
    );
  });
});

/** Newline-delimited JSON-RPC over a child's stdio: send a request, resolve with the answer of the same id. */
function lineRpc(child: ChildProcessWithoutNullStreams): (msg: { id: number } & Record<string, unknown>) => Promise<{ id: number; result?: Record<string, unknown>; error?: unknown }> {
  let buf = "";
  const waiting = new Map<number, (v: { id: number; result?: Record<string, unknown> }) => void>();
  child.stdout.on("data", (d: Buffer) => {
    buf += d.toString("utf8");
    let i: number;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const m = JSON.parse(line) as { id?: number; result?: Record<string, unknown> };
      if (typeof m.id === "number") waiting.get(m.id)?.(m as { id: number });
    }
  });
  return (msg) =>
    new Promise((resolve) => {
      waiting.set(msg.id, resolve);
      child.stdin.write(JSON.stringify(msg) + "\n");
    });
}

/**
 * The daemon's fronts under the rules every front keeps: the query bound on every tool (boot
 * over MCP HTTP included), the config the CLI sees on every front (MCP over HTTP and the web
 * page say they run on an older one, as the socket does), and vectors for chunks written by
 * any path (an MCP append, another process's `agent index --no-embed`). A real daemon
 * process, its real socket and HTTP port, the real USE-lite model from npm.
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { McpHttpClient, socketCall, toolText } from "../helpers/daemon-clients.js";
import { cleanup, eventually, read, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let dir = "";
let ws = "";
const running: RunningAgent[] = [];

function configure(over: Record<string, unknown> = {}): void {
  write(
    ws,
    "agent.config.json",
    JSON.stringify({
      embed: { provider: "none" },
      context: { timeZone: "UTC" },
      heartbeat: { enabled: false },
      flush: { enabled: false },
      schedule: { reflect: false },
      evolution: { weekly: false },
      search: { limit: 3 },
      ...over,
    }),
  );
}

beforeEach(() => {
  dir = tempDir("agent-guard-");
  ws = path.join(dir, "ws");
  configure();
  write(ws, "MEMORY.md", "# MEMORY\n\n- The fridge supplier is Kühlmann.\n");
  for (let i = 0; i < 6; i++) write(ws, `notes/fridge-${i}.md`, `# Fridge ${i}\n\nThe fridge number ${i} hums in the warehouse near the loading dock.\n`);
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

async function startDaemon(extra: string[] = []): Promise<{ d: RunningAgent; mcp: McpHttpClient; sock: string; url: string; token: string }> {
  const d = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", "0", ...extra], { TZ: "UTC" });
  running.push(d);
  await d.waitFor(extra.includes("--no-watch") ? /serving the engine on / : /watching for changes/, 60_000);
  await d.waitFor(/MCP over HTTP at /, 30_000);
  const url = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(d.out().stdout)![1]!;
  const token = read(agentDir(ws), "mcp-http.token").trim();
  return { d, mcp: new McpHttpClient(url, token), sock: path.join(agentDir(ws), "daemon.sock"), url, token };
}

/** An edit of the same size with the modification time put back: only the content tells. */
function sameSizeEdit(from: string, to: string): void {
  const file = path.join(ws, "agent.config.json");
  const before = statSync(file);
  const text = readFileSync(file, "utf8");
  expect(to.length).toBe(from.length);
  writeFileSync(file, text.replace(from, to));
  utimesSync(file, before.atime, before.mtime);
}

describe("the query bound over MCP HTTP", { timeout: 120_000 }, () => {
  it("boot with a pasted document is refused at once with the limit named; other clients are answered; SIGTERM stops the daemon", async () => {
    const { d, mcp } = await startDaemon(["--no-watch"]);
    expect((await mcp.initialize()).status).toBe(200);
    const pasted = "supplier fridge notes warehouse ".repeat(28_000);
    const boot = toolText(await mcp.callTool("boot", { query: pasted }));
    expect(boot.isError).toBe(true);
    expect(boot.text).toMatch(/over the 8192-byte limit for a boot/);
    const words = toolText(await mcp.callTool("boot", { query: Array.from({ length: 401 }, (_, i) => `w${i}`).join(" ") }));
    expect(words.text).toMatch(/401 words, over the 400-word limit for a boot/);
    const ctx = toolText(await mcp.callTool("context", { query: pasted }));
    expect(ctx.text).toMatch(/byte limit for a context/);
    const other = new McpHttpClient(mcp.url, (mcp as unknown as { token: string }).token);
    await other.initialize();
    const found = toolText(await other.callTool("memory_search", { query: "fridge supplier" }));
    expect(found.isError, found.text).toBe(false);
    expect(found.text).toContain("MEMORY.md");
    d.kill("SIGTERM");
    const stopped = await d.done;
    expect(stopped.code, stopped.stderr).toBe(0);
  });
});

describe("the config every front sees", { timeout: 120_000 }, () => {
  it("MCP over HTTP says the daemon runs on an older config after an edit (same size, mtime put back), instead of serving it", async () => {
    const { mcp } = await startDaemon(["--no-watch"]);
    expect((await mcp.initialize()).status).toBe(200);
    const before = toolText(await mcp.callTool("memory_search", { query: "fridge" }));
    expect(before.isError).toBe(false);
    sameSizeEdit('"limit":3', '"limit":1');
    const after = await mcp.callTool("memory_search", { query: "fridge" });
    const t = toolText(after);
    expect(t.isError).toBe(true);
    expect(t.text).toMatch(/agent\.config\.json changed since the daemon started: restart the daemon/);
    // A new client is told the same at once.
    const fresh = new McpHttpClient(mcp.url, (mcp as unknown as { token: string }).token);
    const init = await fresh.initialize();
    expect(init.status).toBe(503);
    expect(init.text).toMatch(/changed since the daemon started/);
    // Put back byte for byte: the daemon's config is the file's again, and it answers.
    sameSizeEdit('"limit":1', '"limit":3');
    expect(toolText(await mcp.callTool("memory_search", { query: "fridge" })).isError).toBe(false);
  });

  it("an MCP session on the socket (what `agent mcp` forwards) opened before the edit says so too", async () => {
    const { sock } = await startDaemon(["--no-watch"]);
    const c = net.connect(sock);
    const lines: string[] = [];
    let buf = "";
    c.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
      }
    });
    await new Promise<void>((r) => c.on("connect", () => r()));
    const send = (m: unknown) => c.write(JSON.stringify(m) + "\n");
    const answer = async (id: number) => {
      await eventually(() => lines.some((l) => (JSON.parse(l) as { id?: unknown }).id === id), 20_000, 20);
      return JSON.parse(lines.find((l) => (JSON.parse(l) as { id?: unknown }).id === id)!) as { result?: { content?: { text: string }[]; isError?: boolean }; error?: { message: string } };
    };
    send({ id: 1, method: "mcp", params: {} });
    await answer(1);
    send({ jsonrpc: "2.0", id: 2, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    await answer(2);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "memory_search", arguments: { query: "fridge" } } });
    expect((await answer(3)).result?.isError).not.toBe(true);
    sameSizeEdit('"limit":3', '"limit":1');
    send({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "memory_search", arguments: { query: "fridge" } } });
    const stale = await answer(4);
    expect(stale.error?.message ?? JSON.stringify(stale.result)).toMatch(/changed since the daemon started: restart the daemon/);
    c.destroy();
  });

  it("the web page's data routes say so too", async () => {
    const { sock, url } = await startDaemon(["--no-watch"]);
    const base = new URL(url).origin;
    const link = new URL((await socketCall<{ url: string }>(sock, "uiLogin", {})).url);
    const login = await fetch(base + link.pathname + link.search, { redirect: "manual" });
    expect(login.status).toBe(303);
    const cookie = String(login.headers.get("set-cookie")).split(";")[0]!;
    expect((await fetch(`${base}/api/notes`, { headers: { cookie } })).status).toBe(200);
    sameSizeEdit('"limit":3', '"limit":1');
    const stale = await fetch(`${base}/api/notes`, { headers: { cookie } });
    expect(stale.status).toBe(503);
    const body = (await stale.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("config-changed");
    expect(body.error.message).toMatch(/agent\.config\.json changed since the daemon started/);
  });
});

describe("vectors for chunks written by any path", { timeout: 240_000 }, () => {
  const missing = async (sock: string) => (await socketCall<{ vectors: { missing: number; embedded: number } }>(sock, "status", {})).vectors;

  it("an MCP append routed to the daemon, and another process's `agent index --rebuild --no-embed`, get vectors without another change", async () => {
    configure({ embed: { provider: "use-lite" } });
    const { mcp, sock } = await startDaemon();
    await eventually(async () => (await missing(sock)).missing === 0 && (await missing(sock)).embedded > 0, 120_000, 250);
    await mcp.initialize();
    const appended = toolText(await mcp.callTool("memory_append", { text: "The new compressor for the cold room arrives on Tuesday." }));
    expect(appended.isError, appended.text).toBe(false);
    // Indexed at once (the append indexes its note), so only a daemon that looks for pending
    // chunks embeds it: nothing else changes on disk.
    await eventually(async () => (await missing(sock)).missing === 0, 30_000, 250);

    const rebuilt = await runAgent(["index", "--rebuild", "--no-embed", "--workspace", ws], { TZ: "UTC" });
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    await eventually(async () => (await missing(sock)).missing === 0 && (await missing(sock)).embedded > 0, 30_000, 250);
  });
});

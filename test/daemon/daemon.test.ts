/**
 * `agent daemon` as the engine's host, through the built CLI (run `npm run build` first):
 * a real daemon process, its real Unix socket, the CLI routed through it and not, `agent mcp`
 * forwarding to it, and its MCP Streamable HTTP transport.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zonedDate } from "../../src/workspace/time.js";
import { runAgent, spawnAgent, type AgentRun, type RunningAgent } from "../helpers/cli.js";
import { rerankReply, startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { CLI, cleanup, eventually, read, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

interface ToolResult {
  content?: { type: string; text?: string }[];
  isError?: boolean;
}
const textOf = (r: unknown): string => ((r as ToolResult).content ?? []).map((c) => c.text ?? "").join("\n");

let fake: FakeOllama;
let onChat: () => void = () => undefined;
beforeAll(async () => {
  fake = await startFakeOllama((body) => {
    onChat();
    const messages = body.messages as { role: string; content: string }[];
    const last = messages[messages.length - 1]!.content;
    // search --rerank: the note naming the supplier answers, the rest is unrelated.
    const graded = rerankReply(last, (p) => (p.includes("Kühlmann") ? 2 : 0));
    if (graded !== null) return graded;
    if (last.startsWith("Question:")) return JSON.stringify({ tool: "search", args: { query: "fridge supplier" } });
    return JSON.stringify({ answer: "Kühlmann.", citations: [{ path: "memory/2025-03-02.md", startLine: 3, endLine: 3 }] });
  });
});
afterAll(async () => {
  await fake.close();
});

const today = zonedDate(Date.now(), "UTC");
let dir = "";
let ws = "";
const running: RunningAgent[] = [];
const clients: Client[] = [];

beforeEach(() => {
  dir = tempDir("agent-daemon-");
  ws = path.join(dir, "ws");
  onChat = () => undefined;
  configure();
  write(ws, "SOUL.md", "# SOUL\n\nHelpful and brief.\n");
  write(ws, "AGENTS.md", "# AGENTS\n\nSearch before answering.\n");
  write(ws, "MEMORY.md", "# MEMORY\n\n- The family password manager is Bitwarden.\n");
  write(ws, "USER.md", "# USER\n\n- Secret: salary negotiation in March.\n");
  write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe chose the fridge supplier Kühlmann. project:: pharmacy\n");
  write(ws, `memory/${today}.md`, `# ${today}\n\n- Booked the dentist for Friday.\n- Bitwarden vault cleanup.\n`);
  write(ws, "projects/garden.md", "# Garden\n\nPlant the tulip bulbs before the first frost.\n\n## Tools\n\nThe fridge in the shed holds seeds.\n");
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

function configure(over: Record<string, unknown> = {}): void {
  write(
    ws,
    "agent.config.json",
    JSON.stringify({
      embed: { provider: "none" },
      context: { timeZone: "UTC" },
      llm: { provider: "ollama", model: "good", host: fake.host },
      heartbeat: { enabled: false },
      flush: { enabled: false },
      schedule: { reflect: false },
      evolution: { weekly: false },
      ...over,
    }),
  );
}

const env = (extra: Record<string, string> = {}) => ({ TZ: "UTC", ...extra });
const agent = (args: string[], extra: Record<string, string> = {}): Promise<AgentRun> => runAgent(args, env(extra));
/** Only the daemon may answer: fails instead of working in-process. */
const viaDaemon = (args: string[]) => agent([...args, "--workspace", ws], { AGENT_DAEMON: "require" });
const inProcess = (args: string[]) => agent([...args, "--workspace", ws, "--no-daemon"]);

async function startDaemon(extra: string[] = []): Promise<RunningAgent> {
  const d = spawnAgent(["daemon", "--workspace", ws, ...extra], env());
  running.push(d);
  await d.waitFor(extra.includes("--no-watch") ? /serving the engine on / : /watching for changes/, 60_000);
  if (extra.includes("--http")) await d.waitFor(/MCP over HTTP at /, 30_000);
  return d;
}

function json<T = Record<string, unknown>>(r: AgentRun): T {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe("the CLI through the daemon", { timeout: 120_000 }, () => {
  it("search, context, boot and status give the same JSON with and without the daemon", async () => {
    const d = await startDaemon();
    const cases: string[][] = [
      ["search", "fridge", "--json"],
      ["search", "Bitwarden", "--json", "--explain", "-n", "3"],
      ["search", "tulip", "--json", "--source", "memory"],
      ["search", 'fridge "not there" -tulip', "--json", "--explain"],
      ["context", "--json"],
      ["context", "--json", "--session", "group", "--query", "fridge supplier"],
      ["boot", "fridge", "--json"],
      ["boot", "--json", "--session", "group"],
    ];
    for (const args of cases) {
      const warm = json(await viaDaemon(args));
      const cold = json(await inProcess(args));
      expect(warm, args.join(" ")).toEqual(cold);
    }
    const { ageMs: _a, ...warmStatus } = json<{ ageMs: number }>(await viaDaemon(["status", "--json"]));
    const { ageMs: _b, ...coldStatus } = json<{ ageMs: number }>(await inProcess(["status", "--json"]));
    expect(warmStatus).toEqual(coldStatus);
    // An error the engine raises is the same error, with the same exit code.
    const badWarm = await viaDaemon(["context", "--budget", "10"]);
    const badCold = await inProcess(["context", "--budget", "10"]);
    expect(badWarm.code).not.toBe(0);
    expect(badWarm.stderr).toMatch(/budget must be at least 500/);
    expect([badWarm.code, badWarm.stderr]).toEqual([badCold.code, badCold.stderr]);
    // Without a daemon, require fails and the default quietly works in-process.
    d.kill("SIGTERM");
    await d.done;
    expect((await viaDaemon(["search", "fridge"])).stderr).toMatch(/no agent daemon answered search/);
    expect(json(await agent(["search", "fridge", "--json", "--workspace", ws]))).toEqual(json(await inProcess(["search", "fridge", "--json"])));
  });

  it("the socket is the owner's only (0600 in a 0700 .agent/), and is removed on stop", async () => {
    const d = await startDaemon(["--no-watch"]);
    const sock = path.join(agentDir(ws), "daemon.sock");
    const st = statSync(sock);
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
    expect(statSync(agentDir(ws)).mode & 0o777).toBe(0o700);
    d.kill("SIGTERM");
    const r = await d.done;
    expect(r.code).toBe(0);
    expect(() => statSync(sock)).toThrow();
  });

  it("search --rerank, --min-score and --source reflections: the same answer with and without the daemon", async () => {
    await startDaemon();
    for (const args of [
      ["search", "fridge", "--json", "--min-score", "0.1"],
      ["search", "fridge", "--json", "--source", "reflections"],
    ]) {
      expect(json(await viaDaemon(args)), args.join(" ")).toEqual(json(await inProcess(args)));
    }
    type Reranked = { results: { path: string; grade?: number }[]; rerank: { ms: number; model: string; graded: number; dropped: number } };
    const withoutMs = (r: Reranked) => ({ ...r, rerank: { ...r.rerank, ms: 0 } });
    const warm = json<Reranked>(await viaDaemon(["search", "fridge", "--json", "--rerank"]));
    expect(withoutMs(warm)).toEqual(withoutMs(json<Reranked>(await inProcess(["search", "fridge", "--json", "--rerank"]))));
    // Both notes mention the fridge; the model keeps the one that names the supplier.
    expect(json<Reranked>(await viaDaemon(["search", "fridge", "--json"])).results.map((r) => r.path).sort()).toEqual(["memory/2025-03-02.md", "projects/garden.md"]);
    expect(warm.results.map((r) => [r.path, r.grade])).toEqual([["memory/2025-03-02.md", 2]]);
    expect(warm.rerank).toMatchObject({ model: "ollama/good", graded: 2, dropped: 1 });
    const text = await viaDaemon(["search", "fridge", "--rerank"]);
    expect(text.stdout).toMatch(/^reranked by ollama\/good: 2 of 2 graded, 1 unrelated left out \(\d+\.\d s\)\n1\. memory\/2025-03-02\.md:\d+-\d+ {2}2025-03-02 {2}score \d\.\d{3} {2}grade 2 \(answers\)\n/);
  });

  it("a search right after an edit never returns the old text (in-place and atomic-rename saves)", async () => {
    await startDaemon();
    for (let i = 0; i < 5; i++) {
      write(ws, "projects/garden.md", `# Garden\n\nPlant the crocus${i} bulbs.\n`);
      const r = json<{ results: { snippet: string }[] }>(await viaDaemon(["search", `crocus${i}`, "--json"]));
      expect(r.results.map((x) => x.snippet)).toEqual([`Plant the crocus${i} bulbs.`]);
      const tmp = path.join(ws, "projects", ".garden.md.tmp");
      writeFileSync(tmp, `# Garden\n\nPlant the iris${i} bulbs.\n`);
      renameSync(tmp, path.join(ws, "projects", "garden.md"));
      const r2 = json<{ results: { snippet: string }[] }>(await viaDaemon(["search", `iris${i}`, "--json"]));
      expect(r2.results.map((x) => x.snippet)).toEqual([`Plant the iris${i} bulbs.`]);
      expect(json<{ results: unknown[] }>(await viaDaemon(["search", `crocus${i}`, "--json"])).results).toEqual([]);
    }
  });

  it("over an open connection, a search sent the moment a file is written sees the new text", async () => {
    await startDaemon();
    const conn = net.createConnection(path.join(agentDir(ws), "daemon.sock"));
    await new Promise<void>((resolve) => conn.once("connect", () => resolve()));
    let buf = "";
    const answers: ((v: { result: { results: { snippet: string }[] } }) => void)[] = [];
    conn.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        answers.shift()?.(JSON.parse(line));
      }
    });
    try {
      for (let i = 0; i < 30; i++) {
        // In place, by rename over the file, and a new file, in turn.
        const text = `# Garden\n\nPlant the aster${i} seeds.\n`;
        if (i % 3 === 0) write(ws, "projects/garden.md", text);
        else if (i % 3 === 1) {
          writeFileSync(path.join(ws, "projects", ".garden.tmp"), text);
          renameSync(path.join(ws, "projects", ".garden.tmp"), path.join(ws, "projects", "garden.md"));
        } else write(ws, `projects/new-${i}.md`, text);
        const got = new Promise<{ result: { results: { snippet: string }[] } }>((resolve) => answers.push(resolve));
        conn.write(JSON.stringify({ id: i + 1, method: "search", params: { query: `aster${i}` } }) + "\n");
        expect((await got).result.results.map((r) => r.snippet), `round ${i}`).toEqual([`Plant the aster${i} seeds.`]);
      }
    } finally {
      conn.destroy();
    }
  });

  it("when the daemon dies mid-request the command answers in-process", async () => {
    const d = await startDaemon(["--no-watch"]);
    let killed = false;
    onChat = () => {
      // The daemon's engine is asking the model: kill it with the question in flight.
      if (!killed) {
        killed = true;
        d.kill("SIGKILL");
      }
    };
    const r = await agent(["ask", "Which fridge supplier?", "--workspace", ws, "--json"]);
    expect(killed).toBe(true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/the daemon stopped before answering ask; working in-process/);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "answered", answer: "Kühlmann." });
    // The stale socket and lock do not get in the way of the next command or daemon.
    expect(json(await agent(["search", "fridge", "--json", "--workspace", ws]))).toEqual(json(await inProcess(["search", "fridge", "--json"])));
    await startDaemon(["--no-watch"]);
    expect(json(await viaDaemon(["search", "fridge", "--json"]))).toEqual(json(await inProcess(["search", "fridge", "--json"])));
  });

  it("a changed config sends commands back in-process until the daemon restarts", async () => {
    const d = await startDaemon(["--no-watch"]);
    configure({ search: { limit: 1 } });
    const r = await agent(["search", "fridge", "--json", "--workspace", ws]);
    expect(json<{ results: unknown[] }>(r).results).toHaveLength(1);
    await d.waitFor(/agent\.config\.json changed since the daemon started/);
  });

  it("a query over the word or byte bound is refused with the limit named, through the daemon and in-process", async () => {
    await startDaemon(["--no-watch"]);
    const words = Array.from({ length: 401 }, (_, i) => `w${i}x`).join(" ");
    for (const r of [await viaDaemon(["search", words, "--json"]), await inProcess(["search", words, "--json"])]) {
      expect(r.code).not.toBe(0);
      expect(r.stdout + r.stderr).toMatch(/401 words, over the 400-word limit for a search/);
    }
    const bytes = "z".repeat(9000);
    const big = await viaDaemon(["search", bytes, "--json"]);
    expect(big.stdout + big.stderr).toMatch(/9000 bytes, over the 8192-byte limit for a search/);
    // The largest accepted query is answered.
    expect((await viaDaemon(["search", Array.from({ length: 400 }, (_, i) => `w${i}x`).join(" "), "--json"])).code).toBe(0);
  });

  it("a touch, or a save of the same bytes, changes nothing: the daemon keeps answering", async () => {
    await startDaemon(["--no-watch"]);
    const file = path.join(ws, "agent.config.json");
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    writeFileSync(file, readFileSync(file));
    const r = await viaDaemon(["search", "fridge", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/changed/);
  });

  it("an edit of the same size with the mtime put back is seen, and said on every command", async () => {
    configure({ search: { limit: 5 } });
    await startDaemon(["--no-watch"]);
    const file = path.join(ws, "agent.config.json");
    const st = statSync(file);
    const edited = readFileSync(file, "utf8").replace('"limit":5', '"limit":1');
    expect(edited.length).toBe(st.size);
    // `touch -r` copies the timestamps to the nanosecond, as an editor that restores them does.
    writeFileSync(path.join(dir, "stamp"), "");
    execFileSync("touch", ["-r", file, path.join(dir, "stamp")]);
    writeFileSync(file, edited);
    execFileSync("touch", ["-r", path.join(dir, "stamp"), file]);
    expect(statSync(file).mtimeMs).toBe(st.mtimeMs);
    expect(statSync(file).ino).toBe(st.ino);
    const r = await agent(["search", "fridge", "--json", "--workspace", ws]);
    expect(json<{ results: unknown[] }>(r).results).toHaveLength(1);
    expect(r.stderr).toMatch(/agent\.config\.json changed since the daemon started: restart the daemon/);
    // Required to go through the daemon, the command refuses rather than answer with the old config.
    expect((await viaDaemon(["search", "fridge", "--json"])).code).not.toBe(0);
  });
});

describe("search while vectors are pending", { timeout: 240_000 }, () => {
  it("answers by keywords at once, says how many chunks wait, and the daemon fills them in", async () => {
    configure({ embed: { provider: "use-lite" } });
    for (let i = 0; i < 120; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nMeeting ${i} about the warehouse layout and the loading dock schedule, item ${i}.\n`);
    await startDaemon();
    const r = json<{ mode: string; vectors: { missing: number; provider: string; warning?: string; pending?: string }; results: { path: string }[] }>(await viaDaemon(["search", "Kühlmann", "--json"]));
    // Before the first vector exists the query is not even embedded (no vector could match);
    // either way the answer says the daemon is filling the vectors in, not "run agent index".
    if (r.mode === "keyword") expect(r.vectors.warning).toMatch(/^no chunk has vectors yet, so this was answered by keywords; the daemon /);
    else expect(r.vectors.pending).toMatch(/^the daemon /);
    expect(r.vectors.provider).toBe("use-lite");
    expect(r.vectors.missing).toBeGreaterThan(0);
    expect(r.results[0]!.path).toBe("memory/2025-03-02.md");
    await eventually(async () => json<{ vectors: { embedded: number } }>(await viaDaemon(["status", "--json"])).vectors.embedded > 0, 120_000, 1000);
    // A stop in the middle of embedding is graceful: exit 0 means within --stop-timeout (2 s), not cut off.
    const d = running[running.length - 1]!;
    d.kill("SIGTERM");
    const stopped = await d.done;
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toMatch(/daemon stopped; lock released\n$/);
  });
});

describe("the daemon's vectors in memory", { timeout: 240_000 }, () => {
  it("loads them, says so, and answers hybrid searches exactly as a one-off process does", async () => {
    configure({ embed: { provider: "use-lite" } });
    for (let i = 0; i < 30; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nMeeting ${i} about the ${i % 2 ? "warehouse layout" : "garden beds"} and the ${i % 3 ? "loading dock" : "compost"} schedule.\n`);
    const indexed = await agent(["index", "--workspace", ws]);
    expect(indexed.code, indexed.stderr).toBe(0);
    const d = await startDaemon();
    await d.waitFor(/\d+ vectors kept in memory \([\d.]+ MB\), ready in \d+ ms/, 120_000);
    for (const q of ["warehouse dock", "where are the compost bins", "Kühlmann fridge", "garden"]) {
      const warm = json<{ mode: string; results: { path: string; score: number }[] }>(await viaDaemon(["search", q, "--json", "--explain"]));
      expect(warm.mode).toBe("hybrid");
      expect(warm, q).toEqual(json(await inProcess(["search", q, "--json", "--explain"])));
    }
  });
});

describe("MCP through the daemon", { timeout: 120_000 }, () => {
  async function stdioClient(extra: string[] = []): Promise<{ client: Client; stderr: () => string }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--workspace", ws, ...extra],
      env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", TZ: "UTC" },
      stderr: "pipe",
    });
    let err = "";
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString("utf8")));
    const client = new Client({ name: "test", version: "1.0.0" });
    clients.push(client);
    await client.connect(transport);
    return { client, stderr: () => err };
  }

  it("agent mcp forwards to the running daemon, and carries on in-process when it dies", async () => {
    const d = await startDaemon();
    const { client, stderr } = await stdioClient();
    expect(stderr()).toMatch(/through the running daemon/);
    const first = textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge supplier" } }));
    expect(first).toContain("memory/2025-03-02.md");
    // An append is searchable by the very next call.
    await client.callTool({ name: "memory_append", arguments: { text: "Ordered a walnut desk from Holzwerk." } });
    expect(textOf(await client.callTool({ name: "memory_search", arguments: { query: "walnut Holzwerk" } }))).toContain(`memory/${today}.md`);
    const before = textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge supplier" } }));
    d.kill("SIGKILL");
    await d.done;
    const results = (t: string) => (JSON.parse(t) as { results: unknown[] }).results;
    const after = textOf(await client.callTool({ name: "memory_search", arguments: { query: "fridge supplier" } }));
    expect(results(after)).toEqual(results(before));
    expect(stderr()).toMatch(/the daemon went away; serving in-process/);
    expect(textOf(await client.callTool({ name: "memory_get", arguments: { path: "projects/garden.md" } }))).toContain("tulip");
  });

  it("a group-session client never gets MEMORY.md, USER.md or daily notes (stdio through the daemon)", async () => {
    await startDaemon();
    const { client } = await stdioClient(["--session", "group"]);
    await expectGroupScope(client);
  });

  it("HTTP: bearer token in a 0600 file, Host and Origin checked, clients share the engine, group scope", async () => {
    const d = await startDaemon(["--http", "--port", "0", "--session", "group"]);
    const url = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(d.out().stdout)![1]!;
    const tokenFile = path.join(agentDir(ws), "mcp-http.token");
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const token = read(agentDir(ws), "mcp-http.token").trim();
    expect(token.length).toBeGreaterThanOrEqual(32);

    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const port = Number(new URL(url).port);
    expect((await rawPost(port, init, { ...headers, Authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await rawPost(port, init, headers)).status).toBe(401);
    expect((await rawPost(port, init, { ...headers, Authorization: `Bearer ${token}`, Host: "evil.example" })).status).toBe(403);
    expect((await rawPost(port, init, { ...headers, Authorization: `Bearer ${token}`, Host: `evil.example:${port}` })).status).toBe(403);
    expect((await rawPost(port, init, { ...headers, Authorization: `Bearer ${token}`, Origin: "http://evil.example" })).status).toBe(403);
    expect((await rawPost(port, init, { ...headers, Authorization: `Bearer ${token}`, Origin: `http://localhost:${port}` })).status).toBe(200);

    const connect = async () => {
      const client = new Client({ name: "http-test", version: "1.0.0" });
      clients.push(client);
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
      return client;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    const [ra, rb] = await Promise.all([
      a.callTool({ name: "memory_search", arguments: { query: "fridge" } }),
      b.callTool({ name: "memory_search", arguments: { query: "fridge" } }),
    ]);
    expect(textOf(ra)).toBe(textOf(rb));
    expect(textOf(ra)).toContain("projects/garden.md");
    await expectGroupScope(a);
  });
});

/** What a group-session MCP client sees: public notes only, whatever it asks for. */
async function expectGroupScope(client: Client): Promise<void> {
  const leak = /Bitwarden|salary|dentist/;
  for (const query of ["Bitwarden password manager", "salary", "dentist Friday", "fridge"]) {
    const r = JSON.stringify((JSON.parse(textOf(await client.callTool({ name: "memory_search", arguments: { query } }))) as { results: unknown[] }).results);
    expect(r, query).not.toMatch(leak);
    expect(r).not.toMatch(/MEMORY\.md|USER\.md|memory\/\d{4}/);
  }
  for (const p of ["MEMORY.md", "USER.md", `memory/${today}.md`]) {
    const r = (await client.callTool({ name: "memory_get", arguments: { path: p } })) as ToolResult;
    expect(r.isError, p).toBe(true);
    expect(textOf(r)).not.toMatch(leak);
  }
  const tools = await client.listTools();
  const names = tools.tools.map((t) => t.name);
  if (names.includes("context")) expect(textOf(await client.callTool({ name: "context", arguments: { query: "password manager" } }))).not.toMatch(leak);
  if (names.includes("boot")) {
    const boot = JSON.parse(textOf(await client.callTool({ name: "boot", arguments: { query: "dentist Bitwarden", includeDaily: true } }))) as { items: unknown[]; today?: unknown };
    expect(JSON.stringify([boot.items, boot.today ?? null])).not.toMatch(leak);
  }
}

function rawPost(port: number, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (res) => {
      let data = "";
      res.on("data", (c: Buffer) => (data += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
      // An accepted initialize opens an SSE stream or returns JSON; either way the status is known now.
      if (res.statusCode === 200) {
        res.destroy();
        resolve({ status: 200, body: "" });
      }
    });
    req.on("error", reject);
    req.end(body);
  });
}

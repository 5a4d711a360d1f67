/**
 * One request contract for every front: the same bad request is refused with the same
 * sentence by the CLI (a real process), MCP (the SDK's client over stdio), the daemon's socket
 * and the web API (HTTP), all against one real daemon on a real workspace; the same good
 * request gets the same results from each.
 */
import net from "node:net";
import http from "node:http";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AskRequest, BootRequest, ScopedSearchRequest, SearchRequest, problemOf } from "../../src/contract/requests.js";
import { checkDate, checkWhole, REQUIRED, say } from "../../src/contract/rules.js";
import { socketPath } from "../../src/daemon/protocol.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

interface Daemon {
  base: string | null;
  stop(): Promise<void>;
}
const kit = (await import(new URL("../../scripts/lib/ui-browser.mjs", import.meta.url).href)) as {
  startDaemon(ws: string): Promise<Daemon>;
  loginUrl(ws: string): Promise<string>;
};

/** A search request in each front's own words: the contract's fields, CLI flags, and a query string. */
interface Case {
  name: string;
  request: Record<string, unknown>;
  flags: string[];
  message: string;
}

const BAD_SEARCHES: Case[] = [
  { name: "an impossible day", request: { from: "2026-02-31" }, flags: ["--from", "2026-02-31"], message: say.date("from", "2026-02-31") },
  { name: "a month 13", request: { to: "2026-13-01" }, flags: ["--to", "2026-13-01"], message: say.date("to", "2026-13-01") },
  { name: "an as-of month 13", request: { asOf: "2026-13-01" }, flags: ["--as-of", "2026-13-01"], message: say.date("asOf", "2026-13-01") },
  { name: "a range the wrong way round", request: { from: "2026-05-02", to: "2026-05-01" }, flags: ["--from", "2026-05-02", "--to", "2026-05-01"], message: say.range("2026-05-02", "2026-05-01") },
  { name: "no results asked", request: { limit: 0 }, flags: ["-n", "0"], message: say.whole("limit", 1, 100, 0) },
  { name: "a mode that does not exist", request: { mode: "fuzzy" }, flags: ["--mode", "fuzzy"], message: say.choice("mode", ["hybrid", "keyword", "vector"], "fuzzy") },
  { name: "an unknown annotation key", request: { annotations: { colour: "blue" } }, flags: ["--annotation", "colour::blue"], message: say.annotationKey("colour") },
  { name: "a score over 1", request: { minScore: 2 }, flags: ["--min-score", "2"], message: say.fraction("minScore", 2) },
];

const GOOD_SEARCH = { request: { query: "fridge", from: "2026-01-01", to: "2026-12-31", limit: 5, annotations: { project: "pharmacy" } }, flags: ["fridge", "--from", "2026-01-01", "--to", "2026-12-31", "-n", "5", "--annotation", "project::pharmacy"] };

function queryString(req: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(req)) {
    if (k === "annotations") for (const [ak, av] of Object.entries(v as Record<string, string>)) q.set(`annotations.${ak}`, av);
    else q.set(k, String(v));
  }
  return q.toString();
}

function get(base: string, pathname: string, cookie: string): Promise<{ status: number; body: string; setCookie?: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ host: u.hostname, port: u.port, path: pathname, headers: cookie ? { cookie } : {} }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ...(res.headers["set-cookie"]?.[0] ? { setCookie: res.headers["set-cookie"][0] } : {}) }));
      })
      .on("error", reject);
  });
}

/** One call over the daemon's socket: the answer line, parsed. */
function rpc(ws: string, method: string, params: unknown): Promise<{ result?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socketPath(ws));
    let buf = "";
    conn.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      const nl = buf.indexOf("\n");
      if (nl === -1) return;
      conn.destroy();
      resolve(JSON.parse(buf.slice(0, nl)) as { result?: unknown; error?: { code: string; message: string } });
    });
    conn.on("error", reject);
    conn.write(JSON.stringify({ id: 1, method, params }) + "\n");
  });
}

const pathsOf = (report: unknown): string[] => (report as { results: { path: string }[] }).results.map((r) => r.path);

describe("the contract itself", () => {
  it("refuses with the same sentence whether a value comes as a flag's text or as JSON", () => {
    expect(() => checkDate("from", "2026-02-31")).toThrow(say.date("from", "2026-02-31"));
    const r = SearchRequest.safeParse({ query: "x", from: "2026-02-31" });
    expect(r.success).toBe(false);
    expect(problemOf(r.error!)).toBe(say.date("from", "2026-02-31"));
    expect(() => checkWhole("limit", "0", 1, 100)).toThrow(say.whole("limit", 1, 100, 0));
    expect(problemOf(SearchRequest.safeParse({ query: "x", limit: 0 }).error!)).toBe(say.whole("limit", 1, 100, 0));
    expect(problemOf(SearchRequest.safeParse({ query: "x", limit: "3" }).error!)).toBe('limit must be a whole number from 1 to 100, got "3"');
  });

  it("names unknown fields, the old dialects included, and refuses a session where the scope is the front's", () => {
    expect(problemOf(SearchRequest.safeParse({ query: "x", dateFrom: "2026-01-01" }).error!)).toMatch(/^unknown field "dateFrom"; the fields are query, limit, mode, source, from, to/);
    expect(ScopedSearchRequest.safeParse({ query: "x", session: "main" }).success).toBe(false);
    expect(problemOf(AskRequest.safeParse({ question: "why?", fork: true }).error!)).toBe(say.forkWithoutSession());
    expect(problemOf(BootRequest.safeParse({ days: 0 }).error!)).toBe(say.whole("days", 1, 3650, 0));
  });

  it("accepts a good request and keeps only real annotation values", () => {
    const r = SearchRequest.parse({ query: "fridge", from: "2024-02-29", annotations: { project: "pharmacy", mode: "" } });
    expect(r).toEqual({ query: "fridge", from: "2024-02-29", annotations: { project: "pharmacy" } });
  });
});

describe("every front speaks the contract (a real daemon, the CLI, MCP over stdio, the socket, HTTP)", () => {
  let dir = "";
  let ws = "";
  let daemon: Daemon;
  let cookie = "";
  let client: Client;

  beforeAll(async () => {
    dir = tempDir("agent-contract-");
    ws = path.join(dir, "ws");
    initWorkspace(ws);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "memory/2026-03-02.md", "# 2026-03-02\n\nCalled the wholesaler about the fridge. project:: pharmacy\n");
    write(ws, "memory/2026-03-05.md", "# 2026-03-05\n\nThe garden fridge is broken. project:: garden\n");
    daemon = await kit.startDaemon(ws);
    const login = new URL(await kit.loginUrl(ws));
    cookie = String((await get(daemon.base!, login.pathname + login.search, "")).setCookie ?? "").split(";")[0]!;
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--workspace", ws], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" }, stderr: "pipe" });
    client = new Client({ name: "agent-contract-test", version: "1.0.0" });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await daemon?.stop();
    cleanup(dir);
  });

  async function mcpError(tool: string, args: Record<string, unknown>): Promise<string> {
    const r = (await client.callTool({ name: tool, arguments: args })) as { isError?: boolean; content: { type: string; text?: string }[] };
    expect(r.isError, JSON.stringify(r)).toBe(true);
    return r.content.map((c) => c.text ?? "").join("\n");
  }

  for (const c of BAD_SEARCHES) {
    it(`search with ${c.name}: one sentence from every front`, { timeout: 60_000 }, async () => {
      const cli = await runAgent(["search", "fridge", ...c.flags, "--workspace", ws, "--json"]);
      expect(cli.code).toBe(1);
      expect(JSON.parse(cli.stdout)).toEqual({ error: { code: "usage", message: c.message } });

      // The SDK puts its own frame around the schema's sentence.
      expect(await mcpError("memory_search", { query: "fridge", ...c.request })).toContain(c.message);

      expect(await rpc(ws, "search", { query: "fridge", ...c.request })).toEqual({ id: 1, error: { code: "bad-request", message: c.message } });

      const web = await get(daemon.base!, `/api/search?${queryString({ query: "fridge", ...c.request })}`, cookie);
      expect(web.status).toBe(400);
      expect(JSON.parse(web.body)).toEqual({ error: { code: "bad-request", message: c.message } });
    });
  }

  it("boot and ask: the same sentences from the CLI, MCP and the socket", { timeout: 60_000 }, async () => {
    const days = say.whole("days", 1, 3650, 0);
    const cliBoot = await runAgent(["boot", "--days", "0", "--workspace", ws, "--json"]);
    expect(JSON.parse(cliBoot.stdout).error.message).toBe(days);
    expect(await mcpError("boot", { days: 0 })).toContain(days);
    expect((await rpc(ws, "boot", { query: "", days: 0 })).error).toEqual({ code: "bad-request", message: days });

    const fork = say.forkWithoutSession();
    const cliAsk = await runAgent(["ask", "why?", "--fork", "--workspace", ws, "--json"]);
    expect(JSON.parse(cliAsk.stdout).error.message).toBe(fork);
    expect(await mcpError("ask", { question: "why?", fork: true })).toContain(fork);
    expect((await rpc(ws, "ask", { question: "why?", fork: true })).error).toEqual({ code: "bad-request", message: fork });
  });

  it("reading and appending: the same sentences from MCP and the socket", { timeout: 60_000 }, async () => {
    const lines = say.whole("lines", 1, 2000, 5000);
    expect(await mcpError("memory_get", { path: "memory/2026-03-02.md", lines: 5000 })).toContain(lines);
    expect((await rpc(ws, "readFile", { path: "memory/2026-03-02.md", lines: 5000 })).error).toEqual({ code: "bad-request", message: lines });
    const text = say.required("text", REQUIRED.text[0], REQUIRED.text[1]);
    expect(await mcpError("memory_append", { text: "  " })).toContain(text);
    expect((await rpc(ws, "appendNote", { text: "  " })).error).toEqual({ code: "bad-request", message: text });
  });

  it("the same good search gets the same results from every front", { timeout: 60_000 }, async () => {
    const cli = await runAgent(["search", ...GOOD_SEARCH.flags, "--workspace", ws, "--json"]);
    expect(cli.code, cli.stderr).toBe(0);
    const expected = ["memory/2026-03-02.md"];
    expect(pathsOf(JSON.parse(cli.stdout))).toEqual(expected);

    const mcp = (await client.callTool({ name: "memory_search", arguments: GOOD_SEARCH.request })) as { isError?: boolean; content: { text: string }[] };
    expect(mcp.isError ?? false).toBe(false);
    expect(pathsOf(JSON.parse(mcp.content[0]!.text))).toEqual(expected);

    const sock = await rpc(ws, "search", GOOD_SEARCH.request);
    expect(pathsOf(sock.result)).toEqual(expected);

    const web = await get(daemon.base!, `/api/search?${queryString(GOOD_SEARCH.request)}`, cookie);
    expect(web.status, web.body).toBe(200);
    expect(pathsOf(JSON.parse(web.body))).toEqual(expected);
    // The page's own address says q= for the query.
    expect(pathsOf(JSON.parse((await get(daemon.base!, `/api/search?q=fridge&annotations.project=pharmacy`, cookie)).body))).toEqual(expected);
  });
});

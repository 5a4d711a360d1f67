/**
 * An assistant's hooks over HTTP to the daemon (`POST /hook/<assistant>/<event>`), through the
 * built CLI (run `npm run build` first): a real daemon, real HTTP, Claude Code's own payloads;
 * and `agent connect claude-code --via daemon`, which writes them.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let dir = "";
let ws = "";
let project = "";
const running: RunningAgent[] = [];

beforeEach(() => {
  dir = tempDir("agent-hooks-http-");
  ws = path.join(dir, "ws");
  project = path.join(dir, "project");
  mkdirSync(project, { recursive: true });
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
  write(ws, "SOUL.md", "# SOUL\n\nHelpful and brief.\n");
  write(ws, "MEMORY.md", "# MEMORY\n\n- The VPS migration moved to Hetzner in March.\n");
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

async function startDaemon(): Promise<{ origin: string; token: string }> {
  const d = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", "0", "--no-embed"], { TZ: "UTC" });
  running.push(d);
  await d.waitFor(/watching for changes/, 60_000);
  const url = /MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(d.out().stdout)![1]!;
  return { origin: url, token: read(agentDir(ws), "mcp-http.token").trim() };
}

function post(origin: string, pathname: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const u = new URL(pathname, origin);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: "POST", headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(text)), ...headers } }, (res) => {
      let data = "";
      res.on("data", (c: Buffer) => (data += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

/** One Claude Code transcript line (what it writes to `transcript_path`). */
function line(type: "user" | "assistant", uuid: string, text: string): string {
  return JSON.stringify({ type, uuid, timestamp: "2026-11-29T10:00:00.000Z", message: { role: type, content: type === "user" ? text : [{ type: "text", text }] } });
}

describe("hooks over HTTP to the daemon", { timeout: 120_000 }, () => {
  it("injects for a prompt, captures at Stop from the transcript, and refuses without the token or from another Host", async () => {
    const { origin, token } = await startDaemon();
    const auth = { Authorization: `Bearer ${token}` };
    const q = `?workspace=${encodeURIComponent(ws)}`;
    const prompt = { session_id: "s1", transcript_path: path.join(dir, "t.jsonl"), cwd: project, hook_event_name: "UserPromptSubmit", prompt: "where did the VPS migration go?" };

    expect((await post(origin, `/hook/claude-code/prompt${q}`, prompt, {})).status).toBe(401);
    expect((await post(origin, `/hook/claude-code/prompt${q}`, prompt, { Authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await post(origin, `/hook/claude-code/prompt${q}`, prompt, { ...auth, Host: "evil.example" })).status).toBe(403);
    expect((await post(origin, `/hook/nobody/prompt${q}`, prompt, auth)).status).toBe(404);
    // Hooks connected to another workspace are refused, never answered from this one.
    expect((await post(origin, `/hook/claude-code/prompt?workspace=${encodeURIComponent(path.join(dir, "other"))}`, prompt, auth)).status).toBe(409);

    const r = await post(origin, `/hook/claude-code/prompt${q}`, prompt, auth);
    expect(r.status).toBe(200);
    const out = JSON.parse(r.body) as { hookSpecificOutput?: { hookEventName: string; additionalContext: string } };
    expect(out.hookSpecificOutput?.hookEventName).toBe("UserPromptSubmit");
    expect(out.hookSpecificOutput?.additionalContext).toContain("Hetzner");

    // Not this assistant's payload (no session id): the turn goes on (200, nothing), hooks.log says why.
    const bad = await post(origin, `/hook/claude-code/prompt${q}`, { prompt: "x" }, auth);
    expect([bad.status, bad.body]).toEqual([200, "{}"]);
    expect(read(agentDir(ws), "hooks.log")).toMatch(/http hook claude-code prompt: the hook payload is not what this assistant sends/);

    writeFileSync(prompt.transcript_path, [line("user", "u1", "where did the VPS migration go?"), line("assistant", "a1", "To Hetzner, in March.")].join("\n") + "\n");
    const stop = await post(origin, `/hook/claude-code/stop${q}`, { ...prompt, hook_event_name: "Stop" }, auth);
    expect([stop.status, stop.body]).toEqual([200, "{}"]);
    const session = path.join(ws, "sessions", "claude-code-s1.jsonl");
    const turns = readFileSync(session, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { role: string; content: string });
    expect(turns.map((t) => [t.role, t.content])).toEqual([
      ["user", "where did the VPS migration go?"],
      ["assistant", "To Hetzner, in March."],
    ]);
    // A second Stop (nothing new) writes nothing twice: the capture cursor.
    await post(origin, `/hook/claude-code/stop${q}`, { ...prompt, hook_event_name: "Stop" }, auth);
    expect(readFileSync(session, "utf8").trim().split("\n")).toHaveLength(2);
  });

  it("connect --via daemon writes HTTP hooks (0600, project: settings.local.json) and an HTTP MCP entry; plain connect and disconnect undo them", async () => {
    const home = path.join(dir, "home");
    mkdirSync(home, { recursive: true });
    const env = { HOME: home, AGENT_WORKSPACE: "" };
    const agent = (args: string[]) => runAgent(args, env, undefined, project);
    // Without a daemon: refused, saying how to start one.
    const none = await agent(["connect", "claude-code", "--scope", "project", "--via", "daemon", "-w", ws]);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/no daemon runs for .*agent daemon --http/);

    // The person's own settings stay.
    write(project, ".claude/settings.local.json", JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }, null, 2) + "\n");
    await agent(["connect", "claude-code", "--scope", "project", "-w", ws]);
    const { origin, token } = await startDaemon();
    // --dry-run shows where the token is, never the token.
    const dry = await agent(["connect", "claude-code", "--scope", "project", "--via", "daemon", "-w", ws, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("settings.local.json");
    expect(dry.stdout).toContain("<the token in ");
    expect(dry.stdout).not.toContain(token);
    const r = await agent(["connect", "claude-code", "--scope", "project", "--via", "daemon", "-w", ws]);
    expect(r.code, r.stderr).toBe(0);
    const local = path.join(project, ".claude", "settings.local.json");
    expect(statSync(local).mode & 0o777).toBe(0o600);
    const settings = JSON.parse(readFileSync(local, "utf8")) as { permissions: unknown; hooks: Record<string, { hooks: { type: string; url: string; headers: Record<string, string> }[] }[]> };
    expect(settings.permissions).toEqual({ allow: ["Bash(ls)"] });
    const prompt = settings.hooks.UserPromptSubmit![0]!.hooks[0]!;
    expect(prompt.type).toBe("http");
    expect(prompt.url).toBe(`${origin}/hook/claude-code/prompt?workspace=${encodeURIComponent(ws)}`);
    expect(prompt.headers.Authorization).toBe(`Bearer ${token}`);
    // The hook commands went (one form at a time: the file connect had created goes with them); the shared project files hold no token.
    expect(existsSync(path.join(project, ".claude", "settings.json"))).toBe(false);
    const mcp = JSON.parse(readFileSync(path.join(project, ".mcp.json"), "utf8")) as { mcpServers: Record<string, { type: string; url: string; headersHelper: string }> };
    expect(mcp.mcpServers["agent-memory"]!.type).toBe("http");
    expect(mcp.mcpServers["agent-memory"]!.url).toBe(`${origin}/mcp`);
    expect(JSON.stringify(mcp)).not.toContain(token);

    const status = await agent(["connect", "--status", "--json"]);
    expect(status.stdout).toContain("settings.local.json");

    // Back to hook commands: the HTTP hooks go, the person's settings stay.
    expect((await agent(["connect", "claude-code", "--scope", "project", "-w", ws])).code).toBe(0);
    expect(JSON.parse(readFileSync(local, "utf8"))).toEqual({ permissions: { allow: ["Bash(ls)"] } });
    expect(readFileSync(path.join(project, ".claude", "settings.json"), "utf8")).toContain(" hook claude-code ");

    // Disconnect takes out both forms.
    await agent(["connect", "claude-code", "--scope", "project", "--via", "daemon", "-w", ws]);
    expect((await agent(["disconnect", "claude-code", "--scope", "project", "-w", ws])).code).toBe(0);
    expect(readFileSync(local, "utf8")).not.toContain("/hook/claude-code/");
    // .mcp.json was connect's own (whatever form it held since): it goes.
    expect(existsSync(path.join(project, ".mcp.json"))).toBe(false);
  });
});

/**
 * `agent mcp` ends when its client does, through a real daemon and without one. Claude Code's
 * first request is `subscriptions/listen` (the 2026-07 revision): a stream that is never
 * answered once, so it must not count as a reply still owed when the client closes stdin (the
 * server used to wait 30 s for it, and the assistant's turn with it). The bound asserted is far
 * from that failure, not a timing.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, CLI, tempDir, write } from "../helpers/workspace.js";

const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
const OWED_WAIT_MS = 30_000;

/** Runs `agent mcp`, sends `lines`, waits for `answers` replies, closes stdin; resolves with the replies and how long the exit took after the close. */
function session(ws: string, lines: unknown[], answers: number): Promise<{ replies: unknown[]; exitMs: number; code: number | null }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, "mcp", "--workspace", ws], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, AGENT_WORKSPACE: "" } });
    const replies: unknown[] = [];
    let buf = "";
    let closedAt = 0;
    p.stdout.on("data", (d: Buffer) => {
      buf += d.toString("utf8");
      for (let i = buf.indexOf("\n"); i !== -1; i = buf.indexOf("\n")) {
        replies.push(JSON.parse(buf.slice(0, i)));
        buf = buf.slice(i + 1);
      }
      if (replies.filter((r) => (r as { id?: unknown }).id === 1).length >= answers && closedAt === 0) {
        closedAt = Date.now();
        p.stdin.end();
      }
    });
    p.on("exit", (code) => resolve({ replies, exitMs: Date.now() - closedAt, code }));
    for (const l of lines) p.stdin.write(JSON.stringify(l) + "\n");
  });
}

describe("agent mcp ends with its client (a listen stream in flight)", { timeout: 120_000 }, () => {
  let dir = "";
  let ws = "";
  let daemon: RunningAgent | undefined;
  // As Claude Code opens a session: the listen stream, then the discovery (answered once).
  const lines = [
    { jsonrpc: "2.0", id: "listen:0", method: "subscriptions/listen", params: { _meta: META, notifications: { toolsListChanged: true } } },
    { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } },
  ];

  beforeAll(async () => {
    dir = tempDir("agent-mcp-end-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nThe harbourmaster app deploys from the release branch only.\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
  });
  afterAll(async () => {
    if (daemon !== undefined) {
      daemon.kill("SIGTERM");
      await daemon.done;
    }
    cleanup(dir);
  });

  it("in-process: stdin closed after the discovery, the process ends without waiting for the stream", async () => {
    const r = await session(ws, lines, 1);
    expect(r.code).toBe(0);
    expect(r.replies.some((m) => (m as { id?: unknown }).id === 1)).toBe(true);
    expect(r.exitMs).toBeLessThan(OWED_WAIT_MS / 3);
  });

  it("through the daemon: the same", async () => {
    daemon = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
    await daemon.waitFor(/daemon started on /, 60_000);
    const r = await session(ws, lines, 1);
    expect(r.code).toBe(0);
    expect(r.replies.some((m) => (m as { id?: unknown }).id === 1)).toBe(true);
    expect(r.exitMs).toBeLessThan(OWED_WAIT_MS / 3);
  });
});

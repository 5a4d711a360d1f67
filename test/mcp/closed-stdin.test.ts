import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/**
 * A client that writes every request at once and closes stdin (a script piping a file into
 * `agent mcp`) gets every reply, in-process and through a daemon alike.
 */

let dir = "";
const running: RunningAgent[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

describe.each([["in-process"], ["through the daemon"]])("agent mcp %s, stdin closed after the requests", (how) => {
  it("answers each request before it exits", { timeout: 120_000 }, async () => {
    dir = tempDir("agent-mcp-closed-");
    const ws = path.join(dir, "ws");
    expect((await runAgent(["init", ws])).code).toBe(0);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "MEMORY.md", "# Memory\n\nThe boat is called Quillwort.\n");
    if (how === "through the daemon") {
      const d = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
      running.push(d);
      await d.waitFor(/serving the engine on /, 60_000);
    }
    const mcp = spawnAgent(["mcp", "--workspace", ws]);
    running.push(mcp);
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "memory_search", arguments: { query: "Quillwort" } } },
    ];
    mcp.stdin.end(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const end = await mcp.done;
    expect(end.code).toBe(0);
    const ids = end.stdout
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids.sort()).toEqual([1, 2, 3]);
    expect(end.stdout).toMatch(/MEMORY\.md/);
  });
});

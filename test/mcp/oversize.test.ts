import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_LINE_BYTES } from "../../src/daemon/protocol.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/**
 * `agent mcp` over real stdio pipes, written to byte for byte: a message too large to read
 * is refused on its own and the session goes on, in-process and through a daemon alike.
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

interface Reply {
  id: number | string | null;
  result?: { isError?: boolean; content?: { text: string }[] };
  error?: { code: number; message: string };
}

/** The JSON-RPC replies on the child's stdout so far. */
function replies(child: RunningAgent): Reply[] {
  return child
    .out()
    .stdout.split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Reply);
}

async function reply(child: RunningAgent, id: number | null): Promise<Reply> {
  const key = JSON.stringify(id);
  await child.waitFor(new RegExp(`"id":${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[,}]`), 60_000);
  return replies(child).find((r) => r.id === id)!;
}

function send(child: RunningAgent, msg: object | string): Promise<void> {
  const line = (typeof msg === "string" ? msg : JSON.stringify(msg)) + "\n";
  return new Promise((resolve, reject) => child.stdin.write(line, (e) => (e ? reject(e) : resolve())));
}

describe.each([["in-process"], ["through the daemon"]])("agent mcp %s: a message too large", (how) => {
  it("is refused alone; the next calls are answered", { timeout: 120_000 }, async () => {
    dir = tempDir("agent-mcp-oversize-");
    const ws = path.join(dir, "ws");
    expect((await runAgent(["init", ws])).code).toBe(0);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "MEMORY.md", "# Memory\n\nThe boat is called Quillwort.\n");
    if (how === "through the daemon") {
      const d = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
      running.push(d);
      // The socket is up once the daemon says it serves on it ("started" comes before).
      await d.waitFor(/serving the engine on /, 60_000);
    }
    const mcp = spawnAgent(["mcp", "--workspace", ws]);
    running.push(mcp);
    await send(mcp, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    expect((await reply(mcp, 1)).error).toBeUndefined();
    await send(mcp, { jsonrpc: "2.0", method: "notifications/initialized" });
    if (how === "through the daemon") expect(mcp.out().stderr).toMatch(/through the running daemon/);

    // 10 MiB of text: past the MCP SDK's own stdio buffer (which ended the session), under
    // our line limit, so the tool itself reads it and refuses it by index.maxAppendBytes.
    await send(mcp, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "memory_append", arguments: { text: "x".repeat(10 * 1024 * 1024) } } });
    const appended = await reply(mcp, 2);
    expect(appended.result?.isError).toBe(true);
    expect(appended.result?.content?.[0]?.text).toMatch(/maxAppendBytes/);

    // Over the line limit: never read whole; answered under its id, which comes before the params.
    const huge = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_append","arguments":{"text":"${"y".repeat(MAX_LINE_BYTES + 1024)}"}}}`;
    await send(mcp, huge);
    const refused = await reply(mcp, 3);
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toMatch(/over the \d+-byte limit; it was not read and nothing was done/);

    await send(mcp, { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "memory_search", arguments: { query: "Quillwort" } } });
    const found = await reply(mcp, 4);
    expect(found.result?.isError).not.toBe(true);
    expect(found.result?.content?.[0]?.text).toMatch(/MEMORY\.md/);
    expect(mcp.exitCode).toBeNull();

    mcp.stdin.end();
    const end = await mcp.done;
    expect(end.code).toBe(0);
  });
});

/**
 * `agent connect codex` approves the memory tools that only read, and no tool that writes: the
 * list is the MCP server's own read-only annotations, as a real `agent mcp` child publishes them.
 * Run `npm run build` first.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parse as parseToml } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

let dir = "";
afterEach(() => cleanup(dir));

describe("agent connect codex: read tools only", () => {
  it("approves exactly the tools the MCP server marks read-only; memory_append, soul_accept, dream_accept ask the person", async () => {
    dir = tempDir("agent-codex-approvals-");
    const ws = path.join(dir, "W");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const client = new Client({ name: "agent-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--workspace", ws], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" } }));
    let tools: { name: string; annotations?: { readOnlyHint?: boolean } }[];
    try {
      tools = (await client.listTools()).tools;
    } finally {
      await client.close();
    }
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name).sort();
    expect(readOnly).toContain("memory_search");

    const home = path.join(dir, "home");
    const env = { HOME: home, CODEX_HOME: path.join(home, ".codex"), XDG_CONFIG_HOME: path.join(home, ".config"), AGENT_WORKSPACE: "" };
    const r = await runAgent(["connect", "codex", "-w", ws], env);
    expect(r.code, r.stderr).toBe(0);
    const cfg = parseToml(readFileSync(path.join(home, ".codex/config.toml"), "utf8")) as { mcp_servers: Record<string, { default_tools_approval_mode?: string; tools?: Record<string, { approval_mode: string }> }> };
    const server = cfg.mcp_servers["agent-memory"]!;
    expect(server.default_tools_approval_mode).toBeUndefined();
    const approved = Object.entries(server.tools ?? {}).filter(([, v]) => v.approval_mode === "approve").map(([k]) => k).sort();
    expect(approved).toEqual(readOnly);
    for (const write of ["memory_append", "soul_accept", "soul_save", "dream_accept", "dream_reject", "soul_reject"]) expect(approved).not.toContain(write);
  });
});

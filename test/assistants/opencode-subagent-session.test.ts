/**
 * OpenCode's task tool runs a sub-agent in a child session (its `parentID` names the session
 * that started it), and the plugin `agent connect opencode` writes sees that session go idle
 * like any other. Its "user" message is the parent agent's instruction, not the person's: the
 * child session is captured as isolated (kept, never the person's memory, never indexed), the
 * person's own session as main. The real plugin file and the built CLI; OpenCode's client is
 * stood in for with the shapes OpenCode 1.18.33 returns (`session.get` → `{data: {id, parentID}}`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openCodePlugin } from "../../src/assistants/opencode/plugin.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

type Hooks = { event: (e: { event: { type: string; properties: Record<string, unknown> } }) => Promise<void> };

const message = (id: string, session: string, role: string, text: string, at: number) => ({
  info: { id, sessionID: session, role, time: { created: at } },
  parts: [{ id: `prt_${id}`, type: "text", text }],
});

const MESSAGES: Record<string, unknown[]> = {
  ses_person: [message("msg_1", "ses_person", "user", "find where I left the kayak paddles", 1_764_500_000_000), message("msg_2", "ses_person", "assistant", "A helper looked: the loft.", 1_764_500_004_000)],
  ses_child: [
    message("msg_3", "ses_child", "user", "SUBTASK: search the notes for the kayak paddles and report the place", 1_764_500_001_000),
    message("msg_4", "ses_child", "assistant", "The notes say the loft above the bike shed.", 1_764_500_003_000),
  ],
};

describe("an OpenCode sub-agent's child session", () => {
  const dir = tempDir("agent-opencode-subagent-");
  afterAll(() => cleanup(dir));

  it("is captured as isolated, the person's own session as main; only the person's is searchable", async () => {
    const ws = path.join(dir, "W");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const file = path.join(dir, "agent-memory.js");
    writeFileSync(file, openCodePlugin({ node: process.execPath, cli: CLI, workspace: ws, budgetMs: 20_000 }));
    const client = {
      session: {
        messages: async ({ path: p }: { path: { id: string } }) => ({ data: MESSAGES[p.id] ?? [] }),
        get: async ({ path: p }: { path: { id: string } }) => ({ data: { id: p.id, ...(p.id === "ses_child" ? { parentID: "ses_person" } : {}) } }),
      },
    };
    const mod = (await import(pathToFileURL(file).href)) as { AgentMemory: (ctx: { client: unknown }) => Promise<Hooks> };
    const hooks = await mod.AgentMemory({ client });
    // As OpenCode sends them: the child goes idle first, then the person's session.
    await hooks.event({ event: { type: "session.idle", properties: { sessionID: "ses_child" } } });
    await hooks.event({ event: { type: "session.idle", properties: { sessionID: "ses_person" } } });

    const lines = (session: string) => readFileSync(path.join(ws, "sessions", `opencode-${session}.jsonl`), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, string>);
    expect(lines("ses_child").map((l) => l.kind)).toEqual(["isolated", "isolated"]);
    expect(lines("ses_person").map((l) => l.kind)).toEqual(["main", "main"]);

    const search = JSON.parse((await runAgent(["search", "kayak paddles", "--json", "-w", ws])).stdout) as { results: { path: string }[] };
    expect(search.results.map((r) => r.path)).toEqual(["sessions/opencode-ses_person.jsonl"]);
  }, 120_000);
});

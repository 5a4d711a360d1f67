/**
 * The OpenClaw plugin's wiring, on a real engine over a real workspace, driven through the
 * same calls OpenClaw makes (register, the typed hooks, the tools), without OpenClaw itself
 * (openclaw.test.ts runs the real one): what it injects, captures and answers, and that it
 * fails open (a broken workspace never breaks a turn).
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeAll } from "../../src/assistants/openclaw/memory.js";
import plugin, { type OpenClawApi } from "../../src/assistants/openclaw/plugin.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";

type Handler = (event: Record<string, unknown>, ctx: { sessionId?: string }) => unknown;

interface Registered {
  hooks: Map<string, Handler>;
  tools: Map<string, Parameters<OpenClawApi["registerTool"]>[0]>;
  section: string[] | undefined;
  warnings: string[];
}

function host(config: Record<string, unknown> | undefined): Registered {
  const r: Registered = { hooks: new Map(), tools: new Map(), section: undefined, warnings: [] };
  const api: OpenClawApi = {
    registrationMode: "full",
    ...(config ? { pluginConfig: config } : {}),
    logger: { info: () => undefined, warn: (m) => r.warnings.push(m) },
    registerMemoryCapability: (c) => (r.section = c.promptBuilder?.({ availableTools: new Set(["tool_call"]) })),
    registerTool: (t) => r.tools.set(t.name, t),
    registerService: () => undefined,
    on: (hook, handler) => r.hooks.set(hook, handler as Handler),
  };
  plugin.register(api);
  return r;
}

const turn = (text: string, answer: string, at: number) => [
  { role: "user", content: [{ type: "text", text }], timestamp: at },
  { role: "assistant", content: [{ type: "text", text: answer }], stopReason: "stop", timestamp: at + 500 },
];

let dir = "";
afterEach(async () => {
  await closeAll();
  cleanup(dir);
});

describe("the OpenClaw plugin on a real engine", () => {
  it("injects the relevant memory with its citation, nothing for an unrelated prompt; captures each turn once; answers its tools", async () => {
    dir = tempDir("agent-openclaw-plugin-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe chose the fridge supplier Kühlmann because of the warranty.\n");
    const r = host({ workspace: ws, budgetMs: 10_000 });
    expect(plugin.id).toBe("agent-memory");
    expect(r.section?.[0]).toBe("## Memory");
    expect([...r.tools.keys()]).toEqual(["memory_search", "memory_get"]);
    for (const h of ["before_prompt_build", "agent_end", "before_reset", "before_compaction", "gateway_stop"]) expect(r.hooks.has(h), h).toBe(true);

    const build = r.hooks.get("before_prompt_build")!;
    const injected = (await build({ prompt: "Which fridge supplier did we choose?" }, { sessionId: "s1" })) as { prependContext: string };
    expect(injected.prependContext).toContain("- memory/2025-03-02.md:1-3 (2025-03-02): We chose the fridge supplier Kühlmann because of the warranty.");
    expect(injected.prependContext).toMatch(/^Memories from the person's notes/);
    expect(await build({ prompt: "how do I roll back a kubernetes helm chart" }, { sessionId: "s1" })).toBeUndefined();

    const end = r.hooks.get("agent_end")!;
    const messages = turn("Which fridge supplier did we choose?", "Kühlmann, for the warranty.", 1795785216422);
    await end({ messages, success: true }, { sessionId: "s1" });
    await end({ messages, success: true }, { sessionId: "s1" });
    const lines = read(ws, "sessions/openclaw-s1.jsonl").trim().split("\n").map((l) => JSON.parse(l) as { role: string; content: string });
    expect(lines.map((l) => [l.role, l.content])).toEqual([
      ["user", "Which fridge supplier did we choose?"],
      ["assistant", "Kühlmann, for the warranty."],
    ]);
    // The captured turn is searchable at once (the index is brought up to date after it), and a
    // session's own transcript is never injected back into it.
    const later = (await build({ prompt: "Kühlmann warranty" }, { sessionId: "s2" })) as { prependContext: string };
    expect(later.prependContext).toContain("sessions/openclaw-s1.jsonl");
    const own = (await build({ prompt: "Kühlmann warranty" }, { sessionId: "s1" })) as { prependContext: string };
    expect(own.prependContext).not.toContain("sessions/openclaw-s1.jsonl");

    const search = await r.tools.get("memory_search")!.execute("c1", { query: "fridge supplier" });
    const answer = JSON.parse(search.content[0]!.text) as { results: { path: string }[] } & Record<string, unknown>;
    expect(answer.results.map((x) => x.path)).toContain("memory/2025-03-02.md");
    expect(answer).not.toHaveProperty("vectors");
    const get = await r.tools.get("memory_get")!.execute("c2", { path: "memory/2025-03-02.md", from: 3, lines: 1 });
    expect(get.content[0]!.text).toBe("memory/2025-03-02.md lines 3-3 of 3\n3| We chose the fridge supplier Kühlmann because of the warranty.");
    await expect(r.tools.get("memory_get")!.execute("c3", { path: "../../etc/passwd" })).rejects.toThrow();
  });

  it("fails open: without a workspace setting it stays off; with a broken workspace the turn goes on without memories", async () => {
    const off = host(undefined);
    expect(off.hooks.size).toBe(0);
    expect(off.warnings.join("\n")).toMatch(/config\.workspace is not set; the plugin stays off/);

    dir = tempDir("agent-openclaw-plugin-");
    const notAFolder = write(dir, "ws-is-a-file", "x");
    write(dir, "agent.config.json", "{ not json");
    const r = host({ workspace: notAFolder, budgetMs: 10_000 });
    expect(await r.hooks.get("before_prompt_build")!({ prompt: "Which fridge supplier did we choose?" }, { sessionId: "s1" })).toBeUndefined();
    await expect(Promise.resolve(r.hooks.get("agent_end")!({ messages: turn("hi", "hello", 1) }, { sessionId: "s1" }))).resolves.toBeUndefined();
    expect(r.warnings.join("\n")).toMatch(/cannot open the workspace/);
  });
});

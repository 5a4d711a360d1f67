/**
 * The workspace's one rule, on real files, real links and real FIFOs: a link is judged by
 * its target for privacy (every private kind, through every front a group session has), and
 * no read or write of the engine goes through a link out of the workspace, a second hard
 * link, a FIFO or a device (a table over every read and write path).
 */
import { execFileSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { zonedDate } from "../../src/workspace/time.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

const today = zonedDate(Date.now(), "UTC");

/** Private kinds, each with a token only it holds, and the file that holds it. */
const PRIVATE: Record<string, { file: string; text: string; token: string; phrase: string }> = {
  memory: { file: "MEMORY.md", text: "# Memory\n\n- The quillfeather vault code is private.\n", token: "quillfeather", phrase: "vault code is private" },
  user: { file: "USER.md", text: "# User\n\n- Diagnosed with marrowbloom syndrome.\n", token: "marrowbloom", phrase: "Diagnosed with" },
  daily: { file: "memory/2026-01-05.md", text: "# 2026-01-05\n\n- Argued with the landlord about tinselwick.\n", token: "tinselwick", phrase: "landlord about" },
  transcript: { file: "sessions/chat-1.jsonl", text: JSON.stringify({ role: "user", content: "my bank pin story about glimmerhorn", ts: "2026-01-05T10:00:00Z" }) + "\n", token: "glimmerhorn", phrase: "bank pin story" },
  reflection: { file: "reflections/2026-01-05.md", text: "# Reflections 2026-01-05\n\n- They worry about dunkelsprout.\n", token: "dunkelsprout", phrase: "They worry about" },
};

const textOf = (r: unknown): string =>
  (((r as { content?: { type: string; text?: string }[] }).content ?? []).filter((c) => c.type === "text").map((c) => c.text ?? "")).join("\n");

describe("group privacy is judged by a link's target", () => {
  let dir = "";
  let ws = "";
  let client: Client;

  beforeAll(async () => {
    dir = tempDir("agent-link-privacy-");
    ws = path.join(dir, "ws");
    initWorkspace(ws);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    mkdirSync(path.join(ws, "notes"), { recursive: true });
    for (const [kind, p] of Object.entries(PRIVATE)) {
      write(ws, p.file, p.text);
      // A public-looking name for each private file.
      symlinkSync(path.join("..", p.file), path.join(ws, "notes", `alias-${kind}.md`));
    }
    // A public bootstrap slot that is a link to a private one.
    execFileSync("rm", ["-f", path.join(ws, "TOOLS.md")]);
    symlinkSync("USER.md", path.join(ws, "TOOLS.md"));
    write(ws, "notes/public.md", "# Public\n\n- The team likes oat biscuits.\n");
    const idx = await runAgent(["index", "--workspace", ws]);
    expect(idx.code).toBe(0);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", "--workspace", ws, "--session", "group"], env: { ...getDefaultEnvironment(), AGENT_STATE_HOME: process.env.AGENT_STATE_HOME ?? "", AGENT_WORKSPACE: "" }, stderr: "pipe" });
    client = new Client({ name: "link-test", version: "1.0.0" });
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    cleanup(dir);
  });

  for (const [kind, p] of Object.entries(PRIVATE)) {
    it(`${kind} (${p.file}) through notes/alias-${kind}.md: MCP memory_search, MCP context, agent context --session group`, async () => {
      const search = textOf(await client.callTool({ name: "memory_search", arguments: { query: p.token } }));
      expect(search).not.toContain(p.phrase);
      expect(search).not.toContain("alias-");
      const ctx = textOf(await client.callTool({ name: "context", arguments: { query: p.token } }));
      expect(ctx).not.toContain(p.phrase);
      const cli = await runAgent(["context", "--session", "group", "--query", p.token, "--workspace", ws, "--no-daemon"]);
      expect(cli.code).toBe(0);
      expect(cli.stdout).not.toContain(p.phrase);
      // The public slot that links to USER.md is withheld too.
      expect(cli.stdout).not.toContain(PRIVATE.user!.phrase);
      // The main session still finds it, under its own name (reflections are not searched by default).
      const main = await runAgent(["search", p.token, "--workspace", ws, "--json", "--no-daemon"]);
      if (kind !== "reflection") expect(main.stdout).toContain(p.phrase);
      expect(main.stdout).not.toContain(`notes/alias-${kind}.md`);
    });
  }
});

describe("every read and write path under the one rule", () => {
  let dir = "";
  let engine: Engine | null = null;
  afterEach(async () => {
    await engine?.close();
    engine = null;
    cleanup(dir);
  });

  const SECRET = "outside-secret-zebrafinch";
  function setup(): { ws: string; outside: string } {
    dir = tempDir("agent-link-rule-");
    const ws = path.join(dir, "ws");
    initWorkspace(ws);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    const outside = path.join(dir, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "secret.md"), `# Secret\n\n- ${SECRET}\n`);
    return { ws, outside };
  }
  const place = (ws: string, outside: string, rel: string, how: "symlink-out" | "hardlink-out" | "fifo" | "dev-zero"): void => {
    const abs = path.join(ws, rel);
    execFileSync("rm", ["-f", abs]);
    mkdirSync(path.dirname(abs), { recursive: true });
    if (how === "symlink-out") symlinkSync(path.join(outside, "secret.md"), abs);
    else if (how === "hardlink-out") linkSync(path.join(outside, "secret.md"), abs);
    else if (how === "fifo") execFileSync("mkfifo", [abs]);
    else symlinkSync("/dev/zero", abs);
  };

  const KINDS = ["symlink-out", "hardlink-out", "fifo", "dev-zero"] as const;
  const READS: { name: string; file: string; run: (e: Engine) => Promise<string> }[] = [
    { name: "context (main)", file: "USER.md", run: async (e) => (await (await e.assist()).context({ session: "main" })).text },
    { name: "context, MEMORY.md", file: "MEMORY.md", run: async (e) => (await (await e.assist()).context({ session: "main" })).text },
    { name: "context, SOUL.md", file: "SOUL.md", run: async (e) => (await (await e.assist()).context({ session: "main" })).text },
    { name: "context, today's note", file: `memory/${today}.md`, run: async (e) => (await (await e.assist()).context({ session: "main" })).text },
    { name: "soul current (soul_get, soul://current)", file: "SOUL.md", run: async (e) => (await e.soul()).current().text },
    { name: "memory_get", file: "notes/a.md", run: async (e) => (await (await e.assist()).readFile("notes/a.md")).lines.join("\n") },
    { name: "heartbeat", file: "HEARTBEAT.md", run: async (e) => JSON.stringify(await e.runJob("heartbeat", { ignoreActiveHours: true })) },
  ];

  for (const r of READS) {
    for (const how of KINDS) {
      it(`read: ${r.name} with ${r.file} as ${how}: never served, never hangs`, async () => {
        const { ws, outside } = setup();
        place(ws, outside, r.file, how);
        engine = await Engine.load({ workspace: ws, embedder: null });
        let out = "";
        try {
          out = await r.run(engine);
        } catch (e) {
          out = String((e as Error).message);
          // A refusal names the file.
          expect(out).toContain(path.basename(r.file));
        }
        expect(out).not.toContain(SECRET);
        expect(out).not.toContain("\u0000");
      });
    }
  }

  it("write: memory_append through a hard-linked daily note is refused; the outside file is unchanged", async () => {
    const { ws, outside } = setup();
    place(ws, outside, `memory/${today}.md`, "hardlink-out");
    engine = await Engine.load({ workspace: ws, embedder: null });
    await expect((await engine.assist()).appendNote("appended text")).rejects.toThrow(/hard links/);
    expect(readFileSync(path.join(outside, "secret.md"), "utf8")).toBe(`# Secret\n\n- ${SECRET}\n`);
  });

  it("write: agent log through a symlinked sessions/ folder is refused; nothing lands outside", async () => {
    const { ws, outside } = setup();
    execFileSync("rm", ["-rf", path.join(ws, "sessions")]);
    symlinkSync(outside, path.join(ws, "sessions"));
    const res = await runAgent(["log", "--session", "s1", "--role", "user", "hello", "--workspace", ws]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/outside the workspace/);
    expect(existsSync(path.join(outside, "s1.jsonl"))).toBe(false);
  });

  it("write: memory_append through a symlinked memory/ folder is refused", async () => {
    const { ws, outside } = setup();
    execFileSync("rm", ["-rf", path.join(ws, "memory")]);
    symlinkSync(outside, path.join(ws, "memory"));
    engine = await Engine.load({ workspace: ws, embedder: null });
    await expect((await engine.assist()).appendNote("appended text")).rejects.toThrow(/outside the workspace/);
    expect(existsSync(path.join(outside, `${today}.md`))).toBe(false);
  });

  it("write: a .agent/ symlinked outside is refused before any database is made there", async () => {
    const { ws, outside } = setup();
    execFileSync("rm", ["-rf", path.join(ws, ".agent")]);
    symlinkSync(outside, path.join(ws, ".agent"));
    const res = await runAgent(["index", "--workspace", ws]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/\.agent: a link to .*outside the workspace/);
    expect(existsSync(path.join(outside, "index.db"))).toBe(false);
    expect(existsSync(path.join(outside, "state.db"))).toBe(false);
  });
});

describe("FIFOs in the daemon and in doctor", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("agent doctor names a FIFO or a link out in a bootstrap slot; a daemon started with HEARTBEAT.md as a FIFO serves and stops", async () => {
    dir = tempDir("agent-fifo-");
    const ws = path.join(dir, "ws");
    initWorkspace(ws);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" }, heartbeat: { enabled: true, activeHours: { start: "00:00", end: "23:59" } } }));
    execFileSync("rm", ["-f", path.join(ws, "HEARTBEAT.md"), path.join(ws, "USER.md")]);
    execFileSync("mkfifo", [path.join(ws, "HEARTBEAT.md")]);
    symlinkSync("/dev/zero", path.join(ws, "USER.md"));
    const doc = await runAgent(["doctor", "--json", "--workspace", ws]);
    const checks = (JSON.parse(doc.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks.filter((c) => c.name === "workspace files");
    expect(checks.map((c) => c.detail).join("\n")).toMatch(/HEARTBEAT\.md: is a FIFO/);
    expect(checks.map((c) => c.detail).join("\n")).toMatch(/USER\.md: a link to \/dev\/zero, outside the workspace/);
    expect(checks.every((c) => c.status === "fail")).toBe(true);
    const { spawnAgent } = await import("../helpers/cli.js");
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch"]);
    try {
      await d.waitFor(/serving the engine on /, 60_000);
      const s = await runAgent(["search", "anything", "--json", "--workspace", ws], { AGENT_DAEMON: "require" });
      expect(s.code, s.stderr).toBe(0);
      d.kill("SIGTERM");
      expect((await d.done).code).toBe(0);
    } finally {
      if (d.exitCode === null) d.kill("SIGKILL");
    }
  });
});

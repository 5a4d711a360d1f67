/**
 * A week lived with three real assistants on one workspace: a dentist appointment told to Codex,
 * moved in OpenCode, asked in Claude Code (the real `codex`, `opencode` and `claude` binaries,
 * their hooks and plugin, one scripted model server). The injected memories in Claude Code's
 * request give the new time first and the old one only marked with the line that replaced it;
 * `agent search --json` marks the old `supersededBy`. Then each assistant's own store, as it
 * wrote it, is moved back in time (Codex's turn to Monday, OpenCode's to Wednesday: only the
 * time stamps change) and imported into a second workspace with `agent import`: every line
 * keeps who said it, its kind and its time; `--as-of` Tuesday answers with the old time; and
 * a Claude Code turn on that workspace is handed both, each saying how old it is.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { claudeProject } from "../helpers/claude-project.js";
import { runAgent } from "../helpers/cli.js";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { realRunScratch, runHarness } from "../helpers/harness-run.js";
import { connectCodexAndOpenCode } from "../helpers/codex-opencode.js";
import { startModelServer, type ModelRequest } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { read, tempDir, write } from "../helpers/workspace.js";

const why = missingHarness("codex") ?? missingHarness("opencode") ?? missingHarness("claude-code");
const DAY = 86_400_000;
const TOLD = "Dentist appointment: Thursday 10:00 with Dr. Weber. Please remember it.";
const MOVED = "the dentist moved to Friday 9:00";
const ASKED = "when is my dentist appointment?";

/** The <memory> blocks of the request that carried our memories. */
function blocksOf(requests: readonly ModelRequest[]): string[] {
  const sent = requests.find((q) => q.raw.includes("Quoted memories"));
  expect(sent, "no memories in Claude Code's request").toBeDefined();
  const messages = (sent!.body.messages as { content: string | { text?: string }[] }[]).flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.map((c) => c.text ?? "")));
  const system = typeof sent!.body.system === "string" ? [sent!.body.system] : ((sent!.body.system as { text?: string }[] | undefined) ?? []).map((s) => s.text ?? "");
  return [...[...system, ...messages].join("\n").matchAll(/<memory [^>]*>[\s\S]*?<\/memory>/g)].map((m) => m[0]);
}

/** Every `"timestamp"` of a JSONL store file moved back by `ms` (what the assistant would have written that day). */
function moveJsonlBack(file: string, ms: number): void {
  const lines = readFileSync(file, "utf8").split("\n").map((l) => {
    if (!l.trim().startsWith("{")) return l;
    const o = JSON.parse(l) as Record<string, unknown>;
    if (typeof o.timestamp === "string") o.timestamp = new Date(Date.parse(o.timestamp) - ms).toISOString();
    return JSON.stringify(o);
  });
  writeFileSync(file, lines.join("\n"));
}

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(suffix)).map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(why !== undefined)(titled("a dentist appointment told to Codex, moved in OpenCode, asked in Claude Code", why), () => {
  const scratch = realRunScratch();

  it("gives the new time first and the old one marked; the assistants' stores imported keep who, kind and when", async () => {
    const root = (scratch.root = tempDir("agent-week-"));
    const server = (scratch.server = await startModelServer((req) => (req.raw.includes("You are a title generator") ? "Dentist" : "Noted.")));
    const { ws, proj, turn: claude } = await claudeProject(root, { "memory/2026-11-02.md": "# 2026-11-02\n\nBought new running shoes.\n" }, server);
    const { env, agentEnv, oproj } = await connectCodexAndOpenCode(root, ws, server);

    // Monday, Codex; Wednesday, OpenCode; Friday, Claude Code (live: all three today).
    const codex = await runHarness(harnessBin("codex")!, ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", TOLD], { cwd: proj, env, timeoutMs: 120_000 });
    expect(codex.code, codex.stderr.slice(-2000)).toBe(0);
    const openCode = await runHarness(harnessBin("opencode")!, ["run", MOVED], { cwd: oproj, env, timeoutMs: 240_000 });
    expect(openCode.code, openCode.stderr.slice(-2000)).toBe(0);
    const before = server.requests.length;
    expect((await claude(["-p", ASKED])).code).toBe(0);
    const blocks = blocksOf(server.requests.slice(before));
    const at = (text: string) => blocks.findIndex((b) => b.includes(text));
    expect(at("Friday 9:00"), blocks.join("\n")).toBe(0);
    expect(blocks[0]).toMatch(/from="the person (and their assistant )?said in OpenCode session /);
    expect(at("Thursday 10:00"), blocks.join("\n")).toBeGreaterThan(0);
    expect(blocks[at("Thursday 10:00")]).toMatch(/newer="sessions\/opencode-[^"]+:\d+ of \d{4}-\d\d-\d\d"/);
    expect(blocks[at("Thursday 10:00")]).toMatch(/from="the person (and their assistant )?said in Codex session /);

    const search = JSON.parse((await runAgent(["search", ASKED, "--json", "-w", ws], agentEnv)).stdout) as { results: { path: string; snippet: string; supersededBy?: { path: string } }[] };
    const told = search.results.find((r) => r.path.startsWith("sessions/codex-"));
    const moved = search.results.findIndex((r) => r.path.startsWith("sessions/opencode-"));
    expect(moved).toBe(0);
    expect(told?.supersededBy?.path).toMatch(/^sessions\/opencode-/);

    // The assistants' own stores, as they wrote them, moved back: Codex's turn to Monday, OpenCode's to Wednesday.
    const now = Date.now();
    for (const f of filesUnder(path.join(env.CODEX_HOME!, "sessions"), ".jsonl")) moveJsonlBack(f, 4 * DAY);
    const db = new Database(path.join(env.XDG_DATA_HOME!, "opencode/opencode.db"));
    db.prepare("UPDATE message SET time_created = time_created - ?, data = json_set(data, '$.time.created', json_extract(data, '$.time.created') - ?)").run(2 * DAY, 2 * DAY);
    db.close();
    const w2 = path.join(root, "W2");
    write(w2, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    for (const [assistant, store] of [["codex", path.join(env.CODEX_HOME!, "sessions")], ["opencode", path.join(env.XDG_DATA_HOME!, "opencode/opencode.db")], ["claude-code", path.join(env.HOME!, ".claude/projects")]] as const) {
      const r = await runAgent(["import", assistant, store, "-w", w2, "--json"], agentEnv);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { appended: number }).appended, assistant).toBeGreaterThan(0);
    }
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const lines = readdirSync(path.join(w2, "sessions")).flatMap((n) => read(w2, `sessions/${n}`).trim().split("\n").map((l) => ({ file: n, o: JSON.parse(l) as Record<string, string> })));
    const said = (text: string) => lines.find((l) => l.o.role === "user" && l.o.content.includes(text));
    expect(said("Thursday 10:00")?.o).toMatchObject({ harness: "codex", speaker: "person", kind: "main", via: "import" });
    expect(day(Date.parse(said("Thursday 10:00")!.o.ts))).toBe(day(now - 4 * DAY));
    expect(said("Friday 9:00")?.o).toMatchObject({ harness: "opencode", speaker: "person", kind: "main", via: "import" });
    expect(day(Date.parse(said("Friday 9:00")!.o.ts))).toBe(day(now - 2 * DAY));
    expect(said(ASKED)?.o).toMatchObject({ harness: "claude-code", speaker: "person", kind: "main", via: "import" });
    for (const { file, o } of lines) expect(o.harness, file).toBe(/^(claude-code|codex|opencode)-/.exec(file)?.[1]);

    // Tuesday: the time told on Monday, and nothing of Wednesday's.
    const tuesday = JSON.parse((await runAgent(["search", "dentist appointment", "--json", "--as-of", day(now - 3 * DAY), "-w", w2], agentEnv)).stdout) as { results: { path: string; supersededBy?: unknown }[] };
    expect(tuesday.results[0]?.path).toMatch(/^sessions\/codex-/);
    expect(tuesday.results.some((r) => r.path.startsWith("sessions/opencode-"))).toBe(false);
    expect(tuesday.results[0]?.supersededBy).toBeUndefined();

    // Friday, in Claude Code on the imported workspace: the new time first, the old marked, each with its age.
    const p2 = path.join(root, "proj2");
    mkdirSync(p2, { recursive: true });
    expect((await runAgent(["connect", "claude-code", "--scope", "project", "-w", w2, "--budget-ms", "20000"], { HOME: env.HOME }, undefined, p2)).code).toBe(0);
    const asked2 = server.requests.length;
    const again = await runHarness(harnessBin("claude-code")!, ["-p", ASKED], { cwd: p2, env: { ...env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: "dummy", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", ENABLE_TOOL_SEARCH: "false" }, timeoutMs: 120_000 });
    expect(again.code, again.stderr.slice(-2000)).toBe(0);
    const friday = blocksOf(server.requests.slice(asked2));
    expect(friday[0], friday.join("\n")).toContain("Friday 9:00");
    expect(friday[0]).toContain('age="2 days old"');
    const old = friday.find((b) => b.includes("Thursday 10:00"));
    expect(old, friday.join("\n")).toBeDefined();
    expect(old).toContain('age="4 days old"');
    expect(old).toMatch(/newer="sessions\/opencode-/);
  }, 900_000);
});

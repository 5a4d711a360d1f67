import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeAnswer, type FakeOllama } from "../helpers/fake-ollama.js";
import { cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * `agent daemon`, `context`, `flush`, `heartbeat`, `jobs` and `inbox` through the built CLI in
 * child processes, against a stand-in Ollama on 127.0.0.1. The fake tells a heartbeat from a
 * flush by the prompt; `answer` lets each test decide what (and when) it replies.
 */

let ollama: FakeOllama;
let answer: (kind: "heartbeat" | "flush" | "other", body: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;

beforeAll(async () => {
  ollama = await startFakeOllama((body) => {
    const messages = body.messages as { role: string; content: string }[];
    const user = messages.find((m) => m.role === "user")?.content ?? "";
    const system = messages.find((m) => m.role === "system")?.content ?? "";
    const kind = user.startsWith("Heartbeat at") ? "heartbeat" : system.startsWith("You keep the long-term memory") ? "flush" : "other";
    return answer(kind, body);
  });
});
afterAll(async () => {
  await ollama.close();
});

let dir = "";
let ws = "";
const running: RunningAgent[] = [];
beforeEach(async () => {
  dir = tempDir("agent-daemon-cli-");
  ws = path.join(dir, "assistant");
  expect((await agent(["init", ws])).code).toBe(0);
  ollama.chats.length = 0;
  answer = (kind) => (kind === "heartbeat" ? "HEARTBEAT_OK" : kind === "flush" ? "- flushed note" : "?");
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

const env = () => ({ OLLAMA_HOST: ollama.host, TZ: "UTC" });
const agent = (args: string[], input?: string) => runAgent(args, env(), input);
function daemon(extra: string[] = []): RunningAgent {
  const child = spawnAgent(["daemon", "--workspace", ws, "--no-embed", ...extra], env());
  running.push(child);
  return child;
}

/** Config for a quick e2e: all-day heartbeats, a small flush threshold, no nightly run. */
function configure(over: Record<string, unknown> = {}): void {
  write(
    ws,
    "agent.config.json",
    JSON.stringify({
      llm: { provider: "ollama", model: "good" },
      context: { timeZone: "UTC" },
      heartbeat: { activeHours: { start: "00:00", end: "00:00" }, timeZone: "UTC" },
      flush: { contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500 },
      schedule: { reflect: false, tick: "1s" },
      ...over,
    }),
  );
}

function longSession(id: string, turns = 8): void {
  const lines = Array.from({ length: turns }, (_, i) =>
    JSON.stringify({ role: i % 2 ? "assistant" : "user", content: `turn ${i}: we agreed the offsite moves to March ${"·".repeat(380)}`, ts: new Date(Date.now() - (turns - i) * 1000).toISOString() }),
  );
  write(ws, `sessions/${id}.jsonl`, lines.join("\n") + "\n");
}

const today = () => new Date().toISOString().slice(0, 10);

async function stopAndTime(child: RunningAgent): Promise<{ ms: number; code: number | null; stdout: string; stderr: string }> {
  const t = Date.now();
  child.kill("SIGTERM");
  const r = await child.done;
  return { ms: Date.now() - t, code: r.code, stdout: r.stdout, stderr: r.stderr };
}

describe("help", { timeout: 60_000 }, () => {
  it("every new command has --help with --workspace", async () => {
    for (const cmd of ["daemon", "context", "flush", "heartbeat", "jobs", "inbox"]) {
      const r = await agent([cmd, "--help"]);
      expect(r.code, cmd).toBe(0);
      expect(r.stdout).toContain(`Usage: agent ${cmd}`);
      expect(r.stdout).toContain("--workspace");
    }
    const ctx = (await agent(["context", "--help"])).stdout;
    for (const flag of ["--session", "--query", "--budget", "--json"]) expect(ctx).toContain(flag);
    expect((await agent(["flush", "--help"])).stdout).toContain("--force");
    expect((await agent(["heartbeat", "--help"])).stdout).toContain("--now");
  });
});

describe("agent daemon end to end", { timeout: 90_000 }, () => {
  it("flushes, raises a heartbeat alert, refuses a second daemon, and stops cleanly on SIGTERM", async () => {
    configure();
    write(ws, "HEARTBEAT.md", "# HEARTBEAT\n\n- [ ] tell me if the offsite date is still open\n");
    longSession("chat");
    answer = (kind) => (kind === "heartbeat" ? "Offsite date still open\nNobody has confirmed March yet." : "- The offsite moves to March.");
    const d = daemon();
    await d.waitFor(/daemon started on /);
    await d.waitFor(/heartbeat ok .*alert #1: Offsite date still open/);
    await d.waitFor(/flush chat ok .*appended \d+ characters to memory\//);
    // The daily backup of state.db is a job like the others, in the same tick.
    await d.waitFor(/backup ok .*state backed up to .*\/backups\/state-\d{8}T\d{9}Z-daily\.db/);

    const second = await agent(["daemon", "--workspace", ws]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`^agent: an agent daemon is already running on this workspace \\(pid ${d.pid}, started .*\\); stop it first \\(kill ${d.pid}\\)\\n$`));

    const jobs = JSON.parse((await agent(["jobs", "--workspace", ws, "--json"])).stdout) as { daemon: { pid: number; alive: boolean }; unread: number; runs: { job: string; outcome: string }[] };
    expect(jobs.daemon).toMatchObject({ pid: d.pid, alive: true });
    expect(jobs.unread).toBe(1);
    // A workspace made today owes no reflection for last night, and so no dream either.
    expect(jobs.runs.map((r) => `${r.job}:${r.outcome}`).sort()).toEqual(["backup:ok", "flush:ok", "heartbeat:ok"]);
    expect(readdirSync(path.join(agentDir(ws), "backups")).filter((n) => n.endsWith("-daily.db"))).toHaveLength(1);

    const inbox = await agent(["inbox", "--workspace", ws]);
    expect(inbox.stdout).toMatch(/^#1 \d{4}-\d\d-\d\d \d\d:\d\d ALERT \[heartbeat\] Offsite date still open\n {2}Offsite date still open\n {2}Nobody has confirmed March yet.\n$/);
    expect((await agent(["inbox", "--workspace", ws])).stdout).toBe("no unread alerts or reports (--all shows read ones)\n");

    const note = readFileSync(path.join(ws, "memory", `${today()}.md`), "utf8");
    expect(note).toMatch(new RegExp(`^# ${today()}\\n\\n## \\d\\d:\\d\\d — notes before compaction \\(session chat\\)\\n\\n- The offsite moves to March.\\n$`));

    const stop = await stopAndTime(d);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(5_000);
    expect(stop.stdout).toMatch(/stopping \(SIGTERM\)\n.*daemon stopped; lock released\n$/);
    expect(existsSync(path.join(agentDir(ws), "daemon.lock"))).toBe(false);
    expect(JSON.parse((await agent(["jobs", "--workspace", ws, "--json"])).stdout).daemon).toBeNull();
  });

  it("SIGTERM during a slow model call exits within seconds, records the cancelled run and writes nothing", async () => {
    configure({ flush: { enabled: false } });
    write(ws, "HEARTBEAT.md", "- [ ] anything?\n");
    let arrived!: () => void;
    const asked = new Promise<void>((r) => (arrived = r));
    answer = () => {
      arrived();
      return { content: "too late", delayMs: 30_000 };
    };
    const before = fingerprint(ws);
    const d = daemon(["--no-watch"]);
    await d.waitFor(/daemon started on /);
    await asked;
    const stop = await stopAndTime(d);
    expect(stop.code).toBe(0);
    expect(stop.ms).toBeLessThan(5_000);
    expect(stop.stderr).toMatch(/heartbeat error .*cancelled/);
    expect(fingerprint(ws)).toEqual(before);
    const jobs = JSON.parse((await agent(["jobs", "--workspace", ws, "--json"])).stdout) as { runs: { job: string; outcome: string; reason: string }[]; unread: number };
    expect(jobs.runs).toMatchObject([{ job: "heartbeat", outcome: "error", reason: expect.stringMatching(/cancelled/) }]);
    expect(jobs.unread).toBe(0);
  });

  it("SIGTERM as the flush's answer arrives leaves every file whole", async () => {
    configure({ heartbeat: { enabled: false } });
    longSession("chat");
    write(ws, `memory/${today()}.md`, `# ${today()}\n\n- by hand\n`);
    const notes = Array.from({ length: 400 }, (_, i) => `- durable fact number ${i} about the offsite`).join("\n");
    let d!: RunningAgent;
    answer = () => {
      d.kill("SIGTERM"); // lands while the reply is on its way: the write either happens whole or not at all
      return notes;
    };
    d = daemon(["--no-watch"]);
    const r = await d.done;
    expect(r.code).toBe(0);
    const text = readFileSync(path.join(ws, "memory", `${today()}.md`), "utf8");
    const whole = new RegExp(`^# ${today()}\\n\\n- by hand\\n\\n## \\d\\d:\\d\\d — notes before compaction \\(session chat\\)\\n\\n${notes.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n$`);
    expect(text === `# ${today()}\n\n- by hand\n` || whole.test(text), text.slice(0, 300)).toBe(true);
    // Everything else is whole too: transcripts parse line by line, the state database is sound.
    for (const line of readFileSync(path.join(ws, "sessions", "chat.jsonl"), "utf8").trim().split("\n")) JSON.parse(line);
    const db = new Database(path.join(agentDir(ws), "state.db"), { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
    expect(readdirSync(path.join(ws, "memory")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(path.join(agentDir(ws), "daemon.lock"))).toBe(false);
  });

  it("takes over the lock of a daemon that was killed", async () => {
    configure({ heartbeat: { enabled: false }, flush: { enabled: false } });
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    mkdirSync(agentDir(ws), { recursive: true });
    writeFileSync(path.join(agentDir(ws), "daemon.lock"), JSON.stringify({ pid: dead, host: os.hostname(), startedAt: Date.now() - 60_000 }));
    const d = daemon(["--no-watch"]);
    await d.waitFor(new RegExp(`took over a stale lock left by pid ${dead} .*no longer running`));
    await d.waitFor(/daemon started on /);
    expect(JSON.parse(readFileSync(path.join(agentDir(ws), "daemon.lock"), "utf8")).pid).toBe(d.pid);
    expect((await stopAndTime(d)).code).toBe(0);
  });
});

describe("agent context, flush and heartbeat on demand", { timeout: 90_000 }, () => {
  it("context: order, privacy per session type, budget, query results, --json report", async () => {
    write(ws, "MEMORY.md", "# MEMORY\n\n- The family password manager is Bitwarden.\n");
    write(ws, `memory/${today()}.md`, `# ${today()}\n\n- Booked the dentist for Friday.\n`);
    write(ws, "projects/garden.md", "# Garden\n\nPlant the tulip bulbs before the first frost.\n");
    const main = await agent(["context", "--workspace", ws]);
    expect(main.code, main.stderr).toBe(0);
    expect(main.stdout).toMatch(/^# Workspace context \(main session\)\n\n## AGENTS.md\n/);
    expect(main.stdout).toContain("Bitwarden");
    expect(main.stdout).toContain("Booked the dentist");
    const group = await agent(["context", "--workspace", ws, "--session", "group", "--query", "password manager tulip bulbs"]);
    expect(group.code, group.stderr).toBe(0);
    expect(group.stdout).not.toMatch(/Bitwarden|dentist|^## (MEMORY|USER)\.md|^## memory\//m);
    expect(group.stdout).toContain("## Relevant memories for \"password manager tulip bulbs\"\n- projects/garden.md:");
    const json = JSON.parse((await agent(["context", "--workspace", ws, "--budget", "1500", "--json"])).stdout) as { chars: number; report: { truncated: string[]; omitted: string[] }; audit: { missing: string[] } };
    expect(json.chars).toBeLessThanOrEqual(1500);
    expect(json.report.truncated.length + json.report.omitted.length).toBeGreaterThan(0);
    expect(json.audit.missing).toEqual([]);
    const bad = await agent(["context", "--workspace", ws, "--session", "public"]);
    expect(bad.code).not.toBe(0);
  });

  it("flush --session: due, then once per cycle, --force; heartbeat without --now respects the schedule", async () => {
    configure();
    longSession("chat");
    const r = await agent(["flush", "--workspace", ws, "--session", "chat"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^flushed session chat: \\d+ characters appended to memory/${today()}.md\\n`));
    const again = await agent(["flush", "--workspace", ws, "--session", "chat"]);
    expect(again.stdout).toMatch(/^no flush for session chat: already flushed in this compaction cycle .*\(--force to flush anyway\)\n$/);
    answer = () => "NO_REPLY";
    const forced = await agent(["flush", "--workspace", ws, "--session", "chat", "--force", "--json"]);
    expect(JSON.parse(forced.stdout)).toMatchObject({ run: { job: "flush", outcome: "ok" }, result: { status: "no-reply" } });
    const missing = await agent(["flush", "--workspace", ws, "--session", "ghost"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("agent: there is no transcript sessions/ghost.jsonl\n");

    // HEARTBEAT.md from the template has no tasks: skipped without a model call.
    const calls = ollama.chats.length;
    expect((await agent(["heartbeat", "--workspace", ws])).stdout).toBe("heartbeat skipped: HEARTBEAT.md has no tasks (only headings, blank lines and empty checkboxes)\n");
    expect((await agent(["heartbeat", "--workspace", ws])).stdout).toMatch(/^no heartbeat now: next heartbeat at \d\d:\d\d\n$/);
    write(ws, "HEARTBEAT.md", "- [ ] check the backups\n");
    answer = () => "HEARTBEAT_OK";
    expect((await agent(["heartbeat", "--workspace", ws, "--now"])).stdout).toBe("heartbeat ok: nothing needs attention\n");
    expect(ollama.chats.length).toBe(calls + 1);
    const jobs = await agent(["jobs", "--workspace", ws]);
    expect(jobs.stdout).toMatch(/^daemon: not running\n\njob +start +end +outcome reason\nheartbeat .* ok +HEARTBEAT_OK\nheartbeat .* skip +HEARTBEAT.md has no tasks/);
  });
});

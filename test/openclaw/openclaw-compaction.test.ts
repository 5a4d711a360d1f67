/**
 * OpenClaw's compaction with this engine as its memory: a real session (`openclaw agent --local`,
 * OpenClaw 2026.9.6 on Node 24) against a scripted Ollama-protocol model on 127.0.0.1, one turn
 * that says something worth keeping, then OpenClaw's own `/compact`, then a new question in the
 * same session. What the engine does at `before_compaction`: the turn captured, the
 * pre-compaction flush (the engine's local model writes the durable note under its heading in
 * today's note), the compaction marker in the transcript; and after it, the flushed note is what
 * the next prompt gets injected. Skipped with the reason when OpenClaw is not installed
 * (`scripts/harness.sh install openclaw`).
 */
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { harnessBin, missingHarness } from "../helpers/harness.js";
import { titled } from "../helpers/needs.js";
import { startOllamaChat, type OllamaChatServer } from "../helpers/ollama-chat.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { openClawEnv } from "./openclaw-env.js";

const WHY = missingHarness("openclaw");
const SAID = "The loading bay door code at the warehouse is now 4471, since the locksmith came on Monday.";
const NOTED = "- The warehouse loading bay door code is 4471 (changed by the locksmith).";
const ASKED = "What is the code for the loading bay door at the warehouse?";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.skipIf(WHY !== undefined)(titled("OpenClaw's compaction with this engine as its memory (real --local turns)", WHY), { timeout: 900_000 }, () => {
  let dir = "";
  let ws = "";
  let model: OllamaChatServer;
  let config = "";
  const runs: Run[] = [];
  const chatsBefore: number[] = [];

  async function openclaw(message: string): Promise<Run> {
    const argv = ["24", harnessBin("openclaw")!, "agent", "--local", "--agent", "main", "--session-id", "c1", "-m", message, "--json"];
    const out = path.join(dir, `openclaw-${runs.length}.out`);
    const err = path.join(dir, `openclaw-${runs.length}.err`);
    const fds = [openSync(out, "w"), openSync(err, "w")] as const;
    const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), argv, { env: openClawEnv(dir, config), stdio: ["ignore", fds[0], fds[1]] });
    const killer = setTimeout(() => child.kill("SIGKILL"), 400_000);
    const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
    clearTimeout(killer);
    for (const fd of fds) closeSync(fd);
    const run = { code, stdout: readFileSync(out, "utf8"), stderr: readFileSync(err, "utf8") };
    runs.push(run);
    return run;
  }

  beforeAll(async () => {
    dir = tempDir("agent-openclaw-compaction-");
    ws = path.join(dir, "ws");
    model = await startOllamaChat((messages) => {
      const all = messages.map((m) => m.content).join("\n");
      // The engine's flush asks its local model for the durable notes of the turns so far.
      if (/about to be compacted/.test(messages[0]?.content ?? "")) return NOTED;
      // OpenClaw's own summary of the history it compacts.
      if (/summarization assistant/.test(messages[0]?.content ?? "")) return "## Decisions\nThe loading bay code changed.";
      return "Noted.";
    });
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "tiny", host: model.url } }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\n## Pharmacy\n\nWe chose the fridge supplier Kühlmann because of the warranty.\n");
    config = write(
      dir,
      "openclaw/openclaw.json",
      JSON.stringify(
        {
          models: { providers: { ollama: { baseUrl: model.url, api: "ollama", models: [{ id: "tiny", name: "tiny", contextWindow: 32768, maxTokens: 1024 }] } } },
          // OpenClaw compacts a session before a run once the transcript the model would see passes
          // this many bytes: the way to a compaction without a Gateway (`/compact` needs one).
          agents: { defaults: { model: { primary: "ollama/tiny" }, workspace: ws, compaction: { maxActiveTranscriptBytes: 300 } } },
        },
        null,
        2,
      ),
    );
    const connected = await runAgent(["connect", "openclaw", "--workspace", ws, "--openclaw-config", config]);
    expect(connected.code, connected.stderr).toBe(0);
    const cfg = JSON.parse(read(dir, "openclaw/openclaw.json")) as { plugins: { entries: Record<string, { config: Record<string, unknown> }> } };
    cfg.plugins.entries["agent-memory"]!.config.budgetMs = 10_000;
    write(dir, "openclaw/openclaw.json", JSON.stringify(cfg, null, 2));

    for (const m of [SAID, ASKED]) {
      chatsBefore.push(model.chats.length);
      await openclaw(m);
    }
  }, 900_000);

  afterAll(async () => {
    await model?.close();
    cleanup(dir);
  });

  const chatsOf = (kind: RegExp) => model.chats.filter((c) => kind.test(c.messages[0]?.content ?? ""));
  const today = () => new Date().toISOString().slice(0, 10);

  it("both turns end normally; OpenClaw compacted before the second", () => {
    for (const r of runs) expect(r.code, r.stderr.slice(-3000)).toBe(0);
    expect(chatsOf(/summarization assistant/).length).toBeGreaterThan(0);
  });

  it("before_compaction: the turn captured once, the flush run once on it, its note under the heading, the marker after the turn", () => {
    const lines = read(ws, "sessions/openclaw-c1.jsonl").trim().split("\n").map((l) => JSON.parse(l) as { role?: string; type?: string; content?: string });
    const said = lines.findIndex((l) => l.content === SAID);
    const marker = lines.findIndex((l) => l.type === "compaction");
    const asked = lines.findIndex((l) => l.content === ASKED);
    expect(lines.filter((l) => l.content === SAID)).toHaveLength(1);
    expect(lines.filter((l) => l.type === "compaction")).toHaveLength(1);
    expect(said).toBeGreaterThanOrEqual(0);
    expect(marker).toBeGreaterThan(said);
    expect(asked).toBeGreaterThan(marker);
    const flushes = chatsOf(/about to be compacted/);
    expect(flushes).toHaveLength(1);
    expect(flushes[0]!.messages.map((m) => m.content).join("\n")).toContain(SAID);
    const note = read(ws, `memory/${today()}.md`);
    expect(note).toMatch(/## \d\d:\d\d — notes before compaction \(session openclaw-c1\)/);
    expect(note).toContain(NOTED);
  });

  it("after it, the next prompt in the session gets the flushed note injected, with its citation", () => {
    const turns = chatsOf(/running inside OpenClaw/);
    const second = turns.at(-1)!;
    const user = second.messages.filter((m) => m.role === "user").map((m) => m.content).join("\n");
    expect(user).toContain(ASKED);
    expect(user).toMatch(new RegExp(`<memory n="\\d+" cite="memory/${today()}\\.md:\\d+-\\d+"`));
    expect(user).toContain("loading bay door code is 4471");
  });

  it("the flush is one job run, named for OpenClaw's compaction", async () => {
    const jobs = await runAgent(["jobs", "--workspace", ws, "--json"]);
    const runs = (JSON.parse(jobs.stdout) as { runs: { job: string; outcome: string; details: { session?: string; trigger?: string } }[] }).runs.filter((r) => r.job === "flush");
    expect(runs.map((r) => [r.outcome, r.details.session, r.details.trigger])).toEqual([["ok", "openclaw-c1", "openclaw compaction"]]);
  });
});

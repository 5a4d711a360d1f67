/**
 * A secret typed to one assistant is in no file and no other prompt: through the built CLI's
 * hook commands (what Claude Code, Codex and OpenCode run), `agent log`, `agent index` over a
 * transcript an older engine wrote, and `agent doctor`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

// Real format (sk-proj- + 156 characters holding T3BlbkFJ), fake value; built from parts so the
// repository holds no string a scanner flags.
const KEY = "sk-proj-" + "Q9xLm2Vb7Ty4Np0Rz8Kd3Wf6Hj1Sa5Ue".repeat(2) + "T3BlbkFJ" + "Gc4Mv8Xn2Bq6Lp0Ty3Rw7Ze1Ks5Jd9Hf".repeat(2);
const PASSWORD = "Tr0ub4dor&3xyz";

/** Every byte under `dir`, as latin1 (finds a key in a SQLite page or a -wal as well as in text). */
function everyByte(dir: string): { file: string; bytes: string }[] {
  const out: { file: string; bytes: string }[] = [];
  const walk = (d: string) => {
    for (const ent of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, ent.name);
      if (ent.isDirectory()) walk(abs);
      else if (ent.isFile()) out.push({ file: path.relative(dir, abs), bytes: readFileSync(abs).toString("latin1") });
    }
  };
  walk(dir);
  return out;
}

function claudeTranscript(file: string): void {
  const base = { isSidechain: false, sessionId: "sec-1", cwd: "/tmp/proj", version: "2.1.332" };
  const lines = [
    { ...base, type: "user", uuid: "u-1", timestamp: "2026-11-28T10:00:00.000Z", message: { role: "user", content: `deploy the billing service with the openai key ${KEY}, and the db password=${PASSWORD}` } },
    {
      ...base,
      type: "assistant",
      uuid: "a-1",
      timestamp: "2026-11-28T10:00:05.000Z",
      message: { id: "msg_1", role: "assistant", content: [{ type: "text", text: "Deploying the billing service now." }, { type: "tool_use", id: "t1", name: "Bash", input: { command: `export OPENAI_API_KEY=${KEY} && ./deploy.sh` } }] },
    },
  ];
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

describe("secrets never stored or sent (built CLI)", () => {
  let dir = "";
  let ws = "";
  const hook = (args: string[], payload: unknown) => runAgent(["hook", ...args, "--workspace", ws, "--no-daemon"], {}, JSON.stringify(payload));

  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nThe billing service moved to the new cluster on Friday.\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
  });
  afterAll(() => cleanup(dir));

  it("a key captured from Claude Code is in no file, no index and no Codex or OpenCode prompt", async () => {
    const transcript = path.join(dir, "claude-transcript.jsonl");
    claudeTranscript(transcript);
    const stop = await hook(["claude-code", "stop"], { session_id: "sec-1", transcript_path: transcript, hook_event_name: "Stop" });
    expect(stop.code).toBe(0);
    const captured = readFileSync(path.join(ws, "sessions/claude-code-sec-1.jsonl"), "utf8");
    expect(captured).toContain("[redacted: openai key]");
    expect(captured).toContain("password=[redacted: password]");
    expect(captured).toContain("billing service");
    // The hook's own index catch-up may be cut by its deadline on a loaded machine: done here.
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);

    const asked = "which openai key did I deploy the billing service with";
    const codex = await hook(["codex", "prompt", "--budget-ms", "30000"], { session_id: "other", hook_event_name: "UserPromptSubmit", prompt: asked });
    const opencode = await hook(["opencode", "prompt", "--budget-ms", "30000"], { session: "ses_2", prompt: asked });
    expect(codex.code).toBe(0);
    expect(opencode.code).toBe(0);
    // The captured conversation is found (so the check means something), without its key.
    expect(codex.stdout + opencode.stdout).toContain("sessions/claude-code-sec-1.jsonl");
    for (const out of [codex.stdout, codex.stderr, opencode.stdout, opencode.stderr]) {
      expect(out).not.toContain(KEY);
      expect(out).not.toContain(PASSWORD);
    }
    for (const f of everyByte(ws)) {
      expect(f.bytes.includes(KEY), f.file).toBe(false);
      expect(f.bytes.includes(PASSWORD), f.file).toBe(false);
    }
  });

  it("agent log redacts before it writes", async () => {
    const r = await runAgent(["log", "--session", "manual-1", "--role", "user", `my github token is ghp_${"a1B2c3D4e5".repeat(3)}x9Y8z7`, "-w", ws]);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(path.join(ws, "sessions/manual-1.jsonl"), "utf8");
    expect(text).toContain("[redacted: github token]");
    expect(text).not.toContain("ghp_a1B2");
    expect(statSync(path.join(ws, "sessions/manual-1.jsonl")).mode & 0o777).toBe(0o600);
  });

  it("a transcript an older engine wrote is redacted in place on the next index, made 0600, and doctor says so", async () => {
    const rel = "sessions/claude-code-old.jsonl";
    const clean = JSON.stringify({ role: "assistant", content: "The cluster is in Frankfurt.", ts: "2026-11-01T09:00:01Z", id: "b" });
    write(ws, rel, JSON.stringify({ role: "user", content: `here is the key: ${KEY}`, ts: "2026-11-01T09:00:00Z", id: "a" }) + "\n" + clean + "\n");
    const abs = path.join(ws, rel);
    const r = await runAgent(["index", "-w", ws]);
    expect(r.code, r.stderr).toBe(0);
    const after = readFileSync(abs, "utf8").split("\n");
    expect(after[0]).toContain("[redacted: openai key]");
    expect(after[1]).toBe(clean);
    expect(statSync(abs).mode & 0o777).toBe(0o600);
    for (const f of everyByte(ws)) expect(f.bytes.includes(KEY), f.file).toBe(false);
    const doc = await runAgent(["doctor", "-w", ws, "--json"]);
    const checks = (JSON.parse(doc.stdout) as { checks: { name: string; detail: string }[] }).checks;
    expect(checks.find((c) => c.name === "redaction")?.detail).toMatch(/^1 transcript\(s\) in sessions\/ had secrets redacted in place \(1 secret/);
  });

  it("the index and state databases and their -wal/-shm are 0600, whatever the umask", () => {
    const names = readdirSync(agentDir(ws)).filter((n) => /^(index|state)\.db(-wal|-shm)?$/.test(n));
    expect(names).toContain("index.db");
    for (const n of names) expect(statSync(path.join(agentDir(ws), n)).mode & 0o777, n).toBe(0o600);
    for (const n of readdirSync(path.join(ws, "sessions"))) expect(statSync(path.join(ws, "sessions", n)).mode & 0o777, n).toBe(0o600);
  });
});

/**
 * An assistant's transcript and `agent import PATH` through the file door, with the built CLI
 * as the harness runs it: a FIFO as the Stop or PreCompact hook's `transcript_path` is refused
 * at once (the hook process ends, the refusal is in .agent/hooks.log), /dev/zero is refused
 * before a byte is read, and an import goes on past a session it cannot read or write and says
 * which. Codex's ids are its rollout positions, so a model server that repeats message ids
 * loses no reply.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type AgentRun } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let dir = "";
afterEach(() => cleanup(dir));

function workspace(): string {
  dir = tempDir("agent-door-");
  const ws = path.join(dir, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  return ws;
}

/** The hook as the harness runs it, killed if it is still there after `ms` (a hang). */
async function hookWithin(ws: string, args: string[], payload: unknown, ms: number): Promise<AgentRun> {
  const child = spawnAgent(["hook", ...args, "--workspace", ws, "--no-daemon"]);
  child.stdin.end(JSON.stringify(payload));
  const killer = setTimeout(() => child.kill("SIGKILL"), ms);
  const r = await child.done;
  clearTimeout(killer);
  return r;
}

const line = (o: unknown) => JSON.stringify(o) + "\n";

describe("an assistant's transcript through the file door (built CLI)", () => {
  it("a FIFO as the Stop and PreCompact hooks' transcript_path: refused, the hook ends, the refusal is logged", async () => {
    const ws = workspace();
    // A connected workspace has its .agent/ (where hooks.log is kept).
    write(agentDir(ws), ".keep", "");
    const fifo = path.join(dir, "transcript.jsonl");
    execFileSync("mkfifo", [fifo]);
    for (const [event, name] of [["stop", "Stop"], ["pre-compact", "PreCompact"]] as const) {
      const r = await hookWithin(ws, ["claude-code", event], { session_id: "f1", transcript_path: fifo, hook_event_name: name }, 20_000);
      // Killed (a hang) would be signal SIGKILL.
      expect(r.signal).toBeNull();
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/FIFO \(named pipe\), not a regular file; not read/);
    }
    const log = readFileSync(path.join(agentDir(ws), "hooks.log"), "utf8");
    expect(log).toMatch(/agent hook claude-code stop: .*transcript\.jsonl: is a FIFO/);
  }, 60_000);

  it("/dev/zero as transcript_path is refused before a byte is read; a link out of the transcript's folder too", async () => {
    const ws = workspace();
    const r = await hookWithin(ws, ["codex", "stop"], { session_id: "z1", transcript_path: "/dev/zero", hook_event_name: "Stop" }, 20_000);
    expect(r.signal).toBeNull();
    expect(r.stderr).toMatch(/\/dev\/zero: is a device, not a regular file; not read/);
    const secret = write(dir, "elsewhere/secret.jsonl", line({ type: "user", uuid: "u1", message: { role: "user", content: "private" } }));
    const link = path.join(dir, "projects/p/link.jsonl");
    write(dir, "projects/p/keep.txt", "");
    symlinkSync(secret, link);
    const l = await hookWithin(ws, ["claude-code", "stop"], { session_id: "l1", transcript_path: link, hook_event_name: "Stop" }, 20_000);
    expect(l.stderr).toMatch(/a link to .*secret\.jsonl, outside .*; not read/);
  }, 60_000);

  it("Codex: a server that repeats a message id loses no reply (turns are keyed by their place in the rollout)", async () => {
    const ws = workspace();
    const row = (ordinal: number, payload: unknown) => line({ timestamp: `2026-11-27T10:00:0${ordinal}.000Z`, ordinal, type: "response_item", payload });
    const rollout = write(
      dir,
      "codex/rollout.jsonl",
      line({ timestamp: "2026-11-27T10:00:00.000Z", ordinal: 0, type: "session_meta", payload: { id: "c1" } }) +
        row(1, { type: "message", id: "msg_same", role: "user", content: [{ type: "input_text", text: "first question" }] }) +
        row(2, { type: "message", id: "msg_same", role: "assistant", content: [{ type: "output_text", text: "first reply" }] }) +
        row(3, { type: "message", id: "msg_same", role: "user", content: [{ type: "input_text", text: "second question" }] }) +
        row(4, { type: "message", id: "msg_same", role: "assistant", content: [{ type: "output_text", text: "second reply" }] }),
    );
    const r = await hookWithin(ws, ["codex", "stop"], { session_id: "c1", transcript_path: rollout, hook_event_name: "Stop" }, 60_000);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(path.join(ws, "sessions/codex-c1.jsonl"), "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { content: string }).content);
    expect(lines).toEqual(["first question", "first reply", "second question", "second reply"]);
  }, 60_000);
});

describe("agent import PATH through the file door", () => {
  it("goes on past a session it cannot write, says which, and imports the others (exit 0)", async () => {
    const ws = workspace();
    const store = path.join(dir, "projects");
    const turn = (uuid: string, words: string) => line({ type: "user", uuid, timestamp: "2026-11-27T10:00:00.000Z", message: { role: "user", content: words } });
    write(store, "p/aaaa.jsonl", turn("a1", "the first session"));
    write(store, "p/bbbb.jsonl", turn("b1", "the second session"));
    write(store, "p/cccc.jsonl", turn("c1", "the third session"));
    // The second session's file in sessions/ is a link out of the workspace: refused.
    write(dir, "outside.jsonl", "");
    write(ws, "sessions/.keep", "");
    symlinkSync(path.join(dir, "outside.jsonl"), path.join(ws, "sessions/claude-code-bbbb.jsonl"));
    const r = await runAgent(["import", "claude-code", store, "--workspace", ws, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { sessions: number; appended: number; failed: string[]; problems: string[] };
    expect(out).toMatchObject({ sessions: 2, appended: 2 });
    expect(out.failed).toEqual([path.join(store, "p/bbbb.jsonl")]);
    expect(out.problems[0]).toMatch(/bbbb\.jsonl: not imported \(.*outside the workspace/);
    expect(readFileSync(path.join(ws, "sessions/claude-code-cccc.jsonl"), "utf8")).toContain("the third session");
    const text = await runAgent(["import", "claude-code", store, "--workspace", ws]);
    expect(text.stderr).toMatch(/agent: .*bbbb\.jsonl: not imported/);
  }, 60_000);

  it("a FIFO or /dev/zero as the PATH: refused at once, exit 1 (nothing could be imported)", async () => {
    const ws = workspace();
    const fifo = path.join(dir, "store.jsonl");
    execFileSync("mkfifo", [fifo]);
    for (const p of [fifo, "/dev/zero"]) {
      const child = spawnAgent(["import", "codex", p, "--workspace", ws]);
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const r = await child.done;
      clearTimeout(killer);
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/not a regular file; not read/);
    }
  }, 60_000);
});

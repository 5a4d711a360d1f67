/** `.agent/hooks.log` through the file door: a FIFO there does not hang a hook, a link there does not append outside. */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

describe(".agent/hooks.log through the file door (built CLI)", () => {
  let dir = "";
  let ws = "";
  const log = () => path.join(agentDir(ws), "hooks.log");
  beforeAll(async () => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "memory/2026-11-01.md", "# 2026-11-01\n\nnothing much\n");
    expect((await runAgent(["index", "-w", ws])).code).toBe(0);
  });
  afterAll(() => cleanup(dir));

  it("a FIFO at .agent/hooks.log: the failing prompt hook still ends, says it on stderr, exit 0", async () => {
    rmSync(log(), { force: true });
    execFileSync("mkfifo", [log()]);
    const r = await runAgent(["hook", "claude-code", "prompt", "--workspace", ws, "--no-daemon"], {}, "not json");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^agent hook /);
    rmSync(log(), { force: true });
  }, 30_000);

  it("a link at .agent/hooks.log to a file outside the workspace: nothing is appended there", async () => {
    const outside = path.join(dir, "outside.log");
    write(dir, "outside.log", "the person's own file\n");
    rmSync(log(), { force: true });
    symlinkSync(outside, log());
    const r = await runAgent(["hook", "codex", "stop", "--workspace", ws, "--no-daemon"], {}, JSON.stringify({ session_id: "s", transcript_path: path.join(dir, "gone.jsonl"), hook_event_name: "Stop" }));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^agent hook codex stop/);
    expect(readFileSync(outside, "utf8")).toBe("the person's own file\n");
    rmSync(log(), { force: true });
  }, 30_000);

  it("a plain log still gets the line (0600), with secrets redacted", async () => {
    rmSync(log(), { force: true });
    const key = "sk-proj-" + "Ab12Cd34Ef56Gh78Ij90";
    const r = await runAgent(["hook", "codex", "stop", "--workspace", ws, "--no-daemon"], {}, JSON.stringify({ session_id: "s", transcript_path: path.join(dir, `gone-${key}.jsonl`), hook_event_name: "Stop" }));
    expect(r.code).toBe(0);
    expect(existsSync(log())).toBe(true);
    const text = readFileSync(log(), "utf8");
    expect(text).toMatch(/agent hook codex stop: .*gone-/);
    expect(text).not.toContain(key);
    expect(statSync(log()).mode & 0o777).toBe(0o600);
  }, 30_000);
});

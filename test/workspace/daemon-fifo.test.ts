/**
 * A daemon started on a workspace whose MEMORY.md is a FIFO: its catch-up dream must fail
 * with the file named instead of blocking the process, so searches through its socket are
 * answered and SIGTERM ends it.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

let dir = "";
let daemon: RunningAgent | undefined;
afterEach(async () => {
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) daemon.kill("SIGKILL");
  await daemon?.done.catch(() => undefined);
  daemon = undefined;
  cleanup(dir);
});

describe("a daemon on a FIFO MEMORY.md", () => {
  it("its catch-up dream fails naming the file; searches through the socket answer; SIGTERM ends it", { timeout: 120_000 }, async () => {
    dir = tempDir("agent-daemon-fifo-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" }, dream: { enabled: true }, schedule: { reflect: false }, heartbeat: { enabled: false }, flush: { enabled: false }, evolution: { weekly: false } }));
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nThe greenhouse key hangs by the door.\n");
    write(ws, "SOUL.md", "# SOUL\n\nI help.\n");
    execFileSync("mkfifo", [path.join(ws, "MEMORY.md")]);
    daemon = spawnAgent(["daemon", "--workspace", ws]);
    await daemon.waitFor(/watching for changes/, 60_000);
    // The dream runs at start (the night was never dreamed) and says why it failed.
    await daemon.waitFor(/dream error .*MEMORY\.md: is a FIFO/, 60_000);
    const s = await runAgent(["search", "greenhouse", "--workspace", ws], { AGENT_DAEMON: "require" });
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toContain("greenhouse key");
    daemon.kill("SIGTERM");
    const end = await daemon.done;
    expect(end.signal === null ? end.code : end.signal).toBe(0);
  });
});

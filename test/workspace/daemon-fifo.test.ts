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
  it("its dream fails naming the file; searches through the socket answer; SIGTERM ends it", { timeout: 180_000 }, async () => {
    dir = tempDir("agent-daemon-fifo-");
    const ws = path.join(dir, "ws");
    // A night before the workspace existed is owed no dream, so the night comes after it: the
    // "night" is set to the next full minute (UTC) and the daemon ticks every 2 s.
    const at = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000).toISOString().slice(11, 16);
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword" }, context: { timeZone: "UTC" }, llm: { provider: "ollama", model: "none", host: "http://127.0.0.1:9" }, dream: { enabled: true }, schedule: { reflect: false, reflectAt: at, tick: "2s" }, heartbeat: { enabled: false }, flush: { enabled: false }, evolution: { weekly: false } }));
    write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\nThe greenhouse key hangs by the door.\n");
    write(ws, "SOUL.md", "# SOUL\n\nI help.\n");
    execFileSync("mkfifo", [path.join(ws, "MEMORY.md")]);
    daemon = spawnAgent(["daemon", "--workspace", ws]);
    await daemon.waitFor(/watching for changes/, 60_000);
    // The dream runs once that minute has passed and says why it failed.
    await daemon.waitFor(/dream error .*MEMORY\.md: is a FIFO/, 100_000);
    const s = await runAgent(["search", "greenhouse", "--workspace", ws], { AGENT_DAEMON: "require" });
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toContain("greenhouse key");
    daemon.kill("SIGTERM");
    const end = await daemon.done;
    expect(end.signal === null ? end.code : end.signal).toBe(0);
  });
});

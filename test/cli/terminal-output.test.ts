import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { titled } from "../helpers/needs.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";

const run = promisify(execFile);

/** util-linux `script` gives the command a real terminal (a pty); without it the terminal half is skipped. */
const SCRIPT = ["/usr/bin/script", "/bin/script"].find((p) => existsSync(p));
const noPty = SCRIPT === undefined ? "needs util-linux `script` for a pseudo-terminal" : undefined;

/** `agent ...args` on a pseudo-terminal: stdout and stderr as the person sees them, in order. */
async function onTerminal(args: string[]): Promise<string> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, CLI, ...args].map(quote).join(" ");
  const { stdout } = await run(SCRIPT!, ["-q", "-e", "-c", command, "/dev/null"], { env: { ...process.env, AGENT_WORKSPACE: "", TERM: "xterm" } });
  return stdout;
}

describe("what a person sees at the end of a command, through a pipe and on a terminal", () => {
  let dir = "";
  let ws = "";
  beforeAll(async () => {
    dir = tempDir("agent-terminal-");
    ws = path.join(dir, "assistant");
    expect((await runAgent(["init", ws])).code).toBe(0);
    write(ws, "memory/2026-03-01.md", "# 2026-03-01\n\nWe decided to keep the VPS at Hetzner for another year.\n");
    expect((await runAgent(["index", "--workspace", ws, "--no-embed"])).code).toBe(0);
  }, 120_000);
  afterAll(() => cleanup(dir));

  it("`agent status` through a pipe ends with a newline", async () => {
    const r = await runAgent(["status", "--workspace", ws]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nstale: {5}none\n$/);
  }, 60_000);

  it.skipIf(noPty !== undefined)(titled("`agent status` on a terminal ends with a newline, and a search's warnings come before its results", noPty), async () => {
    expect(await onTerminal(["status", "--workspace", ws])).toMatch(/stale: {5}none\r\n$/);
    // A note written since the last index: the search catches up, warns that the new chunk
    // has no vector yet, then prints the results; nothing comes after them.
    write(ws, "memory/2026-03-02.md", "# 2026-03-02\n\nThe Hetzner invoice for the VPS came in.\n");
    const out = await onTerminal(["search", "Hetzner VPS", "--workspace", ws]);
    const lines = out.split("\r\n").filter((l) => l !== "");
    const warning = lines.findIndex((l) => l.startsWith("agent: "));
    const first = lines.findIndex((l) => l.startsWith("1. "));
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(first).toBeGreaterThan(warning);
    expect(lines.slice(first).every((l) => !l.startsWith("agent: ") && !/embedding|indexing/.test(l))).toBe(true);
    expect(out.endsWith("\r\n")).toBe(true);
  }, 60_000);
});

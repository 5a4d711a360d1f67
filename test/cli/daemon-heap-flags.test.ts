import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { daemonRelaunchArgs } from "../../src/cli/daemon-relaunch.js";
import { DAEMON_V8_FLAGS, workerExecArgv } from "../../src/shared/v8-flags.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

/**
 * The daemon's V8 heap flags: `agent daemon` replaces itself with a Node started with them
 * (same pid), and the embedding workers it starts leave them out of their own execArgv (a
 * worker refuses V8's heap flags and would fail to start).
 */

const execFileP = promisify(execFile);
let dir = "";
const running: RunningAgent[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await c.done.catch(() => undefined);
  }
  cleanup(dir);
});

const hasExecve = typeof (process as { execve?: unknown }).execve === "function" && process.platform === "linux";

describe("the daemon's heap flags", () => {
  it("relaunches with the flags once, and never over the user's own young-generation size", () => {
    const argv = ["/usr/bin/node", "/x/dist/cli/main.js", "daemon", "--workspace", "/w"];
    expect(daemonRelaunchArgs("/usr/bin/node", ["--enable-source-maps"], argv, {})).toEqual([
      "/usr/bin/node",
      ...DAEMON_V8_FLAGS,
      "--enable-source-maps",
      "/x/dist/cli/main.js",
      "daemon",
      "--workspace",
      "/w",
    ]);
    // The relaunched process (or a user who chose a size) goes on as it is.
    expect(daemonRelaunchArgs("/usr/bin/node", [...DAEMON_V8_FLAGS], argv, {})).toBeUndefined();
    expect(daemonRelaunchArgs("/usr/bin/node", ["--max-semi-space-size=16"], argv, {})).toBeUndefined();
    expect(daemonRelaunchArgs("/usr/bin/node", [], argv, { NODE_OPTIONS: "--max-semi-space-size=8" })).toBeUndefined();
    expect(daemonRelaunchArgs("/usr/bin/node", [], argv, { AGENT_DAEMON_V8_FLAGS: "off" })).toBeUndefined();
  });

  it("a worker started with workerExecArgv runs in a process started with the daemon's flags", async () => {
    dir = tempDir("agent-heap-flags-");
    const lib = path.join(REPO_ROOT, "dist/shared/v8-flags.js");
    const script = [
      `const { Worker } = await import("node:worker_threads");`,
      `const { workerExecArgv } = await import(${JSON.stringify(lib)});`,
      `const run = (execArgv) => new Promise((resolve) => {`,
      `  try {`,
      `    const w = new Worker("require('node:worker_threads').parentPort.postMessage('up')", { eval: true, execArgv });`,
      `    w.on("message", () => { void w.terminate(); resolve("up"); });`,
      `    w.on("error", (e) => resolve(e.code));`,
      `  } catch (e) { resolve(e.code); }`,
      `});`,
      `console.log(JSON.stringify({ raw: await run(process.execArgv), filtered: await run(workerExecArgv(process.execArgv)) }));`,
    ].join("\n");
    const { stdout } = await execFileP(process.execPath, [...DAEMON_V8_FLAGS, "--input-type=module", "-e", script]);
    // The parent's execArgv as is fails: that is what the filter is for.
    expect(JSON.parse(stdout)).toEqual({ raw: "ERR_WORKER_INVALID_EXEC_ARGV", filtered: "up" });
    expect(workerExecArgv(["--max-semi-space-size=4", "--input-type=module", "--enable-source-maps", "--max-old-space-size", "4096", "--conditions=x", "--input-type", "module"])).toEqual([
      "--enable-source-maps",
      "--conditions=x",
    ]);
  });

  it("USE-lite's worker pool embeds in a process started with the daemon's flags", { timeout: 120_000 }, async () => {
    const lib = path.join(REPO_ROOT, "dist/embed/use-lite.js");
    const script = [
      `const { UseLiteEmbedder } = await import(${JSON.stringify(lib)});`,
      `const e = new UseLiteEmbedder({ threads: 2 });`,
      `const rows = await e.embed(["the canoe is green", "we painted the shed", "a third text"]);`,
      `await e.close();`,
      `console.log(JSON.stringify(rows.map((r) => r.length)));`,
    ].join("\n");
    const { stdout } = await execFileP(process.execPath, [...DAEMON_V8_FLAGS, "--input-type=module", "-e", script]);
    expect(JSON.parse(stdout)).toEqual([512, 512, 512]);
  });

  it.skipIf(!hasExecve)("`agent daemon` runs under its own pid with the flags on its command line", async () => {
    dir = tempDir("agent-heap-flags-");
    const ws = path.join(dir, "ws");
    expect((await runAgent(["init", ws])).code).toBe(0);
    const d = spawnAgent(["daemon", "--workspace", ws, "--no-embed"], { TZ: "UTC" });
    running.push(d);
    await d.waitFor(/daemon started on /, 60_000);
    const cmdline = readFileSync(`/proc/${d.pid}/cmdline`, "utf8").split("\0");
    expect(cmdline.slice(1, 1 + DAEMON_V8_FLAGS.length)).toEqual([...DAEMON_V8_FLAGS]);
    expect(cmdline).toContain("daemon");
    d.kill("SIGTERM");
    expect((await d.done).code).toBe(0);
  });
});

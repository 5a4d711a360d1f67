import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type AgentRun, type RunningAgent } from "../helpers/cli.js";
import { cleanup, eventually, REPO_ROOT, tempDir } from "../helpers/workspace.js";
import { embeddingWorkspace, expectCleanExit, vectorRows } from "./native-exit.js";

/**
 * No process of ours ends in a native abort, on the Node.js running these tests (24 in CI):
 * the moments where native code and worker threads meet process exit — USE-lite embedding on
 * worker threads, Ctrl-C and SIGTERM in the middle of a batch, an exit while a worker embeds,
 * the daemon's shutdown. Real `agent` processes, the real USE-lite model from npm. Each run
 * must end by itself with the expected code: not 134/139, no signal death, no "Assertion
 * failed" / "Segmentation fault" line (better-sqlite3 12 on Node 24 aborted in exactly these
 * places).
 */

let dir = "";
let ws = "";
const running: RunningAgent[] = [];
beforeEach(() => {
  dir = tempDir("agent-node-");
  ws = path.join(dir, "assistant");
  embeddingWorkspace(ws);
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

/** How long the daemon may take to stop: long, so a loaded machine checks how it ends, not how fast. */
const STOP_TIMEOUT = "60000";

function start(args: string[], env: Record<string, string> = {}): RunningAgent {
  const child = spawnAgent(args, { TZ: "UTC", ...env });
  running.push(child);
  return child;
}

/** Waits until a worker has stored vectors while the process is still running: it is mid-embedding. */
async function embedding(child: RunningAgent): Promise<void> {
  await eventually(() => vectorRows(ws) > 0 || child.exitCode !== null, 90_000, 20);
  expect(child.exitCode, `it finished before embedding could be interrupted:\n${child.out().stderr}`).toBeNull();
}

interface IndexJson {
  chunks: number;
  embed: { embedded: number; remaining: number; interrupted: boolean };
}

describe("agent index on worker threads", { timeout: 180_000 }, () => {
  it("embeds every chunk on two worker threads and exits 0", async () => {
    const run = await runAgent(["index", "--workspace", ws, "--json"]);
    expectCleanExit(run, 0);
    const out = JSON.parse(run.stdout) as IndexJson;
    expect(out.chunks).toBeGreaterThan(100);
    expect(out.embed).toMatchObject({ embedded: out.chunks, remaining: 0, interrupted: false });
  });

  it("Ctrl-C while the workers embed: exits 130, keeps the vectors made, and the next run finishes", async () => {
    const child = start(["index", "--workspace", ws, "--json"]);
    await embedding(child);
    child.kill("SIGINT");
    const run = await child.done;
    expectCleanExit(run, 130);
    const out = JSON.parse(run.stdout) as IndexJson;
    expect(out.embed.interrupted).toBe(true);
    expect(out.embed.remaining).toBeGreaterThan(0);
    expect(vectorRows(ws)).toBe(out.chunks - out.embed.remaining);

    const again = await runAgent(["index", "--workspace", ws, "--json"]);
    expectCleanExit(again, 0);
    expect((JSON.parse(again.stdout) as IndexJson).embed.remaining).toBe(0);
  });

  it("SIGTERM while the workers embed exits 130 the same way", async () => {
    const child = start(["index", "--workspace", ws, "--json"]);
    await embedding(child);
    child.kill("SIGTERM");
    const run = await child.done;
    expectCleanExit(run, 130);
    expect((JSON.parse(run.stdout) as IndexJson).embed.interrupted).toBe(true);
  });
});

describe("a program using the library exits while a worker embeds", { timeout: 180_000 }, () => {
  it("process.exit(0) while both workers are mid-batch ends with 0 (from a `node --input-type=module -e` script)", async () => {
    const lib = pathToFileURL(path.join(REPO_ROOT, "dist/index.js")).href;
    // Once the first batch is stored the next one goes to the workers; setImmediate runs when
    // the main thread waits for their answer, so it exits while both are mid-batch.
    const script = `
      const { Engine } = await import(${JSON.stringify(lib)});
      const engine = await Engine.load({ workspace: ${JSON.stringify(ws)} });
      engine.indexing.index();
      await engine.indexing.embed({ onProgress: (p) => { if (p.done > 0) setImmediate(() => { process.stdout.write("exiting at " + p.done + "/" + p.total + "\\n"); process.exit(0); }); } });
      process.stdout.write("finished without exiting\\n");
    `;
    const run = await runNode(["--input-type=module", "-e", script]);
    expectCleanExit(run, 0);
    expect(run.stdout).toMatch(/^exiting at \d+\/\d+\n$/);
  });
});

describe("the daemon's shutdown", { timeout: 180_000 }, () => {
  it("kill -TERM while it embeds in the background: stops, releases the lock, exits 0", async () => {
    const d = start(["daemon", "--workspace", ws, "--stop-timeout", STOP_TIMEOUT]);
    await d.waitFor(/without vectors\); watching for changes/, 90_000);
    await embedding(d);
    d.kill("SIGTERM");
    const run = await d.done;
    expectCleanExit(run, 0);
    expect(run.stdout).toMatch(/stopping \(SIGTERM\)\n.*daemon stopped; lock released\n$/);
  });

  it("Ctrl-C while it embeds: the same clean stop", async () => {
    const d = start(["daemon", "--workspace", ws, "--stop-timeout", STOP_TIMEOUT]);
    await embedding(d);
    d.kill("SIGINT");
    const run = await d.done;
    expectCleanExit(run, 0);
    expect(run.stdout).toMatch(/stopping \(SIGINT\)\n.*daemon stopped; lock released\n$/);
  });

  it("SIGTERM while its model is still loading in a worker: exits 0", async () => {
    const d = start(["daemon", "--workspace", ws, "--stop-timeout", STOP_TIMEOUT]);
    await d.waitFor(/daemon started on /, 60_000);
    d.kill("SIGTERM");
    expectCleanExit(await d.done, 0);
  });

  it("a second SIGTERM exits at once while the workers embed: 130", async () => {
    // The stop held 30 s before anything closes (a test-only knob): the second signal comes
    // while it is under way, whatever the machine's speed.
    const d = start(["daemon", "--workspace", ws, "--stop-timeout", STOP_TIMEOUT], { AGENT_TEST_DAEMON_STOP_STALL_MS: "30000" });
    await embedding(d);
    d.kill("SIGTERM");
    // Two signals sent back to back reach a process as one: the second goes once the first is seen.
    await d.waitFor(/stopping \(SIGTERM\)/);
    d.kill("SIGTERM");
    const run = await d.done;
    expectCleanExit(run, 130);
    expect(run.stderr).toMatch(/SIGTERM again: exiting now/);
  });
});

/** `node ...args` on the Node.js running the tests, to completion. */
function runNode(args: string[]): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

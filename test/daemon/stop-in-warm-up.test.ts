/**
 * A stop at any moment of a daemon's start-up ends it cleanly: "daemon stopped; lock released"
 * as its last line, exit 0, no lock left behind. Through the built CLI (run `npm run build`
 * first), with the real USE-lite model, so the warm-up does what it does for a user: practice
 * searches in hybrid mode whose queries go to the embedding worker, the chunks' values read
 * ahead, the embedder's own practice. A stop during it used to end the process with code 0 and
 * nothing said on Node 22 (a late reply from the worker let the process run out of handles).
 */
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runAgent, spawnAgent, type AgentRun, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const env = { TZ: "UTC" };
let dir = "";
let ws = "";
const running: RunningAgent[] = [];

beforeAll(async () => {
  dir = tempDir("agent-stop-warm-");
  ws = path.join(dir, "ws");
  expect((await runAgent(["init", ws], env)).code).toBe(0);
  write(
    ws,
    "agent.config.json",
    JSON.stringify({ embed: { provider: "use-lite", threads: 2 }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }),
  );
  write(ws, "memory/2026-01-05.md", "# 2026-01-05\n\nWe moved the blog to a small VPS in Frankfurt; backups run nightly at 03:00.\n");
  write(ws, "memory/2026-01-06.md", "# 2026-01-06\n\nThe bread recipe needs less salt. Call the dentist about the crown on Friday.\n");
  const indexed = await runAgent(["index", "--workspace", ws, "--json"], env);
  expect(indexed.code, indexed.stderr).toBe(0);
  return () => cleanup(dir);
}, 180_000);

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
});

/** The daemon's line once its warm-up is over (none is said when a stop ends it first). */
const WARMED = /search warmed in|vectors kept in memory/;

/** Starts the daemon, waits for `line`, does `meanwhile`, sends SIGTERM; its whole run. */
async function stopAfter(line: RegExp, meanwhile: () => Promise<unknown> = async () => undefined): Promise<AgentRun & { warmedBeforeStop: boolean }> {
  const d = spawnAgent(["daemon", "--workspace", ws, "--stop-timeout", "60000"], env);
  running.push(d);
  await d.waitFor(line, 120_000);
  await meanwhile();
  const warmedBeforeStop = WARMED.test(d.out().stdout);
  d.kill("SIGTERM");
  return { ...(await d.done), warmedBeforeStop };
}

function expectCleanStop(r: AgentRun, what: string): void {
  const said = `${what}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
  expect(r.code, said).toBe(0);
  const lines = r.stdout.trim().split("\n");
  expect(lines[lines.length - 1], said).toMatch(/daemon stopped; lock released$/);
  // The lock went with it: the next daemon does not find a stale one.
  expect(r.stderr, said).not.toMatch(/took over a stale lock/);
}

describe("a daemon stopped during its start-up", { timeout: 600_000 }, () => {
  it("right after it started (the index still being checked): stops cleanly", async () => {
    expectCleanStop(await stopAfter(/daemon started on /), "stopped after 'daemon started'");
  });

  it("as its warm-up begins: stops cleanly, and says nothing of the warm-up", async () => {
    // The warm-up starts as the daemon says it is watching; it loads a model, so it is still
    // under way when the signal arrives.
    const r = await stopAfter(/watching for changes/);
    expectCleanStop(r, "stopped after 'watching for changes'");
    expect(r.stdout).not.toMatch(WARMED);
  });

  it("while its warm-up searches (a search through it first, as the smoke does): stops cleanly, every time", async () => {
    // Each round stops the warm-up somewhere in its practice searches; the old code lost the
    // stop in about half of such rounds on Node 22.
    for (let round = 0; round < 4; round++) {
      const r = await stopAfter(/watching for changes/, () => runAgent(["search", "where is the blog hosted", "--workspace", ws, "--json"], { ...env, AGENT_DAEMON: "require" }));
      expectCleanStop(r, `round ${round} (${r.warmedBeforeStop ? "after" : "during"} the warm-up)`);
    }
  });

  it("after its warm-up: stops cleanly", async () => {
    const r = await stopAfter(WARMED);
    expectCleanStop(r, "stopped after the warm-up");
  });
});

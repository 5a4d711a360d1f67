/**
 * A stop signal that reaches `agent daemon` while the CLI is still loading (before the daemon
 * command has installed its handlers) ends it cleanly: exit 0 and a line saying so, not death
 * by the signal (the old code's end: Node acts on a signal only once a handler is installed). Through the built CLI (run `npm run build` first), a real daemon process. The
 * moment is made exact by a module hook (the test's own) that holds the load of the CLI's
 * bundle until the signal has been sent.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, eventually, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

let dir = "";
let ws = "";
let register = "";
const running: RunningAgent[] = [];

beforeAll(() => {
  dir = tempDir("agent-early-signal-");
  ws = path.join(dir, "ws");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, heartbeat: { enabled: false } }));
  write(ws, "MEMORY.md", "# Memory\n\n- The canoe is green.\n");
  // Runs in the loader's thread: the CLI's bundle is loaded only once the test says go.
  write(
    dir,
    "hold-hooks.mjs",
    [
      'import { existsSync, writeFileSync } from "node:fs";',
      "export async function load(url, context, next) {",
      "  const at = process.env.HOLD_AT;",
      '  if (at && url.endsWith("/dist/bundle/main.js")) {',
      '    writeFileSync(`${at}/reached`, "");',
      "    while (!existsSync(`${at}/go`)) await new Promise((r) => setTimeout(r, 10));",
      "  }",
      "  return next(url, context);",
      "}",
      "",
    ].join("\n"),
  );
  register = write(dir, "hold.mjs", 'import { register } from "node:module";\nregister("./hold-hooks.mjs", import.meta.url);\n');
  return () => cleanup(dir);
});

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
});

/** Starts the daemon with its bundle's load held, sends `signals` then, lets it load; its whole run. */
async function signalWhileLoading(name: string, signals: NodeJS.Signals[]) {
  const at = path.join(dir, name);
  write(at, ".keep", "");
  const d = spawnAgent(["daemon", "--workspace", ws, "--no-watch"], { NODE_OPTIONS: `--import ${register}`, HOLD_AT: at });
  running.push(d);
  await eventually(() => existsSync(path.join(at, "reached")) || d.exitCode !== null, 60_000);
  for (const sig of signals) d.kill(sig);
  write(at, "go", "");
  return d.done;
}

describe("agent daemon signalled while it loads", { timeout: 120_000 }, () => {
  it("SIGTERM: exits 0 and says it stopped; the next daemon starts cleanly", async () => {
    const r = await signalWhileLoading("term", ["SIGTERM"]);
    expect({ code: r.code, signal: r.signal }, r.stderr).toEqual({ code: 0, signal: null });
    // Node runs a signal's handler at its event loop's next turn: the held one if that comes
    // while the CLI loads, the daemon's own if later. Either way a clean stop, said last.
    expect(r.stdout).toMatch(/(daemon stopped before it started \(SIGTERM\)|stopping \(SIGTERM\)\n.*daemon stopped; lock released)\n$/);

    const next = spawnAgent(["daemon", "--workspace", ws, "--no-watch"]);
    running.push(next);
    await next.waitFor(/serving the engine on /, 60_000);
    next.kill("SIGTERM");
    const stopped = await next.done;
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).not.toMatch(/stale lock/);
  });

  it("a second signal while it loads exits at once with 130, as once it runs", async () => {
    // The launcher's part alone, in a process of its own: the second signal is sent once the
    // first is held (two sent at once may arrive as one).
    const script = write(
      dir,
      "twice.mjs",
      [
        `import { holdStopSignals } from ${JSON.stringify(path.join(REPO_ROOT, "dist/cli/held-signals.js"))};`,
        "holdStopSignals();",
        'const held = () => process[Symbol.for("agent.heldStopSignals")].signals.length;',
        'process.kill(process.pid, "SIGINT");',
        "while (held() === 0) await new Promise((r) => setImmediate(r));",
        'process.kill(process.pid, "SIGINT");',
        "setInterval(() => undefined, 1000);",
        "",
      ].join("\n"),
    );
    const r = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect({ code: r.status, signal: r.signal }, r.stderr).toEqual({ code: 130, signal: null });
    expect(r.stderr).toBe("agent: SIGINT again: exiting now\n");
  });
});

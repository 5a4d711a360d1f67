// The assistant hooks' latency, as the harness sees it: a whole `agent hook claude-code prompt`
// process from start to its answer on stdout (hook-to-context), p50/p95, without and with a
// running daemon; and how often the 300 ms budget ran out (nothing injected). The max and the
// count over 1 s show the hard cap: the hook process ends by its deadline whatever its work is
// doing. `--hogs N` keeps N busy-looping processes running meanwhile (a loaded machine). Part of
// `npm run bench` (--skip-hooks leaves it out); `node scripts/bench-hooks.mjs [--runs 30]
// [--notes 1000] [--hogs 4] [--daemon-only]` runs it alone.
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { notesWorkspace, option, pct } from "./lib/bench-kit.mjs";

const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const TRANSCRIPT = fileURLToPath(new URL("../test/fixtures/assistants/claude-code-session.jsonl", import.meta.url));
const PROMPTS = ["what did we decide about the VPS migration?", "when is the router firmware deadline", "remind me of the garden watering schedule", "what was Grace's reading list", "anything about the zeppelin hangar lease?"];

function hookOnce(ws, prompt, env) {
  const payload = JSON.stringify({ session_id: "bench", transcript_path: "/nonexistent", cwd: ws, hook_event_name: "UserPromptSubmit", prompt });
  const t = performance.now();
  const out = execFileSync(process.execPath, [cli, "hook", "claude-code", "prompt", "--workspace", ws], { input: payload, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, ...env } }).toString();
  return { ms: performance.now() - t, injected: out.includes("additionalContext") };
}

function series(ws, runs, env) {
  const lat = [];
  let injected = 0;
  for (let i = 0; i < runs; i++) {
    const r = hookOnce(ws, PROMPTS[i % PROMPTS.length], env);
    lat.push(r.ms);
    if (r.injected) injected++;
  }
  return { lat, injected };
}

async function withDaemon(ws, fn) {
  const child = spawn(process.execPath, [cli, "daemon", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const started = performance.now();
  while (!/daemon started on /.test(log)) {
    if (child.exitCode !== null || performance.now() - started > 120_000) {
      child.kill("SIGKILL");
      throw new Error(`daemon did not start: ${log.trim().split("\n").slice(-2).join(" | ")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  /** Resolves once the daemon's log says `re` (at most 120 s). */
  const waitFor = async (re) => {
    const since = performance.now();
    while (!re.test(log) && performance.now() - since < 120_000) await new Promise((r) => setTimeout(r, 50));
    return re.test(log);
  };
  try {
    return await fn(waitFor);
  } finally {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await gone;
  }
}

export async function benchHooks(root, { notes = 1000, runs = 30, daemonOnly = false } = {}) {
  console.log(`\n== assistant hooks: \`agent hook claude-code prompt\`, ${notes} notes, ${runs} prompts each ==`);
  const ws = path.join(root, "hooks");
  notesWorkspace(ws, notes, 29, { embed: { provider: "none" } });
  execFileSync(process.execPath, [cli, "index", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
  const line = (what, r) =>
    console.log(
      `${what}: hook-to-context p50 ${pct(r.lat, 50).toFixed(0)} ms, p95 ${pct(r.lat, 95).toFixed(0)} ms, max ${Math.max(...r.lat).toFixed(0)} ms (${r.lat.filter((ms) => ms > 1000).length} over 1 s); memories injected ${r.injected}/${r.lat.length} (the rest: nothing relevant, or the 300 ms budget ran out)`,
    );
  const floor = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    execFileSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
    floor.push(performance.now() - t);
  }
  console.log(`node -e 0 (the floor of any hook process): p50 ${pct(floor, 50).toFixed(0)} ms, max ${Math.max(...floor).toFixed(0)} ms`);
  if (!daemonOnly) {
    line("no daemon (cold process, keyword search)", series(ws, runs, { AGENT_DAEMON: "off" }));
    // The cap itself: the work made to spin for 5 s (the hook's test-only knob), so every run ends by its deadline.
    line("no daemon, the work stalled for 5 s     ", series(ws, runs, { AGENT_DAEMON: "off", AGENT_TEST_HOOK_STALL_MS: "5000" }));
  }
  await withDaemon(ws, async (waitFor) => {
    // The first prompts a daemon answers the moment it has started, apart: its warm-up's
    // practice searches share its thread with them.
    const first = series(ws, 5, {});
    console.log(`daemon just started (warming): 5 prompts ${first.lat.map((ms) => ms.toFixed(0)).join(", ")} ms`);
    if (!(await waitFor(/ready in \d+ ms|search warmed in \d+ ms/))) console.log("  (the daemon did not say it was warm within 120 s)");
    const warm = series(ws, runs, {});
    line("daemon running (warm engine)           ", warm);
    if (daemonOnly) return;
    // The other events of a turn, through the daemon too (the hook process opens no engine).
    for (const [event, payload] of [
      ["session-start", { session_id: "bench", hook_event_name: "SessionStart", cwd: path.join(ws, "..", "harbour") }],
      ["stop", { session_id: "bench", hook_event_name: "Stop", transcript_path: TRANSCRIPT }],
    ]) {
      const lat = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        execFileSync(process.execPath, [cli, "hook", "claude-code", event, "--workspace", ws], { input: JSON.stringify(payload), stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, AGENT_DAEMON: "require" } });
        lat.push(performance.now() - t);
      }
      console.log(`daemon running, ${event.padEnd(13)}: whole hook p50 ${pct(lat, 50).toFixed(0)} ms, p95 ${pct(lat, 95).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms`);
    }
  });
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

/** N processes that spin until killed: the machine as loaded as a busy laptop. */
function hogs(n) {
  const procs = Array.from({ length: n }, () => spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }));
  return () => procs.forEach((p) => p.kill("SIGKILL"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-hooks-"));
  const stopHogs = hogs(Number(option(argv, "hogs", 0)));
  try {
    // --daemon-only: the prompt hook through a freshly started daemon alone.
    await benchHooks(root, { notes: Number(option(argv, "notes", 1000)), runs: Number(option(argv, "runs", 30)), daemonOnly: argv.includes("--daemon-only") });
  } finally {
    stopHogs();
    rmSync(root, { recursive: true, force: true });
  }
}

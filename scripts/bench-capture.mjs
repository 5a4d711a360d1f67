#!/usr/bin/env node
// What a turn end costs over a long session: the real Stop hook (`agent hook claude-code stop
// --no-daemon`, the built CLI) on a Claude Code transcript of N turns, timed when one new turn
// was appended (the N-1 before it captured already). Each turn is a prompt, a reply with a tool
// call and a tool result of ~3 KB, as a coding session writes them.
//
//   node scripts/bench-capture.mjs [--turns 10,500,2000] [--reps 3]
//   AGENT_BENCH_DIST=/path/to/other/dist   measures another build (before/after)
//
// Prints, per session length: the median and the spread of the hook's wall time, the transcript's
// size, and the load average (the machine is shared: read the numbers with it).
import "./lib/state-home.mjs";
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../", import.meta.url));
const dist = path.resolve(process.env.AGENT_BENCH_DIST || path.join(REPO, "dist"));
const cli = path.join(dist, "cli", "main.js");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const points = arg("turns", "10,500,2000").split(",").map(Number);
const reps = Number(arg("reps", "3"));

const line = (o) => JSON.stringify(o) + "\n";
function turn(i) {
  const ts = new Date(Date.UTC(2026, 10, 27, 10, 0, i)).toISOString();
  return (
    line({ type: "user", uuid: `u${i}`, timestamp: ts, message: { role: "user", content: `question ${i}: what does the build say about module ${i}?` } }) +
    line({ type: "assistant", uuid: `a${i}`, timestamp: ts, message: { role: "assistant", content: [{ type: "text", text: `Let me look at module ${i}.` }, { type: "tool_use", name: "Bash", input: { command: `npm run build -- --module ${i}` } }] } }) +
    line({ type: "user", uuid: `r${i}`, timestamp: ts, message: { role: "user", content: [{ type: "tool_result", content: `output line of the build\n`.repeat(120) }] } })
  );
}

function hook(ws, transcript) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, "hook", "claude-code", "stop", "--workspace", ws, "--no-daemon"], {
    input: JSON.stringify({ session_id: "bench", transcript_path: transcript, hook_event_name: "Stop" }),
    env: { ...process.env, AGENT_WORKSPACE: "" },
    encoding: "utf8",
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0 || r.stderr.trim() !== "") throw new Error(`the hook failed: ${r.stderr}`);
  return ms;
}

/** The capture alone, in this process: the engine's captureTranscript (no Node start, no index catch-up). */
async function inProcess(ws, transcript) {
  const { Engine } = await import(path.join(dist, "index.js"));
  const { claudeCode } = await import(path.join(dist, "assistants/claude-code/adapter.js"));
  const reader = (lines, firstLine) => claudeCode.readTranscriptLines(lines, firstLine);
  const engine = await Engine.load({ workspace: ws });
  try {
    const svc = await engine.assistants();
    return (t) => {
      const started = process.hrtime.bigint();
      svc.captureTranscript("claude-code", "bench", t, reader);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
  } finally {
    // The engine stays open for the measured calls; closed by the caller.
    inProcess.close = () => engine.close();
  }
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

console.log(`build: ${dist}`);
console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} cores)`);
console.log("turns | transcript | Stop hook ms (median of " + reps + ", min-max) | capture alone ms (in process)");
for (const n of points) {
  const times = [];
  const alone = [];
  let size = 0;
  for (let r = 0; r < reps; r++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agent-bench-capture-"));
    try {
      const ws = path.join(dir, "ws");
      mkdirSync(ws);
      writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" } }));
      const transcript = path.join(dir, "session.jsonl");
      let text = "";
      for (let i = 0; i < n - 1; i++) text += turn(i);
      writeFileSync(transcript, text);
      hook(ws, transcript);
      appendFileSync(transcript, turn(n - 1));
      times.push(hook(ws, transcript));
      size = statSync(transcript).size;
      // The capture alone: one more turn, captured in this process.
      const capture = await inProcess(ws, transcript);
      appendFileSync(transcript, turn(n));
      alone.push(capture(transcript));
      await inProcess.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(`${String(n).padStart(5)} | ${(size / 1048576).toFixed(1).padStart(6)} MB | ${median(times).toFixed(0)} (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)}) | ${median(alone).toFixed(1)} (${Math.min(...alone).toFixed(1)}-${Math.max(...alone).toFixed(1)})`);
}
console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);

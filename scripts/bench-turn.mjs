// What the engine adds to a whole assistant turn, as the person waits for it: a real `claude -p`
// turn (Claude Code from the harness cache, `scripts/harness.sh install claude-code`) against a
// scripted Anthropic-protocol model on 127.0.0.1, in a project without the engine and in one
// connected to a workspace of N notes (`agent connect claude-code --scope project`: the
// session-start, prompt, stop and session-end hooks and the stdio MCP server), with `agent
// daemon` running. Runs alternate between the two projects; the median of each and their
// difference are printed (the target: at most +300 ms). Part of `npm run bench` (--skip-turn
// leaves it out; skipped with the reason when Claude Code is not installed);
// `node scripts/bench-turn.mjs [--runs 5] [--notes 1000]` runs it alone. A third project, connected
// with `--via daemon` (HTTP hooks and MCP over HTTP to the daemon, no process of ours per turn),
// alternates with the other two.
import "./lib/state-home.mjs";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { notesWorkspace, option, pct } from "./lib/bench-kit.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const cli = path.join(repo, "dist/cli/main.js");
const REPLY = "OK, noted.";

/** Claude Code's command from the harness cache, or undefined. */
function claudeBin() {
  try {
    const bin = execFileSync("bash", [path.join(repo, "scripts/harness.sh"), "path", "claude-code"], { encoding: "utf8" }).trim();
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** A scripted Anthropic Messages server: every request gets the same short streamed answer. */
async function anthropicServer() {
  let requests = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      if (req.method === "POST" && req.url.includes("/messages/count_tokens")) return json(res, { input_tokens: Math.ceil(raw.length / 4) });
      if (req.method !== "POST" || !req.url.includes("/messages")) return json(res, { error: { message: `no such path ${req.url}` } }, 404);
      requests++;
      let body = {};
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, { error: { message: "body is not JSON" } }, 400);
      }
      const model = String(body.model ?? "m");
      const id = `msg_${requests}`;
      const usage = { input_tokens: 120, output_tokens: 4 };
      if (body.stream !== true) return json(res, { id, type: "message", role: "assistant", model, content: [{ type: "text", text: REPLY }], stop_reason: "end_turn", stop_sequence: null, usage });
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const ev = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      ev("message_start", { message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage } });
      ev("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
      ev("content_block_delta", { index: 0, delta: { type: "text_delta", text: REPLY } });
      ev("content_block_stop", { index: 0 });
      ev("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 4 } });
      ev("message_stop", {});
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}`, requests: () => requests, close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))) };
}

function json(res, v, status = 200) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(v));
}

/** One `claude -p` turn to its end, in ms (killed after 120 s: a harness whose model does not answer retries silently). */
function turn(bin, cwd, env, prompt) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(bin, ["-p", prompt], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const killer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code) => {
      clearTimeout(killer);
      if (code !== 0 || !out.includes(REPLY)) return reject(new Error(`claude -p ended ${code}: ${(err || out).trim().slice(-400)}`));
      resolve(performance.now() - t);
    });
  });
}

/** How many Claude Code sessions of `ws` hold their prompt and the scripted answer. */
function capturedTurns(ws) {
  const dir = path.join(ws, "sessions");
  if (!existsSync(dir)) return 0;
  return readdirSync(dir)
    .filter((f) => f.startsWith("claude-code-"))
    .filter((f) => {
      const roles = readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
      return roles.filter((t) => t.role === "user").length === 1 && roles.filter((t) => t.role === "assistant" && t.content === REPLY).length === 1;
    }).length;
}

async function startDaemon(ws) {
  const child = spawn(process.execPath, [cli, "daemon", "--workspace", ws, "--no-embed", "--http", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
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
  return async () => {
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await gone;
  };
}

export async function benchTurn(root, { notes = 1000, runs = 5 } = {}) {
  console.log(`\n== a whole \`claude -p\` turn: without the engine, and with its hooks + MCP server (daemon running), ${notes} notes, median of ${runs} ==`);
  const bin = claudeBin();
  if (bin === undefined) return console.log("skipped: needs Claude Code (`scripts/harness.sh install claude-code`)");
  const ws = path.join(root, "turn-ws");
  notesWorkspace(ws, notes, 29, { embed: { provider: "none" } });
  execFileSync(process.execPath, [cli, "index", "--workspace", ws], { stdio: ["ignore", "pipe", "pipe"] });
  const bare = path.join(root, "bare");
  const connected = path.join(root, "connected");
  const viaHttp = path.join(root, "connected-http");
  const home = path.join(root, "home");
  for (const d of [bare, connected, viaHttp, home, path.join(home, ".config"), path.join(home, ".cache")]) mkdirSync(d, { recursive: true });
  const server = await anthropicServer();
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
    AGENT_WORKSPACE: "",
    // The hooks run with Claude Code's own HOME; the state home is the daemon's, as it is for a
    // person whose shell and daemon share one (else the hooks would find no daemon and run cold).
    AGENT_STATE_HOME: process.env.AGENT_STATE_HOME,
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    ENABLE_TOOL_SEARCH: "false",
  };
  execFileSync(process.execPath, [cli, "connect", "claude-code", "--scope", "project", "-w", ws], { cwd: connected, env: { ...process.env, HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
  const stopDaemon = await startDaemon(ws);
  // The other form: HTTP hooks and MCP over HTTP to the daemon (`agent connect --via daemon`): no process of ours on the turn's path.
  execFileSync(process.execPath, [cli, "connect", "claude-code", "--scope", "project", "--via", "daemon", "-w", ws], { cwd: viaHttp, env: { ...process.env, HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
  try {
    // One turn each first: Claude Code's own first-run work is nobody's overhead.
    await turn(bin, bare, env, "hello");
    await turn(bin, connected, env, "hello");
    await turn(bin, viaHttp, env, "hello");
    const without = [];
    const withEngine = [];
    const withHttp = [];
    for (let i = 0; i < runs; i++) {
      without.push(await turn(bin, bare, env, "what did we decide about the VPS migration?"));
      withEngine.push(await turn(bin, connected, env, "what did we decide about the VPS migration?"));
      withHttp.push(await turn(bin, viaHttp, env, "what did we decide about the VPS migration?"));
    }
    const m0 = pct(without, 50);
    const m1 = pct(withEngine, 50);
    const m2 = pct(withHttp, 50);
    console.log(`without the engine: median ${m0.toFixed(0)} ms (${without.map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`with hook commands + stdio MCP, daemon running: median ${m1.toFixed(0)} ms (${withEngine.map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`with HTTP hooks + HTTP MCP to the daemon: median ${m2.toFixed(0)} ms (${withHttp.map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`the engine adds ${(m1 - m0).toFixed(0)} ms per turn with hook commands (${(m1 / m0).toFixed(2)}x), ${(m2 - m0).toFixed(0)} ms through HTTP (${(m2 / m0).toFixed(2)}x); target +300 ms; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    // The captures run in Claude Code's background hooks: the turn is not over for the engine
    // until it is in sessions/. Every turn must be there, each prompt and answer once.
    const ended = performance.now();
    const want = 2 * (runs + 1);
    let got = capturedTurns(ws);
    while (got < want && performance.now() - ended < 30_000) {
      await new Promise((r) => setTimeout(r, 100));
      got = capturedTurns(ws);
    }
    console.log(`captured: ${got} of ${want} turns in sessions/ (${(performance.now() - ended).toFixed(0)} ms after the last \`claude -p\` returned)`);
  } finally {
    await stopDaemon();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-turn-"));
  try {
    await benchTurn(root, { notes: Number(option(argv, "notes", 1000)), runs: Number(option(argv, "runs", 5)) });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

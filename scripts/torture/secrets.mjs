// Secrets and the person's config files, through the built CLI:
//   secrets      a secret of each common shape typed to Claude Code (captured by its Stop hook)
//                must be in no workspace file (sessions/, the index and its -wal) and in no
//                Codex or OpenCode prompt hook's output asking for it;
//   config-race  a program rewriting ~/.claude.json every 2 ms (AGENT_TORTURE_WRITER_PAUSE_MS) under Claude Code's
//                lock (AGENT_TORTURE_WRITER_LOCK=0: without) while `agent connect claude-code`
//                runs: none of that program's keys lost (rounds that lost any are failures);
//   hooks-log    a FIFO at .agent/hooks.log (the failing prompt hook must end) and a link there
//                to a file outside the workspace (nothing appended to it).
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { agent, crashOf, shellLine, Tally, agentDir } from "./lib.mjs";

// Fakes in each service's real format, built from parts (no string in this file is a key).
const part = (s, n) => s.repeat(n);
export const SHAPES = [
  ["openai project key", "sk-proj-" + part("Q9xLm2Vb7Ty4Np0R", 4) + "T3BlbkFJ" + part("Gc4Mv8Xn2Bq6Lp0T", 4)],
  ["anthropic key", "sk-ant-api03-" + part("Zq8Lm2Vb7Ty4Np0R", 6) + "AA"],
  ["github token", "ghp_" + "1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ"],
  ["aws access key", "AKIA" + "Z7Q2W3E4R5T6Y7U8"],
  ["slack token", "xoxb-" + "123456789012-1234567890123-" + "AbCdEfGhIjKlMnOpQrStUvWx"],
  ["jwt", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0" + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"],
  ["private key", "-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH " + "PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmU"],
  ["password", "password=Tr0ub4dor&3xyz", "Tr0ub4dor&3xyz"],
  ["connection string", "postgres://deploy:Zx9Pq2Lm7Vb@db.internal:5432/app", "Zx9Pq2Lm7Vb"],
  ["bearer header", "Authorization: Bearer zq7Hd92KsLp0Xv4TnQ8m", "zq7Hd92KsLp0Xv4TnQ8m"],
  ["env assignment", "export DEPLOY_TOKEN=zq5Rt8Yu2Io6Pa1Sd4", "zq5Rt8Yu2Io6Pa1Sd4"],
  ["private span", "<private>the safe code is 48151623</private>", "48151623"],
];

function everyByte(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out.push([path.relative(dir, abs), readFileSync(abs).toString("latin1")]);
    }
  };
  walk(dir);
  return out;
}

async function secretsRound(root, tally, round) {
  const ws = path.join(root, `ws-${round}`);
  mkdirSync(path.join(ws, "memory"), { recursive: true });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" } }));
  writeFileSync(path.join(ws, "memory/2026-11-20.md"), "# 2026-11-20\n\nMoved the billing service to the new cluster.\n");
  const transcript = path.join(root, `claude-${round}.jsonl`);
  const lines = SHAPES.map(([name, secret], i) => JSON.stringify({ type: "user", uuid: `u-${i}`, timestamp: new Date(Date.UTC(2026, 10, 28, 10, i)).toISOString(), sessionId: "t", message: { role: "user", content: `the deploy credential for project zqproject${i} (${name}) is ${secret}` } }));
  writeFileSync(transcript, lines.join("\n") + "\n");
  const stop = await agent(["hook", "claude-code", "stop", "--workspace", ws, "--no-daemon"], { input: JSON.stringify({ session_id: `sec-${round}`, transcript_path: transcript, hook_event_name: "Stop" }), timeoutMs: 60_000 });
  const idx = await agent(["index", "-w", ws], { timeoutMs: 60_000 });
  for (const r of [stop, idx]) if (crashOf(r)) tally.note(`${shellLine(r.args)}: ${crashOf(r)}`);
  const files = everyByte(ws);
  for (const [i, [name, secret, probe]] of SHAPES.entries()) {
    const needle = probe ?? secret;
    const asked = `what is the deploy credential for project zqproject${i}`;
    const outs = [];
    for (const [h, payload] of [["codex", { session_id: "other", hook_event_name: "UserPromptSubmit", prompt: asked }], ["opencode", { session: "ses_x", prompt: asked }]]) {
      const r = await agent(["hook", h, "prompt", "--workspace", ws, "--no-daemon", "--budget-ms", "30000"], { input: JSON.stringify(payload), timeoutMs: 60_000 });
      outs.push([h, r]);
    }
    const repro = `a ${name} typed to Claude Code, then the Codex/OpenCode prompt hook "${asked}" (workspace ${ws})`;
    const inFile = files.find(([, bytes]) => bytes.includes(needle));
    const inPrompt = outs.find(([, r]) => r.stdout.includes(needle));
    if (inFile) tally.fail(`${repro}: the secret is stored in ${inFile[0]}`, repro);
    else if (inPrompt) tally.fail(`${repro}: the secret is injected into ${inPrompt[0]}'s prompt`, repro);
    else tally.pass();
  }
}

export async function secrets({ root, tiny, quick, scale = 1 }) {
  const tally = new Tally("a secret typed to one assistant: in no file, no index, no other assistant's prompt");
  const rounds = tiny ? 1 : quick ? 1 : Math.max(1, Math.round(2 * scale));
  for (let r = 0; r < rounds; r++) await secretsRound(root, tally, r);
  return tally;
}

/** Between two rewrites of the racing writer: faster than a running Claude Code writes ~/.claude.json. */
const PAUSE_MS = Number(process.env.AGENT_TORTURE_WRITER_PAUSE_MS ?? 2);

/**
 * Whether the racing writer takes Claude Code's lock around each save, as Claude Code does
 * (src/shared/config-lock.ts); AGENT_TORTURE_WRITER_LOCK=0 makes it a writer without a lock,
 * against which the instant between our last look and our rename stays open.
 */
const WRITER_LOCKS = process.env.AGENT_TORTURE_WRITER_LOCK !== "0";

/**
 * Rewrites the file every PAUSE_MS: read, add a key, temp file, rename (as a running Claude Code
 * does, faster), under the file's lock when argv[3] is "lock": a directory made by mkdir at
 * `<file>.lock` and removed after the rename (proper-lockfile's, Claude Code's).
 */
const WRITER = `
const fs = require("node:fs");
const f = process.argv[1];
const locks = process.argv[3] === "lock";
const pause = new Int32Array(new SharedArrayBuffer(4));
let i = 0;
for (;;) {
  if (locks) {
    try { fs.mkdirSync(f + ".lock"); } catch { Atomics.wait(pause, 0, 0, 1); continue; }
  }
  let o;
  try { o = JSON.parse(fs.readFileSync(f, "utf8")); } catch { if (locks) fs.rmdirSync(f + ".lock"); continue; }
  o["k" + i] = i;
  fs.writeFileSync(f + ".w.tmp", JSON.stringify(o, null, 2));
  fs.renameSync(f + ".w.tmp", f);
  if (locks) fs.rmdirSync(f + ".lock");
  if (i === 3) process.stdout.write("ready\\n");
  i++;
  Atomics.wait(pause, 0, 0, Number(process.argv[2] ?? 2));
}`;

export async function configRace({ root, tiny, quick, scale = 1 }) {
  const tally = new Tally(`agent connect while another program rewrites ~/.claude.json (${WRITER_LOCKS ? "under Claude Code's lock" : "without a lock"}): none of its keys lost; an empty CLAUDE_CONFIG_DIR writes nothing in the current folder`);
  const rounds = tiny ? 3 : quick ? 10 : Math.max(1, Math.round(20 * scale));
  let lostKeys = 0;
  let oursMissing = 0;
  const init = await agent(["init", path.join(root, "W")]);
  if (init.code !== 0) throw new Error(`agent init failed: ${init.stderr}`);
  for (let r = 0; r < rounds; r++) {
    const home = path.join(root, `home-${r}`);
    mkdirSync(path.join(home, ".claude"), { recursive: true });
    const file = path.join(home, ".claude.json");
    writeFileSync(file, JSON.stringify({ primaryApiKey: "kept-secret" }, null, 2), { mode: 0o600 });
    const child = spawn(process.execPath, ["-e", WRITER, file, String(PAUSE_MS), WRITER_LOCKS ? "lock" : "none"], { stdio: ["ignore", "pipe", "ignore"] });
    await new Promise((res) => child.stdout.once("data", res));
    const args = ["connect", "claude-code", "--workspace", path.join(root, "W")];
    const c = await agent(args, { env: { HOME: home }, timeoutMs: 60_000 });
    await new Promise((res) => setTimeout(res, 30));
    const exited = new Promise((res) => child.once("exit", res));
    child.kill("SIGKILL");
    await exited;
    const final = JSON.parse(readFileSync(file, "utf8"));
    const idx = Object.keys(final).filter((k) => /^k\d+$/.test(k)).map((k) => Number(k.slice(1)));
    const lost = Math.max(...idx) + 1 - idx.length + (final.primaryApiKey === "kept-secret" ? 0 : 1);
    lostKeys += lost;
    if (final.mcpServers?.["agent-memory"] === undefined) oursMissing++;
    const repro = `HOME=${home} ${shellLine(args)} while a program rewrites ${file} every 2 ms`;
    if (crashOf(c) || c.code !== 0) tally.fail(`${repro}: ${crashOf(c) ?? `exit ${c.code}: ${c.stderr.trim().slice(0, 300)}`}`, repro);
    else if (lost > 0) tally.fail(`${repro}: ${lost} of the other program's keys lost`, repro);
    else tally.pass();
  }
  tally.measure("lost keys", lostKeys);
  // CLAUDE_CONFIG_DIR set but empty: the default folders, never the current one.
  const cwd = path.join(root, "cwd");
  const home = path.join(root, "home-empty-dir");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  const args = ["connect", "claude-code", "--workspace", path.join(root, "W")];
  const c = await agent(args, { env: { HOME: home, CLAUDE_CONFIG_DIR: "" }, cwd, timeoutMs: 60_000 });
  const repro = `cd ${cwd} && CLAUDE_CONFIG_DIR= HOME=${home} ${shellLine(args)}`;
  if (readdirSync(cwd).length > 0) tally.fail(`${repro}: wrote ${readdirSync(cwd).join(", ")} into the current folder`, repro);
  else if (c.code !== 0) tally.fail(`${repro}: exit ${c.code}: ${c.stderr.trim().slice(0, 200)}`, repro);
  else tally.pass();
  tally.note(`${lostKeys} key(s) of the other program lost over ${rounds} round(s); our entry missing at the end (the other program wrote over it afterwards, as it would over any edit) in ${oursMissing}`);
  return tally;
}

export async function hooksLog({ root }) {
  const tally = new Tally(".agent/hooks.log as a FIFO or a link out: the hook ends, nothing appended outside");
  const ws = path.join(root, "ws");
  mkdirSync(path.join(ws, "memory"), { recursive: true });
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "none" } }));
  writeFileSync(path.join(ws, "memory/2026-11-01.md"), "# 2026-11-01\n\nnothing much\n");
  await agent(["index", "-w", ws]);
  const log = path.join(agentDir(ws), "hooks.log");
  rmSync(log, { force: true });
  execFileSync("mkfifo", [log]);
  const args = ["hook", "claude-code", "prompt", "--workspace", ws, "--no-daemon"];
  const r = await agent(args, { input: "not json", timeoutMs: 10_000 });
  const repro = `mkfifo ${log}; echo 'not json' | ${shellLine(args)}`;
  if (r.hung) tally.fail(`${repro}: the prompt hook hung (killed after ${r.ms} ms)`, repro);
  else if (r.code !== 0) tally.fail(`${repro}: exit ${r.code}`, repro);
  else tally.pass();
  rmSync(log, { force: true });
  const outside = path.join(root, "outside.log");
  writeFileSync(outside, "the person's own file\n");
  symlinkSync(outside, log);
  const args2 = ["hook", "codex", "stop", "--workspace", ws, "--no-daemon"];
  const r2 = await agent(args2, { input: JSON.stringify({ session_id: "s", transcript_path: path.join(root, "gone.jsonl"), hook_event_name: "Stop" }), timeoutMs: 30_000 });
  const repro2 = `ln -s ${outside} ${log}; a failing Stop hook: ${shellLine(args2)}`;
  if (crashOf(r2)) tally.fail(`${repro2}: ${crashOf(r2)}`, repro2);
  else if (readFileSync(outside, "utf8") !== "the person's own file\n") tally.fail(`${repro2}: a line was appended to ${outside}, outside the workspace`, repro2);
  else tally.pass();
  return tally;
}

#!/usr/bin/env node
// The install and first-use paths on the Node.js running this script, as a new user meets
// them. CI runs it on Node 22 and 26 (the full suite runs on 24):
//   scripts/node.sh 22 node scripts/smoke.mjs
// Steps, each printed with its time: a fresh copy of the clone (its tracked and new files, no
// node_modules, no dist) in a temp folder; `npm ci` there (its "dependencies" script builds); with that copy's
// CLI: `agent init`, `agent index` with embeddings (USE-lite on worker threads), a hybrid
// search in-process, the daemon up and a search through it, SIGTERM stopping it with exit 0,
// an MCP stdio round trip (initialize, then a memory_search call); then the packed tarball
// installed globally (scripts/pack-check.mjs in the copy). Every process we start is checked
// for a native abort (exit 134/139, death by a signal we did not send, an "Assertion failed" /
// "Segmentation fault" line): one fails the smoke. Exit 1 at the first failure.
//   --keep     leave the temp folder (printed) for a look
//   --no-pack  skip the packed-tarball step
import "./lib/state-home.mjs";
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { abortOf } from "./lib/native-abort.mjs";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const pack = !args.includes("--no-pack");
const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-smoke-"));
const copy = path.join(tmp, "clone");
const ws = path.join(tmp, "workspace");
const cli = path.join(copy, "dist", "cli", "main.js");
const env = { ...process.env, AGENT_WORKSPACE: "", AGENT_DAEMON: "", TZ: "UTC" };
const QUERY = "where is the blog hosted";
const NOTE = "memory/2026-01-05.md";

/** Runs one named step, printing its time and what it found; a failing step ends the smoke. */
async function step(name, fn) {
  const started = Date.now();
  process.stdout.write(`▸ ${name}\n`);
  try {
    const detail = await fn();
    process.stdout.write(`  ✓ ${((Date.now() - started) / 1000).toFixed(1)} s${detail ? `: ${detail}` : ""}\n`);
  } catch (err) {
    process.stdout.write(`  ✗ ${err instanceof Error ? err.message : String(err)}\n`);
    throw err;
  }
}

/** Throws when a finished process aborted, or exited with another code than `code`. */
function expectExit(what, r, code, sent = []) {
  const output = `${r.stdout}\n${r.stderr}`;
  const abort = abortOf({ status: r.status, signal: r.signal, output }, sent);
  if (abort !== undefined) throw new Error(`NATIVE ABORT: ${what} ${abort}\n${output}`);
  if (r.status !== code) throw new Error(`${what} exited ${r.status ?? r.signal} (expected ${code})\n${output}`);
}

/** Runs a command to the end in the copy; throws on an abort or a non-zero exit. */
function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { cwd: copy, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error) throw r.error;
  expectExit(`${path.basename(cmd)} ${argv.join(" ")}`, r, 0);
  return r;
}
const agent = (...argv) => run(process.execPath, [cli, ...argv]);

/** A long-running process: output collected, waitFor(re), stop(signal) → its exit. */
function background(argv) {
  const child = spawn(process.execPath, [cli, ...argv], { cwd: copy, env, stdio: ["pipe", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "" };
  child.stdout.on("data", (d) => (out.stdout += d));
  child.stderr.on("data", (d) => (out.stderr += d));
  const exited = new Promise((resolve) => child.on("close", (status, signal) => resolve({ status, signal, ...out })));
  const waitFor = async (re, ms = 120_000) => {
    for (const end = Date.now() + ms; !re.test(out.stdout) && !re.test(out.stderr); ) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`agent ${argv[0]} exited before printing ${re}\n${out.stdout}\n${out.stderr}`);
      if (Date.now() > end) throw new Error(`agent ${argv[0]} did not print ${re} within ${ms / 1000} s\n${out.stdout}\n${out.stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, out, exited, waitFor };
}

/** The copy a fresh clone would be: tracked files and new ones not ignored, as they are on disk. */
function copyClone() {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ls-files failed: ${r.stderr}`);
  let n = 0;
  for (const rel of r.stdout.split("\0").filter(Boolean)) {
    const from = path.join(ROOT, rel);
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    mkdirSync(path.dirname(path.join(copy, rel)), { recursive: true });
    copyFileSync(from, path.join(copy, rel));
    n++;
  }
  return `${n} files into ${copy}`;
}

/** A hybrid search answered with vectors for every chunk, finding the note. */
function checkSearch(stdout) {
  const res = JSON.parse(stdout);
  if (res.mode !== "hybrid" || res.vectors.provider === null || res.vectors.missing !== 0) {
    throw new Error(`not a hybrid search over every vector: mode ${res.mode}, provider ${res.vectors.provider}, ${res.vectors.missing} without vectors (${res.vectors.warning ?? res.vectors.reason})`);
  }
  if (res.results[0]?.path !== NOTE) throw new Error(`the note was not the first result:\n${stdout}`);
  return `${res.mode} (${res.vectors.provider} ${res.vectors.modelId}): ${res.results.length} result(s), first ${res.results[0].path}`;
}

async function daemonRoundTrip() {
  // A stop timeout that a loaded machine cannot hit: this checks how it ends, not how fast.
  const d = background(["daemon", "--workspace", ws, "--stop-timeout", "60000"]);
  try {
    await d.waitFor(/watching for changes/);
    const routed = spawnSync(process.execPath, [cli, "search", QUERY, "--workspace", ws, "--json"], { cwd: copy, env: { ...env, AGENT_DAEMON: "require" }, encoding: "utf8" });
    expectExit("agent search through the daemon", routed, 0);
    const found = checkSearch(routed.stdout);
    d.child.kill("SIGTERM");
    const r = await d.exited;
    expectExit("agent daemon (after SIGTERM)", r, 0);
    if (!/daemon stopped; lock released/.test(r.stdout)) throw new Error(`the daemon did not say it stopped:\n${r.stdout}\n${r.stderr}`);
    return `through the daemon: ${found}; SIGTERM → exit 0`;
  } finally {
    d.child.kill("SIGKILL");
  }
}

/** initialize, initialized, then tools/call memory_search; the answer names the note. */
async function mcpRoundTrip() {
  const m = background(["mcp", "--workspace", ws]);
  const send = (msg) => m.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n");
  try {
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "smoke", version: "0" } } });
    await m.waitFor(/"id":1/, 60_000);
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/call", params: { name: "memory_search", arguments: { query: QUERY } } });
    await m.waitFor(/"id":2/, 60_000);
    const answer = JSON.parse(m.out.stdout.split("\n").find((l) => l.includes('"id":2')));
    const text = JSON.stringify(answer.result ?? answer.error);
    if (answer.error || answer.result.isError || !text.includes(NOTE)) throw new Error(`memory_search did not find ${NOTE}: ${text.slice(0, 500)}`);
    m.child.stdin.end();
    const r = await m.exited;
    expectExit("agent mcp (stdin closed)", r, 0);
    const init = JSON.parse(m.out.stdout.split("\n").find((l) => l.includes('"id":1')));
    return `${init.result.serverInfo.name} ${init.result.serverInfo.version}, protocol ${init.result.protocolVersion}; memory_search found ${NOTE}`;
  } finally {
    m.child.kill("SIGKILL");
  }
}

let failed = false;
try {
  process.stdout.write(`smoke on Node.js ${process.versions.node} (${process.execPath})\n`);
  await step("a fresh copy of the clone", copyClone);
  await step("npm ci (its \"dependencies\" script builds dist/)", () => {
    const r = run("npm", ["ci", "--no-audit", "--no-fund"]);
    const warnings = `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => /^npm (warn|WARN)/.test(l));
    return warnings.length === 0 ? "no npm warnings" : `npm warnings:\n    ${warnings.join("\n    ")}`;
  });
  await step("agent init", () => agent("init", ws).stdout.split("\n")[0]);
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite", threads: 2 } }));
  writeFileSync(path.join(ws, NOTE), "# 2026-01-05\n\nWe moved the blog to a small VPS in Frankfurt; backups run nightly at 03:00.\n");
  writeFileSync(path.join(ws, "memory", "2026-01-06.md"), "# 2026-01-06\n\nThe bread recipe needs less salt. Call the dentist about the crown on Friday.\n");
  await step("agent index (with embeddings, USE-lite on worker threads)", () => {
    const out = JSON.parse(agent("index", "--workspace", ws, "--json").stdout);
    if (out.embed?.remaining !== 0 || !(out.embed.embedded > 0)) throw new Error(`vectors missing after index: ${JSON.stringify(out.embed)}`);
    return `${out.chunks} chunks, ${out.embed.embedded} embedded with ${out.embed.modelId}`;
  });
  await step("agent search (hybrid, in-process)", () => checkSearch(agent("search", QUERY, "--workspace", ws, "--json", "--no-daemon").stdout));
  await step("agent daemon (up, a search through it, SIGTERM)", daemonRoundTrip);
  await step("agent mcp (stdio: initialize, memory_search)", mcpRoundTrip);
  if (pack) {
    await step("the packed tarball installed globally (scripts/pack-check.mjs in the copy)", () => {
      const r = spawnSync(process.execPath, ["scripts/pack-check.mjs"], { cwd: copy, env, stdio: ["ignore", "inherit", "inherit"] });
      expectExit("pack-check", { ...r, stdout: "", stderr: "" }, 0);
    });
  }
  process.stdout.write(`smoke: Node.js ${process.versions.node} installs, indexes, searches and serves with no abort\n`);
} catch {
  failed = true;
  process.stdout.write(`smoke: FAILED on Node.js ${process.versions.node}\n`);
} finally {
  if (keep) process.stdout.write(`kept ${tmp}\n`);
  else rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

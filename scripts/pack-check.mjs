#!/usr/bin/env node
// `npm run pack-check`: the package as a user installs it. Packs the tarball (prepack builds
// it), installs it with `npm install -g --prefix` into an empty temp folder (no
// devDependencies, nothing built but the native modules npm builds), and from another folder
// runs agent init, index, search, an MCP stdio initialize round-trip, and the daemon (start,
// status, stop), printing each step. Exits 1 at the first step that fails.
//   --keep       leave the temp folder (printed) for a look
//   --tarball F  check this tarball instead of packing one
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { abortOf } from "./lib/native-abort.mjs";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const given = args.includes("--tarball") ? path.resolve(args[args.indexOf("--tarball") + 1]) : undefined;
const tmp = mkdtempSync(path.join(os.tmpdir(), "agent-pack-check-"));
const prefix = path.join(tmp, "prefix");
const elsewhere = path.join(tmp, "elsewhere");
const ws = path.join(tmp, "workspace");
mkdirSync(elsewhere);
const bin = path.join(prefix, "bin", "agent");
// Only the installed package's own folder and Node: nothing from the clone.
const env = { ...process.env, PATH: `${path.join(prefix, "bin")}${path.delimiter}${process.env.PATH}`, AGENT_WORKSPACE: "" };

let failed = false;
/** Runs one named step, printing its time and what it found; a failing step ends the check. */
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

/** Throws when a process ended in a native abort (exit 134/139, a signal we did not send, an abort line). */
function noAbort(what, status, signal, output, sent = []) {
  const abort = abortOf({ status, signal, output }, sent);
  if (abort !== undefined) throw new Error(`NATIVE ABORT: ${what} ${abort}\n${output}`);
}

/** Runs a command to the end; throws with its output when it fails or aborts. */
function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { cwd: elsewhere, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...opts });
  noAbort(`${cmd} ${argv.join(" ")}`, r.status, r.signal, `${r.stdout}\n${r.stderr}`);
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} exited ${r.status ?? r.signal}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
const agent = (...argv) => run(bin, argv);

/** The MCP stdio handshake: one initialize request, its answer. */
function mcpInitialize() {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["mcp", "--workspace", ws], { cwd: elsewhere, env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no answer to initialize, or no exit after stdin closed, within 60 s\n${err}`));
    }, 60_000);
    child.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes('"id":1'));
      if (line === undefined) return;
      child.stdin.end();
      const msg = JSON.parse(line);
      if (!msg.result?.serverInfo) reject(new Error(`unexpected answer: ${line}`));
      // Closing stdin ends the server: it must exit 0, not abort on the way out.
      else answer = `${msg.result.serverInfo.name} ${msg.result.serverInfo.version}, protocol ${msg.result.protocolVersion}`;
    });
    let answer;
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      try {
        noAbort("agent mcp", code, signal, err);
        if (answer === undefined) throw new Error(`agent mcp exited ${code ?? signal} without a valid answer to initialize\n${out}\n${err}`);
        if (code !== 0) throw new Error(`agent mcp exited ${code ?? signal} after stdin closed\n${err}`);
        resolve(`${answer}; exit 0 when stdin closed`);
      } catch (e) {
        reject(e);
      }
    });
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pack-check", version: "0" } } };
    child.stdin.write(JSON.stringify(init) + "\n");
  });
}

/** Starts `agent daemon`, waits until `agent jobs` sees it running, stops it with SIGTERM. */
async function daemonRoundTrip() {
  const child = spawn(bin, ["daemon", "--workspace", ws, "--no-embed", "--stop-timeout", "60000"], { cwd: elsewhere, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  try {
    let status = "";
    // Up to a minute: the daemon is ready once its log says so.
    for (let i = 0; i < 120 && !/serving the engine on/.test(log); i++) await new Promise((r) => setTimeout(r, 500));
    status = spawnSync(bin, ["jobs", "--workspace", ws], { cwd: elsewhere, env, encoding: "utf8" }).stdout;
    const line = status.split("\n").find((l) => l.startsWith("daemon:"));
    if (!/^daemon: running/.test(line ?? "")) throw new Error(`agent jobs does not see the daemon running\n${status}\n${log}`);
    child.kill("SIGTERM");
    const { code, signal } = await exited;
    noAbort("agent daemon", code, signal, log);
    if (code !== 0) throw new Error(`the daemon exited ${code ?? signal} after SIGTERM\n${log}`);
    return `${line}; stopped by SIGTERM (exit 0)`;
  } finally {
    child.kill("SIGKILL");
  }
}

/**
 * When the GGUF runtime is in the runtimes folder (CI adds it) and ../shared has a GGUF model,
 * the installed package loads it from there: the runtime serves a global install too.
 */
function ggufFromPackage() {
  const stories = path.resolve(ROOT, "../shared/models/stories260K.gguf");
  const list = JSON.parse(agent("runtime", "list", "--json"));
  if (!list.runtimes.find((r) => r.name === "gguf").installed) return "not run: the GGUF runtime is not installed (`agent runtime add gguf`)";
  if (!existsSync(stories)) return `not run: no ${stories}`;
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ llm: { provider: "llama-cpp", model: stories } }));
  const r = spawnSync(bin, ["doctor", "--workspace", ws], { cwd: elsewhere, env, encoding: "utf8" });
  const line = r.stdout.split("\n").find((l) => /^\S llm /.test(l)) ?? "";
  if (!line.includes(`loaded ${stories}`)) throw new Error(`the GGUF model did not load:\n${r.stdout}\n${r.stderr}`);
  return line.replace(/\s+/g, " ").trim();
}

try {
  let tarball = given;
  if (tarball === undefined) {
    await step("npm pack (prepack builds dist/)", () => {
      const out = run("npm", ["pack", "--json", "--pack-destination", tmp], { cwd: ROOT });
      const info = JSON.parse(out.slice(out.indexOf("[")))[0];
      tarball = path.join(tmp, info.filename);
      return `${info.filename}, ${info.entryCount} files, ${(info.size / 1e6).toFixed(1)} MB packed, ${(info.unpackedSize / 1e6).toFixed(1)} MB unpacked`;
    });
  }
  await step(`npm install -g --prefix ${prefix} (a clean prefix; nothing builds: the native modules come prebuilt)`, () => {
    const r = spawnSync("npm", ["install", "-g", "--prefix", prefix, "--no-audit", "--no-fund", tarball], { cwd: elsewhere, env, encoding: "utf8" });
    noAbort("npm install -g", r.status, r.signal, `${r.stdout}\n${r.stderr}`);
    if (r.status !== 0) throw new Error(`npm install -g exited ${r.status ?? r.signal}\n${r.stdout}\n${r.stderr}`);
    // What a user sees at the end of the install: it should say nothing but "added N packages".
    const warnings = `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => /^npm (warn|WARN)/.test(l));
    const du = spawnSync("du", ["-sh", path.join(prefix, "lib", "node_modules")], { encoding: "utf8" }).stdout.split("\t")[0];
    return `installed ${du}; ${warnings.length === 0 ? "no npm warnings" : `npm warnings:\n    ${warnings.join("\n    ")}`}`;
  });
  await step(`agent --version (from ${elsewhere})`, () => agent("--version").trim());
  await step("agent init", () => agent("init", ws).split("\n")[0]);
  writeFileSync(path.join(ws, "memory", "2026-01-05.md"), "# 2026-01-05\n\nWe moved the blog to a small VPS in Frankfurt; backups run nightly at 03:00.\n");
  await step("agent index", () => agent("index", "--workspace", ws).trim().split("\n").at(-1));
  await step("agent search", () => {
    const out = agent("search", "where is the blog hosted", "--workspace", ws);
    if (!out.includes("2026-01-05")) throw new Error(`the note was not found:\n${out}`);
    return out.trim().split("\n")[0];
  });
  await step("agent mcp (stdio initialize round-trip)", mcpInitialize);
  await step("agent daemon (start, status, stop)", daemonRoundTrip);
  await step("agent runtime list", () => agent("runtime", "list").trim().split("\n").slice(1).map((l) => l.trim()).filter((l) => !l.startsWith("install:")).join("; "));
  await step("the GGUF runtime from the installed package (agent doctor loads a GGUF LLM)", ggufFromPackage);
  process.stdout.write("pack-check: the packed package installs and runs\n");
} catch {
  failed = true;
  process.stdout.write("pack-check: FAILED\n");
} finally {
  if (keep) process.stdout.write(`kept ${tmp}\n`);
  else rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

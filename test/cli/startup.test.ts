import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { CLI, cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

/**
 * Start-up is a hot path: what the built CLI loads for a command, recorded by loader hooks
 * (scripts/lib/module-trace.mjs) in a real process. A command loads only what it uses.
 */

const execFileP = promisify(execFile);
const TRACE_HOOK = path.join(REPO_ROOT, "scripts/lib/module-trace.mjs");
let dir = "";
const running: RunningAgent[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await c.done.catch(() => undefined);
  }
  cleanup(dir);
});

interface Loaded {
  packages: string[];
  schemaLibrary: boolean;
  /** Whether commander (bundled) came in. */
  commandLine: boolean;
  stdout: string;
}

/** The modules `agent ...args` loaded (stdin: `input`): packages from node_modules, and whether the schema and command-line libraries came in. */
async function loaded(args: string[], input = ""): Promise<Loaded> {
  const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
  const run = execFileP(process.execPath, ["--import", TRACE_HOOK, CLI, ...args], { env: { ...process.env, AGENT_MODULE_TRACE: trace, AGENT_WORKSPACE: "" } });
  run.child.stdin?.end(input);
  const { stdout } = await run;
  const urls = [...new Set(readFileSync(trace, "utf8").split("\n").filter((u) => u.startsWith("file:")))];
  const packages = [...new Set(urls.filter((u) => u.includes("/node_modules/")).map((u) => u.split("/node_modules/").pop()!.split("/")[0]!))].sort();
  const texts = urls.map((u) => readFileSync(fileURLToPath(u), "utf8"));
  // zod and commander are bundled into chunks; their internals carry these markers.
  return { packages, schemaLibrary: texts.some((t) => t.includes("_zod")), commandLine: texts.some((t) => t.includes("class CommanderError")), stdout };
}

/**
 * The built-in modules `agent ...args` loaded, from process.moduleLoadList at its exit: a run of
 * its own, since the loader hooks of `loaded` start a thread (and so load worker_threads).
 */
async function loadedBuiltins(args: string[], input: string): Promise<string[]> {
  const out = path.join(dir, `builtins-${Math.random().toString(36).slice(2)}.txt`);
  const recorder = path.join(dir, "record-builtins.mjs");
  writeFileSync(recorder, `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join("\\n")));\n`);
  const run = execFileP(process.execPath, ["--import", recorder, CLI, ...args], { env: { ...process.env, AGENT_WORKSPACE: "" } });
  run.child.stdin?.end(input);
  await run;
  return readFileSync(out, "utf8").split("\n").filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice("NativeModule ".length));
}

/** Built-ins a warm turn has no use for: hashing and random bytes, threads, util's diff and colours, timing. */
const NOT_ON_A_WARM_TURN = ["crypto", "worker_threads", "internal/util/diff", "perf_hooks"];

describe("what a command loads", () => {
  it("--help loads no package; a search loads no schema library once the config was validated; through a daemon, no database either", { timeout: 120_000 }, async () => {
    dir = tempDir("agent-startup-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "MEMORY.md", "# Memory\n\nThe canoe is green.\n");
    expect(await loaded(["--help"])).toMatchObject({ packages: [], schemaLibrary: false });

    // The first run validates agent.config.json (and makes .agent/); from the second the
    // validated config is reused.
    const search = ["search", "canoe", "--workspace", ws, "--json", "--no-daemon"];
    await loaded(search);
    await loaded(search);
    const direct = await loaded(search);
    expect(direct.schemaLibrary).toBe(false);
    expect(direct.packages).toEqual(expect.arrayContaining(["better-sqlite3"]));

    const d = spawnAgent(["daemon", "--workspace", ws, "--no-embed"]);
    running.push(d);
    await d.waitFor(/daemon started on /, 30_000);
    const routed = await loaded(["search", "canoe", "--workspace", ws, "--json"]);
    expect(routed).toMatchObject({ packages: [], schemaLibrary: false });

    // What an assistant runs on every turn loads neither the command-line library nor the
    // command table, and gets the same answer.
    const payload = JSON.stringify({ session_id: "s1", hook_event_name: "UserPromptSubmit", prompt: "what colour is the canoe?", cwd: dir });
    const hookArgs = ["hook", "claude-code", "prompt", "--workspace", ws, "--budget-ms", "5000"];
    const hook = await loaded(hookArgs, payload);
    expect(hook).toMatchObject({ packages: [], schemaLibrary: false, commandLine: false });
    expect(hook.stdout).toContain("The canoe is green.");
    const hookBuiltins = await loadedBuiltins(hookArgs, payload);
    expect(hookBuiltins).toEqual(expect.arrayContaining(["net"]));
    expect(hookBuiltins.filter((m) => NOT_ON_A_WARM_TURN.includes(m))).toEqual([]);
    const initialize = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`;
    const mcp = await loaded(["mcp", "--workspace", ws], initialize);
    expect(mcp).toMatchObject({ packages: [], schemaLibrary: false, commandLine: false });
    expect(JSON.parse(mcp.stdout.split("\n")[0]!)).toMatchObject({ id: 1, result: { serverInfo: expect.any(Object) } });
    expect((await loadedBuiltins(["mcp", "--workspace", ws], initialize)).filter((m) => NOT_ON_A_WARM_TURN.includes(m))).toEqual([]);
  });

  it("agent hook and agent mcp hand what they do not expect to the full command line: help, and its refusals", async () => {
    dir = tempDir("agent-startup-");
    const help = await execFileP(process.execPath, [CLI, "hook", "--help"]);
    expect(help.stdout).toMatch(/Usage: agent hook \[options\] <harness> <event>/);
    const mcpHelp = await execFileP(process.execPath, [CLI, "mcp", "--help"]);
    expect(mcpHelp.stdout).toMatch(/Usage: agent mcp \[options\]/);
    const bad = await execFileP(process.execPath, [CLI, "hook", "claude-code", "prompt", "--budget-ms", "0"]).catch((e: { stderr: string; code: number }) => e);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toMatch(/--budget-ms must be a positive whole number, got "0"/);
    const session = await execFileP(process.execPath, [CLI, "mcp", "--session", "everyone"]).catch((e: { stderr: string; code: number }) => e);
    expect((session as { stderr: string }).stderr).toMatch(/Allowed choices are main, group, isolated/);
  });
});

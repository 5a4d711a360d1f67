import { execFile, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseThinSearch, THIN_MODES } from "../../src/cli/thin/search.js";
import { SEARCH_MODES } from "../../src/contract/rules.js";
import { spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { CLI, cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

/**
 * `agent search` with a daemon running goes through the thin client (src/cli/thin/search.ts):
 * it must print exactly what the full CLI prints, and leave everything it does not take to it.
 */

describe("parseThinSearch", () => {
  it("takes words, --json, --workspace and -n/--limit, as commander reads them", () => {
    expect(parseThinSearch(["search", "green", "canoe"])).toEqual({ query: "green canoe", json: false });
    expect(parseThinSearch(["search", "canoe", "--json", "--workspace", "/w", "-n", "3"])).toEqual({ query: "canoe", json: true, workspace: "/w", limit: 3 });
    expect(parseThinSearch(["search", "--limit=100", "--workspace=/w", "canoe"])).toEqual({ query: "canoe", json: false, workspace: "/w", limit: 100 });
  });

  it("takes --mode with the contract's modes (`agent search --mode hybrid` need not load the CLI)", () => {
    expect([...THIN_MODES]).toEqual([...SEARCH_MODES]);
    expect(parseThinSearch(["search", "--mode", "hybrid", "green", "canoe"])).toEqual({ query: "green canoe", json: false, mode: "hybrid" });
    expect(parseThinSearch(["search", "canoe", "--mode=keyword", "--json"])).toEqual({ query: "canoe", json: true, mode: "keyword" });
    expect(parseThinSearch(["search", "canoe", "--mode", "vector"])).toEqual({ query: "canoe", json: false, mode: "vector" });
  });

  it("leaves everything else to the full CLI", () => {
    for (const args of [
      ["status"],
      ["search"],
      ["search", "  "],
      ["search", "canoe", "--explain"],
      ["search", "canoe", "--no-daemon"],
      ["search", "canoe", "--mode", "fast"],
      ["search", "canoe", "--mode", "Hybrid"],
      ["search", "canoe", "--mode"],
      ["search", "canoe", "--mode", "keyword", "--mode", "hybrid"],
      ["search", "canoe", "--source", "memory"],
      ["search", "canoe", "-n", "0"],
      ["search", "canoe", "-n", "101"],
      ["search", "canoe", "-n", "2.5"],
      ["search", "canoe", "-n"],
      ["search", "canoe", "--workspace"],
      ["search", "canoe", "--help"],
      ["search", "--", "-canoe"],
    ]) {
      expect(parseThinSearch(args), args.join(" ")).toBeUndefined();
    }
  });
});

const execFileP = promisify(execFile);
const TRACE_HOOK = path.join(REPO_ROOT, "scripts/lib/module-trace.mjs");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Whether the CLI (its bundle: commander and the commands) was loaded. */
  bundle: boolean;
}

describe("agent search through the thin client", { timeout: 120_000 }, () => {
  let dir = "";
  let ws = "";
  let daemon: RunningAgent | undefined;

  async function agent(args: string[], env: Record<string, string> = {}): Promise<Run> {
    const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
    write(dir, path.basename(trace), "");
    const r = await execFileP(process.execPath, ["--import", TRACE_HOOK, CLI, ...args], {
      env: { ...process.env, TZ: "UTC", AGENT_MODULE_TRACE: trace, AGENT_WORKSPACE: "", AGENT_DAEMON: "", ...env },
    }).then(
      (o) => ({ code: 0, stdout: o.stdout, stderr: o.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    return { ...r, bundle: readFileSync(trace, "utf8").includes("/dist/bundle/main.js") };
  }

  beforeAll(async () => {
    dir = tempDir("agent-thin-");
    ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" } }));
    write(ws, "MEMORY.md", "# Memory\n\n- The canoe is green.\n- The canoe paddles hang in the shed.\n");
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\nWe painted the canoe green. project:: boat\n");
    daemon = spawnAgent(["daemon", "--workspace", ws, "--no-embed"], { TZ: "UTC" });
    await daemon.waitFor(/daemon started on /, 60_000);
  }, 120_000);
  afterAll(async () => {
    if (daemon && daemon.exitCode === null && daemon.signalCode === null) daemon.kill("SIGKILL");
    await daemon?.done.catch(() => undefined);
    cleanup(dir);
  });

  it("prints what the full CLI prints, text and JSON, without loading the CLI", async () => {
    for (const args of [["search", "canoe", "--workspace", ws], ["search", "green", "canoe", "--json", "-n", "1", "--workspace", ws], ["search", "zzzunknownword", "--workspace", ws], ["search", "--mode", "keyword", "canoe", "--workspace", ws, "--json"], ["search", "canoe", "--mode=hybrid", "--workspace", ws]]) {
      const thin = await agent(args);
      const full = await agent([...args, "--no-daemon"]);
      expect(thin.code, thin.stderr).toBe(0);
      expect(thin.bundle).toBe(false);
      expect(full.bundle).toBe(true);
      expect(thin.stdout).toBe(full.stdout);
      expect(thin.stdout).not.toBe("");
    }
  });

  it("loads only the Node built-ins it uses, not every one an import of them would read", async () => {
    // An ESM import of node:fs reads all its exports, fs.promises among them, which loads
    // readline and the REPL's history: modules a search never runs, compiled at every start.
    const list = path.join(dir, "loaded.txt");
    const hook = path.join(dir, "loaded.cjs");
    write(dir, "loaded.cjs", `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join("\\n")));`);
    // Keyword mode: this workspace has no embedder, and a warning on stderr (a pipe here) would load net for its stream.
    const r = await execFileP(process.execPath, ["--require", hook, CLI, "search", "canoe", "--mode", "keyword", "--workspace", ws], { env: { ...process.env, AGENT_WORKSPACE: "", AGENT_DAEMON: "require" } });
    expect(r.stdout).toContain("canoe");
    expect(r.stderr).toBe("");
    const loaded = readFileSync(list, "utf8").split("\n");
    // The socket by Node's pipe handle (src/daemon/raw-pipe.ts): not net and its streams.
    expect(loaded).toContain("Internal Binding pipe_wrap");
    expect(loaded).not.toContain("NativeModule net");
    expect(loaded.filter((m) => ["NativeModule stream", "NativeModule internal/streams/readable", "NativeModule internal/streams/duplex"].includes(m))).toEqual([]);
    expect(loaded.filter((m) => /internal\/(fs\/promises|readline\/|repl\/)/.test(m))).toEqual([]);
  });

  it("writes its answer without making process.stdout, and a closed pipe ends it quietly", async () => {
    // stdout to a file: process.stdout would be a SyncWriteStream, loaded only if it is made.
    const list = path.join(dir, "loaded-file.txt");
    const hook = path.join(dir, "loaded-file.cjs");
    write(dir, "loaded-file.cjs", `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join("\\n")));`);
    const out = path.join(dir, "out.txt");
    const fd = openSync(out, "w");
    const r = spawnSync(process.execPath, ["--require", hook, CLI, "search", "canoe", "--workspace", ws], { stdio: ["ignore", fd, "pipe"], env: { ...process.env, AGENT_WORKSPACE: "", AGENT_DAEMON: "require" } });
    closeSync(fd);
    expect(r.status, String(r.stderr)).toBe(0);
    expect(readFileSync(out, "utf8")).toBe((await agent(["search", "canoe", "--workspace", ws, "--no-daemon"])).stdout);
    expect(readFileSync(list, "utf8").split("\n")).not.toContain("NativeModule internal/fs/sync_write_stream");

    // stderr to a file too, nothing said on it: the connection is left to the exit, not closed
    // (closing a socket makes process.stderr, a SyncWriteStream here, a tty stream in a terminal).
    const err = path.join(dir, "err.txt");
    const [fo, fe] = [openSync(out, "w"), openSync(err, "w")];
    const quiet = spawnSync(process.execPath, ["--require", hook, CLI, "search", "--mode", "keyword", "canoe", "--workspace", ws], { stdio: ["ignore", fo, fe], env: { ...process.env, AGENT_WORKSPACE: "", AGENT_DAEMON: "require" } });
    closeSync(fo);
    closeSync(fe);
    expect(quiet.status, readFileSync(err, "utf8")).toBe(0);
    expect(readFileSync(err, "utf8")).toBe("");
    expect(readFileSync(out, "utf8")).toContain("canoe");
    const loaded = readFileSync(list, "utf8").split("\n");
    expect(loaded).not.toContain("NativeModule net");
    expect(loaded).not.toContain("NativeModule internal/fs/sync_write_stream");

    // A reader that went away before the answer: exit 0, no error.
    const child = spawn(process.execPath, [CLI, "search", "canoe", "--workspace", ws], { env: { ...process.env, AGENT_WORKSPACE: "", AGENT_DAEMON: "require" } });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code, stderr).toBe(0);
    // Only what the full CLI says too (this workspace has no embedder): no EPIPE, no stack.
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
  });

  it("reports the daemon engine's refusal as the CLI does", async () => {
    const words = Array.from({ length: 401 }, (_, i) => `w${i}x`).join(" ");
    for (const json of [[], ["--json"]]) {
      const thin = await agent(["search", words, "--workspace", ws, ...json]);
      const full = await agent(["search", words, "--workspace", ws, "--no-daemon", ...json]);
      expect(thin.bundle).toBe(false);
      expect(thin.code).toBe(1);
      expect(full.code).toBe(1);
      expect([thin.stdout, thin.stderr]).toEqual([full.stdout, full.stderr]);
      expect(thin.stdout + thin.stderr).toMatch(/401 words, over the 400-word limit for a search/);
    }
  });

  it("hands flags it does not take to the full CLI, which still asks the daemon", async () => {
    const r = await agent(["search", "canoe", "--explain", "--json", "--workspace", ws], { AGENT_DAEMON: "require" });
    expect(r.code, r.stderr).toBe(0);
    expect(r.bundle).toBe(true);
    expect(JSON.parse(r.stdout).results[0].explain).toBeDefined();
  });

  it("falls back to the full CLI when no daemon runs for the workspace", async () => {
    const other = path.join(dir, "other");
    write(other, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(other, "MEMORY.md", "# Memory\n\n- The kayak is red.\n");
    const r = await agent(["search", "kayak", "--workspace", other]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.bundle).toBe(true);
    expect(r.stdout).toMatch(/MEMORY\.md:1-3 .*\n.*\n.*The kayak is red/);
    // AGENT_DAEMON=off and --no-daemon never reach the daemon even when it runs.
    expect((await agent(["search", "canoe", "--workspace", ws], { AGENT_DAEMON: "off" })).bundle).toBe(true);
  });
});

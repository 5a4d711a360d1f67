import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
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

/** The modules `agent ...args` loaded: packages from node_modules, and whether the schema library came in. */
async function loaded(args: string[]): Promise<{ packages: string[]; schemaLibrary: boolean }> {
  const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
  await execFileP(process.execPath, ["--import", TRACE_HOOK, CLI, ...args], { env: { ...process.env, AGENT_MODULE_TRACE: trace, AGENT_WORKSPACE: "" } });
  const urls = [...new Set(readFileSync(trace, "utf8").split("\n").filter((u) => u.startsWith("file:")))];
  const packages = [...new Set(urls.filter((u) => u.includes("/node_modules/")).map((u) => u.split("/node_modules/").pop()!.split("/")[0]!))].sort();
  // zod is bundled into a chunk of its own; its internals carry this marker.
  const schemaLibrary = urls.some((u) => readFileSync(fileURLToPath(u), "utf8").includes("_zod"));
  return { packages, schemaLibrary };
}

describe("what a command loads", () => {
  it("--help loads no package; a search loads no schema library once the config was validated; through a daemon, no database either", { timeout: 120_000 }, async () => {
    dir = tempDir("agent-startup-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "MEMORY.md", "# Memory\n\nThe canoe is green.\n");
    expect(await loaded(["--help"])).toEqual({ packages: [], schemaLibrary: false });

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
    expect(routed).toEqual({ packages: [], schemaLibrary: false });
  });
});

import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { harnessBin } from "../helpers/harness.js";
import { REPO_ROOT } from "../helpers/workspace.js";

/**
 * The environment a real `openclaw agent --local` run gets in these tests: a scratch HOME and
 * XDG folders under `dir`, OpenClaw's state and config there too, and no AGENT_WORKSPACE (the
 * plugin's own workspace setting decides). scripts/node.sh still finds Node 24 in the real
 * cache, not under the scratch HOME.
 */
export function openClawEnv(dir: string, config: string): NodeJS.ProcessEnv {
  const home = path.join(dir, "home");
  const cache = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache");
  return {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    AGENT_NODE_CACHE: process.env.AGENT_NODE_CACHE ?? path.join(cache, "agent-memory-engine/node"),
    OPENCLAW_STATE_DIR: path.join(dir, "state"),
    OPENCLAW_CONFIG_PATH: config,
    AGENT_WORKSPACE: "",
  };
}

export interface OpenClawRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * One real `openclaw …` run (argv after the Node major, e.g. `agent --local …`) on Node 24
 * through scripts/node.sh, killed after `killAfterMs`. Its output goes to files in `dir`:
 * OpenClaw exits before a pipe has taken all of its --json reply.
 */
export async function runOpenClaw(dir: string, env: NodeJS.ProcessEnv, args: string[], killAfterMs = 480_000): Promise<OpenClawRun> {
  const out = path.join(dir, "openclaw.out");
  const err = path.join(dir, "openclaw.err");
  const fds = [openSync(out, "w"), openSync(err, "w")] as const;
  const child = spawn(path.join(REPO_ROOT, "scripts/node.sh"), ["24", harnessBin("openclaw")!, ...args], { env, stdio: ["ignore", fds[0], fds[1]] });
  const killer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? -1)));
  clearTimeout(killer);
  for (const fd of fds) closeSync(fd);
  return { code, stdout: readFileSync(out, "utf8"), stderr: readFileSync(err, "utf8") };
}

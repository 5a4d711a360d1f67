import os from "node:os";
import path from "node:path";

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

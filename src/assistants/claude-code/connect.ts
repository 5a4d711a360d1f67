/**
 * Where `agent connect claude-code` writes: settings.json `hooks` (user: ~/.claude/settings.json;
 * project: .claude/settings.json) and the MCP server (user: ~/.claude.json `mcpServers`;
 * project: .mcp.json). Planned and written by ../connect.ts.
 */
import path from "node:path";
import { removeJsonEntry, SERVER_NAME, setJsonEntry } from "../config-edit.js";
import { envDir, home, mcpArgs, type HookConfig } from "../connect.js";
import { BACKGROUND_HOOKS, HOOK_NAMES } from "./transcript.js";

export const claudeConfig: HookConfig = {
  harness: "claude-code",
  scopes: ["user", "project"],
  hookNames: HOOK_NAMES,
  background: BACKGROUND_HOOKS,
  files(scope, cwd, env) {
    const h = home(env);
    // Set but empty is unset (never the current folder).
    const configDir = envDir(env, "CLAUDE_CONFIG_DIR");
    const dir = configDir ?? path.join(h, ".claude");
    return scope === "user" ? { hooks: path.join(dir, "settings.json"), mcp: path.join(configDir ?? h, ".claude.json") } : { hooks: path.join(cwd, ".claude", "settings.json"), mcp: path.join(cwd, ".mcp.json") };
  },
  mcp: {
    add: (file, text, o) => setJsonEntry(file, text, ["mcpServers", SERVER_NAME], { type: "stdio", command: o.node, args: mcpArgs(o), env: {} }),
    remove: (file, text) => removeJsonEntry(file, text, ["mcpServers", SERVER_NAME]),
  },
};

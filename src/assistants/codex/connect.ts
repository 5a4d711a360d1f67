/**
 * Where `agent connect codex` writes: $CODEX_HOME/hooks.json (Claude Code's hook schema) and
 * `[mcp_servers.agent-memory]` in $CODEX_HOME/config.toml. Codex reads hooks only from
 * $CODEX_HOME: there is no project scope. Planned and written by ../connect.ts.
 */
import path from "node:path";
import { addTomlMcpServer, removeTomlMcpServer } from "../config-edit.js";
import { envDir, home, mcpArgs, type HookConfig } from "../connect.js";
import { HOOK_NAMES } from "../claude-code/transcript.js";

export const codexConfig: HookConfig = {
  harness: "codex",
  scopes: ["user"],
  hookNames: HOOK_NAMES,
  files(_scope, _cwd, env) {
    const dir = envDir(env, "CODEX_HOME") ?? path.join(home(env), ".codex");
    return { hooks: path.join(dir, "hooks.json"), mcp: path.join(dir, "config.toml") };
  },
  mcp: {
    add: (file, text, o) => addTomlMcpServer(file, text, o.node, mcpArgs(o)),
    remove: (file, text) => removeTomlMcpServer(file, text),
  },
};

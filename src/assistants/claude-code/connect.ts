/**
 * Where `agent connect claude-code` writes: settings.json `hooks` (user: ~/.claude/settings.json;
 * project: .claude/settings.json) and the MCP server (user: ~/.claude.json `mcpServers`;
 * project: .mcp.json). Planned and written by ../connect.ts.
 *
 * `--via daemon`: Claude Code posts each hook to the running daemon itself (`"type": "http"`)
 * and speaks MCP to its HTTP endpoint, so no process of ours starts on a turn's path. The
 * hooks carry the daemon's bearer token, so they go to a file that only the person reads and
 * that does not leave the machine: project scope, `.claude/settings.local.json` (Claude Code's
 * own file for personal settings, kept out of git), user scope ~/.claude/settings.json; either
 * is made 0600. (Claude Code would interpolate an environment variable into the header instead,
 * but only one the person exported in every shell that starts it; a hook without it would be
 * refused silently.) The MCP entry holds no token: its `headersHelper` reads the daemon's token
 * file (0600, in the workspace's .agent/) each time Claude Code connects, with the shell, not Node.
 */
import path from "node:path";
import { claudeCodeLock } from "../../shared/config-lock.js";
import { removeJsonEntry, SERVER_NAME, setJsonEntry } from "../config-edit.js";
import { envDir, home, mcpArgs, type HookConfig } from "../connect.js";
import { BACKGROUND_HOOKS, HOOK_NAMES } from "./transcript.js";

/** A shell line printing `{"Authorization": "Bearer <token>"}` from the daemon's token file (base64url: nothing to escape). */
export function headersHelper(tokenFile: string): string {
  const q = `'${tokenFile.replace(/'/g, `'\\''`)}'`;
  return `printf '{"Authorization":"Bearer %s"}' "$(tr -d '\\n' < ${q})"`;
}

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
  http: {
    hooksFile(scope, cwd, env) {
      const configDir = envDir(env, "CLAUDE_CONFIG_DIR");
      return scope === "user" ? path.join(configDir ?? path.join(home(env), ".claude"), "settings.json") : path.join(cwd, ".claude", "settings.local.json");
    },
    mcp: (file, text, o) => setJsonEntry(file, text, ["mcpServers", SERVER_NAME], { type: "http", url: `${o.daemon.origin}/mcp`, headersHelper: headersHelper(o.daemon.tokenFile) }),
  },
  mcp: {
    add: (file, text, o) => setJsonEntry(file, text, ["mcpServers", SERVER_NAME], { type: "stdio", command: o.node, args: mcpArgs(o), env: {} }),
    remove: (file, text) => removeJsonEntry(file, text, ["mcpServers", SERVER_NAME]),
  },
  // Claude Code locks ~/.claude.json and its user settings.json around every save; a project's
  // .mcp.json and settings files it writes without a lock.
  lock: (scope, file) => (scope === "user" ? claudeCodeLock(file) : undefined),
};

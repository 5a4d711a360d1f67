/**
 * Where `agent connect opencode` writes: a plugin (user: ~/.config/opencode/plugins/; project:
 * .opencode/plugins/) and `mcp.agent-memory` in opencode.json(c). Planned and written by ../connect.ts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { removeJsonEntry, SERVER_NAME, setJsonEntry } from "../config-edit.js";
import { envDir, home, mcpArgs, type HookConfig } from "../connect.js";
import { openCodePlugin, OPENCODE_PLUGIN_MARK } from "./plugin.js";

export const openCodeConfig: HookConfig = {
  harness: "opencode",
  scopes: ["user", "project"],
  files(scope, cwd, env) {
    const h = home(env);
    const dir = scope === "user" ? path.join(envDir(env, "XDG_CONFIG_HOME") ?? path.join(h, ".config"), "opencode") : cwd;
    const plugins = scope === "user" ? path.join(dir, "plugins") : path.join(cwd, ".opencode", "plugins");
    const json = existsSync(path.join(dir, "opencode.jsonc")) ? path.join(dir, "opencode.jsonc") : path.join(dir, "opencode.json");
    return { mcp: json, plugin: path.join(plugins, `${SERVER_NAME}.js`) };
  },
  mcp: {
    add: (file, text, o) => setJsonEntry(file, text, ["mcp", SERVER_NAME], { type: "local", command: [o.node, ...mcpArgs(o)], enabled: true }),
    remove: (file, text) => removeJsonEntry(file, text, ["mcp", SERVER_NAME]),
  },
  plugin: { mark: OPENCODE_PLUGIN_MARK, text: (o) => openCodePlugin({ node: o.node, cli: o.cli, workspace: o.workspace, ...(o.budgetMs !== undefined ? { budgetMs: o.budgetMs } : {}) }) },
};

/**
 * `agent connect claude-code --plugin DIR`: the same hooks and MCP server as the settings form
 * (connect.ts), as a Claude Code plugin folder instead, for `claude --plugin-dir DIR` or a
 * marketplace:
 *   DIR/.claude-plugin/plugin.json   the manifest (name agent-memory)
 *   DIR/hooks/hooks.json             the hook commands, by absolute path as in settings
 *   DIR/.mcp.json                    the MCP server
 *   DIR/README.md                    what it is and how to undo it
 * Every file is ours: connect refuses a folder that holds a plugin of another name, and
 * disconnect removes exactly these files (of a plugin that is ours).
 */
import { readdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import { addHooks, SERVER_NAME, setJsonEntry } from "../config-edit.js";
import { EVENTS, hookCommands, marker, mcpArgs, read, type ConnectOptions, type FileChange } from "../connect.js";
import { BACKGROUND_HOOKS, HOOK_NAMES } from "./transcript.js";

/** In our manifest's description: how connect and disconnect know the plugin is ours. */
export const CLAUDE_PLUGIN_MARK = "written by `agent connect claude-code --plugin`";

const MANIFEST = path.join(".claude-plugin", "plugin.json");
const FILES = [MANIFEST, path.join("hooks", "hooks.json"), ".mcp.json", "README.md"] as const;

/** Whether DIR's manifest (if any) is ours; refuses one that is not, naming it. */
function checkOurs(dir: string): boolean {
  const file = path.join(dir, MANIFEST);
  const text = read(file);
  if (text === null) return false;
  let m: { name?: unknown; description?: unknown };
  try {
    m = JSON.parse(text) as typeof m;
  } catch {
    throw new Error(`${file} cannot be parsed; nothing was changed — move that folder away or name another one`);
  }
  if (m.name === SERVER_NAME && typeof m.description === "string" && m.description.includes(CLAUDE_PLUGIN_MARK)) return true;
  throw new Error(`${file} is a plugin that is not ours; nothing was changed — name another folder`);
}

/** The plugin's files, whole. Pure: the same options give the same bytes (connect is idempotent). */
export function claudePluginFiles(o: ConnectOptions): Record<string, string> {
  const manifest = {
    name: SERVER_NAME,
    version: "0.1.0",
    description: `Long-term memory from a folder of markdown (${o.workspace}): context at session start, relevant notes at each prompt, every turn captured; ${CLAUDE_PLUGIN_MARK}`,
    author: { name: "agent-memory-engine" },
    license: "MIT",
  };
  const readme = [
    "# agent-memory",
    "",
    `Connects Claude Code to the agent-memory workspace ${o.workspace}. At session start the hook`,
    "adds the assembled context; at each prompt, the few notes relevant to it with path:line",
    `citations (or nothing, within ${o.budgetMs ?? 300} ms); at the end of each turn and before a compaction it`,
    "captures the conversation into the workspace's sessions/ folder. The MCP server",
    "agent-memory gives the model search and the other memory tools.",
    "",
    "Written by `agent connect claude-code --plugin DIR`; `agent disconnect claude-code --plugin DIR`",
    "removes it. Use it with `claude --plugin-dir DIR`.",
    "",
  ].join("\n");
  return {
    [MANIFEST]: JSON.stringify(manifest, null, 2) + "\n",
    [path.join("hooks", "hooks.json")]: addHooks("hooks.json", null, hookCommands(o, EVENTS, HOOK_NAMES, BACKGROUND_HOOKS), marker(o)),
    ".mcp.json": setJsonEntry(".mcp.json", null, ["mcpServers", SERVER_NAME], { type: "stdio", command: o.node, args: mcpArgs(o), env: {} }),
    "README.md": readme,
  };
}

/** What connect --plugin would write into DIR (nothing changes on a second run). */
export function planClaudePlugin(o: ConnectOptions, dir: string): FileChange[] {
  const ours = checkOurs(dir);
  const files = claudePluginFiles(o);
  return FILES.map((rel) => {
    const file = path.join(dir, rel);
    const before = read(file);
    if (before !== null && !ours) throw new Error(`${file} exists and is not ours (no agent-memory plugin in ${dir}); nothing was changed — name another folder`);
    return { file, before, after: files[rel] ?? null, what: "plugin" };
  });
}

/** What disconnect --plugin takes out of DIR: our files, when the plugin there is ours. */
export function planClaudePluginRemoval(dir: string): FileChange[] {
  const ours = checkOurs(dir);
  return FILES.map((rel) => {
    const file = path.join(dir, rel);
    const before = read(file);
    return { file, before, after: ours ? null : before, what: "plugin" };
  });
}

/** After disconnect: the plugin's own subfolders, when removing its files left them empty. */
export function removeEmptyPluginFolders(dir: string): void {
  for (const sub of [".claude-plugin", "hooks"]) {
    const p = path.join(dir, sub);
    try {
      if (readdirSync(p).length === 0) rmdirSync(p);
    } catch {
      // Not there: nothing to tidy.
    }
  }
}

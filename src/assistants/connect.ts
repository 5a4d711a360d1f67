/**
 * `agent connect` / `agent disconnect`: which files of a harness's config hold our entries, what
 * each becomes, and writing them with a backup. The config's other settings are never touched
 * (config-edit.ts edits only our keys); a file that cannot be parsed is refused by name.
 *
 *   claude-code  settings.json `hooks` (user: ~/.claude/settings.json; project: .claude/settings.json)
 *                and the MCP server (user: ~/.claude.json `mcpServers`; project: .mcp.json)
 *   codex        $CODEX_HOME/hooks.json and `[mcp_servers.agent-memory]` in $CODEX_HOME/config.toml
 *   opencode     a plugin (user: ~/.config/opencode/plugins/; project: .opencode/plugins/)
 *                and `mcp.agent-memory` in opencode.json
 *
 * Disconnect restores the backup's exact bytes when the file is still what connect wrote, and
 * otherwise takes out only our entries (the person changed something since: that stays).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeBackupOnce, writeConfigFile } from "../shared/config-file.js";
import { HOOK_NAMES } from "./claude-code.js";
import { addHooks, addTomlMcpServer, removeHooks, removeJsonEntry, removeTomlMcpServer, SERVER_NAME, setJsonEntry, type HookCommands } from "./config-edit.js";
import { openCodePlugin, OPENCODE_PLUGIN_MARK } from "./opencode-plugin.js";
import type { HarnessName, HookEventName } from "./types.js";

export type Scope = "user" | "project";

export interface ConnectOptions {
  harness: HarnessName;
  workspace: string;
  scope: Scope;
  /** The project folder for --scope project (default: the current folder). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** How the harness runs `agent`: this Node and this CLI script, by absolute path. */
  node: string;
  cli: string;
  /** The prompt hook's budget, in ms (default: the hook's own, 300). */
  budgetMs?: number;
}

/** One file's change; null text: the file does not exist (before) or is removed (after). */
export interface FileChange {
  file: string;
  before: string | null;
  after: string | null;
  /** What it is, for the report ("hooks", "MCP server", "plugin"). */
  what: string;
  /**
   * The change as a function of the file's text: applyChanges makes it again from the text it
   * finds when the file changed since the plan (another program writing it), so nothing of
   * theirs is lost. Without it, `after` is written over whatever is there.
   */
  edit?: (current: string | null) => string | null;
}

/** Our hook commands carry this, and nothing else does: how we find ours among the person's. */
export const HOOK_MARK = " hook ";

/** Seconds each hook may take before the harness gives up on it (the hook keeps its own, shorter, budget). */
const HOOK_TIMEOUTS: Record<HookEventName, number> = { "session-start": 10, prompt: 10, stop: 60, "session-end": 60, "pre-compact": 300, "post-compact": 60 };

function q(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function hookCommand(o: ConnectOptions, event: HookEventName): string {
  const budget = o.budgetMs !== undefined && (event === "prompt" || event === "session-start") ? ` --budget-ms ${o.budgetMs}` : "";
  return `${q(o.node)} ${q(o.cli)} hook ${o.harness} ${event} --workspace ${q(o.workspace)}${budget}`;
}

export function marker(o: ConnectOptions): string {
  return `${HOOK_MARK}${o.harness} `;
}

export function hookCommands(o: ConnectOptions, events: HookEventName[]): HookCommands {
  const out: HookCommands = {};
  for (const e of events) out[HOOK_NAMES[e]] = { command: hookCommand(o, e), timeout: HOOK_TIMEOUTS[e] };
  return out;
}

export function mcpArgs(o: ConnectOptions): string[] {
  return [o.cli, "mcp", "--workspace", o.workspace];
}

/** An environment variable as a path: set but empty means unset (never the current folder). */
function envDir(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === "" ? undefined : v;
}

function home(env: NodeJS.ProcessEnv): string {
  return envDir(env, "HOME") ?? os.homedir();
}

export const EVENTS: HookEventName[] = ["session-start", "prompt", "stop", "session-end", "pre-compact"];

/** The files of a harness's config that connect writes, for this scope. */
export function configFiles(harness: HarnessName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv): { hooks?: string; mcp: string; plugin?: string; toml?: string } {
  const h = home(env);
  switch (harness) {
    case "claude-code": {
      const dir = envDir(env, "CLAUDE_CONFIG_DIR") ?? path.join(h, ".claude");
      return scope === "user" ? { hooks: path.join(dir, "settings.json"), mcp: path.join(envDir(env, "CLAUDE_CONFIG_DIR") ?? h, ".claude.json") } : { hooks: path.join(cwd, ".claude", "settings.json"), mcp: path.join(cwd, ".mcp.json") };
    }
    case "codex": {
      const dir = envDir(env, "CODEX_HOME") ?? path.join(h, ".codex");
      return { hooks: path.join(dir, "hooks.json"), mcp: path.join(dir, "config.toml"), toml: path.join(dir, "config.toml") };
    }
    case "opencode": {
      const dir = scope === "user" ? path.join(envDir(env, "XDG_CONFIG_HOME") ?? path.join(h, ".config"), "opencode") : cwd;
      const plugins = scope === "user" ? path.join(dir, "plugins") : path.join(cwd, ".opencode", "plugins");
      const json = existsSync(path.join(dir, "opencode.jsonc")) ? path.join(dir, "opencode.jsonc") : path.join(dir, "opencode.json");
      return { mcp: json, plugin: path.join(plugins, `${SERVER_NAME}.js`) };
    }
    default:
      throw new Error(`${harness} is connected as a memory plugin of its own: \`agent connect ${harness}\` (docs/assistants.md)`);
  }
}

/** A config file's text, or null when it does not exist. */
export function read(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** What connect would write; nothing is written. A second run gives no change (after === before). */
export function planConnect(o: ConnectOptions): FileChange[] {
  if (o.harness === "codex" && o.scope === "project") throw new Error("Codex reads its hooks only from $CODEX_HOME: use --scope user (the default) for codex");
  const f = configFiles(o.harness, o.scope, o.cwd, o.env);
  const changes: FileChange[] = [];
  const change = (file: string, what: string, edit: (t: string | null) => string): void => {
    const before = read(file);
    changes.push({ file, before, after: edit(before), what, edit });
  };
  if (f.hooks !== undefined) change(f.hooks, "hooks", connectedText(o, "hooks", f.hooks));
  change(f.mcp, "MCP server", connectedText(o, "mcp", f.mcp));
  if (f.plugin !== undefined) {
    const before = read(f.plugin);
    if (before !== null && !before.includes(OPENCODE_PLUGIN_MARK)) throw new Error(`${f.plugin} exists and is not ours; nothing was changed — move it away first`);
    changes.push({ file: f.plugin, before, after: openCodePlugin({ node: o.node, cli: o.cli, workspace: o.workspace, ...(o.budgetMs !== undefined ? { budgetMs: o.budgetMs } : {}) }), what: "plugin" });
  }
  return changes;
}

/** What connect makes of a config file's text: its hooks, or its MCP server entry. */
function connectedText(o: ConnectOptions, part: "hooks" | "mcp", file: string): (t: string | null) => string {
  if (part === "hooks") return (t) => addHooks(file, t, hookCommands(o, EVENTS), marker(o));
  if (o.harness === "codex") return (t) => addTomlMcpServer(file, t, o.node, mcpArgs(o));
  if (o.harness === "claude-code") return (t) => setJsonEntry(file, t, ["mcpServers", SERVER_NAME], { type: "stdio", command: o.node, args: mcpArgs(o), env: {} });
  return (t) => setJsonEntry(file, t, ["mcp", SERVER_NAME], { type: "local", command: [o.node, ...mcpArgs(o)], enabled: true });
}

/**
 * What disconnect would write: our entries out, the rest as it is. When the file is byte for
 * byte what connect made of the backup (nobody edited it since), the backup's exact bytes go
 * back; any edit by the person (a space included) keeps their file with only our entries
 * taken out. A file connect created and nobody else wrote to is removed.
 */
export function planDisconnect(o: ConnectOptions): FileChange[] {
  const f = configFiles(o.harness, o.scope, o.cwd, o.env);
  const out: FileChange[] = [];
  if (f.hooks !== undefined) out.push(undo(f.hooks, "hooks", (t) => removeHooks(f.hooks!, t, marker(o)), connectedText(o, "hooks", f.hooks)));
  const key = o.harness === "opencode" ? "mcp" : "mcpServers";
  out.push(undo(f.mcp, "MCP server", (t) => (o.harness === "codex" ? removeTomlMcpServer(f.mcp, t) : removeJsonEntry(f.mcp, t, [key, SERVER_NAME])), connectedText(o, "mcp", f.mcp)));
  if (f.plugin !== undefined) {
    const before = read(f.plugin);
    out.push({ file: f.plugin, before, after: before !== null && before.includes(OPENCODE_PLUGIN_MARK) ? null : before, what: "plugin" });
  }
  return out;
}

function undo(file: string, what: string, remove: (text: string | null) => string | null, connected: (text: string | null) => string): FileChange {
  const backup = read(backupName(file));
  const edit = (before: string | null): string | null => {
    const removed = remove(before);
    if (before === null || removed === before) return before;
    if (backup !== null && untouchedSince(removed, backup, connected, remove)) return backup;
    // A file connect created: removed when nothing but ours was ever in it (the assistant
    // itself may have rewritten it, e.g. reformatted; an empty object is nobody's setting).
    if (backup === null && (untouchedSince(removed, null, connected, remove) || (removed !== null && ["", "{}"].includes(removed.replace(/\s+/g, ""))))) return null;
    return removed;
  };
  const before = read(file);
  return { file, before, after: edit(before), what, edit };
}

/**
 * Whether the file, our entries taken out (`removed`), is byte for byte what connect made of
 * `backup` (null: of no file) with our entries taken out: nobody edited anything but ours since
 * (our entries themselves may differ, e.g. another --budget-ms).
 */
function untouchedSince(removed: string | null, backup: string | null, connected: (text: string | null) => string, remove: (text: string | null) => string | null): boolean {
  try {
    return removed !== null && remove(connected(backup)) === removed;
  } catch {
    return false;
  }
}

export function backupName(file: string): string {
  return `${file}.${SERVER_NAME}-backup`;
}

/**
 * Writes the changes: each file replaced by one rename (never half written); before the first
 * change of a file the person had, its bytes are kept beside it (`<file>.agent-memory-backup`),
 * once: a second connect keeps the first backup. Disconnect removes the backup it restored.
 */
export function applyChanges(changes: readonly FileChange[], mode: "connect" | "disconnect"): string[] {
  const done: string[] = [];
  for (const c of changes) {
    if (c.after === c.before) continue;
    const backup = backupName(c.file);
    // The person's bytes, owner-only (they may hold keys), kept once: a second connect keeps the first.
    if (mode === "connect" && c.before !== null && c.what !== "plugin") writeBackupOnce(backup, c.before);
    // Through a link to its target, with the file's mode and owner, made again on a concurrent change.
    writeConfigFile(c.file, c.edit ?? (() => c.after));
    if (mode === "disconnect") rmSync(backup, { force: true });
    done.push(c.file);
  }
  return done;
}

/** Whether each harness is connected to a workspace, from its config files (both scopes). */
export function connectionStatus(cwd: string, env: NodeJS.ProcessEnv): { harness: HarnessName; scope: Scope; file: string; workspace: string | null }[] {
  const out: { harness: HarnessName; scope: Scope; file: string; workspace: string | null }[] = [];
  for (const harness of ["claude-code", "codex", "opencode"] as const) {
    for (const scope of ["user", "project"] as const) {
      if (harness === "codex" && scope === "project") continue;
      const f = configFiles(harness, scope, cwd, env);
      const file = f.plugin ?? f.hooks!;
      const text = read(file);
      const workspace = text === null ? null : workspaceIn(text);
      if (text !== null && (text.includes(`${HOOK_MARK}${harness} `) || text.includes(OPENCODE_PLUGIN_MARK))) out.push({ harness, scope, file, workspace });
    }
  }
  return out;
}

/** The workspace our entries in a config file point at. */
function workspaceIn(text: string): string | null {
  const plugin = /const WORKSPACE = ("(?:[^"\\]|\\.)*");/.exec(text);
  if (plugin) return JSON.parse(plugin[1]!) as string;
  const flag = /--workspace ('(?:[^']|'\\'')*'|[^\s"]+)/.exec(text);
  if (!flag) return null;
  const v = flag[1]!;
  return v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v;
}

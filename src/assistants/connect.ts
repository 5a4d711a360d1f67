/**
 * `agent connect` / `agent disconnect`, for every assistant: what each file becomes (a plan,
 * FileChange[], that --dry-run prints and nothing else writes), and writing a plan with one
 * backup name for all (`<file>.agent-memory-backup`). The config's other settings are never
 * touched (config-edit.ts edits only our keys); a file that cannot be parsed is refused by name.
 * Which files an assistant has is its adapter's (src/assistants/<harness>/connect.ts); the
 * hook-command kind (hooks + an MCP server + maybe a plugin file) is planned here from its HookConfig.
 *
 * Disconnect restores the backup's exact bytes when the file is still what connect wrote, and
 * otherwise takes out only our entries (the person changed something since: that stays).
 */
import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeBackupOnce, writeConfigFile } from "../shared/config-file.js";
import type { ConfigLock } from "../shared/config-lock.js";
import { addHooks, removeHooks, SERVER_NAME, type HookCommands } from "./config-edit.js";
import type { HarnessName, HookEventName } from "../workspace/harness-turns.js";

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
  /** The assistant's config file, for one that names it (OpenClaw's --openclaw-config). */
  configFile?: string;
  /**
   * `--via daemon`: the assistant sends its hooks and MCP calls to the running daemon over HTTP
   * itself (no process of ours on a turn's path): the daemon's origin and its bearer token file.
   */
  daemon?: { origin: string; token: string; tokenFile: string };
}

/** An assistant connected to a workspace, as its config says. */
export interface Connection {
  harness: HarnessName;
  scope: Scope;
  /** The config file that says so. */
  file: string;
  /** "daemon": HTTP hooks to the running daemon (at `origin`); else hook commands (or a plugin). */
  via?: "daemon";
  origin?: string;
  workspace: string | null;
  /** What the connection runs or loads by absolute path (a hook's Node and CLI, a plugin's folder): each must still exist. */
  paths: { what: string; path: string }[];
}

/**
 * An assistant connected by hook commands: its hooks file (Claude Code's schema), its MCP
 * server entry, and a plugin file of ours (OpenCode), per scope.
 */
export interface HookConfig {
  harness: HarnessName;
  scopes: readonly Scope[];
  files(scope: Scope, cwd: string, env: NodeJS.ProcessEnv): { hooks?: string; mcp: string; plugin?: string };
  /** The harness's name of each hook event (for a hooks file). */
  hookNames?: Readonly<Record<HookEventName, string>>;
  /**
   * Events whose hook the harness may run in the background (Claude Code's `"async": true`):
   * the person does not wait for them. Only an event whose work another hook of the turn also
   * does (a session's end: every turn was captured at its Stop already).
   */
  background?: readonly HookEventName[];
  mcp: { add(file: string, text: string | null, o: ConnectOptions): string; remove(file: string, text: string | null): string | null };
  plugin?: { mark: string; text(o: ConnectOptions): string };
  /**
   * An assistant that posts its hooks to a URL itself (`--via daemon`): the file its HTTP hooks
   * go to (one only the person reads and that stays on the machine: the hooks carry the daemon's
   * token), and its MCP entry for the daemon's HTTP endpoint.
   */
  http?: { hooksFile(scope: Scope, cwd: string, env: NodeJS.ProcessEnv): string; mcp(file: string, text: string | null, o: ConnectOptions & { daemon: NonNullable<ConnectOptions["daemon"]> }): string };
  /** The lock the assistant itself takes when it saves this file of `scope`, if any. */
  lock?(scope: Scope, file: string): ConfigLock | undefined;
}

/** One file's change; null text: the file does not exist (before) or is removed (after). */
export interface FileChange {
  file: string;
  before: string | null;
  after: string | null;
  /** What it is, for the report ("hooks", "MCP server", "plugin"). */
  what: string;
  /** Holds a secret (the daemon's token): written owner-only (0600). */
  private?: true;
  /**
   * The change as a function of the file's text: applyChanges makes it again from the text it
   * finds when the file changed since the plan (another program writing it), so nothing of
   * theirs is lost. Without it, `after` is written over whatever is there.
   */
  edit?: (current: string | null) => string | null;
  /** The lock the file's own program takes around its saves: held around our write too (src/shared/config-lock.ts). */
  lock?: ConfigLock;
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

/** Our HTTP hooks' URLs carry this (the daemon's hook route), and nothing else does. */
export function httpMarker(harness: string): string {
  return `/hook/${harness}/`;
}

/** Seconds an HTTP hook may take: the daemon keeps the prompt's own budget; this only bounds a daemon that hangs. */
const HTTP_TIMEOUTS: Record<HookEventName, number> = { "session-start": 5, prompt: 5, stop: 30, "session-end": 30, "pre-compact": 300, "post-compact": 30 };

/** Our HTTP hooks: the payload posted to the daemon's hook route, the token in the header. */
export function httpHooks(o: ConnectOptions & { daemon: NonNullable<ConnectOptions["daemon"]> }, names: Readonly<Record<HookEventName, string>>): HookCommands {
  const out: HookCommands = {};
  const ws = `workspace=${encodeURIComponent(o.workspace)}`;
  // No SessionStart: Claude Code sends none over HTTP; the daemon adds the start context to the session's first prompt.
  for (const e of EVENTS.filter((x) => x !== "session-start")) {
    const budget = o.budgetMs !== undefined && e === "prompt" ? `&budget_ms=${o.budgetMs}` : "";
    out[names[e]] = { url: `${o.daemon.origin}${httpMarker(o.harness)}${e}?${ws}${budget}`, headers: { Authorization: `Bearer ${o.daemon.token}` }, timeout: HTTP_TIMEOUTS[e] };
  }
  return out;
}

export function hookCommands(o: ConnectOptions, events: HookEventName[], names: Readonly<Record<HookEventName, string>>, background: readonly HookEventName[] = []): HookCommands {
  const out: HookCommands = {};
  for (const e of events) out[names[e]] = { command: hookCommand(o, e), timeout: HOOK_TIMEOUTS[e], ...(background.includes(e) ? { async: true } : {}) };
  return out;
}

export function mcpArgs(o: ConnectOptions): string[] {
  return [o.cli, "mcp", "--workspace", o.workspace];
}

/** An environment variable as a path: set but empty means unset (never the current folder). */
export function envDir(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === "" ? undefined : v;
}

export function home(env: NodeJS.ProcessEnv): string {
  return envDir(env, "HOME") ?? os.homedir();
}

export const EVENTS: HookEventName[] = ["session-start", "prompt", "stop", "session-end", "pre-compact"];

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
export function planConnect(o: ConnectOptions, h: HookConfig): FileChange[] {
  if (!h.scopes.includes(o.scope)) throw new Error(`${o.harness} reads its config only for --scope ${h.scopes.join(" or ")}: use that`);
  const f = h.files(o.scope, o.cwd, o.env);
  const changes: FileChange[] = [];
  const change = (file: string, what: string, edit: (t: string | null) => string): void => {
    const before = read(file);
    changes.push({ file, before, after: edit(before), what, edit });
  };
  const hf = h.http?.hooksFile(o.scope, o.cwd, o.env);
  const d = o.daemon;
  if (f.hooks !== undefined && h.hookNames !== undefined && hf !== undefined && d !== undefined) {
    // Through the daemon: the hook commands go, the HTTP hooks come (in their owner-only file).
    if (hf !== f.hooks) changes.push(undo(f.hooks, "hooks", (t) => removeHooks(f.hooks!, t, marker(o))));
    const names = h.hookNames;
    const http = (t: string | null) => addHooks(hf, removeHooks(hf, t, marker(o)), httpHooks({ ...o, daemon: d }, names), httpMarker(o.harness));
    changes.push({ file: hf, before: read(hf), after: http(read(hf)), what: "HTTP hooks", edit: http, private: true });
  } else if (f.hooks !== undefined && h.hookNames !== undefined) {
    const hooks = connectedText(o, h, "hooks", f.hooks);
    change(f.hooks, "hooks", hf === f.hooks ? (t) => hooks(removeHooks(f.hooks!, t, httpMarker(o.harness))) : hooks);
    // Connected through the daemon before: its HTTP hooks go.
    if (hf !== undefined && hf !== f.hooks) changes.push(undo(hf, "HTTP hooks", (t) => removeHooks(hf, t, httpMarker(o.harness))));
  }
  change(f.mcp, "MCP server", d !== undefined && h.http !== undefined ? (t) => h.http!.mcp(f.mcp, t, { ...o, daemon: d }) : connectedText(o, h, "mcp", f.mcp));
  if (f.plugin !== undefined && h.plugin !== undefined) {
    const before = read(f.plugin);
    if (before !== null && !before.includes(h.plugin.mark)) throw new Error(`${f.plugin} exists and is not ours; nothing was changed — move it away first`);
    changes.push({ file: f.plugin, before, after: h.plugin.text(o), what: "plugin" });
  }
  return withLocks(changes, h, o.scope);
}

/** Each change with the lock its assistant takes on that file (none for a plugin file of ours). */
function withLocks(changes: FileChange[], h: HookConfig, scope: Scope): FileChange[] {
  return changes.map((c) => {
    const lock = c.what === "plugin" ? undefined : h.lock?.(scope, c.file);
    return lock === undefined ? c : { ...c, lock };
  });
}

/** What connect makes of a config file's text: its hooks, or its MCP server entry. */
function connectedText(o: ConnectOptions, h: HookConfig, part: "hooks" | "mcp", file: string): (t: string | null) => string {
  const names = h.hookNames;
  if (part === "hooks" && names !== undefined) return (t) => addHooks(file, t, hookCommands(o, EVENTS, names, h.background), marker(o));
  return (t) => h.mcp.add(file, t, o);
}

/**
 * What disconnect would write: our entries out, the rest as it is. When the file is byte for
 * byte what connect made of the backup (nobody edited it since), the backup's exact bytes go
 * back; any edit by the person (a space included) keeps their file with only our entries
 * taken out. A file connect created and nobody else wrote to is removed.
 */
export function planDisconnect(o: ConnectOptions, h: HookConfig): FileChange[] {
  const f = h.files(o.scope, o.cwd, o.env);
  const out: FileChange[] = [];
  const hf = h.http?.hooksFile(o.scope, o.cwd, o.env);
  const both = (file: string) => (t: string | null) => removeHooks(file, removeHooks(file, t, marker(o)), httpMarker(o.harness));
  if (f.hooks !== undefined && h.hookNames !== undefined) out.push(undo(f.hooks, "hooks", hf === f.hooks ? both(f.hooks) : (t) => removeHooks(f.hooks!, t, marker(o)), connectedText(o, h, "hooks", f.hooks)));
  if (hf !== undefined && hf !== f.hooks) out.push(undo(hf, "HTTP hooks", both(hf)));
  out.push(undo(f.mcp, "MCP server", (t) => h.mcp.remove(f.mcp, t), connectedText(o, h, "mcp", f.mcp)));
  if (f.plugin !== undefined && h.plugin !== undefined) {
    const before = read(f.plugin);
    out.push({ file: f.plugin, before, after: before !== null && before.includes(h.plugin.mark) ? null : before, what: "plugin" });
  }
  return withLocks(out, h, o.scope);
}

export function undo(file: string, what: string, remove: (text: string | null) => string | null, connected?: (text: string | null) => string): FileChange {
  const backup = read(backupName(file));
  const edit = (before: string | null): string | null => {
    const removed = remove(before);
    if (before === null || removed === before) return before;
    const empty = (t: string | null) => t !== null && ["", "{}"].includes(t.replace(/\s+/g, ""));
    if (backup !== null && untouchedSince(removed, backup, connected, remove)) {
      // A backup taken when the file held our entries already (a second connect in another form): those never come back.
      const restored = remove(backup);
      return restored === backup ? backup : empty(restored) ? null : restored;
    }
    // A file connect created: removed when nothing but ours was ever in it (the assistant
    // itself may have rewritten it, e.g. reformatted; an empty object is nobody's setting).
    if (backup === null && (untouchedSince(removed, null, connected, remove) || empty(removed))) return null;
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
function untouchedSince(removed: string | null, backup: string | null, connected: ((text: string | null) => string) | undefined, remove: (text: string | null) => string | null): boolean {
  // Without a way to make connect's text again, nothing proves the file untouched: only ours come out.
  if (connected === undefined) return false;
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
    // A file that will hold the daemon's token is made owner-only before the token is in it, and stays so.
    if (c.private && c.before !== null) chmodSync(c.file, 0o600);
    // Through a link to its target, with the file's mode and owner, made again on a concurrent change.
    const written = writeConfigFile(c.file, c.edit ?? (() => c.after), c.lock ? { lock: c.lock } : {});
    if (c.private && c.after !== null) chmodSync(written.target, 0o600);
    if (mode === "disconnect") rmSync(backup, { force: true });
    done.push(c.file);
  }
  return done;
}

/** Whether a hook-command assistant is connected to a workspace, from its config files (each scope). */
export function connectionStatus(h: HookConfig, cwd: string, env: NodeJS.ProcessEnv): Connection[] {
  const out: Connection[] = [];
  for (const scope of h.scopes) {
    const f = h.files(scope, cwd, env);
    const hf = h.http?.hooksFile(scope, cwd, env);
    const httpText = hf === undefined ? null : read(hf);
    if (hf !== undefined && httpText !== null && httpText.includes(httpMarker(h.harness))) {
      const origin = /"(http:\/\/[^/"]+)\/hook\//.exec(httpText)?.[1];
      out.push({ harness: h.harness, scope, file: hf, via: "daemon", ...(origin !== undefined ? { origin } : {}), workspace: workspaceIn(httpText), paths: [] });
      continue;
    }
    const file = f.plugin ?? f.hooks!;
    const text = read(file);
    if (text === null || !(text.includes(`${HOOK_MARK}${h.harness} `) || (h.plugin !== undefined && text.includes(h.plugin.mark)))) continue;
    out.push({ harness: h.harness, scope, file, workspace: workspaceIn(text), paths: programPaths(text, h.harness) });
  }
  return out;
}

/** The Node and CLI a hook command (or our plugin's constants) runs, by absolute path. */
export function programPaths(text: string, harness: HarnessName): { what: string; path: string }[] {
  const constant = (name: string) => new RegExp(`const ${name} = ("(?:[^"\\\\]|\\\\.)*");`).exec(text)?.[1];
  const node = constant("NODE");
  const cli = constant("CLI");
  if (node !== undefined && cli !== undefined) return [{ what: "Node", path: JSON.parse(node) as string }, { what: "agent CLI", path: JSON.parse(cli) as string }];
  const word = `('(?:[^']|'\\\\'')*'|[^\\s"']+)`;
  const m = new RegExp(`${word} ${word}${HOOK_MARK}${harness} `).exec(text);
  return m ? [{ what: "Node", path: unquote(m[1]!) }, { what: "agent CLI", path: unquote(m[2]!) }] : [];
}

function unquote(v: string): string {
  return v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v;
}

/** The workspace our entries in a config file point at. */
export function workspaceIn(text: string): string | null {
  const plugin = /const WORKSPACE = ("(?:[^"\\]|\\.)*");/.exec(text);
  if (plugin) return JSON.parse(plugin[1]!) as string;
  const url = /\/hook\/[a-z0-9-]+\/[a-z-]+\?workspace=([^&"\s]+)/.exec(text);
  if (url) return decodeURIComponent(url[1]!);
  const flag = /--workspace ('(?:[^']|'\\'')*'|[^\s"]+)/.exec(text);
  if (!flag) return null;
  const v = flag[1]!;
  return v.startsWith("'") ? v.slice(1, -1).replace(/'\\''/g, "'") : v;
}

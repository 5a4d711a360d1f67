/**
 * `agent connect openclaw`: this package as OpenClaw's memory plugin, written into OpenClaw's
 * config (JSON5, `$OPENCLAW_CONFIG_PATH` or `~/.openclaw/openclaw.json`):
 *
 *   plugins.load.paths                     + the package folder (where openclaw.plugin.json is)
 *   plugins.slots.memory                   "agent-memory"
 *   plugins.entries.agent-memory           enabled, config.workspace, hooks.allowConversationAccess
 *
 * Nothing else is touched: a file that parses as JSON with comments keeps its comments and
 * layout (only those paths are edited); a JSON5 file using more than that (unquoted keys,
 * single quotes) gets the `plugins` section added at its end as text when it has none, and is
 * otherwise rewritten as JSON5 with the same values (its comments lost; the backup keeps them).
 * The plan is written like every assistant's (../connect.ts: `<file>.agent-memory-backup` once,
 * an atomic replace); a second run with the same settings changes nothing; disconnect takes out
 * exactly these paths. A file that does not parse is refused. The edits themselves
 * (`connectedConfig`, `disconnectedConfig`) are pure: text in, text out.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import JSON5 from "json5";
import { applyEdits, modify, parse as parseJsonc, type ParseError } from "jsonc-parser";
import { UsageError } from "../../engine/errors.js";
import { openClawLock } from "../../shared/config-lock.js";
import { read, undo, type Connection, type ConnectOptions, type FileChange } from "../connect.js";
import { OPENCLAW_PLUGIN_ID } from "./settings.js";

/** OpenClaw's config file: the one given, else $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json. */
export function openClawConfigPath(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (given !== undefined) return path.resolve(given);
  if (env.OPENCLAW_CONFIG_PATH) return path.resolve(env.OPENCLAW_CONFIG_PATH);
  return path.join(env.HOME || os.homedir(), ".openclaw", "openclaw.json");
}

/** The folder OpenClaw loads the plugin from: this package's root (openclaw.plugin.json, package.json#openclaw). */
export function packageRoot(): string {
  // This module runs from dist/assistants/openclaw/ (the plugin), dist/bundle/ (the CLI) or
  // src/assistants/openclaw/ (tests): the nearest folder above holding the manifest.
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "openclaw.plugin.json"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, "../../..");
  }
}

type Edit = { path: (string | number)[]; value: unknown };

/** The config text connected to the workspace, or the same text when it already is. Throws on text that is not JSON5. */
export function connectedConfig(text: string, opts: { pluginDir: string; workspace: string; file: string }): string {
  let cfg: unknown;
  try {
    cfg = text.trim() === "" ? {} : JSON5.parse(text);
  } catch (e) {
    throw new UsageError(`${opts.file} is not valid JSON5 (${(e as Error).message}); fix it (or give another file with --openclaw-config); nothing was changed`);
  }
  if (cfg === null || typeof cfg !== "object" || Array.isArray(cfg)) throw new UsageError(`${opts.file} does not hold a JSON5 object; nothing was changed`);
  const edits = editsFor(cfg as Record<string, unknown>, opts);
  if (edits.length === 0) return text;
  const jsoncErrors: ParseError[] = [];
  parseJsonc(text, jsoncErrors, { allowTrailingComma: true });
  if (text.trim() !== "" && jsoncErrors.length === 0) {
    let out = text;
    for (const e of edits) out = applyEdits(out, modify(out, e.path, e.value, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
    return out;
  }
  const obj = cfg as Record<string, unknown>;
  const hadPlugins = obj.plugins !== undefined;
  for (const e of edits) setPath(obj, e.path, e.value);
  // No plugins section yet (the usual first time): add it as text, so the rest keeps its comments.
  const appended = hadPlugins ? undefined : appendSection(text, "plugins", obj.plugins);
  if (appended !== undefined && sameValue(appended, obj)) return appended;
  return JSON5.stringify(obj, null, 2) + "\n";
}

/** `key: value` added as the last member of the text's top-level object; undefined when the text does not end with one. */
function appendSection(text: string, key: string, value: unknown): string | undefined {
  const end = text.lastIndexOf("}");
  if (end < 0) return undefined;
  const before = text.slice(0, end).replace(/\s*$/, "");
  // The comma goes after the last value, before a comment that may end its line (comments
  // blanked to find it; a "//" inside a string only makes this fail the check, never pass it).
  const code = before.replace(/\/\/[^\n]*$/gm, (c) => " ".repeat(c.length)).trimEnd();
  const head = /[{,]$/.test(code) ? before : `${before.slice(0, code.length)},${before.slice(code.length)}`;
  const body = JSON5.stringify(value, null, 2).replace(/\n/g, "\n  ");
  return `${head}\n  ${key}: ${body},\n${text.slice(end)}`;
}

/** Whether the text parses to exactly this value (the check that a textual edit changed nothing else). */
function sameValue(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON5.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** The smallest set of edits that connect the config (none when it is connected). */
function editsFor(cfg: Record<string, unknown>, opts: { pluginDir: string; workspace: string }): Edit[] {
  const edits: Edit[] = [];
  const plugins = obj(cfg.plugins);
  const paths = Array.isArray(obj(plugins.load).paths) ? (obj(plugins.load).paths as unknown[]) : undefined;
  const already = paths?.some((p) => typeof p === "string" && path.resolve(p.replace(/^~(?=\/|$)/, os.homedir())) === opts.pluginDir);
  if (!already) edits.push(paths === undefined ? { path: ["plugins", "load", "paths"], value: [opts.pluginDir] } : { path: ["plugins", "load", "paths", paths.length], value: opts.pluginDir });
  if (obj(plugins.slots).memory !== OPENCLAW_PLUGIN_ID) edits.push({ path: ["plugins", "slots", "memory"], value: OPENCLAW_PLUGIN_ID });
  const entry = obj(obj(plugins.entries)[OPENCLAW_PLUGIN_ID]);
  const base = ["plugins", "entries", OPENCLAW_PLUGIN_ID];
  if (entry.enabled !== true) edits.push({ path: [...base, "enabled"], value: true });
  if (obj(entry.config).workspace !== opts.workspace) edits.push({ path: [...base, "config", "workspace"], value: opts.workspace });
  if (obj(entry.hooks).allowConversationAccess !== true) edits.push({ path: [...base, "hooks", "allowConversationAccess"], value: true });
  return edits;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function setPath(root: Record<string, unknown>, keys: (string | number)[], value: unknown): void {
  let at: Record<string | number, unknown> = root;
  keys.slice(0, -1).forEach((k, i) => {
    const next = at[k];
    if (next === null || typeof next !== "object") at[k] = typeof keys[i + 1] === "number" ? [] : {};
    at = at[k] as Record<string | number, unknown>;
  });
  at[keys[keys.length - 1]!] = value;
}

/** OpenClaw's config as `agent connect openclaw` would write it; the file is named by --openclaw-config, $OPENCLAW_CONFIG_PATH or the default. */
export function planOpenClawConnect(o: ConnectOptions, pluginDir: string = packageRoot()): FileChange[] {
  const file = openClawConfigPath(o.configFile, o.env);
  if (!existsSync(path.join(pluginDir, "openclaw.plugin.json"))) throw new Error(`${pluginDir} has no openclaw.plugin.json: reinstall agent-memory-engine`);
  refuseNonFile(file);
  const before = read(file);
  // Made again from the file as it is at the rename when OpenClaw rewrote it meanwhile (nothing of its is lost).
  const edit = (text: string | null) => connectedConfig(text ?? "", { pluginDir, workspace: path.resolve(o.workspace), file });
  // OpenClaw locks its config around every write of its own: held around ours too.
  return [{ file, before, after: edit(before), what: "memory plugin", edit, lock: openClawLock(file) }];
}

/** OpenClaw's config with our plugin taken out (the backup's bytes when nothing else changed since). */
export function planOpenClawDisconnect(o: ConnectOptions, pluginDir: string = packageRoot()): FileChange[] {
  const file = openClawConfigPath(o.configFile, o.env);
  refuseNonFile(file);
  // What connect makes of a text, to tell the backup's bytes (nothing touched since) from the person's edits.
  const connected = (t: string | null) => connectedConfig(t ?? "", { pluginDir, workspace: path.resolve(o.workspace), file });
  return [{ ...undo(file, "memory plugin", (t) => (t === null ? null : disconnectedConfig(t, { pluginDir, file })), connected), lock: openClawLock(file) }];
}

function refuseNonFile(file: string): void {
  if (existsSync(file) && !statSync(file).isFile()) throw new UsageError(`${file} is not a regular file; give OpenClaw's config file with --openclaw-config`);
}

/** Where OpenClaw is connected: its config's agent-memory entry, when it has the memory slot. */
export function openClawStatus(env: NodeJS.ProcessEnv, configFile?: string): Connection[] {
  const file = openClawConfigPath(configFile, env);
  const text = read(file);
  if (text === null) return [];
  let cfg: Record<string, unknown>;
  try {
    cfg = obj(JSON5.parse(text));
  } catch {
    return [];
  }
  const plugins = obj(cfg.plugins);
  const entry = obj(obj(plugins.entries)[OPENCLAW_PLUGIN_ID]);
  if (obj(plugins.slots).memory !== OPENCLAW_PLUGIN_ID || entry.enabled !== true) return [];
  const ws = obj(entry.config).workspace;
  const loads = (Array.isArray(obj(plugins.load).paths) ? (obj(plugins.load).paths as unknown[]) : []).filter((p): p is string => typeof p === "string");
  // Our folder among the load paths (its manifest names the plugin); when none is there, the ones that are gone (a moved package).
  const ours = loads.filter((p) => manifestId(p) === OPENCLAW_PLUGIN_ID);
  const paths = (ours.length > 0 ? ours : loads.filter((p) => !existsSync(p))).map((p) => ({ what: "plugin folder", path: p }));
  return [{ harness: "openclaw", scope: "user", file, workspace: typeof ws === "string" ? ws : null, paths }];
}

function manifestId(dir: string): unknown {
  try {
    return (JSON.parse(readFileSync(path.join(dir, "openclaw.plugin.json"), "utf8")) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

/**
 * The config text with what connect added taken out: our folder from plugins.load.paths, the
 * memory slot when it is ours, our entry; a section that leaves empty goes too. Same text when
 * none of it is there. Edited in place like connectedConfig (JSON with comments keeps them).
 */
export function disconnectedConfig(text: string, opts: { pluginDir: string; file: string }): string {
  let cfg: unknown;
  try {
    cfg = text.trim() === "" ? {} : JSON5.parse(text);
  } catch (e) {
    throw new UsageError(`${opts.file} is not valid JSON5 (${(e as Error).message}); fix it (or give another file with --openclaw-config); nothing was changed`);
  }
  const removals = removalsFor(obj(cfg), opts.pluginDir);
  if (removals.length === 0) return text;
  const jsoncErrors: ParseError[] = [];
  parseJsonc(text, jsoncErrors, { allowTrailingComma: true });
  const inPlace = jsoncErrors.length === 0;
  let out = text;
  const value = obj(cfg);
  for (const keys of [...removals, ...EMPTY_SECTIONS]) {
    const current = keys.reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string | number, unknown>)[k] : undefined), inPlace ? parseJsonc(out, [], { allowTrailingComma: true }) : value);
    const section = EMPTY_SECTIONS.includes(keys);
    if (current === undefined || (section && !isEmpty(current))) continue;
    if (inPlace) out = applyEdits(out, modify(out, keys, undefined, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
    else deletePath(value, keys);
  }
  return inPlace ? out : JSON5.stringify(value, null, 2) + "\n";
}

/** Sections connect may have created, innermost first: removed when removing ours left them empty. */
const EMPTY_SECTIONS: (string | number)[][] = [["plugins", "load", "paths"], ["plugins", "load"], ["plugins", "slots"], ["plugins", "entries"], ["plugins"]];

function isEmpty(v: unknown): boolean {
  return Array.isArray(v) ? v.length === 0 : v !== null && typeof v === "object" && Object.keys(v).length === 0;
}

/** Our paths in the config, array items last-first (so earlier indexes hold while removing). */
function removalsFor(cfg: Record<string, unknown>, pluginDir: string): (string | number)[][] {
  const plugins = obj(cfg.plugins);
  const out: (string | number)[][] = [];
  const paths = Array.isArray(obj(plugins.load).paths) ? (obj(plugins.load).paths as unknown[]) : [];
  for (let i = paths.length - 1; i >= 0; i--) {
    const p = paths[i];
    if (typeof p === "string" && path.resolve(p.replace(/^~(?=\/|$)/, os.homedir())) === pluginDir) out.push(["plugins", "load", "paths", i]);
  }
  if (obj(plugins.slots).memory === OPENCLAW_PLUGIN_ID) out.push(["plugins", "slots", "memory"]);
  if (obj(plugins.entries)[OPENCLAW_PLUGIN_ID] !== undefined) out.push(["plugins", "entries", OPENCLAW_PLUGIN_ID]);
  return out;
}

function deletePath(root: Record<string, unknown>, keys: (string | number)[]): void {
  const parent = keys.slice(0, -1).reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string | number, unknown>)[k] : undefined), root);
  const last = keys[keys.length - 1]!;
  if (Array.isArray(parent) && typeof last === "number") parent.splice(last, 1);
  else if (parent !== null && typeof parent === "object") delete (parent as Record<string | number, unknown>)[last];
}

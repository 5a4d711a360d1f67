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
 * otherwise rewritten as JSON5 with the same values (its comments lost; the backup keeps them). The file is copied once to
 * `<file>.before-agent-memory` before the first change, replaced atomically (rename), and a
 * second run with the same settings changes nothing. A file that does not parse is refused.
 * The edit itself (`connectedConfig`) is pure: text in, text out.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import JSON5 from "json5";
import { applyEdits, modify, parse as parseJsonc, type ParseError } from "jsonc-parser";
import { UsageError } from "../engine/errors.js";
import { writeBackupOnce, writeConfigFile } from "../shared/config-file.js";
import { OPENCLAW_PLUGIN_ID } from "./settings.js";

export interface ConnectOpenClawResult {
  config: string;
  /** false: it was connected this way already, the file is unchanged. */
  changed: boolean;
  /** The copy of the file as it was, made before the first change (null when nothing was changed or the file is new). */
  backup: string | null;
  pluginDir: string;
}

/** OpenClaw's config file: the one given, else $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json. */
export function openClawConfigPath(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (given !== undefined) return path.resolve(given);
  if (env.OPENCLAW_CONFIG_PATH) return path.resolve(env.OPENCLAW_CONFIG_PATH);
  return path.join(env.HOME || os.homedir(), ".openclaw", "openclaw.json");
}

/** The folder OpenClaw loads the plugin from: this package's root (openclaw.plugin.json, package.json#openclaw). */
export function packageRoot(): string {
  // dist/openclaw/connect.js (or src/openclaw/connect.ts under tests) → the package root.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
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

/** Connects OpenClaw's config file to the workspace: backup once, atomic replace, nothing when already connected. */
export function connectOpenClaw(opts: { workspace: string; configFile?: string; pluginDir?: string }): ConnectOpenClawResult {
  const file = openClawConfigPath(opts.configFile);
  const pluginDir = opts.pluginDir ?? packageRoot();
  if (!existsSync(path.join(pluginDir, "openclaw.plugin.json"))) throw new Error(`${pluginDir} has no openclaw.plugin.json: reinstall agent-memory-engine`);
  const exists = existsSync(file);
  if (exists && !statSync(file).isFile()) throw new UsageError(`${file} is not a regular file; give OpenClaw's config file with --openclaw-config`);
  const before = exists ? readFileSync(file, "utf8") : "";
  const edit = (text: string | null) => connectedConfig(text ?? "", { pluginDir, workspace: path.resolve(opts.workspace), file });
  if (edit(before) === before) return { config: file, changed: false, backup: null, pluginDir };
  let backup: string | null = null;
  if (exists) {
    backup = `${file}.before-agent-memory`;
    writeBackupOnce(backup, before);
  }
  // Through a link to its target, with its mode and owner, made again if OpenClaw rewrites it meanwhile.
  writeConfigFile(file, edit);
  return { config: file, changed: true, backup, pluginDir };
}

/**
 * Editing a person's assistant config so that only our entries change: pure functions from a
 * file's text (null: no file) to its new text (null: no file). JSON files are edited with
 * jsonc-parser's in-place edits, so their comments, order and formatting stay; a TOML file gets
 * one marked block at its end. Each `add` is idempotent (adding twice gives the same text),
 * and `remove(add(x))` gives back `x` when nothing else changed in between (the undo of
 * `agent disconnect` restores the backup's bytes in that case anyway).
 */
import jsonc from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { parseJsonc } from "../workspace/jsonc.js";
import { MCP_READ_ONLY_TOOLS } from "../contract/tools.js";
import { removeTomlTables, tomlHeaders } from "./toml-tables.js";

/** The name of our MCP server and the mark of everything else we write. */
export const SERVER_NAME = "agent-memory";

export class ConfigParseError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file} cannot be parsed (${reason}); nothing was changed — fix or move it, then run the command again`);
    this.name = "ConfigParseError";
  }
}

const FORMAT: jsonc.FormattingOptions = { insertSpaces: true, tabSize: 2, eol: "\n" };

/** Parses a JSON(C) config; an object or nothing, else ConfigParseError naming the file. */
export function readJsonObject(file: string, text: string | null): Record<string, unknown> {
  if (text === null || text.trim() === "") return {};
  let v: unknown;
  try {
    v = parseJsonc(text);
  } catch (e) {
    throw new ConfigParseError(file, (e as Error).message);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new ConfigParseError(file, "it is not a JSON object");
  return v as Record<string, unknown>;
}

/**
 * Refuses a file where a key on `keys` (from the top) appears twice in one object: readers
 * disagree on which one counts (most take the last, an in-place edit changes the first), so
 * entries written there could be ones no reader sees.
 */
export function checkDuplicateKeys(file: string, text: string | null, keys: readonly string[]): void {
  if (text === null || text.trim() === "") return;
  let node = jsonc.parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const seen: string[] = [];
  for (const key of keys) {
    if (node === undefined || node.type !== "object") return;
    const props = (node.children ?? []).filter((p) => p.children?.[0]?.value === key);
    seen.push(key);
    if (props.length > 1) throw new ConfigParseError(file, `it has the key "${seen.join(".")}" ${props.length} times; keep one (readers use the last) and run the command again`);
    node = props[0]?.children?.[1];
  }
}

function edit(text: string, path: jsonc.JSONPath, value: unknown, opts: Partial<jsonc.ModificationOptions> = {}): string {
  return jsonc.applyEdits(text, jsonc.modify(text, path, value, { formattingOptions: FORMAT, ...opts }));
}

/**
 * Takes a member out without reformatting anything around it: the person's spacing stays as
 * they left it (a formatted removal rewrites the whitespace of the neighbouring members).
 */
function cut(text: string, path: jsonc.JSONPath): string {
  return jsonc.applyEdits(text, jsonc.modify(text, path, undefined, {}));
}

/**
 * One hook of ours per event, keyed by the harness's event name: a command, or (Claude Code's
 * `"type": "http"`) a URL the harness posts the payload to itself.
 */
export type HookCommands = Record<string, { command: string; timeout: number; async?: true } | { url: string; headers: Record<string, string>; timeout: number }>;

/** Whether a hook group (`{matcher?, hooks: [{type, command | url}]}`) is one of ours. */
export function isOurHookGroup(group: unknown, marker: string): boolean {
  const hooks = (group as { hooks?: unknown } | null)?.hooks;
  const ours = (v: unknown) => typeof v === "string" && v.includes(marker);
  return Array.isArray(hooks) && hooks.some((h) => ours((h as { command?: unknown })?.command) || ours((h as { url?: unknown })?.url));
}

/**
 * Claude Code's settings `hooks` and Codex's hooks.json (the same schema): our group per event
 * replaced in place, or appended after the person's own groups.
 */
export function addHooks(file: string, text: string | null, commands: HookCommands, marker: string): string {
  const obj = readJsonObject(file, text);
  let out = text === null || text.trim() === "" ? "{}\n" : text;
  checkDuplicateKeys(file, text, ["hooks"]);
  // `"hooks": null` is no hooks: ours become the object.
  if (obj.hooks === null) out = edit(out, ["hooks"], {});
  const hooks = (obj.hooks ?? {}) as Record<string, unknown>;
  if (obj.hooks !== undefined && obj.hooks !== null && (typeof obj.hooks !== "object" || Array.isArray(obj.hooks))) throw new ConfigParseError(file, '"hooks" is not an object');
  for (const [event, c] of Object.entries(commands)) {
    checkDuplicateKeys(file, text, ["hooks", event]);
    const group = { hooks: ["url" in c ? { type: "http", url: c.url, headers: c.headers, timeout: c.timeout } : { type: "command", command: c.command, timeout: c.timeout, ...(c.async ? { async: true } : {}) }] };
    const list = hooks[event] ?? undefined;
    if (list !== undefined && !Array.isArray(list)) throw new ConfigParseError(file, `"hooks.${event}" is not a list`);
    const at = Array.isArray(list) ? list.findIndex((g) => isOurHookGroup(g, marker)) : -1;
    if (!Array.isArray(list)) out = edit(out, ["hooks", event], [group]);
    else if (at >= 0) {
      if (JSON.stringify(list[at]) !== JSON.stringify(group)) out = edit(out, ["hooks", event, at], group);
    } else out = edit(out, ["hooks", event, list.length], group, { isArrayInsertion: true });
  }
  return out;
}

/** Takes our groups out again; an event list or a `hooks` object left empty by that goes too. */
export function removeHooks(file: string, text: string | null, marker: string): string | null {
  if (text === null) return null;
  const obj = readJsonObject(file, text);
  checkDuplicateKeys(file, text, ["hooks"]);
  const hooks = obj.hooks as Record<string, unknown> | null | undefined;
  if (hooks === undefined || hooks === null || typeof hooks !== "object") return text;
  let out = text;
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const ours = list.map((g, i) => (isOurHookGroup(g, marker) ? i : -1)).filter((i) => i >= 0);
    if (ours.length === 0) continue;
    if (ours.length === list.length) out = cut(out, ["hooks", event]);
    else for (const i of ours.reverse()) out = cut(out, ["hooks", event, i]);
  }
  const after = readJsonObject(file, out).hooks;
  if (after !== undefined && typeof after === "object" && after !== null && Object.keys(after).length === 0 && Object.keys(hooks).length > 0) out = cut(out, ["hooks"]);
  return out;
}

/** Sets `path` (e.g. ["mcpServers", "agent-memory"]) to `value`, leaving the rest as it is. */
export function setJsonEntry(file: string, text: string | null, path: string[], value: unknown): string {
  const obj = readJsonObject(file, text);
  checkDuplicateKeys(file, text, path);
  let cur: unknown = obj;
  const base = text === null || text.trim() === "" ? "{}\n" : text;
  for (let i = 0; i < path.length; i++) {
    const k = path[i]!;
    cur = (cur as Record<string, unknown>)[k];
    if (i === path.length - 1) break;
    // `"mcpServers": null` is none: the whole branch is written.
    if (cur === null || cur === undefined) return edit(base, path.slice(0, i + 1), nested(path.slice(i + 1), value));
    if (typeof cur !== "object" || Array.isArray(cur)) throw new ConfigParseError(file, `"${path.slice(0, i + 1).join(".")}" is not an object`);
  }
  if (JSON.stringify(cur) === JSON.stringify(value)) return base;
  return edit(base, path, value);
}

function nested(keys: readonly string[], value: unknown): unknown {
  return keys.reduceRight<unknown>((v, k) => ({ [k]: v }), value);
}

/** Removes `path`; its parent object goes too when that leaves it empty and it held only ours. */
export function removeJsonEntry(file: string, text: string | null, path: string[]): string | null {
  if (text === null) return null;
  const obj = readJsonObject(file, text);
  checkDuplicateKeys(file, text, path);
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
  if (parent === null || typeof parent !== "object" || !(path[path.length - 1]! in (parent as object))) return text;
  if (path.length > 1 && Object.keys(parent as object).length === 1) return cut(text, path.slice(0, -1));
  return cut(text, path);
}

const TOML_BEGIN = `# >>> ${SERVER_NAME} (written by \`agent connect codex\`; \`agent disconnect codex\` removes it)`;
const TOML_END = `# <<< ${SERVER_NAME}`;

function tomlString(s: string): string {
  return JSON.stringify(s);
}

/** Codex's config.toml: our `[mcp_servers.agent-memory]` in one marked block at the end. */
export function addTomlMcpServer(file: string, text: string | null, command: string, args: string[]): string {
  const base = removeTomlMcpServer(file, text) ?? "";
  checkToml(file, base);
  // The read-only memory tools run without asking each time (Codex would otherwise hide them
  // under approval_policy "never"): the person connected this server to be used. The tools that
  // write (memory_append, soul_accept, dream_accept…) are not approved ahead: the model cannot
  // change the person's memory without them saying so. A cold `agent mcp` on a busy machine can
  // take longer than Codex's default 10 s to start.
  const approved = MCP_READ_ONLY_TOOLS.flatMap((t) => [`[mcp_servers.${SERVER_NAME}.tools.${t}]`, `approval_mode = "approve"`]);
  const block = [TOML_BEGIN, `[mcp_servers.${SERVER_NAME}]`, `command = ${tomlString(command)}`, `args = [${args.map(tomlString).join(", ")}]`, "startup_timeout_sec = 30", ...approved, TOML_END, ""].join("\n");
  const sep = base === "" ? "" : base.endsWith("\n") ? "\n" : "\n\n";
  const out = base + sep + block;
  // A table of that name the person wrote themselves makes the file invalid: refuse, say so.
  checkToml(file, out, `it already has a [mcp_servers.${SERVER_NAME}] table of its own`);
  return out;
}

/**
 * Takes our server out of Codex's config.toml: the marked block as added, when it still holds
 * only our tables; else (Codex re-serialised the file when it saved a server of its own, which
 * drops the marker lines or leaves one stranded after its tables) our tables found by their
 * headers, when the server is ours by its command (`… mcp --workspace …`), and any marker line
 * left. A `[mcp_servers.agent-memory]` of the person's own is left as it is.
 */
export function removeTomlMcpServer(file: string, text: string | null): string | null {
  if (text === null) return null;
  const start = text.indexOf(TOML_BEGIN);
  const endAt = start < 0 ? -1 : text.indexOf(TOML_END, start);
  if (start >= 0 && endAt >= 0 && tomlHeaders(text.slice(start, endAt)).every(isOurTable)) {
    let end = endAt + TOML_END.length;
    if (text[end] === "\n") end++;
    let head = text.slice(0, start);
    // The blank line add() put before the block goes with it.
    if (head.endsWith("\n\n") && end >= text.length) head = head.slice(0, -1);
    return head + text.slice(end);
  }
  const server = ourTomlServer(text);
  if (server === "theirs") {
    if (start >= 0 && endAt < 0) throw new ConfigParseError(file, `its "${TOML_BEGIN}" block has no end line "${TOML_END}"`);
    return text;
  }
  const marks = text
    .split("\n")
    .filter((l) => l !== TOML_BEGIN && l !== TOML_END)
    .join("\n");
  const out = server === "ours" ? removeTomlTables(marks, isOurTable) : marks;
  // What Codex left after our tables (their blank separator) does not pile up at the end.
  return out === text ? text : out.replace(/\n{3,}/g, "\n\n").replace(/\n+$/, out.trim() === "" ? "" : "\n");
}

/** `[mcp_servers.agent-memory]` and its sub-tables (`.tools.<tool>`, `.env`). */
function isOurTable(path: string[]): boolean {
  return path[0] === "mcp_servers" && path[1] === SERVER_NAME;
}

/** Whether the file's `[mcp_servers.agent-memory]` is ours (its args run `… mcp --workspace …`), the person's, or absent. */
function ourTomlServer(text: string): "ours" | "theirs" | "none" {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(text) as Record<string, unknown>;
  } catch {
    return "theirs";
  }
  const servers = parsed.mcp_servers as Record<string, unknown> | undefined;
  const entry = servers?.[SERVER_NAME] as { args?: unknown } | undefined;
  if (entry === undefined) return "none";
  const args = Array.isArray(entry.args) ? entry.args : [];
  return args[1] === "mcp" && args[2] === "--workspace" ? "ours" : "theirs";
}

function checkToml(file: string, text: string, why?: string): void {
  try {
    parseToml(text);
  } catch (e) {
    throw new ConfigParseError(file, why ?? (e as Error).message.split("\n")[0]!);
  }
}

/**
 * agent.config.json, loaded and validated whole, once per engine. Each layer owns the schema
 * of its own section; this is the one place that knows every section, so a typo anywhere
 * ("serach", "search.limt") is an error naming the key and the file instead of a setting
 * silently ignored, and a bad section fails when the engine opens, not at 03:00.
 *
 * Rules a user can rely on (README, "Configuration"):
 *   - every key is optional; `null` means "not set" (the default applies) wherever it appears;
 *   - a UTF-8 byte-order mark at the start of the file is ignored;
 *   - comments (// and /* *\/) and trailing commas are allowed (JSONC); a syntax error names its line and column;
 *   - unknown keys at any level are refused, with a suggestion when one is close.
 */
import type { z } from "zod";
import { ContextConfigSchema } from "../context/config.js";
import { DreamConfigSchema } from "../jobs/dream/config.js";
import { EmbedConfigSchema } from "../embed/config.js";
import { AskConfigSchema } from "../jobs/ask/config.js";
import { EvolutionConfigSchema } from "../jobs/evolve/config.js";
import { FlushConfigSchema } from "../jobs/flush/config.js";
import { HeartbeatConfigSchema } from "../jobs/heartbeat/config.js";
import { ReflectionConfigSchema } from "../jobs/reflect/config.js";
import { ScheduleConfigSchema } from "../jobs/schedule/config.js";
import { LLMConfigSchema } from "../llm/config.js";
import { SearchConfigSchema } from "../search/config.js";
import { ConfigError, IndexConfigSchema, readConfigText } from "../workspace/config.js";
import { configPath } from "../workspace/paths.js";
import { JsoncError, parseJsonc } from "../workspace/jsonc.js";
import { provideConfigValidator, writeConfigCache } from "./config-cache.js";
import type { AgentConfig } from "./config-types.js";
import { DaemonConfigSchema } from "./daemon-config.js";

/** Every section, in the order README documents them. */
export const CONFIG_SECTIONS = {
  index: IndexConfigSchema,
  embed: EmbedConfigSchema,
  search: SearchConfigSchema,
  llm: LLMConfigSchema,
  reflection: ReflectionConfigSchema,
  context: ContextConfigSchema,
  flush: FlushConfigSchema,
  heartbeat: HeartbeatConfigSchema,
  schedule: ScheduleConfigSchema,
  evolution: EvolutionConfigSchema,
  ask: AskConfigSchema,
  dream: DreamConfigSchema,
  daemon: DaemonConfigSchema,
} as const;

/** Settings that still load (old files) but no longer do anything, and why; `agent config` leaves them out. */
const NO_EFFECT: Record<string, string> = {
  "search.autoEmbedLimit": "a search embeds only its query; notes get vectors from the daemon or `agent index`",
};

/** "line 3, column 5: expected , or }" — JSON.parse's own message does not always say where. */
function jsoncProblem(e: unknown): string {
  if (e instanceof JsoncError) return `not valid JSON at ${e.message}`;
  if (e instanceof RangeError) return e.message.includes("nested") ? `nested more than ${MAX_DEPTH} levels deep` : e.message;
  return `not valid JSON (${(e as Error).message})`;
}

/** Top-level keys that are notes for people, not settings (older files used them for comments). */
const NOTE_KEYS = new Set(["$comment", "$schema"]);

export type SectionName = keyof typeof CONFIG_SECTIONS;
export const SECTION_NAMES = Object.keys(CONFIG_SECTIONS) as SectionName[];

export type { AgentConfig } from "./config-types.js";

export function loadAgentConfig(workspace: string): AgentConfig {
  const file = configPath(workspace);
  let raw: Record<string, unknown> = {};
  let text: string | null;
  try {
    text = readConfigText(workspace);
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); check its permissions`);
  }
  const exists = text !== null;
  if (text !== null) {
    let parsed: unknown;
    try {
      parsed = parseJsonc(text, MAX_DEPTH + 1);
    } catch (e) {
      throw new ConfigError(`${file}: ${jsoncProblem(e)}; fix the file or move it away to use the defaults`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${file}: must hold a JSON object like {"search": {"limit": 5}}`);
    }
    try {
      raw = withoutNulls(parsed) as Record<string, unknown>;
    } catch (e) {
      throw new ConfigError(`${file}: ${(e as Error).message}; no setting is nested that deep — fix the file or move it away to use the defaults`);
    }
  }
  const config = validateAgentConfig(file, raw, exists);
  writeConfigCache(workspace, text, config);
  return config;
}

provideConfigValidator(loadAgentConfig);

/** Validates a whole config object (already free of nulls); errors name the file and every bad key. */
export function validateAgentConfig(file: string, raw: Record<string, unknown>, exists = true): AgentConfig {
  const problems: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!(key in CONFIG_SECTIONS) && !NOTE_KEYS.has(key)) problems.push(unknownKey(key, SECTION_NAMES));
  }
  const out: Record<string, unknown> = {};
  for (const name of SECTION_NAMES) {
    const schema: z.ZodType = CONFIG_SECTIONS[name];
    const value = raw[name] ?? {};
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const i of result.error.issues) {
        if (i.code === "unrecognized_keys") {
          for (const k of i.keys) problems.push(unknownKey([name, ...i.path.map(String), k].join("."), knownKeysAt(CONFIG_SECTIONS[name], i.path)));
        } else {
          problems.push(`${[name, ...i.path.map(String)].join(".")}: ${i.message}`);
        }
      }
      continue;
    }
    // Sections that are not strict drop unknown keys silently; find them by comparing.
    for (const k of droppedKeys(value, result.data, name)) problems.push(unknownKey(k, []));
    out[name] = result.data;
  }
  if (problems.length > 0) throw new ConfigError(`${file}: ${problems.join("; ")}`);
  const warnings = Object.entries(NO_EFFECT)
    .filter(([key]) => valueAt(raw, key) !== undefined)
    .map(([key, why]) => `${file}: ${key} no longer has any effect (${why}); remove it`);
  return { file, exists, raw, ...(warnings.length > 0 ? { warnings } : {}), ...(out as Omit<AgentConfig, "file" | "exists" | "raw" | "warnings">) };
}

function valueAt(raw: Record<string, unknown>, dotted: string): unknown {
  let v: unknown = raw;
  for (const k of dotted.split(".")) v = isPlainObject(v) ? v[k] : undefined;
  return v;
}

/** No setting is nested deeper than this; a deeper file is refused before it is walked. */
const MAX_DEPTH = 32;

/** `null` means "not set" everywhere in the file: drop those keys so defaults apply. */
export function withoutNulls(v: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new RangeError(`nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(v)) return v.map((x) => withoutNulls(x, depth + 1));
  if (typeof v === "object" && v !== null) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== null) o[k] = withoutNulls(x, depth + 1);
    return o;
  }
  return v;
}

function droppedKeys(input: unknown, output: unknown, at: string): string[] {
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (!(k in output)) out.push(`${at}.${k}`);
    else out.push(...droppedKeys(v, output[k], `${at}.${k}`));
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function knownKeysAt(schema: z.ZodType, path: PropertyKey[]): string[] {
  let s: unknown = schema;
  for (const p of [...path]) {
    s = unwrap(s);
    const shape = (s as { shape?: Record<string, unknown> }).shape;
    if (!shape || typeof p !== "string" || !(p in shape)) return [];
    s = shape[p];
  }
  const shape = (unwrap(s) as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Looks through default/optional/prefault wrappers to the object schema inside. */
function unwrap(s: unknown): unknown {
  let cur = s as { def?: { innerType?: unknown }; shape?: unknown } | undefined;
  for (let i = 0; i < 8 && cur && !cur.shape && cur.def?.innerType; i++) cur = cur.def.innerType as typeof cur;
  return cur;
}

function unknownKey(key: string, known: readonly string[]): string {
  const last = key.split(".").pop()!;
  const close = known.find((k) => editDistance(k.toLowerCase(), last.toLowerCase()) <= 2);
  const hint = close ? ` (did you mean "${close}"?)` : known.length > 0 ? ` (known keys: ${known.join(", ")})` : "";
  return `unknown key "${key}"${hint}; remove it or fix its spelling`;
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length]![b.length]!;
}

export interface ConfigEntry {
  /** Dotted key, e.g. "search.limit". */
  key: string;
  value: unknown;
  /** "file" when agent.config.json sets it, else "default". */
  source: "file" | "default";
}

/**
 * The effective configuration, leaf by leaf, with where each value came from (`agent config`).
 * Every key the schema knows appears, set or not (an optional one without a default shows
 * null), except those that no longer do anything.
 */
export function configEntries(cfg: AgentConfig): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  const walk = (schema: unknown, value: unknown, raw: unknown, key: string) => {
    const shape = (unwrap(schema) as { shape?: Record<string, unknown> } | undefined)?.shape;
    // A record (keys the user picks) has no shape: its own keys are the leaves.
    const keys = shape ? Object.keys(shape) : isPlainObject(value) ? Object.keys(value) : [];
    if (keys.length > 0 && (shape || isPlainObject(value))) {
      for (const k of keys) {
        const sub = `${key}.${k}`;
        if (sub in NO_EFFECT) continue;
        walk(shape?.[k], isPlainObject(value) ? value[k] : undefined, isPlainObject(raw) ? raw[k] : undefined, sub);
      }
      return;
    }
    out.push({ key, value: value ?? null, source: raw !== undefined ? "file" : "default" });
  };
  for (const name of SECTION_NAMES) walk(CONFIG_SECTIONS[name], cfg[name], cfg.raw[name], name);
  return out;
}

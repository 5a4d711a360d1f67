import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  AskConfigSchema
} from "./chunk-QAMZSPMF.js";
import {
  FlushConfigSchema,
  HeartbeatConfigSchema,
  ReflectionConfigSchema,
  ScheduleConfigSchema
} from "./chunk-EYPOEGPV.js";
import {
  EvolutionConfigSchema
} from "./chunk-C7GQ5C77.js";
import {
  ConfigError,
  ContextConfigSchema,
  IndexConfigSchema,
  TimeZoneSchema
} from "./chunk-PUIWUURG.js";
import {
  provideConfigValidator,
  writeConfigCache
} from "./chunk-IH6GUBBK.js";
import {
  configPath
} from "./chunk-U66UVQVN.js";
import {
  LLMConfigSchema
} from "./chunk-QD2MJU4L.js";
import {
  EmbedConfigSchema
} from "./chunk-IWEEPCH3.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";

// dist/engine/config.js
import { existsSync, readFileSync } from "node:fs";

// dist/search/config.js
var SearchConfigSchema = external_exports.object({
  limit: external_exports.number().int().positive().max(1e3).default(10),
  /** hybrid: keyword + vector; keyword: FTS5 only; vector: embeddings only. */
  mode: external_exports.enum(["hybrid", "keyword", "vector"]).default("hybrid"),
  /** Each list contributes limit x this many candidates before fusion and MMR. */
  candidateMultiplier: external_exports.number().int().min(1).max(100).default(5),
  keyword: external_exports.object({
    /** BM25 column weights: the heading path is short and telling, so it counts more. */
    headingWeight: external_exports.number().min(0).max(100).default(2),
    bodyWeight: external_exports.number().min(0).max(100).default(1)
  }).strict().prefault({}),
  fusion: external_exports.object({
    method: external_exports.enum(["weighted", "rrf"]).default("weighted"),
    /** Vector share of the weighted sum. Unset: the per-model default (DEFAULT_VECTOR_WEIGHTS). */
    vectorWeight: external_exports.number().min(0).max(1).optional(),
    rrfK: external_exports.number().positive().default(60),
    keywordNorm: external_exports.enum(["max", "minmax"]).default("max"),
    vectorNorm: external_exports.enum(["max", "minmax"]).default("minmax")
  }).strict().prefault({}),
  recency: external_exports.object({
    enabled: external_exports.boolean().default(true),
    halfLifeDays: external_exports.number().positive().default(30),
    /**
     * Share of the score an arbitrarily old note keeps (see recency.ts). Measured on
     * LoCoMo, whose questions are spread evenly over the past: floor 0.7 cost 2.8 points
     * of R@1, 0.85 cost 1.4, 0.95 cost 0.4. 0.9 keeps recency a tie-breaker (newer
     * wins among near-equals, as an assistant's user expects) at about a point.
     */
    floor: external_exports.number().min(0).max(1).default(0.9)
  }).strict().prefault({}),
  mmr: external_exports.object({
    /** 1 = pure relevance, lower = more diversity. */
    lambda: external_exports.number().min(0).max(1).default(0.7),
    /**
     * Similarity assumed between two chunks of the same file (at least): a second chunk
     * of a note already shown must earn its place against other notes.
     */
    sameFileSimilarity: external_exports.number().min(0).max(1).default(1)
  }).strict().prefault({}),
  dates: external_exports.object({
    /** boost: dated notes inside a date the query names rank higher; filter: only those; off. */
    mode: external_exports.enum(["boost", "filter", "off"]).default("boost"),
    boost: external_exports.number().min(1).max(100).default(2),
    /** IANA zone for "yesterday", "last week"...; default: the machine's. */
    timeZone: TimeZoneSchema.optional()
  }).strict().prefault({}),
  /**
   * The relevance floor (evidence.ts): a result is returned only when it is evidence,
   * i.e. its keyword coverage or its cosine reaches these absolute levels. When nothing
   * does, search answers with no results and a reason.
   */
  floor: external_exports.object({
    enabled: external_exports.boolean().default(true),
    /**
     * IDF-weighted share of the query's content words a chunk must contain. 0.15: the
     * highest level on a 0.05 grid that cost at most 1 point of recall@5 on both
     * LoCoMo and SciFact (README, "Search quality").
     */
    keywordCoverage: external_exports.number().min(0).max(1).default(0.15),
    /** Cosine a chunk must reach by meaning alone; unset: the level calibrated for the model. */
    vectorCosine: external_exports.number().min(-1).max(1).optional(),
    /** Results scoring below this are left out (what --min-score sets per query). */
    minScore: external_exports.number().min(0).optional()
  }).strict().prefault({}),
  /**
   * No longer used: a search embeds only its own query and never waits for notes' vectors
   * (the daemon or `agent index` embeds them). Still accepted so that older configs load.
   */
  autoEmbedLimit: external_exports.number().int().min(0).default(64)
}).strict();

// dist/engine/daemon-config.js
var DaemonConfigSchema = external_exports.object({
  http: external_exports.object({
    enabled: external_exports.boolean().default(false),
    port: external_exports.number().int().min(1).max(65535).default(7357),
    /** Extra Host/Origin values to accept besides 127.0.0.1 and localhost (e.g. a reverse proxy name). */
    allowedHosts: external_exports.array(external_exports.string().min(1)).default([])
  }).strict().prefault({}),
  /** Privacy scope of clients that do not name one: main sees everything; group and isolated never see private files. */
  session: external_exports.enum(["main", "group", "isolated"]).default("main")
}).strict();

// dist/engine/config.js
var CONFIG_SECTIONS = {
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
  daemon: DaemonConfigSchema
};
var NOTE_KEYS = /* @__PURE__ */ new Set(["$comment", "$schema"]);
var SECTION_NAMES = Object.keys(CONFIG_SECTIONS);
function loadAgentConfig(workspace) {
  const file = configPath(workspace);
  const exists = existsSync(file);
  let raw = {};
  let text = null;
  if (exists) {
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      throw new ConfigError(`${file}: cannot be read (${e.code ?? e.message}); check its permissions`);
    }
    let parsed;
    try {
      parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
    } catch (e) {
      throw new ConfigError(`${file}: not valid JSON (${e.message}); fix the file or move it away to use the defaults`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${file}: must hold a JSON object like {"search": {"limit": 5}}`);
    }
    try {
      raw = withoutNulls(parsed);
    } catch (e) {
      throw new ConfigError(`${file}: ${e.message}; no setting is nested that deep \u2014 fix the file or move it away to use the defaults`);
    }
  }
  const config = validateAgentConfig(file, raw, exists);
  writeConfigCache(workspace, text, config);
  return config;
}
provideConfigValidator(loadAgentConfig);
function validateAgentConfig(file, raw, exists = true) {
  const problems = [];
  for (const key of Object.keys(raw)) {
    if (!(key in CONFIG_SECTIONS) && !NOTE_KEYS.has(key))
      problems.push(unknownKey(key, SECTION_NAMES));
  }
  const out = {};
  for (const name of SECTION_NAMES) {
    const schema = CONFIG_SECTIONS[name];
    const value = raw[name] ?? {};
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const i of result.error.issues) {
        if (i.code === "unrecognized_keys") {
          for (const k of i.keys)
            problems.push(unknownKey([name, ...i.path.map(String), k].join("."), knownKeysAt(CONFIG_SECTIONS[name], i.path)));
        } else {
          problems.push(`${[name, ...i.path.map(String)].join(".")}: ${i.message}`);
        }
      }
      continue;
    }
    for (const k of droppedKeys(value, result.data, name))
      problems.push(unknownKey(k, []));
    out[name] = result.data;
  }
  if (problems.length > 0)
    throw new ConfigError(`${file}: ${problems.join("; ")}`);
  return { file, exists, raw, ...out };
}
var MAX_DEPTH = 32;
function withoutNulls(v, depth = 0) {
  if (depth > MAX_DEPTH)
    throw new RangeError(`nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(v))
    return v.map((x) => withoutNulls(x, depth + 1));
  if (typeof v === "object" && v !== null) {
    const o = {};
    for (const [k, x] of Object.entries(v))
      if (x !== null)
        o[k] = withoutNulls(x, depth + 1);
    return o;
  }
  return v;
}
function droppedKeys(input, output, at) {
  if (!isPlainObject(input) || !isPlainObject(output))
    return [];
  const out = [];
  for (const [k, v] of Object.entries(input)) {
    if (!(k in output))
      out.push(`${at}.${k}`);
    else
      out.push(...droppedKeys(v, output[k], `${at}.${k}`));
  }
  return out;
}
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function knownKeysAt(schema, path) {
  let s = schema;
  for (const p of [...path]) {
    s = unwrap(s);
    const shape2 = s.shape;
    if (!shape2 || typeof p !== "string" || !(p in shape2))
      return [];
    s = shape2[p];
  }
  const shape = unwrap(s).shape;
  return shape ? Object.keys(shape) : [];
}
function unwrap(s) {
  let cur = s;
  for (let i = 0; i < 8 && cur && !cur.shape && cur.def?.innerType; i++)
    cur = cur.def.innerType;
  return cur;
}
function unknownKey(key, known) {
  const last = key.split(".").pop();
  const close = known.find((k) => editDistance(k.toLowerCase(), last.toLowerCase()) <= 2);
  const hint = close ? ` (did you mean "${close}"?)` : known.length > 0 ? ` (known keys: ${known.join(", ")})` : "";
  return `unknown key "${key}"${hint}; remove it or fix its spelling`;
}
function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++)
    d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}
function configEntries(cfg) {
  const out = [];
  const walk = (value, raw, key) => {
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      for (const [k, v] of Object.entries(value))
        walk(v, isPlainObject(raw) ? raw[k] : void 0, `${key}.${k}`);
      return;
    }
    out.push({ key, value: value ?? null, source: raw !== void 0 ? "file" : "default" });
  };
  for (const name of SECTION_NAMES)
    walk(cfg[name], cfg.raw[name], name);
  return out;
}

export {
  CONFIG_SECTIONS,
  SECTION_NAMES,
  loadAgentConfig,
  validateAgentConfig,
  withoutNulls,
  configEntries
};
//# sourceMappingURL=chunk-OUS7ZWNF.js.map

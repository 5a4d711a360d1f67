import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  isValidTimeZone
} from "./chunk-UWHEQYUJ.js";
import {
  STOP_WORDS
} from "./chunk-JKQF62IV.js";
import {
  configPath
} from "./chunk-U66UVQVN.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";
import {
  cosine
} from "./chunk-AKCMT4GJ.js";

// dist/workspace/config.js
import { existsSync, readFileSync } from "node:fs";
var ConfigError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ConfigError";
  }
};
var IndexConfigSchema = external_exports.object({
  /** Target chunk size in estimated tokens; see README "Chunking" for the measurement. */
  chunkTokens: external_exports.number().int().min(32).max(8192).default(400),
  /** Lines repeated from the end of one chunk at the start of the next, in tokens. */
  overlapTokens: external_exports.number().int().min(0).max(2048).default(80),
  /** Files larger than this are indexed only up to it (cut at a line end). */
  maxFileBytes: external_exports.number().int().min(1024).default(5 * 1024 * 1024),
  /** Largest single append to a daily note (MCP memory_append, the flush), in UTF-8 bytes. */
  maxAppendBytes: external_exports.number().int().min(256).default(64 * 1024),
  /** Serve (memory_get, ask, boot) regular files with more than one hard link; off because a hard link can expose a file outside the workspace. */
  allowHardLinks: external_exports.boolean().default(false)
}).strict();
function loadConfig(workspace) {
  const file = configPath(workspace);
  let raw = {};
  if (existsSync(file)) {
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      throw new ConfigError(`${file}: not valid JSON (${e.message}); fix the file or move it away to use defaults`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`${file}: must hold a JSON object`);
    }
    raw = parsed;
  }
  return { file, raw, index: configSection({ file, raw }, "index", IndexConfigSchema) };
}
function configSection(cfg, key, schema) {
  const result = schema.safeParse(cfg.raw[key] ?? {});
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${[key, ...i.path.map(String)].join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`${cfg.file}: ${issues}`);
  }
  return result.data;
}

// dist/workspace/time-zone-schema.js
var TimeZoneSchema = external_exports.string().min(1).refine(isValidTimeZone, { message: 'not a time zone name this system knows (expected e.g. "Europe/Berlin" or "UTC")' });

// dist/context/config.js
var ContextConfigSchema = external_exports.object({
  perFileChars: external_exports.number().int().min(200).max(1e6).default(4e3),
  totalChars: external_exports.number().int().min(500).max(4e6).default(16e3),
  /** How many search results a `--query` adds. */
  memoryResults: external_exports.number().int().min(0).max(50).default(5),
  /** Zone that decides "today" and "yesterday" (and the daily note a flush appends to). */
  timeZone: TimeZoneSchema.optional()
}).strict();
function contextConfig(cfg) {
  return configSection(cfg, "context", ContextConfigSchema);
}

// dist/store/memory-types.js
var MEMORY_TYPES = [
  "lesson_learned",
  "pattern_recognized",
  "relationship_event",
  "failure",
  "triumph",
  "user_preference",
  "system_knowledge",
  "decision_record",
  "process_note",
  "personality_moment"
];
var VALENCES = ["positive", "neutral", "negative"];

// dist/jobs/evolve/types.js
var MEMORY_TYPE_CONFIG = {
  user_preference: { threshold: 0.25, dailyDecay: 0.01, shareable: false, description: "what the person likes, dislikes or wants done a certain way" },
  failure: { threshold: 0.3, dailyDecay: 8e-3, shareable: true, description: "something I got wrong or that went badly" },
  system_knowledge: { threshold: 0.35, dailyDecay: 0.025, shareable: true, description: "a fact about a tool, system or setup" },
  process_note: { threshold: 0.4, dailyDecay: 0.05, shareable: true, description: "how a recurring task is done" },
  decision_record: { threshold: 0.4, dailyDecay: 0.012, shareable: true, description: "a decision that was made, and why" },
  lesson_learned: { threshold: 0.45, dailyDecay: 0.012, shareable: true, description: "what I learned and will do differently" },
  relationship_event: { threshold: 0.45, dailyDecay: 0.015, shareable: false, description: "something that happened with or between people" },
  pattern_recognized: { threshold: 0.5, dailyDecay: 0.02, shareable: false, description: "a recurring pattern (requests, moods, timing)" },
  triumph: { threshold: 0.5, dailyDecay: 0.02, shareable: true, description: "something that went notably well" },
  personality_moment: { threshold: 0.75, dailyDecay: 1e-3, shareable: true, description: "a defining moment for who I am (rare)" }
};
var SIGNALS = ["complexity", "novelty", "failure", "userInvolved", "emotionalWeight"];
var SIGNAL_WEIGHTS = {
  complexity: 0.15,
  novelty: 0.2,
  failure: 0.2,
  userInvolved: 0.2,
  emotionalWeight: 0.25
};
function isMemoryType(t) {
  return typeof t === "string" && MEMORY_TYPES.includes(t);
}
function typeLabel(t) {
  return t.replace(/_/g, " ");
}
var DAY_MS = 864e5;
function round(x, digits = 4) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
function clip01(x) {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

// dist/jobs/evolve/inject.js
var INJECT_WEIGHTS = { relevance: 0.6, vividness: 0.2, significance: 0.2 };
var DOMAIN_BONUS = 0.2;
var MIN_RELEVANCE = 0.4;
function stem(word) {
  const w = word.toLowerCase();
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3)
      return w.slice(0, -suffix.length);
  }
  return w;
}
function contentWords(text) {
  const out = /* @__PURE__ */ new Set();
  for (const m of text.normalize("NFKC").toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 2 || STOP_WORDS.has(w))
      continue;
    out.add(stem(w));
  }
  return out;
}
function domainMatches(domain, queryWords) {
  const d = contentWords(domain);
  if (d.size === 0 || domain === "general")
    return false;
  for (const w of d)
    if (queryWords.has(w))
      return true;
  return false;
}
function rankMemories(memories, opts) {
  const min = opts.minRelevance ?? MIN_RELEVANCE;
  const q = contentWords(opts.query);
  const out = [];
  for (const m of memories) {
    const v = opts.vectors?.get(m.id);
    let cos = null;
    let base;
    if (opts.queryVector && v && v.length === opts.queryVector.length) {
      cos = round(cosine(opts.queryVector, v));
      base = Math.max(0, cos);
    } else {
      const words = contentWords(`${m.content} ${m.domain}`);
      let hit = 0;
      for (const w of q)
        if (words.has(w))
          hit++;
      base = q.size === 0 ? 0 : hit / q.size;
    }
    const domainMatch = domainMatches(m.domain, q);
    const relevance = round(clip01(base + (domainMatch ? DOMAIN_BONUS : 0)));
    if (relevance < min)
      continue;
    const score = round(INJECT_WEIGHTS.relevance * relevance + INJECT_WEIGHTS.vividness * clip01(m.vividNow) + INJECT_WEIGHTS.significance * clip01(m.significance));
    out.push({ memory: m, relevance, cosine: cos, domainMatch, score });
  }
  out.sort((a, b) => b.score - a.score || b.memory.significance - a.memory.significance || a.memory.id - b.memory.id);
  return out.slice(0, Math.max(0, opts.limit));
}
function vividnessMark(v) {
  return v >= 0.7 ? "vivid" : v >= 0.4 ? "clear" : "faint";
}
function valenceMark(v) {
  return v === "positive" ? "+" : v === "negative" ? "\u2212" : "\xB7";
}
function memoryLine(m) {
  const domain = m.domain && m.domain !== "general" ? ` (${m.domain})` : "";
  return `- [${vividnessMark(m.vividNow)} ${valenceMark(m.valence)}] ${typeLabel(m.type)}${domain}: ${m.content}`;
}
var MEMORY_LEGEND = "vivid / clear / faint = how fresh the memory is; + positive, \u2212 negative, \xB7 neutral";

export {
  ConfigError,
  IndexConfigSchema,
  loadConfig,
  configSection,
  TimeZoneSchema,
  ContextConfigSchema,
  contextConfig,
  MEMORY_TYPES,
  VALENCES,
  MEMORY_TYPE_CONFIG,
  SIGNALS,
  SIGNAL_WEIGHTS,
  isMemoryType,
  typeLabel,
  DAY_MS,
  round,
  clip01,
  MIN_RELEVANCE,
  rankMemories,
  vividnessMark,
  valenceMark,
  memoryLine,
  MEMORY_LEGEND
};
//# sourceMappingURL=chunk-PUIWUURG.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  MEMORY_TYPE_CONFIG,
  MIN_RELEVANCE,
  SIGNALS,
  SIGNAL_WEIGHTS,
  TimeZoneSchema,
  clip01,
  isMemoryType,
  round
} from "./chunk-PUIWUURG.js";
import {
  j,
  timeZoneLabel,
  zonedDate,
  zonedTime
} from "./chunk-UWHEQYUJ.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";
import {
  cosine
} from "./chunk-AKCMT4GJ.js";

// dist/jobs/schedule/week.js
function isoWeekOfDate(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m)
    throw new Error(`"${date}" is not a YYYY-MM-DD date`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 864e5 + 1) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}
function isoWeekOf(ms, timeZone) {
  return isoWeekOfDate(zonedDate(ms, timeZone));
}

// dist/jobs/schedule/weekly.js
var WEEKLY_STATE_KEY = "evolution.lastWeek";
var DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
function parseWeeklyAt(text) {
  const m = /^\s*([a-z]{3})[a-z]*\s+(\d{1,2}):(\d{2})\s*$/i.exec(text);
  if (!m)
    return void 0;
  const weekday = DAYS.indexOf(m[1].toLowerCase());
  const h = Number(m[2]);
  const min = Number(m[3]);
  if (weekday < 0 || h > 23 || min > 59)
    return void 0;
  return { weekday, minutes: h * 60 + min };
}
var crons = /* @__PURE__ */ new Map();
function weeklyCron(spec, timeZone) {
  const at = parseWeeklyAt(spec);
  if (at === void 0)
    throw new Error(`"${spec}" is not a weekday and time (expected e.g. "sun 04:00")`);
  const key = `${at.weekday}|${at.minutes}|${timeZone ?? ""}`;
  let c = crons.get(key);
  if (c === void 0) {
    c = new j(`${at.minutes % 60} ${Math.floor(at.minutes / 60)} * * ${at.weekday}`, { paused: true, ...timeZone !== void 0 ? { timezone: timeZone } : {} });
    crons.set(key, c);
  }
  return c;
}
function previousWeeklyTime(spec, timeZone, atMs) {
  const prev = weeklyCron(spec, timeZone).previousRuns(1, new Date(atMs + 1))[0];
  if (prev === void 0)
    throw new Error(`no previous ${spec} in ${timeZoneLabel(timeZone)}`);
  return prev.getTime();
}
function nextWeeklyTime(spec, timeZone, fromMs) {
  const next = weeklyCron(spec, timeZone).nextRun(new Date(fromMs - 1));
  if (next === null)
    throw new Error(`no next ${spec} in ${timeZoneLabel(timeZone)}`);
  return next.getTime();
}
function weeklyStatus(input) {
  const scheduledAt = previousWeeklyTime(input.weeklyAt, input.timeZone, input.now);
  const week = isoWeekOf(scheduledAt, input.timeZone);
  const doneByState = input.lastWeek !== void 0 && input.lastWeek >= week;
  const notOwed = input.owedFrom !== void 0 && scheduledAt < input.owedFrom;
  if (doneByState || notOwed || input.evolvedSince(scheduledAt)) {
    const next = nextWeeklyTime(input.weeklyAt, input.timeZone, input.now + 1);
    const why = doneByState ? "recorded" : notOwed ? "before the first run" : `an evolution ran after ${input.weeklyAt}`;
    return {
      due: false,
      week,
      scheduledAt,
      next,
      catchUp: false,
      reason: `week ${week} is done (${why}); next at ${zonedDate(next, input.timeZone)} ${zonedTime(next, input.timeZone)} (${timeZoneLabel(input.timeZone)})`
    };
  }
  const catchUp = input.now - scheduledAt > input.graceMs;
  return {
    due: true,
    week,
    scheduledAt,
    next: input.now,
    catchUp,
    reason: catchUp ? `catch-up: weekly evolution for ${week} (due ${input.weeklyAt}) did not run` : `scheduled weekly evolution for ${week}`
  };
}

// dist/jobs/evolve/form.js
var DUPLICATE_COSINE = 0.8;
var MAX_CANDIDATES = 8;
var MAX_CONTENT_CHARS = 400;
var MAX_DOMAIN_CHARS = 40;
function significanceOf(signals) {
  let s = 0;
  for (const k of SIGNALS)
    s += SIGNAL_WEIGHTS[k] * clip01(signals[k] ?? 0);
  return round(clip01(s));
}
var TYPE_ALIASES = {
  lesson: "lesson_learned",
  learned: "lesson_learned",
  pattern: "pattern_recognized",
  relationship: "relationship_event",
  mistake: "failure",
  error: "failure",
  success: "triumph",
  win: "triumph",
  preference: "user_preference",
  knowledge: "system_knowledge",
  fact: "system_knowledge",
  decision: "decision_record",
  process: "process_note",
  howto: "process_note",
  personality: "personality_moment"
};
function normalizeType(t) {
  if (typeof t !== "string")
    return void 0;
  const k = t.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (isMemoryType(k))
    return k;
  return TYPE_ALIASES[k] ?? TYPE_ALIASES[k.split("_")[0] ?? ""];
}
function normalizeValence(v) {
  if (typeof v === "number")
    return v > 0 ? "positive" : v < 0 ? "negative" : "neutral";
  if (typeof v !== "string")
    return "neutral";
  const k = v.trim().toLowerCase();
  if (k === "positive" || k === "+" || k === "good" || k === "pos")
    return "positive";
  if (k === "negative" || k === "-" || k === "bad" || k === "neg")
    return "negative";
  return "neutral";
}
function normalizeSignal(v) {
  if (typeof v === "boolean")
    return v ? 1 : 0;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)))
    return normalizeSignal(Number(v));
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
    return 0;
  if (v <= 1)
    return v;
  if (v <= 10)
    return v / 10;
  if (v <= 100)
    return v / 100;
  return 1;
}
function oneLine(s, max) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}\u2026` : t;
}
function parseMemoryCandidates(value) {
  const candidates = [];
  let dropped = 0;
  if (!Array.isArray(value))
    return { candidates, dropped };
  for (const item of value) {
    if (candidates.length >= MAX_CANDIDATES) {
      dropped++;
      continue;
    }
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      dropped++;
      continue;
    }
    const o = item;
    const type = normalizeType(o.type ?? o.kind);
    const text = typeof o.content === "string" ? o.content : typeof o.text === "string" ? o.text : "";
    const content = oneLine(text, MAX_CONTENT_CHARS);
    if (type === void 0 || content === "") {
      dropped++;
      continue;
    }
    const rawSignals = typeof o.signals === "object" && o.signals !== null && !Array.isArray(o.signals) ? o.signals : {};
    const signals = {};
    for (const k of SIGNALS)
      signals[k] = round(normalizeSignal(rawSignals[k] ?? o[k]));
    const domainRaw = typeof o.domain === "string" ? o.domain.trim().toLowerCase() : "";
    const c = {
      type,
      content,
      domain: oneLine(domainRaw, MAX_DOMAIN_CHARS) || "general",
      valence: normalizeValence(o.valence),
      signals
    };
    if (typeof o.data === "object" && o.data !== null && !Array.isArray(o.data))
      c.data = o.data;
    candidates.push(c);
  }
  return { candidates, dropped };
}
function normalizeText(s) {
  return s.toLowerCase().normalize("NFKD").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}
function oppositeValence(a, b) {
  return a === "positive" && b === "negative" || a === "negative" && b === "positive";
}
function planFormation(candidates, existing, opts = {}) {
  const threshold = opts.duplicateCosine ?? DUPLICATE_COSINE;
  const vec = opts.vectors;
  const decisions = [];
  const created = [];
  const similar = (ci, c, otherText, otherVec) => {
    const mine = vec?.candidates[ci];
    if (vec && mine && otherVec && mine.length === otherVec.length)
      return cosine(mine, otherVec);
    return normalizeText(c.content) === normalizeText(otherText) ? 1 : 0;
  };
  candidates.forEach((c, i) => {
    const significance = significanceOf(c.signals);
    const typeThreshold = MEMORY_TYPE_CONFIG[c.type].threshold;
    if (significance < typeThreshold) {
      decisions.push({
        action: "reject",
        candidate: c,
        significance,
        threshold: typeThreshold,
        reason: `significance ${significance.toFixed(2)} is under the ${c.type} threshold ${typeThreshold.toFixed(2)}`
      });
      return;
    }
    let best;
    const consider = (target, s) => {
      if (s >= threshold && (best === void 0 || s > best.similarity))
        best = { target, similarity: s };
    };
    for (const m of [...existing].sort((a, b) => a.id - b.id)) {
      if (m.type !== c.type || oppositeValence(m.valence, c.valence))
        continue;
      consider({ kind: "memory", id: m.id }, similar(i, c, m.content, vec?.existing.get(m.id)));
    }
    for (const prev of created) {
      if (prev.c.type !== c.type || oppositeValence(prev.c.valence, c.valence))
        continue;
      consider({ kind: "candidate", index: prev.index }, similar(i, c, prev.c.content, vec?.candidates[prev.index]));
    }
    if (best !== void 0) {
      decisions.push({ action: "reinforce", candidate: c, significance, threshold: typeThreshold, target: best.target, similarity: round(best.similarity) });
    } else {
      decisions.push({ action: "create", candidate: c, significance, threshold: typeThreshold });
      created.push({ index: i, c });
    }
  });
  return decisions;
}
var REINFORCE_BONUS = 0.05;
function reinforcedSignificance(current, candidate) {
  return round(clip01(Math.max(current, candidate) + REINFORCE_BONUS));
}

// dist/jobs/evolve/config.js
var EvolutionConfigSchema = external_exports.object({
  weekly: external_exports.boolean().default(true),
  weeklyAt: external_exports.string().default("sun 04:00").refine((s) => parseWeeklyAt(s) !== void 0, { message: 'expected a weekday and time, like "sun 04:00"' }),
  timeZone: TimeZoneSchema.optional(),
  narrative: external_exports.enum(["rules", "model"]).default("rules"),
  memoryResults: external_exports.number().int().min(0).max(50).default(5),
  minRelevance: external_exports.number().min(0).max(1).default(MIN_RELEVANCE),
  duplicateCosine: external_exports.number().min(0).max(1).default(DUPLICATE_COSINE),
  name: external_exports.string().min(1).max(80).optional(),
  team: external_exports.array(external_exports.object({ name: external_exports.string().min(1).max(80), workspace: external_exports.string().min(1) }).strict()).default([])
}).strict();
function evolutionTimeZone(c) {
  return c.evolution.timeZone ?? c.schedule.timeZone ?? c.context.timeZone;
}

export {
  isoWeekOf,
  WEEKLY_STATE_KEY,
  weeklyStatus,
  parseMemoryCandidates,
  planFormation,
  reinforcedSignificance,
  EvolutionConfigSchema,
  evolutionTimeZone
};
//# sourceMappingURL=chunk-C7GQ5C77.js.map

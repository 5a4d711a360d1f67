import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  MemoryStore,
  activeViews,
  embedTexts,
  fadedOut,
  isFaded
} from "./chunk-2RZH2ITT.js";
import {
  ACTIVE_VALUES,
  CORE_IDENTITY,
  RECENT_GROWTH,
  SoulVersionStore,
  contentHash,
  countWords,
  diffStats,
  findSection,
  readSoul
} from "./chunk-D3YNOGQB.js";
import {
  openStateDbReadOnly
} from "./chunk-LTX5SA6R.js";
import {
  isProcessAlive
} from "./chunk-DDYDWEWT.js";
import {
  atomicWrite,
  createExclusive
} from "./chunk-FEQ2CM7F.js";
import {
  requireCompleteReply
} from "./chunk-Q7MNPCDJ.js";
import {
  isoWeekOf,
  planFormation,
  reinforcedSignificance
} from "./chunk-C7GQ5C77.js";
import {
  DAY_MS,
  MEMORY_TYPES,
  VALENCES,
  round,
  typeLabel
} from "./chunk-PUIWUURG.js";
import {
  zonedDate,
  zonedTime
} from "./chunk-UWHEQYUJ.js";
import {
  stateDbPath
} from "./chunk-U66UVQVN.js";

// dist/jobs/inbox.js
var InboxStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  add(item) {
    const r = this.db.prepare("INSERT INTO inbox (created_at, kind, title, body, source, run_id) VALUES (?, ?, ?, ?, ?, ?)").run(item.createdAt, item.kind, item.title, item.body, item.source ?? null, item.runId ?? null);
    return Number(r.lastInsertRowid);
  }
  /**
   * Adds the item, or replaces the one from the same source whose title starts with
   * `titlePrefix` (a report that is redone, such as a second evolution in one week, must
   * not leave two reports for one week). A replaced item keeps its id and is unread again.
   */
  replace(item, titlePrefix) {
    return this.db.transaction(() => {
      const found = this.db.prepare("SELECT id FROM inbox WHERE source IS ? AND substr(title, 1, ?) = ? ORDER BY created_at DESC, id DESC").all(item.source ?? null, titlePrefix.length, titlePrefix);
      const [keep, ...extra] = found;
      if (keep === void 0)
        return this.add(item);
      this.db.prepare("UPDATE inbox SET created_at = ?, kind = ?, title = ?, body = ?, run_id = ?, read = 0 WHERE id = ?").run(item.createdAt, item.kind, item.title, item.body, item.runId ?? null, keep.id);
      const del = this.db.prepare("DELETE FROM inbox WHERE id = ?");
      for (const e of extra)
        del.run(e.id);
      return keep.id;
    }).immediate();
  }
  /** Newest first; unread only unless `all`. */
  list(opts = {}) {
    const limit = opts.limit ?? 50;
    const rows = opts.all ? this.db.prepare("SELECT * FROM inbox ORDER BY created_at DESC, id DESC LIMIT ?").all(limit) : this.db.prepare("SELECT * FROM inbox WHERE read = 0 ORDER BY created_at DESC, id DESC LIMIT ?").all(limit);
    return rows.map(toItem);
  }
  get(id) {
    const row = this.db.prepare("SELECT * FROM inbox WHERE id = ?").get(id);
    return row === void 0 ? void 0 : toItem(row);
  }
  markRead(ids) {
    const stmt = this.db.prepare("UPDATE inbox SET read = 1 WHERE id = ?");
    this.db.transaction(() => {
      for (const id of ids)
        stmt.run(id);
    })();
  }
  unreadCount() {
    return this.db.prepare("SELECT count(*) AS n FROM inbox WHERE read = 0").get().n;
  }
};
function toItem(r) {
  return {
    id: r.id,
    createdAt: r.created_at,
    kind: r.kind,
    title: r.title,
    body: r.body,
    source: r.source,
    runId: r.run_id,
    read: r.read === 1
  };
}

// dist/jobs/runs.js
var JobRunStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  /** Records that a run started and returns its id; it stays 'running' until finished. */
  start(job, startedAt, details = {}) {
    const r = this.db.prepare("INSERT INTO job_runs (job, started_at, outcome, details) VALUES (?, ?, 'running', ?)").run(job, startedAt, JSON.stringify({ pid: process.pid, ...details }));
    return Number(r.lastInsertRowid);
  }
  finish(id, end) {
    const prev = this.get(id);
    const details = { ...prev?.details ?? {}, ...end.details ?? {} };
    this.db.prepare("UPDATE job_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?").run(end.outcome, end.endedAt, end.reason ?? null, JSON.stringify(details), id);
  }
  get(id) {
    const row = this.db.prepare("SELECT * FROM job_runs WHERE id = ?").get(id);
    return row === void 0 ? void 0 : toRun(row);
  }
  /** The newest runs, newest first; optionally of one job only. */
  recent(opts = {}) {
    const limit = opts.limit ?? 20;
    const rows = opts.job === void 0 ? this.db.prepare("SELECT * FROM job_runs ORDER BY started_at DESC, id DESC LIMIT ?").all(limit) : this.db.prepare("SELECT * FROM job_runs WHERE job = ? ORDER BY started_at DESC, id DESC LIMIT ?").all(opts.job, limit);
    return rows.map(toRun);
  }
  /** The newest run of `job` (with one of `outcomes`, when given). */
  last(job, outcomes) {
    if (outcomes === void 0)
      return this.recent({ job, limit: 1 })[0];
    const marks = outcomes.map(() => "?").join(", ");
    const row = this.db.prepare(`SELECT * FROM job_runs WHERE job = ? AND outcome IN (${marks}) ORDER BY started_at DESC, id DESC LIMIT 1`).get(job, ...outcomes);
    return row === void 0 ? void 0 : toRun(row);
  }
  /**
   * Runs left 'running' by a process that no longer exists (killed, power cut) are closed
   * as errors, so `agent jobs` does not show them running forever. Returns how many.
   */
  closeInterrupted(now) {
    const rows = this.db.prepare("SELECT * FROM job_runs WHERE outcome = 'running'").all();
    let n = 0;
    for (const r of rows.map(toRun)) {
      const pid = typeof r.details.pid === "number" ? r.details.pid : void 0;
      if (pid !== void 0 && isProcessAlive(pid))
        continue;
      this.finish(r.id, { outcome: "error", endedAt: now, reason: "interrupted: the process stopped before the run ended" });
      n++;
    }
    return n;
  }
};
function toRun(r) {
  return {
    id: r.id,
    job: r.job,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    outcome: r.outcome,
    reason: r.reason,
    details: parseJson(r.details)
  };
}
function parseJson(text) {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}
var JobStateStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  get(key) {
    const row = this.db.prepare("SELECT value FROM job_state WHERE key = ?").get(key);
    return row?.value;
  }
  set(key, value, at) {
    this.db.prepare("INSERT INTO job_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at").run(key, value, at);
  }
};
async function recordRun(runs, job, now, details, fn) {
  const startedAt = now();
  let id;
  let result;
  try {
    id = runs.start(job, startedAt, details);
    result = await fn(id);
  } catch (e) {
    result = { outcome: "error", reason: errorMessage(e) };
  }
  const endedAt = now();
  if (id !== void 0) {
    try {
      runs.finish(id, { ...result, endedAt });
      const saved = runs.get(id);
      if (saved !== void 0)
        return saved;
    } catch (e) {
      result = { outcome: "error", reason: `${result.reason ?? result.outcome}; and recording the run failed: ${errorMessage(e)}` };
    }
  }
  return {
    id: id ?? -1,
    job,
    startedAt,
    endedAt,
    outcome: result.outcome,
    reason: result.reason ?? null,
    details: { ...details, ...result.details ?? {} }
  };
}
function errorMessage(e) {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0] ?? msg;
}

// dist/jobs/evolve/snapshot.js
var TRAIT_NAMES = ["workStyle", "riskTolerance", "socialOrientation", "learningStyle", "stressResponse"];
var TRAIT_TITLES = {
  workStyle: "work style",
  riskTolerance: "risk tolerance",
  socialOrientation: "social orientation",
  learningStyle: "learning style",
  stressResponse: "stress response"
};
var PRIOR = 1;
var HIGH = 0.6;
var LOW = 0.4;
var CUE_WEIGHT = 0.25;
var CUE_CAP = 1;
var VIVID = 0.7;
var FADING = 0.3;
var TRAIT_TYPES = {
  workStyle: ["process_note", "decision_record", "system_knowledge", "pattern_recognized", "triumph"],
  riskTolerance: ["triumph", "failure"],
  socialOrientation: ["relationship_event", "user_preference", "system_knowledge", "process_note", "decision_record"],
  learningStyle: ["failure", "lesson_learned", "pattern_recognized", "system_knowledge", "process_note"],
  stressResponse: ["lesson_learned", "triumph", "failure"]
};
var CUES = {
  structured: /\b(plans?|planning|checklists?|step by step|methodical(?:ly)?|careful(?:ly)?|write (?:it |things |them )?down|document(?:s|ed|ing)?|routines?)\b/gi,
  exploratory: /\b(curious|curiosity|experiment(?:s|ing)?|explor(?:e|es|ing|ation)|try (?:new|things|out)|prototyp(?:e|es|ing)|improvis(?:e|es|ing))\b/gi,
  bold: /\b(bold(?:ly)?|decisive(?:ly)?|move fast|ship (?:it|early|fast)|take risks?|risk-taking)\b/gi,
  cautious: /\b(ask before|irreversible|double[- ]check|confirm(?:s|ing)?|backups?|safe(?:ty|ly)?|caution|cautious(?:ly)?)\b/gi,
  people: /\b(warm(?:th|ly)?|empath(?:y|etic)|listen(?:s|ing)?|relationships?|people|together|kind(?:ness)?)\b/gi,
  task: /\b(efficien(?:t|cy|tly)|results?|deliver(?:s|y|ing)?|precise(?:ly)?|precision|focus(?:ed)?|brief(?:ly)?)\b/gi,
  mistakes: /\b(mistakes?|wrong|do differently)\b/gi,
  patterns: /\b(patterns?|recurring|habits?)\b/gi,
  notes: /\b(write (?:it |things |them )?down|notes?|document(?:s|ed|ing)?)\b/gi,
  recovery: /\b(calm(?:ly)?|patien(?:t|ce)|steady|composed|without drama)\b/gi,
  setback: /\b(anxious|worr(?:y|ied)|overwhelm(?:ed)?|panic(?:ked)?)\b/gi
};
function weightOf(m) {
  return Math.max(0, m.significance) * Math.max(0, m.vividNow);
}
function soulCueText(soul) {
  if (soul === null || soul.trim() === "")
    return { text: "", from: "no SOUL.md" };
  const core = findSection(soul, CORE_IDENTITY);
  const values = findSection(soul, ACTIVE_VALUES);
  const growth = findSection(soul, RECENT_GROWTH);
  if (core && values && growth)
    return { text: `${core.text}
${values.text}`, from: "SOUL.md Core Identity and Active Values" };
  return { text: soul, from: "SOUL.md" };
}
function cues(text, name) {
  const counts = /* @__PURE__ */ new Map();
  for (const m of text.matchAll(CUES[name])) {
    const w = m[0].toLowerCase().replace(/\s+/g, " ");
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const hits = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w, n]) => n > 1 ? `"${w}" \xD7${n}` : `"${w}"`);
  return { weight: Math.min(CUE_CAP, total * CUE_WEIGHT), hits };
}
function sumWeight(ms, types) {
  let weight = 0;
  let count = 0;
  for (const m of ms) {
    if (!types.includes(m.type))
      continue;
    weight += weightOf(m);
    count++;
  }
  return { weight, count };
}
function typesText(types) {
  return types.map(typeLabel).join(", ");
}
function twoSided(name, a, b, middle, cueFrom) {
  const sa = a.weight + a.cue.weight;
  const sb = b.weight + b.cue.weight;
  const score = round((sa + PRIOR) / (sa + sb + 2 * PRIOR), 3);
  const label = score >= HIGH ? a.label : score <= LOW ? b.label : middle;
  const evidence = [];
  for (const side of [a, b]) {
    if (side.count > 0)
      evidence.push(`${side.label}: ${side.count} ${side.types} memor${side.count === 1 ? "y" : "ies"} weighing ${side.weight.toFixed(2)}`);
    if (side.cue.hits.length > 0)
      evidence.push(`${side.label}: ${cueFrom} says ${side.cue.hits.join(", ")}`);
  }
  if (evidence.length === 0)
    evidence.push(`no experience yet for ${TRAIT_TITLES[name]}`);
  return {
    label,
    score,
    inputs: {
      [a.key]: round(a.weight, 3),
      [`${a.key}Cues`]: round(a.cue.weight, 3),
      [b.key]: round(b.weight, 3),
      [`${b.key}Cues`]: round(b.cue.weight, 3)
    },
    evidence
  };
}
function memoryStats(ms) {
  const byType = Object.fromEntries(MEMORY_TYPES.map((t) => [t, 0]));
  const weightByType = Object.fromEntries(MEMORY_TYPES.map((t) => [t, 0]));
  const byValence = Object.fromEntries(VALENCES.map((v) => [v, 0]));
  const domains = /* @__PURE__ */ new Map();
  let vivid = 0;
  let fading = 0;
  let pinned = 0;
  let total = 0;
  for (const m of ms) {
    const w = weightOf(m);
    byType[m.type]++;
    weightByType[m.type] += w;
    byValence[m.valence]++;
    if (m.vividNow >= VIVID)
      vivid++;
    if (m.vividNow < FADING)
      fading++;
    if (m.pinned)
      pinned++;
    total += w;
    domains.set(m.domain, (domains.get(m.domain) ?? 0) + w);
  }
  for (const t of MEMORY_TYPES)
    weightByType[t] = round(weightByType[t], 3);
  const topDomains = [...domains.entries()].map(([domain, weight]) => ({ domain, weight: round(weight, 3) })).sort((a, b) => b.weight - a.weight || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0)).slice(0, 5);
  return { active: ms.length, vivid, fading, pinned, byType, byValence, weightByType, totalWeight: round(total, 3), topDomains };
}
function definingMemories(ms, n = 3) {
  return [...ms].sort((a, b) => weightOf(b) - weightOf(a) || b.significance - a.significance || a.createdAt - b.createdAt || a.id - b.id).slice(0, n).map((m) => ({
    id: m.id,
    type: m.type,
    content: m.content,
    domain: m.domain,
    valence: m.valence,
    significance: round(m.significance, 3),
    vividness: round(m.vividNow, 3),
    weight: round(weightOf(m), 3)
  }));
}
function deriveTraits(ms, soul) {
  const { text, from } = soulCueText(soul);
  const c = (n) => cues(text, n);
  const side = (key, label, types, cue) => ({ key, label, types: typesText(types), cue, ...sumWeight(ms, types) });
  const workStyle = twoSided("workStyle", side("structured", "methodical", ["process_note", "decision_record", "system_knowledge"], c("structured")), side("exploratory", "exploratory", ["pattern_recognized", "triumph"], c("exploratory")), "balanced", from);
  const riskTolerance = twoSided("riskTolerance", side("boldness", "bold", ["triumph"], c("bold")), side("caution", "cautious", ["failure"], c("cautious")), "measured", from);
  const socialOrientation = twoSided("socialOrientation", side("people", "people-oriented", ["relationship_event", "user_preference"], c("people")), side("task", "task-oriented", ["system_knowledge", "process_note", "decision_record"], c("task")), "balanced", from);
  const negatives = ms.filter((m) => m.valence === "negative");
  const recovering = ms.filter((m) => (m.type === "lesson_learned" || m.type === "triumph") && m.valence !== "negative" && negatives.some((n) => n.domain === m.domain && n.createdAt <= m.createdAt));
  const recoveryW = recovering.reduce((s, m) => s + weightOf(m), 0);
  const setbackW = negatives.reduce((s, m) => s + weightOf(m), 0);
  const stressResponse = twoSided("stressResponse", { key: "recovery", label: "resilient", types: "lesson or triumph after a setback in its domain", cue: c("recovery"), weight: recoveryW, count: recovering.length }, { key: "setbacks", label: "shaken", types: "negative", cue: c("setback"), weight: setbackW, count: negatives.length }, "steady", from);
  const groups = [
    { key: "mistakes", label: "learns from mistakes", types: ["failure", "lesson_learned"], cue: c("mistakes") },
    { key: "patterns", label: "learns by spotting patterns", types: ["pattern_recognized"], cue: c("patterns") },
    { key: "notes", label: "learns by writing things down", types: ["system_knowledge", "process_note"], cue: c("notes") }
  ].map((g) => {
    const w = sumWeight(ms, g.types);
    return { ...g, ...w, total: w.weight + g.cue.weight };
  });
  const sum = groups.reduce((s, g) => s + g.total, 0);
  let best = groups[0];
  for (const g of groups)
    if (g.total > best.total)
      best = g;
  const learningEvidence = [];
  for (const g of groups) {
    if (g.count > 0)
      learningEvidence.push(`${g.label}: ${g.count} ${typesText(g.types)} memor${g.count === 1 ? "y" : "ies"} weighing ${g.weight.toFixed(2)}`);
    if (g.cue.hits.length > 0)
      learningEvidence.push(`${g.label}: ${from} says ${g.cue.hits.join(", ")}`);
  }
  const learningStyle = {
    label: sum > 0 ? best.label : "still forming",
    score: sum > 0 ? round(best.total / sum, 3) : 0,
    inputs: Object.fromEntries(groups.flatMap((g) => [[g.key, round(g.weight, 3)], [`${g.key}Cues`, round(g.cue.weight, 3)]])),
    evidence: learningEvidence.length > 0 ? learningEvidence : ["no experience yet for learning style"]
  };
  return { workStyle, riskTolerance, socialOrientation, learningStyle, stressResponse };
}
var NARRATIVE_PHRASES = {
  workStyle: { methodical: "I work methodically", exploratory: "I work by exploring", balanced: "I balance structure and exploration in my work" },
  riskTolerance: { bold: "I am bold with risk", cautious: "I am cautious with risk", measured: "I take measured risks" },
  socialOrientation: { "people-oriented": "I am oriented towards people", "task-oriented": "I am oriented towards the task", balanced: "I care about people and results alike" },
  learningStyle: {
    "learns from mistakes": "I learn most from my mistakes",
    "learns by spotting patterns": "I learn by spotting patterns",
    "learns by writing things down": "I learn by writing things down",
    "still forming": "How I learn is still taking shape"
  },
  stressResponse: { resilient: "under pressure I recover and turn setbacks into lessons", shaken: "setbacks still weigh on me", steady: "under pressure I stay steady" }
};
function narrativeFromRules(traits, stats, defining) {
  const p = (t) => NARRATIVE_PHRASES[t][traits[t].label] ?? `${TRAIT_TITLES[t]}: ${traits[t].label}`;
  const parts = [
    `${p("workStyle")}, ${lower(p("riskTolerance"))}, and ${lower(p("socialOrientation"))}.`,
    `${p("learningStyle")}; ${p("stressResponse")}.`,
    stats.active === 0 ? "I have no lasting memories yet." : `I carry ${stats.active} memor${stats.active === 1 ? "y" : "ies"}, ${stats.vivid} of them vivid.`
  ];
  if (defining.length > 0) {
    parts.push(`What shaped me most: ${defining.map((d) => d.content.replace(/[.!?]+$/, "")).join("; ")}.`);
  }
  return parts.join(" ");
}
function lower(s) {
  return /^I\b/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}
function takeSnapshot(input) {
  const ms = [...input.memories].sort((a, b) => a.id - b.id);
  const traits = deriveTraits(ms, input.soul);
  const stats = memoryStats(ms);
  const defining = definingMemories(ms);
  return { traits, stats, defining, narrative: narrativeFromRules(traits, stats, defining) };
}

// dist/jobs/evolve/drift.js
var DRIFT_MIN_DELTA = 0.1;
var INPUT_MIN_DELTA = 0.05;
function detectDrift(input) {
  const { previous, next } = input;
  if (previous === null)
    return [];
  const out = [];
  for (const name of TRAIT_NAMES) {
    const a = previous[name];
    const b = next[name];
    if (a === void 0 || b === void 0)
      continue;
    const delta = round(b.score - a.score, 3);
    if (a.label === b.label && Math.abs(delta) < DRIFT_MIN_DELTA)
      continue;
    const evidence = [];
    const keys = [.../* @__PURE__ */ new Set([...Object.keys(a.inputs), ...Object.keys(b.inputs)])].sort();
    for (const k of keys) {
      const x = a.inputs[k] ?? 0;
      const y = b.inputs[k] ?? 0;
      if (Math.abs(y - x) >= INPUT_MIN_DELTA)
        evidence.push(`${k} ${x.toFixed(2)} \u2192 ${y.toFixed(2)}`);
    }
    if (input.memories && input.since !== void 0) {
      const since = input.since;
      const fresh = input.memories.filter((m) => m.createdAt > since && TRAIT_TYPES[name].includes(m.type)).sort((p, q) => weightOf(q) - weightOf(p) || p.id - q.id).slice(0, 3);
      for (const m of fresh)
        evidence.push(`new ${typeLabel(m.type)} #${m.id}: ${m.content}`);
    }
    if (evidence.length === 0)
      evidence.push(`${TRAIT_TITLES[name]} moved as memories faded or were recalled`);
    out.push({ trait: name, from: { label: a.label, score: a.score }, to: { label: b.label, score: b.score }, delta, evidence });
  }
  return out;
}
function driftLine(d) {
  return `${TRAIT_TITLES[d.trait]}: ${d.from.label} (${d.from.score.toFixed(2)}) \u2192 ${d.to.label} (${d.to.score.toFixed(2)})`;
}

// dist/jobs/evolve/cycle.js
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

// dist/jobs/evolve/formation.js
async function planMemories(input) {
  const warnings = [];
  const types = new Set(input.candidates.map((c) => c.type));
  const existing = input.store.list().filter((m) => types.has(m.type));
  if (input.embedder !== null && input.candidates.length > 0) {
    const e = input.embedder;
    try {
      const vectors = await embedTexts(e, [...input.candidates.map((c) => c.content), ...existing.map((m) => m.content)], input.cache);
      const cand = vectors.slice(0, input.candidates.length);
      const ex = /* @__PURE__ */ new Map();
      existing.forEach((m, i) => ex.set(m.id, vectors[input.candidates.length + i]));
      return {
        decisions: planFormation(input.candidates, existing, { vectors: { candidates: cand, existing: ex }, duplicateCosine: input.duplicateCosine }),
        dedupe: `cosine \u2265 ${input.duplicateCosine} (${e.modelId})`,
        warnings
      };
    } catch (err) {
      warnings.push(`embedding the memory candidates failed (${errorMessage(err)}); duplicates were found by exact text only`);
    }
  }
  return { decisions: planFormation(input.candidates, existing), dedupe: "exact text (no embedder)", warnings };
}
function emptySummary(dedupe, dryRun) {
  return { candidates: 0, created: [], reinforced: [], rejected: [], dedupe, archived: [], dryRun };
}
function applyFormation(store, plan, opts) {
  const dryRun = opts.dryRun ?? false;
  const summary = emptySummary(plan.dedupe, dryRun);
  summary.candidates = plan.decisions.length;
  const write = () => {
    const createdIds = /* @__PURE__ */ new Map();
    plan.decisions.forEach((d, i) => {
      const c = d.candidate;
      if (d.action === "reject") {
        summary.rejected.push({ type: c.type, content: c.content, significance: d.significance, threshold: d.threshold, reason: d.reason });
        return;
      }
      if (d.action === "create") {
        const id2 = dryRun ? 0 : store.insert({
          type: c.type,
          content: c.content,
          data: { ...c.data ?? {}, signals: c.signals },
          significance: d.significance,
          valence: c.valence,
          domain: c.domain,
          createdAt: opts.now,
          source: opts.source
        });
        createdIds.set(i, id2);
        summary.created.push({ id: id2, type: c.type, content: c.content, significance: d.significance });
        return;
      }
      const id = d.target.kind === "memory" ? d.target.id : createdIds.get(d.target.index) ?? 0;
      const target = dryRun || id === 0 ? void 0 : store.get(id);
      if (target !== void 0) {
        store.update(id, {
          significance: reinforcedSignificance(target.significance, d.significance),
          vividness: 1,
          vividAt: opts.now,
          reinforceCount: target.reinforceCount + 1,
          lastReinforcedAt: opts.now
        });
      }
      summary.reinforced.push({ id, type: c.type, content: target?.content ?? c.content, similarity: d.similarity });
    });
  };
  if (dryRun)
    write();
  else
    store.transaction(write);
  return summary;
}
function fadePass(store, now, opts = {}) {
  const out = [];
  const run = () => {
    for (const f of fadedOut(store.list(), now)) {
      if (!opts.dryRun)
        store.update(f.memory.id, { vividness: f.vividness, vividAt: now, archivedAt: now, archiveReason: f.reason });
      out.push({ id: f.memory.id, type: f.memory.type, content: f.memory.content, reason: f.reason });
    }
  };
  if (opts.dryRun)
    run();
  else
    store.transaction(run);
  return out;
}

// dist/jobs/evolve/narrative.js
var MAX_NARRATIVE_CHARS = 900;
function buildNarrativePrompt(input) {
  const lines = [
    "Write one paragraph (3 to 5 sentences, first person) describing who I am now, for my own system prompt.",
    "Use only the facts below; do not invent experiences, names or preferences.",
    "",
    "My traits:",
    ...TRAIT_NAMES.map((t) => `- ${TRAIT_TITLES[t]}: ${input.traits[t].label}`),
    "",
    "The experiences that shaped me most:",
    ...input.defining.length > 0 ? input.defining.map((d) => `- (${typeLabel(d.type)}) ${d.content}`) : ["- none yet"],
    "",
    "A plain version to improve on:",
    input.rulesNarrative,
    "",
    "Answer with the paragraph only."
  ];
  return {
    system: "You write short, honest self-descriptions for a personal AI assistant, grounded only in the facts given.",
    messages: [{ role: "user", content: lines.join("\n") }],
    maxTokens: 300,
    temperature: 0.3
  };
}
function parseNarrative(text) {
  let t = text.trim();
  const fenced = /^```[a-z]*\s*\n([\s\S]*?)\n```$/.exec(t);
  if (fenced)
    t = fenced[1].trim();
  t = t.replace(/^["“']|["”']$/g, "").replace(/\s+/g, " ").trim();
  if (t.length < 20 || t.startsWith("{") || t.startsWith("["))
    return void 0;
  if (t.length > MAX_NARRATIVE_CHARS) {
    const cut = t.slice(0, MAX_NARRATIVE_CHARS);
    const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
    t = end > 0 ? cut.slice(0, end + 1) : `${cut.trimEnd()}\u2026`;
  }
  return t;
}

// dist/jobs/evolve/report.js
var REPORT_MARKER = "<!-- written by `agent evolve`; an edited copy is never overwritten -->";
function weeklyReportMarkdown(r) {
  const out = [REPORT_MARKER, `# Weekly evolution ${r.week} \u2014 ${r.agent}`, ""];
  out.push(`${r.period.from} to ${r.period.to}, written ${r.generatedAt}.`, "");
  out.push("## Who I am now", "", r.narrative, "", `_(narrative by ${r.narrativeBy})_`, "");
  out.push("## SOUL.md this week", "");
  if (r.soul.versions.length === 0)
    out.push("- No new SOUL versions this week.");
  else {
    out.push(`- ${r.soul.versions.length} new version(s): +${r.soul.added} / \u2212${r.soul.removed} lines over the week.`);
    for (const v of r.soul.versions)
      out.push(`  - v${v.number} (${v.date}, ${v.origin}): ${v.summary}`);
  }
  if (r.soul.words !== null)
    out.push(`- SOUL.md now: ${r.soul.words} words.`);
  out.push("");
  const m = r.memories;
  out.push("## Memories", "");
  out.push(`- ${m.active} active, ${m.vivid} vivid, ${m.fading} fading, ${m.pinned} pinned; ${m.archivedTotal} in the archive.`);
  out.push(`- This week: ${m.formed} formed, ${m.reinforced} reinforced, ${m.recalled} recall(s), ${m.archived.length} faded into the archive.`);
  const types = MEMORY_TYPES.filter((t) => m.byType[t] > 0).map((t) => `${typeLabel(t)} ${m.byType[t]}`);
  if (types.length > 0)
    out.push(`- By type: ${types.join(", ")}.`);
  for (const a of m.archived)
    out.push(`  - archived #${a.id} (${typeLabel(a.type)}): ${a.content} \u2014 ${a.reason}`);
  out.push("");
  out.push("## Defining experiences", "");
  if (r.defining.length === 0)
    out.push("- None yet.");
  for (const d of r.defining) {
    out.push(`- #${d.id} ${typeLabel(d.type)} (${d.domain}, significance ${d.significance.toFixed(2)}, vividness ${d.vividness.toFixed(2)}): ${d.content}`);
  }
  out.push("");
  out.push("## Personality", "");
  for (const t of TRAIT_NAMES)
    out.push(`- ${TRAIT_TITLES[t]}: **${r.traits[t].label}** (${r.traits[t].score.toFixed(2)})`);
  out.push("");
  out.push("## Drift", "");
  if (!r.hadPrevious)
    out.push("- First snapshot: nothing to compare with yet.");
  else if (r.drift.length === 0)
    out.push("- No trait moved since the last snapshot.");
  for (const d of r.drift) {
    out.push(`- ${driftLine(d)}`);
    for (const e of d.evidence)
      out.push(`  - ${e}`);
  }
  out.push("");
  if (r.team.length > 0) {
    out.push("## Team", "");
    for (const line of r.team)
      out.push(`- ${line}`);
    out.push("");
  }
  return out.join("\n");
}
function teamLines(members) {
  const lines = [];
  const ready = members.filter((m) => m.traits !== null);
  for (const m of members)
    if (m.traits === null)
      lines.push(`${m.name}: ${m.note ?? "no snapshot yet"}`);
  for (let i = 0; i < ready.length; i++) {
    for (let j = i + 1; j < ready.length; j++) {
      const a = ready[i];
      const b = ready[j];
      const ta = a.traits;
      const tb = b.traits;
      const same = TRAIT_NAMES.filter((t) => ta[t].label === tb[t].label);
      const differ = TRAIT_NAMES.filter((t) => ta[t].label !== tb[t].label);
      const shared = a.domains.filter((d) => b.domains.includes(d) && d !== "general");
      const parts = [`${same.length}/${TRAIT_NAMES.length} traits alike${same.length > 0 ? ` (${same.map((t) => ta[t].label).join(", ")})` : ""}`];
      if (differ.length > 0)
        parts.push(`differ in ${differ.map((t) => `${TRAIT_TITLES[t]} (${ta[t].label} vs ${tb[t].label})`).join(", ")}`);
      parts.push(shared.length > 0 ? `shared domains: ${shared.join(", ")}` : "no shared domains yet");
      lines.push(`${a.name} \u2194 ${b.name}: ${parts.join("; ")}`);
    }
  }
  return lines;
}

// dist/jobs/evolve/cycle.js
var EVOLVE_JOB = "evolve";
async function snapshotStep(ctx, input, trigger) {
  const { store } = ctx;
  const warnings = [];
  const archived = fadePass(store, ctx.now);
  const views = activeViews(store, ctx.now).filter((m) => !isFaded(m.vividNow));
  const soul = readSoul(ctx.workspace);
  const snap = takeSnapshot({ memories: views, soul: soul.exists ? soul.text : null });
  const prev = store.latestSnapshot();
  const prevTraits = prev !== void 0 && typeof prev.traits === "object" && prev.traits !== null ? prev.traits : null;
  const drift = detectDrift({ previous: prevTraits, next: snap.traits, memories: views, ...prev !== void 0 ? { since: prev.createdAt } : {} });
  let narrative = snap.narrative;
  let narrativeBy = "rules";
  const mode = input.narrative ?? ctx.cfg.narrative;
  if (mode === "model") {
    if (!input.provider)
      warnings.push('evolution.narrative is "model" but no model is available: the narrative is by the rules');
    else {
      try {
        const provider = typeof input.provider === "function" ? input.provider() : input.provider;
        const reply = requireCompleteReply(await provider.complete({ ...buildNarrativePrompt({ traits: snap.traits, defining: snap.defining, rulesNarrative: snap.narrative }), ...input.signal ? { signal: input.signal } : {} }));
        const text = parseNarrative(reply.text);
        if (text === void 0)
          warnings.push("the model's narrative was unusable: the narrative is by the rules");
        else {
          narrative = text;
          narrativeBy = reply.model;
        }
      } catch (e) {
        if (input.signal?.aborted)
          throw e;
        warnings.push(`the model could not write the narrative (${errorMessage(e)}): the narrative is by the rules`);
      }
    }
  }
  const week = input.week ?? isoWeekOf(ctx.now, ctx.timeZone);
  const snapshotId = store.insertSnapshot({
    createdAt: ctx.now,
    trigger,
    week,
    traits: snap.traits,
    narrative,
    narrativeBy,
    defining: snap.defining,
    stats: snap.stats,
    drift,
    soulHash: soul.textHash
  });
  return {
    snapshotId,
    week,
    createdAt: ctx.now,
    traits: snap.traits,
    stats: snap.stats,
    defining: snap.defining,
    drift,
    hadPrevious: prevTraits !== null,
    narrative,
    narrativeBy,
    archived,
    warnings
  };
}
function context(input) {
  return {
    workspace: input.workspace,
    now: input.now(),
    cfg: input.config,
    timeZone: input.timeZone,
    db: input.db,
    store: new MemoryStore(input.db)
  };
}
async function takePersonalitySnapshot(input) {
  return snapshotStep(context(input), input, "manual");
}
async function runEvolution(input) {
  const ctx = context(input);
  const snap = await snapshotStep(ctx, input, "weekly");
  const { store } = ctx;
  const from = ctx.now - 7 * DAY_MS;
  const to = ctx.now + 1;
  const souls = new SoulVersionStore(ctx.db);
  const all = souls.list();
  const inWeek = all.filter((v) => v.createdAt >= from && v.createdAt < to);
  let added = 0;
  let removed = 0;
  if (inWeek.length > 0) {
    const before = [...all].reverse().find((v) => v.createdAt < from);
    const base = before !== void 0 ? souls.get(before.number)?.content ?? "" : "";
    const latest = souls.get(inWeek[inWeek.length - 1].number)?.content ?? "";
    ({ added, removed } = diffStats(base, latest));
  }
  const soulNow = readSoul(ctx.workspace);
  const soul = {
    versions: inWeek.map((v) => ({ number: v.number, date: zonedDate(v.createdAt, ctx.timeZone), origin: v.origin, summary: v.summary })),
    added,
    removed,
    words: soulNow.exists ? countWords(soulNow.text) : null
  };
  const memories = {
    active: snap.stats.active,
    vivid: snap.stats.vivid,
    fading: snap.stats.fading,
    pinned: snap.stats.pinned,
    archivedTotal: store.count({ archived: true }),
    formed: store.createdBetween(from, to),
    reinforced: store.reinforcedBetween(from, to),
    recalled: store.recallsBetween(from, to),
    byType: snap.stats.byType,
    archived: store.archivedBetween(from, to).map((m) => ({ id: m.id, type: m.type, content: m.content, reason: m.archiveReason ?? "" }))
  };
  const agent = ctx.cfg.name ?? path.basename(path.resolve(ctx.workspace));
  const team = ctx.cfg.team.length === 0 ? [] : teamLines([
    { name: agent, traits: snap.traits, domains: snap.stats.topDomains.map((d) => d.domain) },
    ...ctx.cfg.team.map((t) => readTeammate(t.name, path.resolve(ctx.workspace, t.workspace)))
  ]);
  const markdown = weeklyReportMarkdown({
    week: snap.week,
    agent,
    generatedAt: `${zonedDate(ctx.now, ctx.timeZone)} ${zonedTime(ctx.now, ctx.timeZone)}`,
    period: { from: zonedDate(from, ctx.timeZone), to: zonedDate(ctx.now, ctx.timeZone) },
    soul,
    memories,
    defining: snap.defining,
    traits: snap.traits,
    drift: snap.drift,
    hadPrevious: snap.hadPrevious,
    narrative: snap.narrative,
    narrativeBy: snap.narrativeBy,
    team
  });
  const written = writeWeeklyReport(ctx, snap.week, markdown);
  store.setSnapshotReport(snap.snapshotId, written.rel, contentHash(Buffer.from(markdown, "utf8")));
  const title = `${weeklyTitlePrefix(snap.week)} ${memories.active} memories (${memories.vivid} vivid)${snap.drift.length > 0 ? `, ${snap.drift.length} trait(s) drifted` : ""}`;
  const body = [snap.narrative, ...snap.drift.map(driftLine), `Report: ${written.rel}`].join("\n\n");
  const inboxId = new InboxStore(ctx.db).replace({ createdAt: ctx.now, kind: "report", title, body, source: EVOLVE_JOB }, weeklyTitlePrefix(snap.week));
  return { ...snap, reportPath: written.rel, reportReplaced: written.replaced, memories, soul, team, inboxId };
}
function weeklyTitlePrefix(week) {
  return `Weekly evolution ${week}:`;
}
function evolveJobResult(r) {
  return {
    outcome: "ok",
    reason: `${r.week}: ${r.memories.active} memories (${r.memories.vivid} vivid), ${r.archived.length} archived, ${r.drift.length} drift(s); report ${r.reportPath}`,
    details: { week: r.week, snapshot: r.snapshotId, report: r.reportPath, drift: r.drift.map((d) => d.trait), archived: r.archived.length }
  };
}
function writeWeeklyReport(ctx, week, content) {
  mkdirSync(path.join(ctx.workspace, "reflections"), { recursive: true });
  for (let n = 1; n <= 100; n++) {
    const rel = n === 1 ? `reflections/weekly-${week}.md` : `reflections/weekly-${week}.${n}.md`;
    const file = path.join(ctx.workspace, rel);
    if (createExclusive(file, content))
      return { rel, replaced: false };
    let current;
    try {
      current = readFileSync(file);
    } catch {
      continue;
    }
    if (ctx.store.wroteReport(rel, contentHash(current))) {
      atomicWrite(file, content);
      return { rel, replaced: true };
    }
  }
  throw new Error(`reflections/weekly-${week}.md and 99 numbered alternatives all exist and are not ours; nothing was written`);
}
function readTeammate(name, workspace) {
  if (!existsSync(workspace))
    return { name, traits: null, domains: [], note: `no workspace at ${workspace}` };
  if (!existsSync(stateDbPath(workspace)))
    return { name, traits: null, domains: [], note: "no snapshot yet" };
  let db;
  try {
    db = openStateDbReadOnly(stateDbPath(workspace));
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'personality_snapshots'").get();
    if (has === void 0)
      return { name, traits: null, domains: [], note: "no snapshot yet" };
    const row = db.prepare("SELECT traits, stats FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT 1").get();
    if (row === void 0)
      return { name, traits: null, domains: [], note: "no snapshot yet" };
    const traits = JSON.parse(row.traits);
    const stats = JSON.parse(row.stats);
    return { name, traits, domains: (stats.topDomains ?? []).map((d) => d.domain) };
  } catch (e) {
    return { name, traits: null, domains: [], note: `state unreadable (${errorMessage(e)})` };
  } finally {
    db?.close();
  }
}

export {
  InboxStore,
  JobRunStore,
  JobStateStore,
  recordRun,
  errorMessage,
  planMemories,
  emptySummary,
  applyFormation,
  fadePass,
  TRAIT_NAMES,
  TRAIT_TITLES,
  driftLine,
  EVOLVE_JOB,
  takePersonalitySnapshot,
  runEvolution,
  evolveJobResult
};
//# sourceMappingURL=chunk-2YPZIKJZ.js.map

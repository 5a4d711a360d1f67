import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  buildContext
} from "./chunk-3FNR63DB.js";
import {
  checkDailyAppend,
  cleanAppendText,
  noteState
} from "./chunk-JY63XUVN.js";
import {
  EVOLVE_JOB,
  InboxStore,
  JobRunStore,
  JobStateStore,
  applyFormation,
  emptySummary,
  errorMessage,
  evolveJobResult,
  fadePass,
  planMemories,
  runEvolution
} from "./chunk-2YPZIKJZ.js";
import {
  MemoryStore,
  openEmbedCache,
  resolveEmbedder
} from "./chunk-2RZH2ITT.js";
import {
  recentRejections
} from "./chunk-7TYOPXQS.js";
import {
  CORE_IDENTITY,
  LOCK_CLOSE,
  LOCK_OPEN,
  RECENT_GROWTH,
  SOUL_FILE,
  SOUL_LAYERS,
  SOUL_PROPOSAL_FILE,
  SoulVersionStore,
  changedLineShare,
  commitSoul,
  contentHash,
  countWords,
  droppedLocked,
  estimateTokens as estimateTokens2,
  findSection,
  isTemplateSoul,
  lockedEnd,
  missingLayers,
  normalizeSoul,
  readSoul,
  recordUserSoulIfNew,
  removedLineShare,
  requiredLockedTexts,
  restoreLocked,
  soulPath,
  truncateAtSentence,
  unifiedDiff,
  verifyLocked,
  versionsForFloor,
  wordFloor
} from "./chunk-D3YNOGQB.js";
import {
  isValidSessionId,
  parseSessionText
} from "./chunk-P4TWOYVN.js";
import {
  openStateDb
} from "./chunk-LTX5SA6R.js";
import {
  estimateTokens
} from "./chunk-EQ5JI7WZ.js";
import {
  AppendVerificationError,
  appendVerified,
  atomicWrite,
  createExclusive
} from "./chunk-FEQ2CM7F.js";
import {
  ensureContextFits,
  requireCompleteReply
} from "./chunk-Q7MNPCDJ.js";
import {
  ReflectionConfigSchema,
  flushThresholdTokens,
  heartbeatIntervalMs,
  parseDuration,
  scheduleTimeZone,
  soulWordFloor,
  soulWordTarget
} from "./chunk-EYPOEGPV.js";
import {
  WEEKLY_STATE_KEY,
  evolutionTimeZone,
  parseMemoryCandidates,
  weeklyStatus
} from "./chunk-C7GQ5C77.js";
import {
  MEMORY_TYPES,
  MEMORY_TYPE_CONFIG,
  SIGNALS,
  VALENCES
} from "./chunk-PUIWUURG.js";
import {
  nextClockTime,
  parseClockTime,
  previousClockTime,
  timeZoneLabel,
  zonedDate,
  zonedMinuteOfDay,
  zonedParts,
  zonedTime
} from "./chunk-UWHEQYUJ.js";

// dist/jobs/catalog.js
import { readdirSync as readdirSync2, statSync as statSync2 } from "node:fs";
import path5 from "node:path";

// dist/jobs/reflect/pipeline.js
import { mkdirSync, existsSync } from "node:fs";
import path2 from "node:path";

// dist/jobs/reflect/gather.js
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
function gatherSessions(workspace, opts) {
  const dir = path.join(workspace, "sessions");
  const sessions = [];
  const problems = [];
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort();
  } catch (e) {
    if (e.code !== "ENOENT")
      throw e;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    let text;
    let mtime;
    try {
      const st = statSync(file);
      if (!st.isFile())
        continue;
      mtime = st.mtimeMs;
      text = readFileSync(file, "utf8");
    } catch (e) {
      problems.push(`sessions/${name}: cannot be read (${e.message})`);
      continue;
    }
    const id = name.slice(0, -".jsonl".length);
    const parsed = parseSessionText(id, text);
    for (const p of parsed.problems)
      problems.push(`sessions/${name}:${p.line}: ${p.reason}`);
    const messages = [];
    for (const t of parsed.turns) {
      if (t.role !== "user" && t.role !== "assistant")
        continue;
      const parsedTs = Date.parse(t.ts);
      const at = Number.isNaN(parsedTs) ? mtime : parsedTs;
      if (at < opts.since || at > opts.until)
        continue;
      const m = { session: id, role: t.role, content: t.content, at };
      if (t.thread !== void 0)
        m.thread = t.thread;
      messages.push(m);
    }
    if (messages.length > 0)
      sessions.push({ id, messageCount: messages.length, messages });
  }
  sessions.sort((a, b) => a.messages[0].at - b.messages[0].at || a.id.localeCompare(b.id));
  return {
    since: opts.since,
    until: opts.until,
    sessions,
    qualified: sessions.filter((s) => s.messageCount >= opts.minMessagesPerSession),
    problems
  };
}
function cutTranscript(sessions, opts) {
  const all = sessions.flatMap((s) => s.messages.map((m, i) => ({ m, i })));
  const total = all.length;
  all.sort((x, y) => y.m.at - x.m.at || y.i - x.i);
  const kept = all.slice(0, opts.maxMessages);
  const keptSet = new Set(kept.map((k) => k.m));
  const parts = [];
  for (const s of sessions) {
    const mine = s.messages.filter((m) => keptSet.has(m));
    if (mine.length === 0)
      continue;
    const header = mine.length === s.messages.length ? `## Session ${s.id} (${s.messageCount} messages)` : `## Session ${s.id} (${s.messageCount} messages; the newest ${mine.length} shown)`;
    parts.push(header);
    const threads = /* @__PURE__ */ new Map();
    for (const m of mine) {
      const key = m.thread ?? "";
      const list = threads.get(key) ?? [];
      list.push(m);
      threads.set(key, list);
    }
    for (const [thread, list] of threads) {
      if (thread !== "" || threads.size > 1)
        parts.push(`### Thread: ${thread === "" ? "(main)" : thread}`);
      for (const m of list)
        parts.push(`[${stamp(m.at)}] ${m.role}: ${clip(m.content, opts.maxMessageChars)}`);
    }
    parts.push("");
  }
  return { text: parts.join("\n").trim(), shown: kept.length, total };
}
function clip(text, max) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max)
    return flat;
  return flat.slice(0, Math.max(0, max - 1)).replace(/\s+\S*$/, (m) => m.length < 20 ? "" : m) + "\u2026";
}
function stamp(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

// dist/jobs/reflect/layers.js
var HEADING_RE = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
function layerOf(title) {
  const key = title.replace(/[*_`]/g, "").replace(/^\s*(?:\d+|[ivx]+|[a-c])[.):]\s*/i, "").replace(/^\s*(?:layer|section)\s*\d*\s*[:.-]?\s*/i, "").replace(/[:.\s]+$/, "").trim().toLowerCase().replace(/\s+/g, " ");
  return SOUL_LAYERS.find((l) => l.toLowerCase() === key);
}
function split(text) {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let title;
  if (lines.length > 0 && /^#[ \t]+soul[ \t]*$/i.test(lines[0])) {
    title = lines.shift();
  }
  const parts = [{ layer: void 0, lines: [] }];
  let layerLevel = 0;
  for (const line of lines) {
    const m = HEADING_RE.exec(line);
    if (m) {
      const level = m[1].length;
      const layer = layerOf(m[2]);
      if (layer !== void 0) {
        parts.push({ layer, lines: [`## ${layer}`] });
        layerLevel = level;
        continue;
      }
      const cur = parts[parts.length - 1];
      if (cur.layer !== void 0 && level <= layerLevel) {
        parts.push({ layer: void 0, lines: [line] });
        continue;
      }
    }
    parts[parts.length - 1].lines.push(line);
  }
  return { title, parts };
}
function trimBlank(lines) {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a].trim() === "")
    a++;
  while (b > a && lines[b - 1].trim() === "")
    b--;
  return lines.slice(a, b);
}
function mapToLayers(text) {
  if (missingLayers(text).length === 0)
    return { text, mapped: false, renamed: false };
  const { title, parts } = split(text);
  const own = trimBlank(parts.filter((p) => p.layer === void 0).flatMap((p) => [...p.lines, ""]));
  const out = [];
  const ownText = own.join("\n").trim();
  if (title !== void 0)
    out.push(title, "");
  else if (!/^#\s/.test(ownText))
    out.push("# SOUL", "");
  if (ownText !== "")
    out.push(LOCK_OPEN, ...own, LOCK_CLOSE, "");
  for (const layer of SOUL_LAYERS) {
    const p = parts.find((x) => x.layer === layer);
    out.push(...p ? trimBlank(p.lines) : [`## ${layer}`], "");
  }
  return { text: out.join("\n").replace(/\s+$/, "") + "\n", mapped: true, renamed: false };
}
function canonicalLayers(text) {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let renamed = false;
  const fixed = lines.map((line) => {
    const m = HEADING_RE.exec(line);
    if (!m || m[1].length > 3)
      return line;
    const layer = layerOf(m[2]);
    if (layer === void 0)
      return line;
    const canon = `## ${layer}`;
    if (line !== canon)
      renamed = true;
    return canon;
  });
  const chunks = [{ layer: void 0, lines: [] }];
  for (const line of fixed) {
    const layer = SOUL_LAYERS.find((l) => line === `## ${l}`);
    if (layer !== void 0)
      chunks.push({ layer, lines: [line] });
    else
      chunks[chunks.length - 1].lines.push(line);
  }
  const found = chunks.filter((c) => c.layer !== void 0).map((c) => c.layer);
  const ordered = SOUL_LAYERS.filter((l) => found.includes(l));
  const inOrder = found.length === ordered.length && found.every((l, i) => l === ordered[i]);
  if (inOrder || new Set(found).size !== found.length) {
    return { text: fixed.join("\n"), mapped: false, renamed };
  }
  const head = chunks[0];
  const body = SOUL_LAYERS.flatMap((l) => {
    const c = chunks.find((x) => x.layer === l);
    return c ? [trimBlank(c.lines).join("\n")] : [];
  });
  const headText = trimBlank(head.lines).join("\n");
  return { text: [headText, ...body].filter((s) => s !== "").join("\n\n") + "\n", mapped: false, renamed: true };
}

// dist/jobs/reflect/lenient-json.js
function parseLenientJson(text) {
  const direct = tryParse(text.trim());
  if (direct.ok)
    return { ok: true, value: direct.value, repairs: [] };
  const repairs = [];
  let body = text;
  const fence = /```[ \t]*(?:json|JSON|javascript|js)?[ \t]*\r?\n?([\s\S]*?)(?:```|$)/.exec(text);
  if (fence && fence[1].includes("{")) {
    body = fence[1];
    repairs.push("took the JSON out of a code fence");
  }
  const start = body.indexOf("{");
  if (start < 0)
    return { ok: false, reason: "no JSON object in the reply" };
  if (body.slice(0, start).trim() !== "" && !repairs.length)
    repairs.push("ignored text before the JSON");
  const scanned = scanObject(body, start);
  if (scanned.kind === "in-string")
    return { ok: false, reason: "the reply was cut off inside a JSON string" };
  let candidate = scanned.text;
  if (scanned.kind === "complete" && body.slice(scanned.end).trim() !== "")
    repairs.push("ignored text after the JSON");
  if (scanned.kind === "unclosed") {
    candidate = candidate.replace(/[\s,]*$/, "") + scanned.closers;
    repairs.push(`added the missing closing ${scanned.closers.length === 1 ? "bracket" : "brackets"} "${scanned.closers}"`);
  }
  const first = tryParse(candidate);
  if (first.ok)
    return { ok: true, value: first.value, repairs };
  const normalised = normaliseTokens(candidate);
  const second = tryParse(normalised.text);
  if (second.ok)
    return { ok: true, value: second.value, repairs: [...repairs, ...normalised.repairs] };
  return { ok: false, reason: `the JSON does not parse (${first.error})` };
}
function tryParse(s) {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
function scanObject(text, start) {
  const stack = [];
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote !== null) {
      if (c === "\\")
        i++;
      else if (c === quote && (quote === '"' || closesSingle(text, i)))
        quote = null;
      continue;
    }
    if (c === '"')
      quote = '"';
    else if (c === "'" && opensSingle(text, i))
      quote = "'";
    else if (c === "{")
      stack.push("}");
    else if (c === "[")
      stack.push("]");
    else if (c === "}" || c === "]") {
      stack.pop();
      if (stack.length === 0)
        return { kind: "complete", text: text.slice(start, i + 1), end: i + 1 };
    }
  }
  if (quote !== null)
    return { kind: "in-string" };
  return { kind: "unclosed", text: text.slice(start).replace(/```[\s\S]*$/, ""), closers: stack.reverse().join("") };
}
function opensSingle(text, i) {
  const before = text.slice(0, i).replace(/\s+$/, "");
  return /[{[,:]$/.test(before);
}
function closesSingle(text, i) {
  return /^\s*(?:[,:}\]]|$)/.test(text.slice(i + 1));
}
function normaliseTokens(text) {
  const repairs = /* @__PURE__ */ new Set();
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"')
        j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "'" && opensSingle(text, i)) {
      let j = i + 1;
      let s = "";
      while (j < text.length && !(text[j] === "'" && closesSingle(text, j))) {
        if (text[j] === "\\" && j + 1 < text.length) {
          s += text[j + 1] === "'" ? "'" : text.slice(j, j + 2);
          j += 2;
        } else {
          s += text[j];
          j++;
        }
      }
      out += `"${s.replace(/(^|[^\\])"/g, '$1\\"').replace(/\n/g, "\\n")}"`;
      repairs.add("read single-quoted strings");
      i = j;
      continue;
    }
    const word = /^(True|False|None)\b/.exec(text.slice(i));
    if (word && !/[\w$]$/.test(out)) {
      out += word[1] === "True" ? "true" : word[1] === "False" ? "false" : "null";
      repairs.add("read True/False/None");
      i += word[1].length - 1;
      continue;
    }
    if (c === ",") {
      const rest = /^\s*[}\]]/.exec(text.slice(i + 1));
      if (rest) {
        repairs.add("dropped trailing commas");
        continue;
      }
    }
    out += c;
  }
  return { text: out, repairs: [...repairs] };
}

// dist/jobs/reflect/prompts.js
var REFLECTION_SKIP = "REFLECTION_SKIP";
var REFLECTION_SCHEMA = {
  type: "object",
  properties: {
    insights: {
      type: "array",
      maxItems: 8,
      items: {
        type: "object",
        properties: {
          content: { type: "string", maxLength: 400 },
          topics: { type: "array", maxItems: 5, items: { type: "string", maxLength: 40 } }
        },
        required: ["content", "topics"]
      }
    },
    principles: { type: "array", maxItems: 8, items: { type: "string", maxLength: 300 } },
    // Optional (not in `required`): candidate memories for the evolution system.
    memories: {
      type: "array",
      maxItems: 4,
      items: {
        type: "object",
        properties: {
          type: { enum: [...MEMORY_TYPES] },
          content: { type: "string", maxLength: 300 },
          domain: { type: "string", maxLength: 40 },
          valence: { enum: [...VALENCES] },
          signals: {
            type: "object",
            properties: Object.fromEntries(SIGNALS.map((k) => [k, { type: "number" }])),
            required: [...SIGNALS]
          }
        },
        required: ["type", "content", "domain", "valence", "signals"]
      }
    }
  },
  required: ["insights", "principles"]
};
var SOUL_SCHEMA = {
  type: "object",
  properties: {
    soul: { type: "string", maxLength: 8e3 },
    report: { type: "string", maxLength: 2e3 },
    summary: { type: "string", maxLength: 120 }
  },
  required: ["soul", "report", "summary"]
};
var REFLECTION_SYSTEM = [
  "You are the reflective mind of a personal AI assistant. Once a day you reread the assistant's",
  "recent conversations with the person it works for and learn from them.",
  "Be concrete and honest. Ground every observation in the transcripts; never invent events,",
  "names or preferences. Write in English, in the first person as the assistant."
].join(" ");
function buildReflectionPrompt(input) {
  const parts = [
    `Today is ${input.today}. Below are ${input.sessionCount} conversation(s) since ${input.since}.`,
    'When they were long, only the newest messages are shown and long messages end with "\u2026".',
    ""
  ];
  if (input.soul !== void 0 && input.soul.trim() !== "") {
    parts.push("Who I am (my current SOUL.md, for context only):", "<soul>", input.soul.trim(), "</soul>", "");
  }
  parts.push("<transcripts>", input.transcript, "</transcripts>", "", "Reflect on these conversations:", "1. What went well, and what went badly (mistakes, misunderstandings, friction)?", "2. Principles for next time: what to do, and what not to do.", "3. Patterns: recurring requests, preferences, topics, moods, times of day.", "4. Memories worth keeping (0 to 4): experiences I should remember for weeks, each one sentence,", "   classified by type:", ...MEMORY_TYPES.map((t) => `   - ${t}: ${MEMORY_TYPE_CONFIG[t].description}`), "   Rate each signal from 0 to 1: complexity (how involved), novelty (new vs familiar), failure", "   (something went wrong), userInvolved (the person was directly involved), emotionalWeight", "   (how much it mattered). Valence is positive, neutral or negative; domain is one topic word.", "", "Answer with JSON only, in this shape:", '{"insights":[{"content":"one concrete observation, one sentence","topics":["short","tags"]}],', ` "principles":["Do: ...","Don't: ..."],`, ' "memories":[{"type":"lesson_learned","content":"one sentence","domain":"topic","valence":"neutral",', '   "signals":{"complexity":0.5,"novelty":0.5,"failure":0,"userInvolved":1,"emotionalWeight":0.5}}]}', 'Give 1 to 8 insights and 0 to 8 principles. Tag what went well "went-well", what went badly', '"went-badly", and patterns "pattern", plus topic words.', `If nothing meaningful happened, answer exactly ${REFLECTION_SKIP} (or the JSON with both lists empty).`);
  return {
    system: REFLECTION_SYSTEM,
    messages: [{ role: "user", content: parts.join("\n") }],
    jsonSchema: REFLECTION_SCHEMA
  };
}
function parseReflection(text) {
  const raw = text.trim();
  if (raw === "")
    return { kind: "skip", reason: "the model returned an empty reflection" };
  if (raw === REFLECTION_SKIP || raw.replace(/[`"'.\s]/g, "") === REFLECTION_SKIP) {
    return { kind: "skip", reason: `the model answered ${REFLECTION_SKIP}: nothing meaningful happened` };
  }
  const parsed = parseLenientJson(raw);
  if (!parsed.ok) {
    if (SKIP_WORD_RE.test(raw)) {
      return { kind: "skip", reason: `the model answered ${REFLECTION_SKIP} (in a sentence): nothing meaningful happened` };
    }
    return fallback(raw, `the reflection was not valid JSON (${parsed.reason})`);
  }
  const json = parsed.value;
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return fallback(raw, "the reflection JSON was not an object");
  }
  const o = json;
  if (o.skip === true || o[REFLECTION_SKIP] === true) {
    return { kind: "skip", reason: `the model answered ${REFLECTION_SKIP}: nothing meaningful happened` };
  }
  if (!Array.isArray(o.insights) && !Array.isArray(o.principles) && !Array.isArray(o.memories)) {
    return fallback(raw, 'the reflection JSON had neither "insights" nor "principles"');
  }
  const insights = [];
  for (const item of Array.isArray(o.insights) ? o.insights : []) {
    if (typeof item === "string" && item.trim() !== "")
      insights.push({ content: item.trim(), topics: [] });
    else if (typeof item === "object" && item !== null) {
      const i = item;
      const content = typeof i.content === "string" ? i.content.trim() : typeof i.text === "string" ? i.text.trim() : "";
      if (content === "")
        continue;
      const topics = Array.isArray(i.topics) ? i.topics.filter((t) => typeof t === "string" && t.trim() !== "").map((t) => t.trim()) : [];
      insights.push({ content, topics });
    }
  }
  const principles = [];
  for (const item of Array.isArray(o.principles) ? o.principles : []) {
    if (typeof item === "string" && item.trim() !== "")
      principles.push(item.trim());
    else if (typeof item === "object" && item !== null) {
      const p = item;
      const t = [p.do, p.dont, p.text, p.principle].find((x) => typeof x === "string" && x.trim() !== "");
      if (t !== void 0)
        principles.push(t.trim());
    }
  }
  const { candidates } = parseMemoryCandidates(o.memories);
  if (insights.length === 0 && principles.length === 0 && candidates.length === 0) {
    return { kind: "skip", reason: "the model found nothing meaningful (no insights, no principles)" };
  }
  return candidates.length > 0 ? { kind: "ok", insights, principles, memories: candidates } : { kind: "ok", insights, principles };
}
function fallback(raw, reason) {
  return { kind: "fallback", reason, insights: [{ content: raw.slice(0, 4e3), topics: [] }], principles: [] };
}
var SKIP_WORD_RE = new RegExp(`(^|[^A-Za-z0-9_])${REFLECTION_SKIP}($|[^A-Za-z0-9_])`);
var SOUL_SYSTEM = [
  "You maintain SOUL.md: a personal AI assistant's description of who it is, written in the first",
  "person and read at the start of every session. You fold each night's reflection into it. You keep",
  "what still holds, change only what the reflection supports, and never invent experiences."
].join(" ");
function buildSoulPrompt(input) {
  const parts = [];
  if (input.current === void 0 || input.current.trim() === "") {
    parts.push("There is no SOUL.md yet: write the first one from tonight's reflection.", "");
  } else {
    parts.push(input.fromTemplate ? "The current SOUL.md is the starter template. Restructure it into the three sections below, keeping its meaning, and add what tonight's reflection teaches." : input.mapped ? `Here is the current SOUL.md. The block between ${LOCK_OPEN} and ${LOCK_CLOSE} is the person's own text: copy it exactly, first. Fill the three sections after it with what it and tonight's reflection say about me.` : "Here is the current SOUL.md. Revise it with what tonight's reflection teaches; most of it should stay as it is.", "<current-soul>", input.current.trim(), "</current-soul>", "");
  }
  if (input.recent.length > 0) {
    parts.push("Earlier versions, newest first (for continuity; do not undo recent growth without reason):");
    for (const v of input.recent) {
      const growth = findSection(v.content, RECENT_GROWTH)?.text ?? "";
      parts.push(`- version ${v.number} (${v.date}): ${v.summary}`);
      if (growth !== "")
        parts.push(indent(clipBlock(growth, 600)));
    }
    parts.push("");
  }
  if (input.rejected !== void 0 && input.rejected.length > 0) {
    parts.push("The person rejected these recent proposals; do not make the same changes again:");
    for (const r of input.rejected)
      parts.push(`- ${r.date}: ${r.summary}${r.reason ? ` (their reason: ${r.reason})` : ""}`);
    parts.push("");
  }
  parts.push(`Tonight's reflection (${input.today}):`, "Insights:");
  for (const i of input.reflection.insights) {
    parts.push(`- ${i.content}${i.topics.length > 0 ? ` [${i.topics.join(", ")}]` : ""}`);
  }
  if (input.reflection.principles.length > 0) {
    parts.push("Principles:");
    for (const p of input.reflection.principles)
      parts.push(`- ${p}`);
  }
  parts.push("", 'Write the new SOUL.md in markdown with a "# SOUL" title and exactly these three sections, in this order:', "## Core Identity   who I am and what I stand for; the most stable part, changed only for strong, repeated evidence.", "## Active Values   how I work and what I value now; changes over weeks.", "## Recent Growth   what I learned in the last days; changes daily; replace stale items.", `Rules: first person; bullet points; ${input.minWords} to ${input.maxWords} words in total.`, `Copy every block between ${LOCK_OPEN} and ${LOCK_CLOSE} exactly as it is, markers included, in the same section.`);
  if (input.lockCoreIdentity)
    parts.push("Copy the Core Identity section exactly as it is: it is locked.");
  parts.push("", "Answer with JSON only:", '{"soul":"<the complete new SOUL.md>","report":"<for the person: what changed and why, 2 to 6 sentences>","summary":"<one line under 100 characters>"}');
  return {
    system: SOUL_SYSTEM,
    messages: [{ role: "user", content: parts.join("\n") }],
    jsonSchema: SOUL_SCHEMA
  };
}
function parseSoul(text) {
  const raw = text.trim();
  if (raw === "")
    return { kind: "malformed", reason: "the model returned an empty SOUL" };
  let soul;
  let report = "";
  let summary = "";
  const parsed = parseLenientJson(raw);
  const json = parsed.ok ? parsed.value : void 0;
  if (typeof json === "object" && json !== null && !Array.isArray(json)) {
    const o = json;
    if (typeof o.soul !== "string")
      return { kind: "malformed", reason: 'the reply JSON has no "soul" text' };
    soul = o.soul;
    if (typeof o.report === "string")
      report = o.report.trim();
    if (typeof o.summary === "string")
      summary = o.summary.trim();
  } else if (!parsed.ok && /^\s*(?:```[a-z]*\s*)?\{/i.test(raw)) {
    return { kind: "malformed", reason: `the reply looked like JSON but could not be read: ${parsed.reason}` };
  } else if (/^#{1,3}\s/m.test(raw)) {
    soul = raw;
  } else {
    return { kind: "malformed", reason: "the reply was neither the requested JSON nor markdown" };
  }
  soul = unfence(soul);
  if (!soul.includes("\n") && soul.includes("\\n"))
    soul = soul.replace(/\\n/g, "\n");
  if (soul.trim() === "")
    return { kind: "malformed", reason: "the model returned an empty SOUL" };
  soul = canonicalLayers(soul).text;
  const missing = missingLayers(soul);
  if (missing.length > 0) {
    return { kind: "malformed", reason: `the new SOUL lacks the section(s) ${missing.map((m) => `"${m}"`).join(", ")}` };
  }
  soul = normalizeSoul(soul);
  if (summary === "")
    summary = firstSentence(report) || "SOUL re-distilled";
  return { kind: "ok", soul, report, summary: oneLine(summary, 120) };
}
function unfence(text) {
  const m = /^\s*```(?:markdown|md)?[ \t]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return m ? m[1] : text;
}
function firstSentence(text) {
  const m = /^(.+?[.!?])(?:\s|$)/s.exec(text.trim());
  return (m ? m[1] : text).trim();
}
function oneLine(text, max) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : flat.slice(0, max - 1).trimEnd() + "\u2026";
}
function indent(text) {
  return text.split("\n").map((l) => `    ${l}`).join("\n");
}
function clipBlock(text, max) {
  return text.length <= max ? text : text.slice(0, max).replace(/\s+\S*$/, "") + " \u2026";
}

// dist/jobs/reflect/pipeline.js
var REPLY_CAP = 8e3;
async function runReflection(input) {
  const now = input.now ?? Date.now;
  const dryRun = input.dryRun ?? false;
  const startedAt = now();
  const cfg = input.reflection;
  let windowMs;
  if (input.since !== void 0) {
    windowMs = parseDuration(input.since);
    if (windowMs === void 0)
      throw new Error(`--since must be a duration like "24h", "3d" or "90m", got "${input.since}"`);
  }
  const store = new SoulVersionStore(input.db);
  let runId = null;
  const trace = { inputs: {}, replies: [] };
  try {
    const lastDone = store.lastCompletedRun();
    const since = windowMs !== void 0 ? startedAt - windowMs : lastDone !== void 0 ? lastDone.startedAt : startedAt - parseDuration(cfg.since);
    if (!dryRun)
      runId = store.startRun(startedAt, { provider: input.provider.name, model: input.provider.model });
    const formation = { candidates: [] };
    const result = await reflect({ ...input, dryRun, now, cfg, store, since, startedAt, runId, formation, trace });
    input.signal?.throwIfAborted();
    const succeeded = result.status === "updated" || result.status === "proposed" || result.status === "unchanged";
    const memories = await formMemories(input, store, result, succeeded ? formation.candidates : [], dryRun, now());
    if (memories !== void 0)
      result.memories = memories;
    if (runId !== null) {
      store.finishRun(runId, {
        outcome: result.status === "skipped" ? "skip" : result.status === "kept" ? "error" : "complete",
        endedAt: now(),
        reason: result.reason,
        details: { ...runDetails(result), ...traceDetails(trace, result.status, result.reason) }
      });
    }
    return result;
  } catch (e) {
    if (runId !== null) {
      try {
        const reason = e instanceof Error ? e.message : String(e);
        store.finishRun(runId, {
          outcome: "error",
          endedAt: now(),
          reason,
          details: {
            provider: input.provider.name,
            model: input.provider.model,
            ...e instanceof Error && "code" in e ? { code: e.code } : {},
            ...traceDetails(trace, "error", reason)
          }
        });
      } catch {
      }
    }
    throw e;
  }
}
function traceDetails(trace, status, reason) {
  return {
    inputs: trace.inputs,
    replies: trace.replies,
    decision: { status, reason },
    ...trace.proposal ? { proposal: trace.proposal } : {}
  };
}
function recordReply(trace, call2, r) {
  trace.replies.push({
    call: call2,
    text: r.text.length > REPLY_CAP ? r.text.slice(0, REPLY_CAP) : r.text,
    chars: r.text.length,
    capped: r.text.length > REPLY_CAP,
    finishReason: r.finishReason,
    model: r.model,
    durationMs: r.durationMs
  });
}
function runDetails(r) {
  const d = {
    status: r.status,
    provider: r.provider,
    model: r.model,
    since: r.since,
    sessions: r.sessions,
    firstDistillation: r.firstDistillation,
    mapped: r.mapped
  };
  for (const k of ["version", "baselineVersion", "restoredFrom", "words", "tokens", "summary", "report", "changeShare", "proposalPath", "proposalReason", "keptPath", "reportPath", "reflectionFallback"]) {
    if (r[k] !== void 0)
      d[k] = r[k];
  }
  if (r.insights.length > 0 || r.principles.length > 0)
    d.reflection = { insights: r.insights, principles: r.principles };
  if (r.restoredLocked.length > 0)
    d.restoredLocked = r.restoredLocked;
  if (r.warnings.length > 0)
    d.warnings = r.warnings;
  if (r.memories) {
    d.memories = {
      created: r.memories.created.map((m) => m.id),
      reinforced: r.memories.reinforced.map((m) => m.id),
      rejected: r.memories.rejected.length,
      archived: r.memories.archived.map((m) => m.id)
    };
  }
  return d;
}
async function formMemories(input, souls, result, candidates, dryRun, now) {
  try {
    const store = new MemoryStore(souls.db);
    let summary;
    if (candidates.length > 0) {
      let embedder = null;
      try {
        embedder = await resolveEmbedder(input.embedder);
      } catch (e) {
        result.warnings.push(`no embedder for memory formation (${e instanceof Error ? e.message : String(e)}); duplicates were found by exact text only`);
      }
      const ownCache = embedder !== null && !dryRun && input.embedCache === void 0;
      const cache = embedder === null || dryRun ? null : ownCache ? openEmbedCache(input.workspace) : input.embedCache ?? null;
      try {
        const plan = await planMemories({ store, candidates, embedder, cache, duplicateCosine: input.evolution.duplicateCosine });
        result.warnings.push(...plan.warnings);
        summary = applyFormation(store, plan, {
          now,
          dryRun,
          source: { kind: "reflection", ...result.runId !== null ? { runId: result.runId } : {}, sessions: result.sessions.map((s) => s.id) }
        });
      } finally {
        if (ownCache)
          cache?.close();
      }
    }
    const archived = fadePass(store, now, { dryRun });
    if (archived.length > 0) {
      summary ??= emptySummary("n/a", dryRun);
      summary.archived = archived.map((a) => ({ id: a.id, type: a.type, reason: a.reason }));
    }
    return summary;
  } catch (e) {
    result.warnings.push(`memory formation failed (${e instanceof Error ? e.message : String(e)}); SOUL.md and the reflection are unaffected`);
    return void 0;
  }
}
function prepareSoul(ctx, result) {
  const { workspace, store } = ctx;
  let disk = readSoul(workspace);
  const latest = store.latest();
  if (!disk.exists && latest !== void 0) {
    if (ctx.dryRun) {
      result.warnings.push(`${SOUL_FILE} is missing: a real run restores version ${latest.number} first, then reflects`);
      result.restoredFrom = latest.number;
      const text = latest.content;
      disk = { exists: true, text, fileHash: contentHash(text), textHash: contentHash(text), bytes: Buffer.from(text, "utf8") };
    } else {
      if (createExclusive(soulPath(workspace), latest.content)) {
        result.restoredFrom = latest.number;
        result.warnings.push(`${SOUL_FILE} was missing: restored version ${latest.number} before reflecting`);
      }
      disk = readSoul(workspace);
    }
  }
  const firstDistillation = !disk.exists || isTemplateSoul(disk.text);
  const mapped = disk.exists && !firstDistillation ? mapToLayers(disk.text) : { text: disk.text, mapped: false, renamed: false };
  ctx.trace.inputs.soul = {
    exists: disk.exists,
    words: countWords(disk.text),
    version: disk.textHash === null ? null : store.findByHash(disk.textHash) ?? null,
    mapped: mapped.mapped,
    ...result.restoredFrom !== void 0 ? { restoredFrom: result.restoredFrom } : {}
  };
  return { disk, base: mapped.text, exists: disk.exists, mapped: mapped.mapped, firstDistillation };
}
function recordUserSoul(ctx, result, disk) {
  if (!disk.exists || ctx.dryRun)
    return;
  const n = ctx.store.transaction(() => recordUserSoulIfNew(ctx.store, disk, ctx.now()));
  if (n !== void 0) {
    result.baselineVersion = n;
    if (ctx.trace.inputs.soul)
      ctx.trace.inputs.soul.version = n;
  }
}
async function call(ctx, which, request, before) {
  const fit = await ensureContextFits(ctx.provider, request, which === "reflection" ? "lower reflection.maxMessages or reflection.maxMessageChars" : "lower reflection.soulMaxTokens or reflection.maxSoulWords");
  (ctx.trace.inputs.calls ??= []).push({ call: which, promptTokens: fit.promptTokens, replyTokens: fit.replyTokens, contextSize: fit.contextSize ?? null });
  before?.();
  const reply = await ctx.provider.complete(request);
  recordReply(ctx.trace, which, reply);
  return requireCompleteReply(reply, which === "reflection" ? "reflection.reflectionMaxTokens" : "reflection.soulMaxTokens");
}
async function reflect(ctx) {
  const { cfg, provider, workspace } = ctx;
  const result = {
    status: "skipped",
    dryRun: ctx.dryRun,
    runId: ctx.runId,
    reason: null,
    since: new Date(ctx.since).toISOString(),
    until: new Date(ctx.startedAt).toISOString(),
    provider: provider.name,
    model: provider.model,
    sessions: [],
    sessionsSeen: 0,
    firstDistillation: false,
    mapped: false,
    insights: [],
    principles: [],
    restoredLocked: [],
    warnings: []
  };
  const gathered = gatherSessions(workspace, {
    since: ctx.since,
    until: ctx.startedAt,
    minMessagesPerSession: cfg.minMessagesPerSession
  });
  if (gathered.problems.length > 0) {
    result.warnings.push(`${gathered.problems.length} transcript line(s) could not be read, e.g. ${gathered.problems[0]}`);
  }
  result.sessionsSeen = gathered.sessions.length;
  result.sessions = gathered.qualified.map((s) => ({ id: s.id, messages: s.messageCount }));
  if (gathered.qualified.length < cfg.minSessions) {
    result.reason = gathered.sessions.length === 0 ? `no conversation since ${result.since}` : `${gathered.sessions.length} conversation(s) since ${result.since}, ${gathered.qualified.length} with at least ${cfg.minMessagesPerSession} messages (${cfg.minSessions} needed)`;
    return result;
  }
  const transcript = cutTranscript(gathered.qualified, cfg);
  ctx.trace.inputs.transcript = {
    sessions: gathered.qualified.length,
    messages: transcript.total,
    chars: transcript.text.length,
    cut: transcript.shown < transcript.total
  };
  const today = localDate(ctx.startedAt);
  const soul0 = prepareSoul(ctx, result);
  result.firstDistillation = soul0.firstDistillation;
  result.mapped = soul0.mapped;
  const r1 = await call(ctx, "reflection", {
    ...buildReflectionPrompt({
      transcript: transcript.text,
      sessionCount: gathered.qualified.length,
      since: localStamp(ctx.since),
      today,
      ...soul0.exists ? { soul: soul0.disk.text } : {}
    }),
    maxTokens: cfg.reflectionMaxTokens,
    temperature: cfg.temperature,
    ...ctx.signal ? { signal: ctx.signal } : {}
  }, () => recordUserSoul(ctx, result, soul0.disk));
  const reflection = parseReflection(r1.text);
  if (reflection.kind === "skip") {
    result.reason = reflection.reason;
    return result;
  }
  if (reflection.kind === "fallback") {
    result.reflectionFallback = reflection.reason;
    result.warnings.push(`${reflection.reason}: its raw text was kept as one insight`);
  }
  result.insights = reflection.insights;
  result.principles = reflection.principles;
  if (reflection.kind === "ok" && reflection.memories)
    ctx.formation.candidates = reflection.memories;
  const recent = ctx.store.recent(3).map((v) => ({
    number: v.number,
    date: localDate(v.createdAt),
    summary: v.summary,
    content: v.content
  }));
  const target = soulWordTarget(cfg);
  const r2 = await call(ctx, "soul", {
    ...buildSoulPrompt({
      ...soul0.exists ? { current: soul0.base } : {},
      fromTemplate: soul0.exists && soul0.firstDistillation,
      mapped: soul0.mapped,
      recent,
      rejected: recentRejections(ctx.store, ctx.startedAt),
      reflection: { insights: reflection.insights, principles: reflection.principles },
      today,
      minWords: target.min,
      maxWords: target.max,
      lockCoreIdentity: cfg.lockCoreIdentity
    }),
    maxTokens: cfg.soulMaxTokens,
    temperature: cfg.temperature,
    ...ctx.signal ? { signal: ctx.signal } : {}
  });
  const parsed = parseSoul(r2.text);
  if (parsed.kind === "malformed") {
    result.status = "kept";
    result.reason = `malformed SOUL from the model: ${parsed.reason}; kept the existing ${SOUL_FILE}`;
    return result;
  }
  result.summary = parsed.summary;
  result.report = parsed.report;
  const lockOpts = { lockCoreIdentity: cfg.lockCoreIdentity };
  let soul = parsed.soul;
  if (soul0.exists) {
    const restored = restoreLocked(soul0.base, soul, lockOpts);
    soul = restored.text;
    result.restoredLocked = restored.restored;
  }
  const modelWords = countWords(soul);
  const core = cfg.lockCoreIdentity ? findSection(soul, CORE_IDENTITY) : void 0;
  const cut = truncateAtSentence(soul, cfg.maxSoulWords, Math.max(lockedEnd(soul), core?.end ?? 0));
  if (cut.truncated) {
    result.warnings.push(`the model wrote ${modelWords} words; cut to ${cut.words} at the last complete sentence within ${cfg.maxSoulWords}`);
  }
  soul = normalizeSoul(cut.text);
  if (soul0.exists) {
    const problems = verifyLocked(soul0.base, soul, lockOpts);
    if (problems.length > 0) {
      result.status = "kept";
      result.reason = `locked sections could not be kept byte-identical (${problems.join("; ")}); kept the existing ${SOUL_FILE}`;
      return result;
    }
  }
  result.words = countWords(soul);
  result.tokens = estimateTokens2(soul);
  const floor = wordFloor(soulWordFloor(cfg), soul0.exists && !soul0.firstDistillation ? countWords(soul0.disk.text) : void 0);
  if (result.words < floor) {
    result.status = "kept";
    result.reason = `the new SOUL has ${result.words} words, under the floor of ${floor} (reflection.minSoulWords, or the current SOUL's length when shorter); kept the existing ${SOUL_FILE}`;
    return result;
  }
  const required = requiredLockedTexts(soul0.exists ? soul0.base : void 0, versionsForFloor(ctx.store, soul0.disk));
  const dropped = droppedLocked(required, soul);
  if (dropped.length > 0) {
    result.status = "kept";
    result.reason = `the new SOUL drops locked text of ${dropped.map((d) => `${d.from} ("${snippet(d.text)}")`).join(", ")}; kept the existing ${SOUL_FILE}`;
    return result;
  }
  if (result.tokens > cfg.tokenBudget) {
    result.warnings.push(`the new SOUL is about ${result.tokens} tokens, over the budget of ${cfg.tokenBudget}`);
  }
  if (soul0.exists && (soul === soul0.disk.text || soul === normalizeSoul(soul0.base))) {
    result.status = "unchanged";
    result.reason = soul0.mapped ? "the model added nothing to the layers" : "the model returned the same SOUL";
    result.diff = "";
    result.changeShare = 0;
    return result;
  }
  result.diff = unifiedDiff(soul0.disk.text, soul, { fromFile: SOUL_FILE, toFile: `${SOUL_FILE} (new)` });
  result.changeShare = !soul0.exists ? 1 : soul0.mapped ? removedLineShare(soul0.base, soul) : changedLineShare(soul0.base, soul);
  const overBudget = !soul0.firstDistillation && result.changeShare > cfg.changeBudget;
  const budgetReason = `the new SOUL changes ${pct(result.changeShare)} of the lines, over the change budget of ${pct(cfg.changeBudget)}`;
  const casReason = `${SOUL_FILE} was edited while reflecting; your edit was kept`;
  if (ctx.dryRun) {
    const onDisk = readSoul(workspace);
    const changed = result.restoredFrom !== void 0 ? onDisk.exists : onDisk.fileHash !== soul0.disk.fileHash;
    if (changed) {
      proposal(result, "changed-during-run", casReason);
    } else if (overBudget) {
      proposal(result, "change-budget", budgetReason);
    } else {
      result.status = "updated";
    }
    return result;
  }
  const writeProposal = () => {
    atomicWrite(path2.join(workspace, SOUL_PROPOSAL_FILE), soul);
    ctx.trace.proposal = { text: soul, hash: contentHash(soul) };
  };
  const insightsJson = {
    insights: reflection.insights,
    principles: reflection.principles,
    ...reflection.kind === "fallback" ? { fallback: reflection.reason } : {}
  };
  if (overBudget) {
    writeProposal();
    proposal(result, "change-budget", budgetReason);
  } else {
    const committed = commitSoul({
      workspace,
      store: ctx.store,
      expected: soul0.disk,
      content: soul,
      version: {
        summary: parsed.summary,
        report: parsed.report,
        insights: insightsJson,
        model: r2.model,
        sessionIds: result.sessions.map((s) => s.id),
        origin: "reflection",
        runId: ctx.runId
      },
      now: ctx.now(),
      ...ctx.swap ? { swap: ctx.swap } : {}
    });
    if (committed.baseline !== void 0)
      result.baselineVersion ??= committed.baseline;
    for (const k of committed.keptEarlier ?? []) {
      result.warnings.push(`an edit that reached ${SOUL_FILE} just after an earlier swap is kept in ${path2.relative(workspace, k)}: compare it with ${SOUL_FILE}`);
    }
    if (committed.ok) {
      result.status = "updated";
      result.version = committed.number;
    } else {
      writeProposal();
      const kept = committed.kept !== void 0 ? path2.relative(workspace, committed.kept) : void 0;
      if (kept !== void 0)
        result.keptPath = kept;
      proposal(result, "changed-during-run", kept !== void 0 ? `${SOUL_FILE} was edited while reflecting (${committed.detail}); your edit is in ${kept} \u2014 compare it with ${SOUL_FILE}` : soul0.disk.bytes !== null && soul0.disk.bytes.length === 0 ? `${SOUL_FILE} is empty (perhaps mid-save), so it was not replaced` : casReason);
    }
  }
  try {
    result.reportPath = appendReport(workspace, ctx.startedAt, result);
  } catch (e) {
    result.warnings.push(`the report could not be written to reflections/: ${e.message}`);
  }
  return result;
}
function snippet(text) {
  const t = text.replace(/<!--[\s\S]*?-->/g, " ").replace(/\s+/g, " ").trim();
  return t.length <= 60 ? t : `${t.slice(0, 59)}\u2026`;
}
function proposal(result, why, reason) {
  result.status = "proposed";
  result.proposalPath = SOUL_PROPOSAL_FILE;
  result.proposalReason = why;
  result.reason = `${reason}: the new SOUL is in ${SOUL_PROPOSAL_FILE}`;
}
function pct(x) {
  return `${Math.round(x * 100)}%`;
}
function appendReport(workspace, at, r) {
  const day = localDate(at);
  const rel = `reflections/${day}.md`;
  const file = path2.join(workspace, rel);
  mkdirSync(path2.dirname(file), { recursive: true });
  const lines = [];
  if (!existsSync(file))
    lines.push(`# Reflections ${day}`, "");
  else
    lines.push("");
  const time = localStamp(at).slice(11);
  const what = r.status === "updated" ? `${SOUL_FILE} version ${r.version} (${r.words} words, ~${r.tokens} tokens)` : `proposal in ${SOUL_PROPOSAL_FILE} (${r.reason ?? ""})`;
  lines.push(`## ${time} \u2014 ${what}`, "");
  if (r.summary)
    lines.push(`**${r.summary}**`, "");
  if (r.report)
    lines.push(r.report.trim(), "");
  if (r.insights.length > 0) {
    lines.push("### Insights", "");
    for (const i of r.insights)
      lines.push(`- ${i.content.replace(/\s+/g, " ")}${i.topics.length > 0 ? ` _(${i.topics.join(", ")})_` : ""}`);
    lines.push("");
  }
  if (r.principles.length > 0) {
    lines.push("### Principles", "");
    for (const p of r.principles)
      lines.push(`- ${p.replace(/\s+/g, " ")}`);
    lines.push("");
  }
  lines.push(`Sessions: ${r.sessions.map((s) => `${s.id} (${s.messages} messages)`).join(", ")}. Model: ${r.model}.`);
  appendVerified(file, lines.join("\n") + "\n");
  return rel;
}
function pad(n) {
  return String(n).padStart(2, "0");
}
function localDate(ms) {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
function localStamp(ms) {
  const d = new Date(ms);
  return `${localDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// dist/jobs/flush/run.js
import { mkdirSync as mkdirSync2, readFileSync as readFileSync2 } from "node:fs";
import path3 from "node:path";

// dist/jobs/flush/plan.js
var NO_REPLY = "NO_REPLY";
var TOKENS_PER_MESSAGE = 4;
function currentCycle(session, text) {
  const parsed = parseSessionText(session, text);
  const last = parsed.markers[parsed.markers.length - 1];
  const fromLine = last?.line ?? 0;
  const turns = parsed.turns.filter((t) => t.line > fromLine);
  const lines = text.split("\n");
  const bytes = Buffer.byteLength(lines.slice(fromLine).join("\n"), "utf8");
  let tokens = 0;
  for (const t of turns)
    tokens += estimateTokens(t.content) + TOKENS_PER_MESSAGE;
  return {
    session,
    cycleKey: `${parsed.markers.length}:${last?.ts ?? ""}`,
    compactions: parsed.markers.length,
    lastCompactionTs: last?.ts || null,
    turns,
    tokens,
    bytes,
    problems: parsed.problems
  };
}
function decideFlush(view, cfg, flushedCycleKey, force = false) {
  const thresholdTokens = flushThresholdTokens(cfg);
  const base = { thresholdTokens, maxBytes: cfg.maxBytes, alreadyFlushed: flushedCycleKey === view.cycleKey };
  const since = view.compactions === 0 ? "in the transcript" : "since the last compaction";
  if (view.turns.length === 0)
    return { ...base, due: false, reason: `no conversation ${since}` };
  const size = `~${view.tokens} tokens and ${view.bytes} bytes ${since}`;
  if (force)
    return { ...base, due: true, reason: `forced (${size})` };
  if (base.alreadyFlushed)
    return { ...base, due: false, reason: `already flushed in this compaction cycle (${size})` };
  if (view.tokens >= thresholdTokens)
    return { ...base, due: true, reason: `~${view.tokens} tokens ${since} reached the flush threshold of ${thresholdTokens}` };
  if (view.bytes > cfg.maxBytes)
    return { ...base, due: true, reason: `${view.bytes} bytes ${since} passed the limit of ${cfg.maxBytes}` };
  return { ...base, due: false, reason: `not yet: ${size}; due at ~${thresholdTokens} tokens or ${cfg.maxBytes} bytes` };
}
var MAX_MESSAGE_CHARS = 2e3;
function cutTurns(turns, maxChars, stamp2 = (t) => t) {
  const lines = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i];
    let content = t.content.replace(/\s+$/, "");
    if (content.length > MAX_MESSAGE_CHARS)
      content = `${content.slice(0, MAX_MESSAGE_CHARS - 1)}\u2026`;
    const when = t.ts ? `[${stamp2(t.ts)}] ` : "";
    const line = `${when}${t.role}${t.thread ? ` (${t.thread})` : ""}: ${content}`;
    if (used + line.length + 1 > maxChars && lines.length > 0)
      break;
    lines.push(line.length > maxChars ? line.slice(0, maxChars) : line);
    used += line.length + 1;
  }
  lines.reverse();
  const left = turns.length - lines.length;
  if (left > 0)
    lines.unshift(`(${left} earlier message${left === 1 ? "" : "s"} not shown)`);
  return { text: lines.join("\n"), shown: turns.length - left };
}
function buildFlushPrompt(input) {
  const system = [
    "You keep the long-term memory of a personal assistant.",
    "The conversation below is about to be compacted: whatever is not written down now will be forgotten.",
    "Write down only what is worth remembering after today: decisions and their reasons, preferences, promises and deadlines, names, facts about people and projects, open tasks.",
    'Write short markdown bullet points ("- "), in the language of the conversation, with no heading and no introduction.',
    "Do not repeat what today's notes already say. Never invent anything that is not in the conversation.",
    `If nothing is worth keeping, reply with exactly ${NO_REPLY} and nothing else.`
  ].join("\n");
  const cut = cutTurns(input.turns, input.maxTranscriptChars, input.stamp);
  const parts = [`Session "${input.session}", today ${input.today}.`, "", "Conversation:", cut.text];
  if (input.dailyNoteTail !== void 0 && input.dailyNoteTail.trim() !== "") {
    parts.push("", `Already in today's notes (memory/${input.today}.md):`, input.dailyNoteTail.trim());
  }
  parts.push("", `The notes to keep, or ${NO_REPLY}:`);
  return { system, messages: [{ role: "user", content: parts.join("\n") }] };
}
var NO_REPLY_SLACK = 40;
function parseFlushReply(text) {
  let t = text.replace(/\r\n?/g, "\n").trim();
  const fence = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(t);
  if (fence)
    t = fence[1].trim();
  const bare = stripTokenWrapping(t);
  if (bare === "")
    return { kind: "none" };
  const token = new RegExp(`^[\\s*_\`"'>\\[(]*${NO_REPLY}[\\s*_\`"'.!)\\]]*`, "i");
  const tokenEnd = new RegExp(`[\\s*_\`"'(\\[]*${NO_REPLY}[\\s*_\`"'.!)\\]]*$`, "i");
  const rest = bare.replace(token, "").replace(tokenEnd, "").trim();
  const isRemark = rest.length <= NO_REPLY_SLACK && !rest.includes("\n") && !/^\s*(?:[-*+#]|\d+[.)])/.test(rest);
  if ((token.test(bare) || tokenEnd.test(bare)) && isRemark)
    return { kind: "none" };
  const notes = t.split("\n").filter((l) => stripTokenWrapping(l).toUpperCase() !== NO_REPLY).join("\n").trim();
  return notes === "" ? { kind: "none" } : { kind: "notes", notes };
}
function stripTokenWrapping(s) {
  return s.trim().replace(/^[*_`"'\s]+|[*_`"'.!\s]+$/g, "");
}
function formatFlushEntry(e) {
  let out = "";
  if (!e.fileExists)
    out += `# ${e.date}
`;
  else if (!e.endsWithNewline)
    out += "\n";
  out += `
## ${e.time} \u2014 notes before compaction (session ${e.session})

`;
  out += `${e.notes.replace(/\s+$/, "")}
`;
  return out;
}

// dist/jobs/flush/state.js
var FlushCycleStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  get(session) {
    const row = this.db.prepare("SELECT * FROM flush_cycles WHERE session = ?").get(session);
    return row === void 0 ? void 0 : { session: row.session, cycleKey: row.cycle_key, flushedAt: row.flushed_at, runId: row.run_id };
  }
  markFlushed(session, cycleKey, at, runId = null) {
    this.db.prepare(`INSERT INTO flush_cycles (session, cycle_key, flushed_at, run_id) VALUES (?, ?, ?, ?)
         ON CONFLICT(session) DO UPDATE SET cycle_key = excluded.cycle_key, flushed_at = excluded.flushed_at, run_id = excluded.run_id`).run(session, cycleKey, at, runId);
  }
};

// dist/jobs/flush/run.js
function flushSettings(config) {
  const tz = config.context.timeZone;
  const limits = { maxAppendBytes: config.index.maxAppendBytes, maxFileBytes: config.index.maxFileBytes };
  return { config: config.flush, limits, ...tz !== void 0 ? { timeZone: tz } : {} };
}
function sessionFile(workspace, session) {
  if (!isValidSessionId(session)) {
    throw new Error(`session id "${session}" is not allowed: use letters, digits, ".", "_" and "-" (up to 128, starting with a letter or digit)`);
  }
  return path3.join(workspace, "sessions", `${session}.jsonl`);
}
function checkFlush(workspace, session, db, config, force = false) {
  const file = sessionFile(workspace, session);
  let text;
  try {
    text = readFileSync2(file, "utf8");
  } catch (e) {
    if (e.code === "ENOENT")
      throw new Error(`there is no transcript sessions/${session}.jsonl`);
    throw e;
  }
  const view = currentCycle(session, text);
  const flushed = new FlushCycleStore(db).get(session);
  return { view, decision: decideFlush(view, config, flushed?.cycleKey, force) };
}
var FlushAppendError = class extends Error {
  file;
  constructor(file, cause) {
    super(`${file}: the note changed while the flush appended to it; the notes were appended but check the file`, { cause });
    this.file = file;
    this.name = "FlushAppendError";
  }
};
async function runFlush(input) {
  const now = input.now;
  const settings = input.settings;
  const cfg = settings.config;
  const { view, decision } = checkFlush(input.workspace, input.session, input.db, cfg, input.force ?? false);
  const base = {
    session: input.session,
    cycleKey: view.cycleKey,
    tokens: view.tokens,
    bytes: view.bytes,
    thresholdTokens: decision.thresholdTokens
  };
  if (!decision.due)
    return { ...base, status: "not-due", reason: decision.reason };
  const at = now();
  const date = zonedDate(at, settings.timeZone);
  const rel = `memory/${date}.md`;
  const file = path3.join(input.workspace, rel);
  const tail = readTail(file, 1500);
  const reply = requireCompleteReply(await input.provider.complete({
    ...buildFlushPrompt({
      session: input.session,
      turns: view.turns,
      today: date,
      ...tail !== void 0 ? { dailyNoteTail: tail } : {},
      maxTranscriptChars: cfg.maxTranscriptChars,
      stamp: (ts) => {
        const ms = Date.parse(ts);
        return Number.isNaN(ms) ? ts : zonedTime(ms, settings.timeZone);
      }
    }),
    maxTokens: cfg.maxReplyTokens,
    temperature: cfg.temperature,
    ...input.signal !== void 0 ? { signal: input.signal } : {}
  }), "flush.maxReplyTokens");
  const cycles = new FlushCycleStore(input.db);
  const parsed = parseFlushReply(reply.text);
  if (parsed.kind === "none") {
    cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
    return { ...base, status: "no-reply", reason: `${decision.reason}; the model had nothing to keep (${reply.model})`, model: reply.model };
  }
  const writtenAt = now();
  const state = noteState(file);
  const entry = formatFlushEntry({
    notes: parsed.notes,
    date,
    time: zonedTime(writtenAt, settings.timeZone),
    session: input.session,
    fileExists: state.exists,
    endsWithNewline: state.endsWithNewline
  });
  mkdirSync2(path3.dirname(file), { recursive: true });
  const cleaned = cleanAppendText(entry);
  checkDailyAppend(file, rel, cleaned, settings.limits);
  try {
    (input.append ?? appendVerified)(file, cleaned);
  } catch (e) {
    if (!(e instanceof AppendVerificationError))
      throw e;
    cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
    new InboxStore(input.db).add({
      createdAt: now(),
      kind: "alert",
      title: `${rel} changed while notes were appended`,
      body: `The pre-compaction flush of session ${input.session} appended its notes to ${rel}, but the text that was already in the file was different afterwards: someone or something edited it at the same moment. Check ${rel}; nothing else was written.`,
      source: "flush",
      runId: input.runId ?? null
    });
    throw new FlushAppendError(rel, e);
  }
  cycles.markFlushed(input.session, view.cycleKey, now(), input.runId ?? null);
  return { ...base, status: "flushed", reason: decision.reason, file: rel, chars: entry.length, model: reply.model };
}
function flushJobResult(r) {
  const details = { session: r.session, tokens: r.tokens, bytes: r.bytes, cycle: r.cycleKey };
  if (r.file !== void 0)
    details.file = r.file;
  if (r.chars !== void 0)
    details.chars = r.chars;
  if (r.model !== void 0)
    details.model = r.model;
  switch (r.status) {
    case "flushed":
      return { outcome: "ok", reason: `appended ${r.chars} characters to ${r.file} (${r.reason})`, details };
    case "no-reply":
      return { outcome: "ok", reason: `NO_REPLY: ${r.reason}`, details };
    case "not-due":
      return { outcome: "skip", reason: r.reason, details };
  }
}
function readTail(file, chars) {
  try {
    const text = readFileSync2(file, "utf8");
    return text.length <= chars ? text : text.slice(text.length - chars);
  } catch {
    return void 0;
  }
}

// dist/jobs/heartbeat/notify.js
import { spawn } from "node:child_process";
async function notify(alert, cfg) {
  const out = [];
  if (cfg.command !== void 0)
    out.push(await notifyCommand(alert, cfg.command, cfg.timeoutMs));
  if (cfg.webhook !== void 0)
    out.push(await notifyWebhook(alert, cfg.webhook, cfg.timeoutMs));
  return out;
}
function notifyCommand(alert, command, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok, detail) => {
      if (settled)
        return;
      settled = true;
      clearTimeout(timer);
      resolve({ via: "command", ok, detail });
    };
    const posix = process.platform !== "win32";
    const child = spawn(command, {
      shell: true,
      // Its own process group on POSIX, so a timeout also stops whatever the shell started.
      detached: posix,
      stdio: ["pipe", "ignore", "pipe"],
      env: {
        ...process.env,
        AGENT_ALERT_TITLE: alert.title,
        AGENT_ALERT_KIND: alert.kind,
        AGENT_ALERT_SOURCE: alert.source,
        AGENT_WORKSPACE: alert.workspace
      }
    });
    let stderr = "";
    child.stderr?.on("data", (d) => {
      stderr = (stderr + d.toString("utf8")).slice(-500);
    });
    const timer = setTimeout(() => {
      try {
        if (posix && child.pid !== void 0)
          process.kill(-child.pid, "SIGKILL");
        else
          child.kill("SIGKILL");
      } catch {
      }
      done(false, `notifier command did not finish within ${timeoutMs} ms and was stopped`);
    }, timeoutMs);
    child.on("error", (e) => done(false, `notifier command could not start: ${e.message}`));
    child.on("close", (code, signal) => {
      if (code === 0)
        done(true, "notifier command ran");
      else
        done(false, `notifier command failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim().split("\n").pop()}` : ""}`);
    });
    child.stdin?.on("error", () => void 0);
    child.stdin?.end(`${alert.title}

${alert.body}
`);
  });
}
async function notifyWebhook(alert, url, timeoutMs) {
  const where = redact(url);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({
        kind: alert.kind,
        title: alert.title,
        body: alert.body,
        createdAt: new Date(alert.createdAt).toISOString(),
        workspace: alert.workspace,
        source: alert.source,
        ...alert.inboxId !== void 0 ? { inboxId: alert.inboxId } : {}
      }),
      signal: AbortSignal.timeout(timeoutMs)
    });
    await res.arrayBuffer().catch(() => void 0);
    return res.ok ? { via: "webhook", ok: true, detail: `webhook ${where} answered ${res.status}` } : { via: "webhook", ok: false, detail: `webhook ${where} answered ${res.status} ${res.statusText}`.trim() };
  } catch (e) {
    const err = e;
    const why = err.name === "TimeoutError" ? `did not answer within ${timeoutMs} ms` : err.cause?.code ?? err.message;
    return { via: "webhook", ok: false, detail: `webhook ${where} failed: ${why}` };
  }
}
function redact(url) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

// dist/jobs/heartbeat/run.js
import { readFileSync as readFileSync3 } from "node:fs";
import path4 from "node:path";

// dist/jobs/heartbeat/plan.js
var HEARTBEAT_OK = "HEARTBEAT_OK";
function isHeartbeatEmpty(text) {
  if (text === null || text === void 0)
    return true;
  const withoutComments = text.replace(/<!--[\s\S]*?-->/g, "");
  for (const raw of withoutComments.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "")
      continue;
    if (/^#{1,6}(\s|$)/.test(line))
      continue;
    if (/^(?:[-*+]|\d+[.)])(?:\s+\[[ xX]?\])?\s*$/.test(line))
      continue;
    if (/^(?:-{3,}|\*{3,}|_{3,})$/.test(line))
      continue;
    return false;
  }
  return true;
}
function isOkReply(text, maxRemainder = 120) {
  const t = text.trim();
  const start = new RegExp(`^[\\s*_\`"'>\\[(]*${HEARTBEAT_OK}[\\s*_\`"'.!:)\\]]*`);
  const end = new RegExp(`[\\s*_\`"'(\\[]*${HEARTBEAT_OK}[\\s*_\`"'.!)\\]]*$`);
  for (const re of [start, end]) {
    const m = re.exec(t);
    if (m === null)
      continue;
    const rest = (t.slice(0, m.index) + t.slice(m.index + m[0].length)).trim();
    if (rest.length <= maxRemainder)
      return true;
  }
  return false;
}
function minutesOf(hours) {
  const start = parseClockTime(hours.start);
  const end = parseClockTime(hours.end, { allow24: true });
  if (start === void 0)
    throw new Error(`active hours start "${hours.start}" is not HH:MM`);
  if (end === void 0)
    throw new Error(`active hours end "${hours.end}" is not HH:MM`);
  return { start, end: end === 24 * 60 ? 0 : end };
}
function isWithinActiveHours(ms, hours, timeZone) {
  const { start, end } = minutesOf(hours);
  if (start === end)
    return true;
  const m = zonedMinuteOfDay(ms, timeZone);
  return start < end ? m >= start && m < end : m >= start || m < end;
}
function nextActiveStart(ms, hours, timeZone) {
  if (isWithinActiveHours(ms, hours, timeZone))
    return ms;
  const opens = nextClockTime(hours.start, timeZone, ms);
  return isWithinActiveHours(opens, hours, timeZone) ? opens : nextClockTime(hours.start, timeZone, opens + 6e4);
}
function heartbeatDueAt(now, lastStartedAt, intervalMs, hours, timeZone) {
  const wanted = lastStartedAt === void 0 ? now : Math.max(now, lastStartedAt + intervalMs);
  const at = nextActiveStart(wanted, hours, timeZone);
  if (at <= now)
    return { due: true, at, reason: lastStartedAt === void 0 ? "first heartbeat" : "interval elapsed" };
  const outside = !isWithinActiveHours(now, hours, timeZone) || at > wanted;
  return {
    due: false,
    at,
    reason: outside ? `outside active hours ${hours.start}\u2013${hours.end} (${timeZoneLabel(timeZone)}); next at ${zonedTime(at, timeZone)}` : `next heartbeat at ${zonedTime(at, timeZone)}`
  };
}
var WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
function buildHeartbeatPrompt(input) {
  const p = zonedParts(input.now, input.timeZone);
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
  const when = `${weekday} ${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${zonedTime(input.now, input.timeZone)} (${timeZoneLabel(input.timeZone)})`;
  const system = [
    input.context.trimEnd(),
    "",
    "# Heartbeat",
    "This is a scheduled heartbeat, not a message from the person. Nobody reads your reply unless it is an alert."
  ].join("\n");
  const user = [
    `Heartbeat at ${when}.`,
    "Read HEARTBEAT.md (in the context above) and follow it strictly. Do not infer or repeat old tasks from earlier conversations.",
    `If nothing needs the person's attention now, reply with exactly ${HEARTBEAT_OK}.`,
    "Otherwise reply with the alert only: what needs attention and why, in a few short lines, first line as a title."
  ].join("\n");
  return { system, messages: [{ role: "user", content: user }] };
}
function alertTitle(reply, max = 80) {
  const first = reply.trim().split("\n").find((l) => l.trim() !== "") ?? "";
  const t = first.replace(/^#+\s*/, "").replace(/[*_`]/g, "").trim();
  if (t === "")
    return "Heartbeat alert";
  return t.length > max ? `${t.slice(0, max - 1)}\u2026` : t;
}

// dist/jobs/heartbeat/run.js
var HEARTBEAT_JOB = "heartbeat";
function heartbeatSettings(c) {
  const config = c.heartbeat;
  const context = c.context;
  const tz = config.timeZone ?? context.timeZone;
  return { config, context, ...tz !== void 0 ? { timeZone: tz } : {} };
}
function heartbeatDue(db, now, settings) {
  const last = new JobRunStore(db).last(HEARTBEAT_JOB, ["ok", "skip"]);
  return heartbeatDueAt(now, last?.startedAt, heartbeatIntervalMs(settings.config), settings.config.activeHours, settings.timeZone);
}
async function runHeartbeat(input) {
  const now = input.now;
  const settings = input.settings;
  const cfg = settings.config;
  const at = now();
  if (!input.ignoreActiveHours && !isWithinActiveHours(at, cfg.activeHours, settings.timeZone)) {
    return {
      status: "skipped",
      reason: `outside active hours ${cfg.activeHours.start}\u2013${cfg.activeHours.end} (${timeZoneLabel(settings.timeZone)})`,
      notified: []
    };
  }
  let heartbeat;
  try {
    heartbeat = readFileSync3(path4.join(input.workspace, "HEARTBEAT.md"), "utf8");
  } catch (e) {
    if (e.code !== "ENOENT")
      throw e;
    heartbeat = null;
  }
  if (isHeartbeatEmpty(heartbeat)) {
    return {
      status: "skipped",
      reason: heartbeat === null ? "HEARTBEAT.md is missing: nothing to check" : "HEARTBEAT.md has no tasks (only headings, blank lines and empty checkboxes)",
      notified: []
    };
  }
  const context = buildContext(input.workspace, {
    now: at,
    ...settings.context.timeZone !== void 0 ? { timeZone: settings.context.timeZone } : {},
    session: "main",
    perFileChars: settings.context.perFileChars,
    totalChars: settings.context.totalChars
  });
  const result = requireCompleteReply(await input.provider.complete({
    ...buildHeartbeatPrompt({ context: context.text, now: at, ...settings.timeZone !== void 0 ? { timeZone: settings.timeZone } : {} }),
    maxTokens: cfg.maxReplyTokens,
    temperature: cfg.temperature,
    ...input.signal !== void 0 ? { signal: input.signal } : {}
  }), "heartbeat.maxReplyTokens");
  const reply = result.text.trim();
  if (isOkReply(reply, cfg.okMaxChars)) {
    return { status: "ok", reason: "HEARTBEAT_OK", reply, notified: [], model: result.model };
  }
  const title = alertTitle(reply);
  const createdAt = now();
  const inboxId = new InboxStore(input.db).add({ createdAt, kind: "alert", title, body: reply, source: HEARTBEAT_JOB, runId: input.runId ?? null });
  const alert = { kind: "alert", title, body: reply, createdAt, workspace: input.workspace, source: HEARTBEAT_JOB, inboxId };
  const notified = await (input.notify ?? ((a) => notify(a, cfg.notifier)))(alert);
  return { status: "alert", reason: `alert #${inboxId}: ${title}`, reply, inboxId, notified, model: result.model };
}
function heartbeatJobResult(r) {
  const details = {};
  if (r.model !== void 0)
    details.model = r.model;
  if (r.reply !== void 0)
    details.reply = r.reply.length > 500 ? `${r.reply.slice(0, 499)}\u2026` : r.reply;
  if (r.inboxId !== void 0)
    details.inboxId = r.inboxId;
  if (r.notified.length > 0)
    details.notified = r.notified;
  const failed = r.notified.filter((n) => !n.ok);
  const reason = failed.length > 0 ? `${r.reason} (${failed.map((f) => f.detail).join("; ")})` : r.reason;
  return { outcome: r.status === "skipped" ? "skip" : "ok", reason, details };
}

// dist/jobs/schedule/nightly.js
var NIGHTLY_STATE_KEY = "nightly.lastDate";
function nightlyStatus(input) {
  const scheduledAt = previousClockTime(input.reflectAt, input.timeZone, input.now);
  const night = zonedDate(scheduledAt, input.timeZone);
  const doneByState = input.lastDate !== void 0 && input.lastDate >= night;
  if (doneByState || input.reflectedSince(scheduledAt)) {
    const next = nextClockTime(input.reflectAt, input.timeZone, input.now + 1);
    return {
      due: false,
      night,
      scheduledAt,
      next,
      catchUp: false,
      reason: `night ${night} is done (${doneByState ? "recorded" : "a reflection ran after " + input.reflectAt}); next at ${zonedDate(next, input.timeZone)} ${zonedTime(next, input.timeZone)} (${timeZoneLabel(input.timeZone)})`
    };
  }
  const catchUp = input.now - scheduledAt > input.graceMs;
  return {
    due: true,
    night,
    scheduledAt,
    next: input.now,
    catchUp,
    reason: catchUp ? `catch-up: reflection for night ${night} (due ${input.reflectAt}) did not run` : `scheduled reflection for night ${night}`
  };
}

// dist/jobs/catalog.js
var REFLECT_JOB = "reflect";
var FLUSH_JOB = "flush";
var JOB_NAMES = [REFLECT_JOB, FLUSH_JOB, HEARTBEAT_JOB, EVOLVE_JOB];
function isJobName(name) {
  return JOB_NAMES.includes(name);
}
var UnknownJobError = class extends Error {
  job;
  constructor(job) {
    super(`there is no job "${job}": the jobs are ${JOB_NAMES.join(", ")}`);
    this.job = job;
    this.name = "UnknownJobError";
  }
};
function parseJobName(name) {
  if (!isJobName(name))
    throw new UnknownJobError(name);
  return name;
}
var notDue = (reason, nextAt = null) => ({ due: false, nextAt, reason, runs: [] });
function buildCatalog(deps, env) {
  return {
    reflect: reflectJob(deps, env),
    flush: flushJob(deps, env),
    heartbeat: heartbeatJob(deps, env),
    evolve: evolveJob(deps, env)
  };
}
function nightlyOf(deps, now, graceMs) {
  const db = deps.state();
  const souls = new SoulVersionStore(db);
  const tz = scheduleTimeZone(deps.config);
  return nightlyStatus({
    now,
    reflectAt: deps.config.schedule.reflectAt,
    ...tz !== void 0 ? { timeZone: tz } : {},
    lastDate: new JobStateStore(db).get(NIGHTLY_STATE_KEY),
    reflectedSince: (ms) => souls.runs(50).some((r) => (r.outcome === "complete" || r.outcome === "skip") && r.startedAt >= ms),
    graceMs
  });
}
function weeklyOf(deps, now, graceMs, startedAt) {
  const db = deps.state();
  const runs = new JobRunStore(db);
  const lastWeek = new JobStateStore(db).get(WEEKLY_STATE_KEY);
  const everEvolved = lastWeek !== void 0 || runs.last(EVOLVE_JOB) !== void 0;
  const tz = evolutionTimeZone(deps.config);
  return weeklyStatus({
    now,
    weeklyAt: deps.config.evolution.weeklyAt,
    ...tz !== void 0 ? { timeZone: tz } : {},
    lastWeek,
    evolvedSince: (ms) => runs.recent({ job: EVOLVE_JOB, limit: 20 }).some((r) => (r.outcome === "ok" || r.outcome === "skip") && r.startedAt >= ms),
    ...everEvolved ? {} : { owedFrom: startedAt },
    graceMs
  });
}
function triggerWord(trigger, catchUp, scheduled) {
  return trigger === "manual" ? "manual" : catchUp ? "catch-up" : scheduled;
}
function reflectJob(deps, env) {
  return {
    name: REFLECT_JOB,
    due(now) {
      if (!deps.config.schedule.reflect)
        return notDue("the nightly reflection is off (schedule.reflect is false)");
      const st = nightlyOf(deps, now, env.tickMs);
      if (!st.due)
        return notDue(st.reason, st.next);
      return { due: true, nextAt: now, reason: st.reason, runs: [{ key: REFLECT_JOB, args: { night: st.night, catchUp: st.catchUp } }] };
    },
    startDetails(args, trigger) {
      return {
        ...args.night !== void 0 ? { night: args.night } : {},
        trigger: triggerWord(trigger, args.catchUp, "scheduled"),
        ...args.since !== void 0 ? { since: args.since } : {}
      };
    },
    recorded: (args) => args.dryRun !== true,
    async run(args, ctx) {
      const reflect2 = env.reflect ?? runReflection;
      const scratch = args.dryRun && deps.existingState() === null ? openStateDb(":memory:") : null;
      try {
        const r = await reflect2({
          workspace: deps.workspace,
          db: scratch ?? deps.state(),
          reflection: reflectionWith(deps, args.config),
          evolution: deps.config.evolution,
          provider: deps.llm(),
          now: deps.now,
          signal: ctx.signal,
          ...args.since !== void 0 ? { since: args.since } : {},
          ...args.dryRun ? { dryRun: true } : {},
          embedder: deps.embedder,
          embedCache: args.dryRun ? null : deps.embedCache()
        });
        const result = reflectResult(deps, args, ctx.trigger, r);
        if (ctx.trigger === "schedule" && !r.dryRun && r.status === "proposed")
          await announceProposal(deps, env, r);
        return { result, value: r };
      } finally {
        scratch?.close();
      }
    }
  };
}
function reflectionWith(deps, over) {
  if (over === void 0 || Object.keys(over).length === 0)
    return deps.config.reflection;
  const r = ReflectionConfigSchema.safeParse({ ...deps.config.reflection, ...over });
  if (!r.success) {
    throw new Error(`reflection settings for this run: ${r.error.issues.map((i) => `${["reflection", ...i.path.map(String)].join(".")}: ${i.message}`).join("; ")}`);
  }
  return r.data;
}
async function announceProposal(deps, env, r) {
  const alert = {
    kind: "report",
    title: "A SOUL.md proposal waits for review",
    body: `${r.reason ?? "nightly reflection held a change back"}

Review it: agent soul proposed, then agent soul accept or agent soul reject --reason "..."`,
    createdAt: deps.now(),
    workspace: deps.workspace,
    source: REFLECT_JOB
  };
  try {
    await (env.notify ?? ((a) => notify(a, deps.config.heartbeat.notifier)))(alert);
  } catch (e) {
    env.warn("notify-proposal", `could not send the proposal notice: ${errorMessage(e)}`);
  }
}
function reflectResult(deps, args, trigger, r) {
  const details = { status: r.status, reflectionRun: r.runId };
  if (r.version !== void 0)
    details.version = r.version;
  if (r.dryRun)
    details.dryRun = true;
  if (r.status === "kept")
    return { outcome: "error", reason: r.reason ?? "the model's SOUL could not be used", details };
  if (args.night !== void 0 && !r.dryRun)
    new JobStateStore(deps.state()).set(NIGHTLY_STATE_KEY, args.night, deps.now());
  if (trigger === "schedule" && !r.dryRun && (r.status === "updated" || r.status === "proposed")) {
    new InboxStore(deps.state()).add({
      createdAt: deps.now(),
      kind: "report",
      title: r.status === "updated" ? `Nightly reflection: SOUL.md is now version ${r.version}` : "Nightly reflection proposes a SOUL.md change (SOUL.proposed.md)",
      body: [r.summary, r.status === "proposed" ? r.reason : void 0, r.report, r.reportPath ? `Report: ${r.reportPath}` : void 0].filter((x) => typeof x === "string" && x.trim() !== "").join("\n\n") || r.status,
      source: REFLECT_JOB
    });
  }
  const what = r.status === "updated" ? `SOUL.md version ${r.version}` : r.status;
  const when = args.night !== void 0 ? `${args.catchUp ? "catch-up, " : ""}night ${args.night}: ` : "";
  return { outcome: r.status === "skipped" ? "skip" : "ok", reason: `${when}${what}${r.reason ? ` (${r.reason})` : ""}`, details };
}
function flushJob(deps, env) {
  const seen = /* @__PURE__ */ new Map();
  return {
    name: FLUSH_JOB,
    due() {
      const cfg = deps.config.flush;
      if (!cfg.enabled)
        return notDue("the pre-compaction flush is off (flush.enabled is false)");
      const dir = path5.join(deps.workspace, "sessions");
      let names;
      try {
        names = readdirSync2(dir).filter((n) => n.endsWith(".jsonl")).sort();
      } catch (e) {
        if (e.code !== "ENOENT")
          env.warn(`sessions:${errorMessage(e)}`, `sessions/: ${errorMessage(e)}`);
        return notDue("no sessions/ folder");
      }
      const runs = [];
      for (const name of names) {
        const session = name.slice(0, -".jsonl".length);
        if (!isValidSessionId(session))
          continue;
        let key;
        try {
          const st = statSync2(path5.join(dir, name));
          if (!st.isFile())
            continue;
          key = `${st.size}:${st.mtimeMs}`;
        } catch {
          continue;
        }
        const prev = seen.get(session);
        if (prev !== void 0 && prev.key === key && !prev.due)
          continue;
        let due;
        try {
          due = checkFlush(deps.workspace, session, deps.state(), cfg).decision.due;
        } catch (e) {
          env.warn(`flush:${session}:${key}`, `flush check of sessions/${name} failed: ${errorMessage(e)}`);
          seen.set(session, { key, due: false });
          continue;
        }
        seen.set(session, { key, due });
        if (due)
          runs.push({ key: `${FLUSH_JOB}:${session}`, args: { session } });
      }
      return runs.length > 0 ? { due: true, nextAt: null, reason: `${runs.length} transcript(s) near compaction`, runs } : notDue("no transcript is near compaction");
    },
    startDetails(args, trigger) {
      return { session: args.session, trigger: trigger === "manual" ? args.force ? "manual --force" : "manual" : "threshold" };
    },
    recorded: () => true,
    async run(args, ctx) {
      const r = await runFlush({
        workspace: deps.workspace,
        session: args.session,
        provider: deps.llm(),
        db: deps.state(),
        now: deps.now,
        settings: flushSettings(deps.config),
        force: args.force ?? false,
        signal: ctx.signal,
        ...ctx.runId !== null ? { runId: ctx.runId } : {}
      });
      return { result: flushJobResult(r), value: r };
    }
  };
}
function heartbeatJob(deps, env) {
  const settings = heartbeatSettings(deps.config);
  return {
    name: HEARTBEAT_JOB,
    due(now) {
      if (!settings.config.enabled)
        return notDue("heartbeats are off (heartbeat.enabled is false)");
      const d = heartbeatDue(deps.state(), now, settings);
      if (!d.due)
        return notDue(d.reason, d.at);
      return { due: true, nextAt: d.at, reason: d.reason, runs: [{ key: HEARTBEAT_JOB, args: {} }] };
    },
    startDetails(args, trigger) {
      return { trigger: trigger === "manual" ? args.ignoreActiveHours ? "manual --now" : "manual" : "interval" };
    },
    recorded: () => true,
    async run(args, ctx) {
      const r = await runHeartbeat({
        workspace: deps.workspace,
        provider: deps.llm(),
        db: deps.state(),
        now: deps.now,
        settings,
        ignoreActiveHours: args.ignoreActiveHours ?? false,
        signal: ctx.signal,
        ...ctx.runId !== null ? { runId: ctx.runId } : {},
        ...env.notify ? { notify: env.notify } : {}
      });
      return { result: heartbeatJobResult(r), value: r };
    }
  };
}
function evolveJob(deps, env) {
  return {
    name: EVOLVE_JOB,
    due(now) {
      if (!deps.config.evolution.weekly)
        return notDue("the weekly evolution is off (evolution.weekly is false)");
      const st = weeklyOf(deps, now, env.tickMs, env.startedAt);
      if (!st.due)
        return notDue(st.reason, st.next);
      return { due: true, nextAt: now, reason: st.reason, runs: [{ key: EVOLVE_JOB, args: { week: st.week, catchUp: st.catchUp } }] };
    },
    startDetails(args, trigger) {
      return { ...args.week !== void 0 ? { week: args.week } : {}, trigger: triggerWord(trigger, args.catchUp, "scheduled") };
    },
    recorded: () => true,
    async run(args, ctx) {
      const evolve = env.evolve ?? runEvolution;
      const r = await evolve({
        workspace: deps.workspace,
        db: deps.state(),
        config: deps.config.evolution,
        timeZone: evolutionTimeZone(deps.config),
        now: deps.now,
        provider: () => deps.llm(),
        signal: ctx.signal,
        ...args.narrative !== void 0 ? { narrative: args.narrative } : {},
        ...args.week !== void 0 ? { week: args.week } : {}
      });
      if (args.week !== void 0)
        new JobStateStore(deps.state()).set(WEEKLY_STATE_KEY, args.week, deps.now());
      const res = evolveJobResult(r);
      return { result: { ...res, reason: `${args.catchUp ? "catch-up, " : ""}${res.reason ?? ""}` }, value: r };
    }
  };
}

export {
  JOB_NAMES,
  isJobName,
  UnknownJobError,
  parseJobName,
  buildCatalog,
  nightlyOf,
  weeklyOf
};
//# sourceMappingURL=chunk-SYRWSFJK.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  auditWorkspace
} from "./chunk-U6FEY52V.js";
import {
  buildContext,
  loadContextFiles
} from "./chunk-3FNR63DB.js";
import {
  appendDailyNote,
  dailyFileInfo,
  dailyRel,
  lastDays,
  numberLines,
  readDailyNote,
  readDailyNotes,
  readLines
} from "./chunk-JY63XUVN.js";
import {
  experienceForContext,
  markRecalled
} from "./chunk-TEH6NW5Z.js";
import "./chunk-2RZH2ITT.js";
import {
  chunkMarkdown,
  makeSnippet,
  parseQuery
} from "./chunk-DCOOZYPX.js";
import {
  annotationMatches,
  groupAnnotations,
  parseAnnotations,
  uniqueAnnotations
} from "./chunk-SOHIBQDK.js";
import {
  assembleContext,
  formatSessionTurn,
  isPrivatePath,
  isValidSessionId,
  parseSessionText
} from "./chunk-P4TWOYVN.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import {
  appendVerified
} from "./chunk-FEQ2CM7F.js";
import {
  errorText
} from "./chunk-2G4CK54T.js";
import "./chunk-QAMZSPMF.js";
import {
  MEMORY_LEGEND,
  contextConfig
} from "./chunk-PUIWUURG.js";
import {
  addDays,
  zonedDate
} from "./chunk-UWHEQYUJ.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/jobs/evolve/context.js
async function buildEvolvedContext(input) {
  const experience = await experienceForContext({
    db: input.db,
    config: input.evolution,
    cache: input.cache,
    session: input.session,
    now: input.now,
    embedder: input.embedder,
    ...input.query !== void 0 ? { query: input.query } : {}
  });
  const files = loadContextFiles(input.workspace, { now: input.now, ...input.timeZone !== void 0 ? { timeZone: input.timeZone } : {} });
  const ctx = assembleContext(files, {
    session: input.session,
    perFileChars: input.perFileChars,
    totalChars: input.totalChars,
    root: input.workspace,
    ...input.query ? { query: input.query } : {},
    ...input.memories !== void 0 ? { memories: input.memories } : {},
    ...experience.identity !== null ? { identity: { text: experience.identity.text, private: experience.identity.private } } : {},
    ...experience.memories.length > 0 ? { experience: { legend: MEMORY_LEGEND, memories: experience.memories } } : {}
  });
  const recalled = input.recordRecall === false ? [] : markRecalled(input.db, ctx.report.experience.shownIds, input.now, "context", input.query?.trim() || null);
  return { ...ctx, problems: files.problems, experience, recalled };
}

// dist/store/conversations.js
function isValidConversationId(id) {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id);
}
var ConversationStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  create(c) {
    if (!isValidConversationId(c.id))
      throw new Error(`conversation id "${c.id}" is not allowed: use letters, digits, ".", "_" and "-"`);
    this.db.prepare("INSERT INTO conversations (id, created_at, updated_at, title, forked_from) VALUES (?, ?, ?, ?, ?)").run(c.id, c.createdAt, c.createdAt, c.title, c.forkedFrom ?? null);
    return this.get(c.id);
  }
  get(id) {
    const row = this.db.prepare(`SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c WHERE c.id = ?`).get(id);
    return row === void 0 ? void 0 : toConversation(row);
  }
  /** Newest first. */
  list(limit = 20) {
    const rows = this.db.prepare(`SELECT c.*, (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages
         FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`).all(limit);
    return rows.map(toConversation);
  }
  messages(id) {
    const rows = this.db.prepare("SELECT seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq").all(id);
    return rows.map((r) => ({ seq: r.seq, createdAt: r.created_at, role: r.role, kind: r.kind, content: r.content, data: parseData(r.data) }));
  }
  /** Appends a message and returns its sequence number (1, 2, 3... per conversation). */
  append(id, m) {
    return this.db.transaction(() => {
      const next = (this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id).s ?? 0) + 1;
      this.db.prepare("INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data) VALUES (?, ?, ?, ?, ?, ?, ?)").run(id, next, m.createdAt, m.role, m.kind, m.content, JSON.stringify(m.data ?? {}));
      this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(m.createdAt, id);
      return next;
    }).immediate();
  }
  /** The highest sequence number in a conversation (0 when it has no messages). */
  lastSeq(id) {
    return this.db.prepare("SELECT MAX(seq) AS s FROM conversation_messages WHERE conversation_id = ?").get(id).s ?? 0;
  }
  /**
   * Undoes a question that failed (the model was unreachable, the run was cancelled): the
   * messages after `keepSeq` go, and a conversation left with no message at all goes too,
   * so a failed first question leaves nothing behind and a failed follow-up leaves the
   * conversation as it was. Returns the number of messages removed.
   */
  rollback(id, keepSeq) {
    return this.db.transaction(() => {
      const removed = this.db.prepare("DELETE FROM conversation_messages WHERE conversation_id = ? AND seq > ?").run(id, keepSeq).changes;
      if (this.lastSeq(id) === 0)
        this.db.prepare("DELETE FROM conversations WHERE id = ?").run(id);
      else if (removed > 0) {
        const last = this.db.prepare("SELECT MAX(created_at) AS t FROM conversation_messages WHERE conversation_id = ?").get(id);
        this.db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(last.t, id);
      }
      return removed;
    }).immediate();
  }
  /** A new conversation `newId` holding a copy of `fromId`'s messages; the original is untouched. */
  fork(fromId, newId, now) {
    return this.db.transaction(() => {
      const src = this.get(fromId);
      if (src === void 0)
        throw new Error(`there is no conversation "${fromId}"`);
      this.create({ id: newId, title: src.title, createdAt: now, forkedFrom: fromId });
      this.db.prepare(`INSERT INTO conversation_messages (conversation_id, seq, created_at, role, kind, content, data)
           SELECT ?, seq, created_at, role, kind, content, data FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`).run(newId, fromId);
      return this.get(newId);
    }).immediate();
  }
};
function toConversation(r) {
  return { id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, title: r.title, forkedFrom: r.forked_from, messages: r.messages };
}
function parseData(text) {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

// dist/jobs/ask/loop.js
import { randomBytes } from "node:crypto";

// dist/jobs/ask/protocol.js
var ASK_TOOL_NAMES = ["search", "get", "boot", "daily"];
var ASK_TOOL_SPECS = {
  search: {
    name: "search",
    description: "search notes and past conversations by keywords and meaning; returns path:lines, date and a snippet per hit",
    example: { query: "pharmacy fridge supplier" },
    argsSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false }
  },
  get: {
    name: "get",
    description: "read lines of a workspace file, numbered (from = first line, lines = how many)",
    example: { path: "memory/2026-11-02.md", from: 1, lines: 40 },
    argsSchema: {
      type: "object",
      properties: { path: { type: "string" }, from: { type: "integer" }, lines: { type: "integer" } },
      required: ["path", "from", "lines"],
      additionalProperties: false
    }
  },
  boot: {
    name: "boot",
    description: "what the person was doing lately about a topic: relevant history plus the last days' notes and conversations",
    example: { query: "pharmacy project" },
    argsSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"], additionalProperties: false }
  },
  daily: {
    name: "daily",
    description: 'the daily note of one day ("YYYY-MM-DD", "today" or "yesterday")',
    example: { date: "today" },
    argsSchema: { type: "object", properties: { date: { type: "string" } }, required: ["date"], additionalProperties: false }
  }
};
var CITATION_SCHEMA = {
  type: "object",
  properties: { path: { type: "string" }, startLine: { type: "integer" }, endLine: { type: "integer" } },
  required: ["path", "startLine", "endLine"],
  additionalProperties: false
};
var ASK_ANSWER_SCHEMA = {
  type: "object",
  properties: { answer: { type: "string" }, citations: { type: "array", items: CITATION_SCHEMA } },
  required: ["answer", "citations"],
  additionalProperties: false
};
function askReplySchema(tools) {
  return {
    oneOf: [
      ...tools.map((t) => ({
        type: "object",
        properties: { tool: { const: t }, args: ASK_TOOL_SPECS[t].argsSchema },
        required: ["tool", "args"],
        additionalProperties: false
      })),
      ASK_ANSWER_SCHEMA
    ]
  };
}
function buildAskSystemPrompt(opts) {
  const toolLines = opts.tools.map((t) => `- ${t}: ${ASK_TOOL_SPECS[t].description}. Example: ${JSON.stringify({ tool: t, args: ASK_TOOL_SPECS[t].example })}`);
  return [
    "You answer questions about the person's own past using their memory workspace: daily notes (memory/YYYY-MM-DD.md), MEMORY.md, other notes and past conversations (sessions/*.jsonl).",
    `Today is ${opts.today}.`,
    "",
    "Reply with exactly one JSON object and nothing else. Either call a tool:",
    '{"tool": "<name>", "args": {\u2026}}',
    "or give the final answer:",
    '{"answer": "<answer in plain words>", "citations": [{"path": "<file>", "startLine": <n>, "endLine": <n>}]}',
    "",
    "Tools:",
    ...toolLines,
    "",
    "Rules:",
    "- Look things up before answering; never invent facts, dates or file names.",
    "- Cite the files and lines your answer rests on, exactly as the tool results show them (path:startLine-endLine).",
    `- You have at most ${opts.maxToolCalls} tool calls. If the notes do not say, answer that you could not find it.`
  ].join("\n");
}
function parseAskReply(text) {
  const obj = extractJsonObject(text);
  if (obj === null)
    return { kind: "invalid", reason: "the reply is not a JSON object" };
  const answer = obj.answer ?? obj.final_answer ?? obj.finalAnswer;
  if (typeof answer === "string") {
    return { kind: "answer", answer: answer.trim(), citations: parseCitations(obj.citations ?? obj.sources) };
  }
  const nested = typeof obj.tool_call === "object" && obj.tool_call !== null ? obj.tool_call : obj;
  const tool = nested.tool ?? nested.name ?? nested.function;
  if (typeof tool === "string" && tool.trim() !== "") {
    let args = nested.args ?? nested.arguments ?? nested.parameters ?? nested.input;
    if (typeof args === "string")
      args = extractJsonObject(args) ?? { query: args };
    if (args === void 0) {
      const { tool: _t, name: _n, function: _f, ...rest } = nested;
      args = rest;
    }
    if (typeof args !== "object" || args === null || Array.isArray(args))
      return { kind: "invalid", reason: `the "args" of tool "${tool}" are not an object` };
    return { kind: "tool", tool: tool.trim().toLowerCase(), args };
  }
  return { kind: "invalid", reason: 'the JSON object has neither "tool" nor "answer"' };
}
function extractJsonObject(text) {
  const t = text.trim();
  for (let start = t.indexOf("{"); start >= 0; start = t.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    let escaped = false;
    for (let i = start; i < t.length; i++) {
      const ch = t[i];
      if (inString) {
        if (escaped)
          escaped = false;
        else if (ch === "\\")
          escaped = true;
        else if (ch === '"')
          inString = false;
        continue;
      }
      if (ch === '"')
        inString = true;
      else if (ch === "{")
        depth++;
      else if (ch === "}") {
        depth--;
        if (depth === 0) {
          try {
            const v = JSON.parse(t.slice(start, i + 1));
            if (typeof v === "object" && v !== null && !Array.isArray(v))
              return v;
          } catch {
          }
          break;
        }
      }
    }
  }
  return null;
}
function parseCitations(raw) {
  if (!Array.isArray(raw))
    return [];
  const out = [];
  for (const c of raw) {
    if (typeof c === "string") {
      const m = /^\s*(.+?)(?::(\d+)(?:\s*[-–]\s*(\d+))?)?\s*$/.exec(c);
      if (m)
        out.push(citation(m[1], m[2] ? Number(m[2]) : 1, m[3] ? Number(m[3]) : m[2] ? Number(m[2]) : 1));
      continue;
    }
    if (typeof c !== "object" || c === null)
      continue;
    const o = c;
    const p = o.path ?? o.file;
    if (typeof p !== "string" || p.trim() === "")
      continue;
    let start = num(o.startLine ?? o.start ?? o.from ?? o.line);
    let end = num(o.endLine ?? o.end ?? o.to);
    if (typeof o.lines === "string") {
      const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(o.lines.trim());
      if (m) {
        start = Number(m[1]);
        end = m[2] ? Number(m[2]) : start;
      }
    }
    out.push(citation(p, start ?? 1, end ?? start ?? 1));
  }
  return out;
}
function citation(p, start, end) {
  const s = Math.max(1, Math.floor(start));
  return { path: p.trim().replace(/^\.\//, ""), startLine: s, endLine: Math.max(s, Math.floor(end)) };
}
function num(v) {
  if (typeof v === "number" && Number.isFinite(v))
    return v;
  if (typeof v === "string" && /^\d+$/.test(v.trim()))
    return Number(v);
  return void 0;
}
function formatToolResult(tool, args, text, maxChars) {
  const body = text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 40)).replace(/\s+\S*$/, "")}
[\u2026 result cut to ${maxChars} characters]` : text;
  return `Result of ${tool} ${JSON.stringify(args)}:
${body}`;
}
function notFoundAnswer(queries) {
  const tried = queries.map((q) => `"${q}"`);
  const list = tried.length <= 1 ? tried.join("") : `${tried.slice(0, -1).join(", ")} and ${tried[tried.length - 1]}`;
  return `Not found: I searched your notes and conversations for ${list} and found nothing relevant.`;
}
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}

// dist/jobs/ask/loop.js
var DEFAULT_ASK_BUDGET = { maxToolCalls: 8, maxTokens: 24e3, maxEmptySearches: 3 };
async function runAsk(input) {
  const question = input.question.trim();
  if (question === "")
    throw new Error("the question is empty");
  const now = input.now ?? Date.now;
  const budget = { ...DEFAULT_ASK_BUDGET, ...input.budget };
  const tools = new Map(input.tools.filter((t) => ASK_TOOL_NAMES.includes(t.name)).map((t) => [t.name, t]));
  const offered = ASK_TOOL_NAMES.filter((n) => tools.has(n));
  const warnings = [];
  const store = input.store;
  let conversationId;
  let forkedFrom;
  let earlier = [];
  const newId = input.newId ?? (() => defaultId(now()));
  if (input.fork && input.session === void 0)
    throw new Error("--fork needs --session ID: the conversation to fork");
  const pending = [];
  if (input.session !== void 0) {
    if (!store)
      throw new Error("resuming a conversation needs the state database");
    if (!store.get(input.session))
      throw new Error(`there is no conversation "${input.session}" to resume`);
    const from = input.session;
    earlier = store.messages(from);
    if (input.fork) {
      const id = newId();
      const at = now();
      conversationId = id;
      pending.push((s) => s.fork(from, id, at));
      forkedFrom = from;
    } else
      conversationId = from;
  } else {
    const id = newId();
    const at = now();
    conversationId = id;
    pending.push((s) => s.create({ id, title: oneLine(question, 120), createdAt: at }));
  }
  const record = (m) => {
    const at = now();
    pending.push((s) => s.append(conversationId, { ...m, createdAt: at }));
  };
  const commit = () => {
    if (!store)
      return;
    store.db.transaction(() => {
      for (const write of pending)
        write(store);
    }).immediate();
  };
  record({ role: "user", kind: "question", content: question });
  const seen = /* @__PURE__ */ new Map();
  const see = (c) => {
    const list = seen.get(c.path) ?? [];
    list.push(c);
    seen.set(c.path, list);
  };
  for (const m of earlier)
    for (const c of citationsIn(m))
      see(c);
  const system = buildAskSystemPrompt({ tools: offered, today: input.today, maxToolCalls: budget.maxToolCalls });
  const messages = [...replayHistory(earlier, input.historyTurns ?? 6), { role: "user", content: `Question: ${question}` }];
  const toolCalls = [];
  const queries = [];
  let tokens = 0;
  let modelCalls = 0;
  let model = input.provider.model;
  let emptyStreak = 0;
  let invalidStreak = 0;
  const finish = (status, answer, citations) => {
    record({ role: "assistant", kind: "answer", content: answer, data: { status, citations } });
    commit();
    const r = {
      conversationId,
      resumed: input.session !== void 0,
      question,
      answer,
      citations,
      status,
      toolCalls,
      queries,
      tokens,
      modelCalls,
      model,
      warnings
    };
    if (forkedFrom !== void 0)
      r.forkedFrom = forkedFrom;
    return r;
  };
  const budgetAnswer = (why) => {
    const found = dedupeCitations([...seen.values()].flat()).slice(0, 3);
    const lines = found.map((c) => `- ${c.path}:${c.startLine}-${c.endLine}`);
    const tried = queries.length > 0 ? ` Searched for: ${queries.map((q) => `"${q}"`).join(", ")}.` : "";
    const answer = `I stopped before finding an answer: ${why}.${tried}${lines.length > 0 ? `
Places that may hold it:
${lines.join("\n")}` : ""}`;
    return finish("budget", answer, found);
  };
  const maxCalls = budget.maxToolCalls + 4;
  for (; ; ) {
    if (tokens >= budget.maxTokens)
      return budgetAnswer(`the token budget (${budget.maxTokens}) is used up`);
    if (modelCalls >= maxCalls)
      return budgetAnswer(`the model made ${modelCalls} calls without a usable answer`);
    const forced = toolCalls.length >= budget.maxToolCalls;
    if (forced && messages[messages.length - 1]?.content.startsWith("Result of")) {
      messages.push({ role: "user", content: `You have used all ${budget.maxToolCalls} tool calls. Answer now with what you found: {"answer": \u2026, "citations": [\u2026]}` });
    }
    const reply = await input.provider.complete({
      system,
      // A copy: the loop keeps appending to its own list.
      messages: [...messages],
      jsonSchema: forced || offered.length === 0 ? ASK_ANSWER_SCHEMA : askReplySchema(offered),
      maxTokens: input.replyTokens ?? 512,
      temperature: input.temperature ?? 0.2,
      ...input.signal ? { signal: input.signal } : {}
    });
    modelCalls++;
    model = reply.model || model;
    tokens += (reply.promptTokens ?? estimateTokens(system + messages.map((m) => m.content).join("\n"))) + (reply.completionTokens ?? estimateTokens(reply.text));
    const parsed = parseAskReply(reply.text);
    if (parsed.kind === "answer") {
      const citations = [];
      for (const c of parsed.citations) {
        if (seen.has(c.path))
          citations.push(c);
        else
          warnings.push(`citation ${c.path}:${c.startLine}-${c.endLine} dropped: no tool showed that file`);
      }
      if (parsed.answer === "")
        return budgetAnswer("the model gave an empty answer");
      return finish("answered", parsed.answer, dedupeCitations(citations));
    }
    if (parsed.kind === "invalid") {
      invalidStreak++;
      if (invalidStreak >= 2) {
        const raw = reply.text.trim();
        if (raw !== "" && !raw.startsWith("{")) {
          warnings.push("the model did not answer in JSON; its text is given as the answer, without citations");
          return finish("answered", raw, []);
        }
        return budgetAnswer("the model's replies could not be read");
      }
      messages.push({ role: "assistant", content: reply.text });
      messages.push({ role: "user", content: `That reply could not be used (${parsed.reason}). Reply with one JSON object only: a tool call or the answer.` });
      continue;
    }
    invalidStreak = 0;
    if (forced)
      return budgetAnswer(`all ${budget.maxToolCalls} tool calls are used`);
    const call = JSON.stringify({ tool: parsed.tool, args: parsed.args });
    messages.push({ role: "assistant", content: call });
    record({ role: "assistant", kind: "tool-call", content: call, data: { tool: parsed.tool, args: parsed.args } });
    const tool = tools.get(parsed.tool);
    let text;
    let entry;
    if (!tool) {
      text = `Error: there is no tool "${parsed.tool}". Available tools: ${offered.join(", ")}.`;
      entry = { tool: parsed.tool, args: parsed.args, ok: false, summary: text };
    } else {
      try {
        const out = await tool.run(parsed.args);
        text = out.text;
        for (const s of out.sources)
          see(s);
        entry = { tool: parsed.tool, args: parsed.args, ok: true, summary: firstLine(out.text) };
        if (parsed.tool === "search") {
          queries.push(typeof parsed.args.query === "string" ? parsed.args.query : JSON.stringify(parsed.args));
          entry.empty = out.empty === true;
          emptyStreak = out.empty ? emptyStreak + 1 : 0;
        }
      } catch (e) {
        text = `Error: ${e instanceof Error ? e.message : String(e)}`;
        entry = { tool: parsed.tool, args: parsed.args, ok: false, summary: text };
        if (parsed.tool === "search") {
          queries.push(typeof parsed.args.query === "string" ? parsed.args.query : JSON.stringify(parsed.args));
          emptyStreak++;
        }
      }
    }
    toolCalls.push(entry);
    const shown = formatToolResult(parsed.tool, parsed.args, text, input.resultChars ?? 2e3);
    messages.push({ role: "user", content: shown });
    record({ role: "tool", kind: "tool-result", content: shown, data: { tool: parsed.tool, ok: entry.ok, ...entry.empty !== void 0 ? { empty: entry.empty } : {} } });
    if (emptyStreak >= budget.maxEmptySearches)
      return finish("not-found", notFoundAnswer(queries), []);
  }
}
function replayHistory(earlier, turns) {
  const pairs = [];
  let q = null;
  for (const m of earlier) {
    if (m.kind === "question")
      q = m.content;
    else if (m.kind === "answer" && q !== null) {
      const citations = citationsIn(m);
      pairs.push([
        { role: "user", content: `Question: ${q}` },
        { role: "assistant", content: JSON.stringify({ answer: m.content, citations }) }
      ]);
      q = null;
    }
  }
  return pairs.slice(-Math.max(0, turns)).flat();
}
function citationsIn(m) {
  const raw = m.data.citations;
  if (!Array.isArray(raw))
    return [];
  return raw.filter((c) => typeof c === "object" && c !== null && typeof c.path === "string" && typeof c.startLine === "number" && typeof c.endLine === "number");
}
function dedupeCitations(cs) {
  const keys = /* @__PURE__ */ new Set();
  return cs.filter((c) => {
    const k = `${c.path}:${c.startLine}-${c.endLine}`;
    if (keys.has(k))
      return false;
    keys.add(k);
    return true;
  });
}
function defaultId(ms) {
  const d = new Date(ms).toISOString().slice(0, 10).replace(/-/g, "");
  return `ask-${d}-${randomBytes(3).toString("hex")}`;
}
function firstLine(s) {
  return oneLine(s.split("\n", 1)[0] ?? "", 160);
}
function oneLine(s, max) {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}\u2026` : t;
}

// dist/jobs/ask/tools.js
function engineAskTools(opts) {
  const cfg = opts.config;
  const tz = opts.timeZone;
  const workspace = opts.workspace;
  const read = { allowHardLinks: opts.allowHardLinks };
  const str = (args, key) => {
    const v = args[key];
    if (typeof v !== "string" || v.trim() === "")
      throw new Error(`"${key}" must be a non-empty string`);
    return v.trim();
  };
  const int = (args, key, dflt) => {
    const v = args[key];
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : dflt;
  };
  const search = {
    name: "search",
    async run(args) {
      const query = str(args, "query");
      const res = await opts.search(query, { limit: cfg.searchLimit, explain: true, ...opts.project ? { filters: { project: opts.project } } : {} });
      const hits = res.results.filter((r) => r.explain === void 0 || r.explain.bm25 !== null || (r.explain.cosine ?? -1) >= cfg.minCosine);
      if (hits.length === 0)
        return { text: `No results for "${query}"${res.reason ? `: ${res.reason}` : ""}.`, sources: [], empty: true };
      const lines = hits.map((r, i) => {
        const date = r.date ? ` (${r.date})` : "";
        const heading = r.heading ? ` ${r.heading}:` : "";
        return `${i + 1}. ${r.path}:${r.startLine}-${r.endLine}${date}${heading} ${r.snippet.replace(/\s+/g, " ")}`;
      });
      return { text: lines.join("\n"), sources: hits.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine })), empty: false };
    }
  };
  const get = {
    name: "get",
    async run(args) {
      const p = str(args, "path");
      const r = readLines(workspace, p, int(args, "from", 1), Math.min(int(args, "lines", cfg.getLines), cfg.getLines), read);
      if (r.lines.length === 0)
        return { text: `${r.rel} has ${r.totalLines} lines; nothing at line ${r.from}.`, sources: [] };
      const more = r.to < r.totalLines ? `
[lines ${r.to + 1}-${r.totalLines} not shown]` : "";
      return { text: `${r.rel} lines ${r.from}-${r.to} of ${r.totalLines}:
${numberLines(r)}${more}`, sources: [{ path: r.rel, startLine: r.from, endLine: r.to }] };
    }
  };
  const boot2 = {
    name: "boot",
    async run(args) {
      const query = typeof args.query === "string" ? args.query : "";
      const b = await opts.boot(query, { limit: cfg.searchLimit + 2, ...opts.project ? { project: opts.project } : {} });
      if (b.items.length === 0)
        return { text: `Nothing found for "${query}" in history or the last ${b.days} days.`, sources: [] };
      const lines = b.items.map((it, i) => `${i + 1}. [${it.origin}] ${it.path}:${it.startLine}-${it.endLine}${it.date ? ` (${it.date})` : ""} ${it.snippet.replace(/\s+/g, " ")}`);
      return { text: lines.join("\n"), sources: b.items.map((it) => ({ path: it.path, startLine: it.startLine, endLine: it.endLine })) };
    }
  };
  const daily = {
    name: "daily",
    async run(args) {
      const raw = str(args, "date").toLowerCase();
      const today2 = zonedDate(opts.now(), tz);
      const date = raw === "today" ? today2 : raw === "yesterday" ? addDays(today2, -1) : raw;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw new Error(`"date" must be YYYY-MM-DD, "today" or "yesterday", got "${raw}"`);
      const rel = dailyRel(date);
      if (readDailyNote(workspace, date, read) === null)
        return { text: `There is no daily note for ${date} (${rel}).`, sources: [] };
      const r = readLines(workspace, rel, 1, cfg.getLines, read);
      const more = r.to < r.totalLines ? `
[lines ${r.to + 1}-${r.totalLines} not shown: use get]` : "";
      return { text: `${rel} lines ${r.from}-${r.to} of ${r.totalLines}:
${numberLines(r)}${more}`, sources: [{ path: rel, startLine: r.from, endLine: Math.max(r.from, r.to) }] };
    }
  };
  return [search, get, boot2, daily];
}

// dist/jobs/ask/index.js
async function askQuestion(input) {
  const cfg = input.config;
  return runAsk({
    question: input.question,
    provider: input.provider,
    tools: engineAskTools({
      workspace: input.workspace,
      now: input.now,
      search: input.search,
      boot: input.boot,
      config: cfg,
      ...input.timeZone !== void 0 ? { timeZone: input.timeZone } : {},
      allowHardLinks: input.allowHardLinks,
      ...input.project ? { project: input.project } : {}
    }),
    store: new ConversationStore(input.db),
    ...input.session !== void 0 ? { session: input.session } : {},
    ...input.fork ? { fork: true } : {},
    budget: { maxToolCalls: cfg.maxToolCalls, maxTokens: cfg.maxTokens, maxEmptySearches: cfg.maxEmptySearches, ...input.budget },
    now: input.now,
    today: zonedDate(input.now(), input.timeZone),
    replyTokens: cfg.replyTokens,
    temperature: cfg.temperature,
    resultChars: cfg.resultChars,
    historyTurns: cfg.historyTurns,
    ...input.signal ? { signal: input.signal } : {},
    ...input.newId ? { newId: input.newId } : {}
  });
}
function listConversations(db, limit = 20) {
  return new ConversationStore(db).list(limit);
}

// dist/jobs/reflect/session-log.js
import { closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
var SESSION_ROLES = ["user", "assistant", "system", "tool"];
function appendSessionTurn(input) {
  if (!isValidSessionId(input.session)) {
    throw new Error(`session id "${input.session}" is not allowed: use letters, digits, ".", "_" and "-" (up to 128, starting with a letter or digit)`);
  }
  if (input.turn === void 0 && !input.compacted)
    throw new Error("nothing to log: give a role and text, or --compacted");
  if (input.turn !== void 0) {
    if (!SESSION_ROLES.includes(input.turn.role)) {
      throw new Error(`role must be one of ${SESSION_ROLES.join(", ")}, got "${input.turn.role}"`);
    }
    if (input.turn.content.trim() === "")
      throw new Error("the text to log is empty");
  }
  const ts = new Date((input.now ?? Date.now)()).toISOString();
  const dir = path.join(input.workspace, "sessions");
  mkdirSync(dir, { recursive: true });
  const rel = `sessions/${input.session}.jsonl`;
  const file = path.join(input.workspace, rel);
  let text = "";
  let lines = 0;
  const created = !exists(file);
  if (!created && !endsWithNewline(file))
    text += "\n";
  if (input.turn !== void 0) {
    const t = {
      role: input.turn.role,
      content: input.turn.content,
      ts
    };
    if (input.turn.thread !== void 0 && input.turn.thread !== "")
      t.thread = input.turn.thread;
    text += formatSessionTurn(t);
    lines++;
  }
  if (input.compacted) {
    text += JSON.stringify({ type: "compaction", ts }) + "\n";
    lines++;
  }
  appendVerified(file, text);
  return { file: rel, ts, lines, created };
}
function exists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
function endsWithNewline(file) {
  const size = statSync(file).size;
  if (size === 0)
    return true;
  const fd = openSync(file, "r");
  try {
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, size - 1);
    return b[0] === 10;
  } finally {
    closeSync(fd);
  }
}

// dist/search/boot-sources.js
import { readdirSync, statSync as statSync2 } from "node:fs";
import path2 from "node:path";

// dist/search/boot.js
var DEFAULT_RECENT_SHARE = 0.3;
var DEFAULT_BOOT_SNIPPET_CHARS = 400;
function bootKey(c) {
  return `${c.source}\0${c.path}\0${c.startLine}-${c.endLine}`;
}
function overlaps(a, b) {
  return a.path === b.path && a.startLine <= b.endLine && b.startLine <= a.endLine;
}
function interleave(a, b) {
  const out = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length)
      out.push(a[i]);
    if (i < b.length)
      out.push(b[i]);
  }
  return out;
}
function fuseBoot(sources, opts) {
  const limit = Math.max(0, Math.floor(opts.limit));
  const share = Math.min(1, Math.max(0, opts.recentShare ?? DEFAULT_RECENT_SHARE));
  const snippetChars = opts.snippetChars ?? DEFAULT_BOOT_SNIPPET_CHARS;
  const terms = opts.terms ?? [];
  const keys = /* @__PURE__ */ new Set();
  const kept = [];
  let merged = 0;
  const admit = (c, origin) => {
    const snippet = makeSnippet(c.text, terms, snippetChars);
    if (snippet === "")
      return null;
    const key = bootKey(c);
    const same = keys.has(key) ? kept.find((k) => bootKey(k) === key) : kept.find((k) => overlaps(k, c));
    if (same) {
      if (same.origin !== origin && !same.alsoFrom.includes(origin))
        same.alsoFrom.push(origin);
      merged++;
      return null;
    }
    keys.add(key);
    const item = {
      path: c.path,
      startLine: c.startLine,
      endLine: c.endLine,
      source: c.source,
      kind: c.kind,
      heading: c.heading,
      date: c.date,
      snippet,
      origin,
      alsoFrom: [],
      score: c.score ?? null
    };
    if (c.annotations && Object.keys(c.annotations).length > 0)
      item.annotations = c.annotations;
    kept.push(item);
    return item;
  };
  const recentAdmitted = [];
  for (const [c, origin] of interleave(sources.session.map((c2) => [c2, "session"]), sources.daily.map((c2) => [c2, "daily"]))) {
    const it = admit(c, origin);
    if (it)
      recentAdmitted.push(it);
  }
  const history = [];
  const searchRank = /* @__PURE__ */ new Map();
  for (const c of sources.history) {
    const it = admit(c, "history");
    if (it)
      history.push(it);
    else {
      const hit = recentAdmitted.find((k) => bootKey(k) === bootKey(c) || overlaps(k, c));
      if (hit && !searchRank.has(hit)) {
        searchRank.set(hit, searchRank.size);
        if (hit.score === null && c.score !== void 0)
          hit.score = c.score;
      }
    }
  }
  const recent = [
    ...recentAdmitted.filter((i) => searchRank.has(i)).sort((a, b) => searchRank.get(a) - searchRank.get(b)),
    ...recentAdmitted.filter((i) => !searchRank.has(i))
  ];
  let recentSlots = recent.length === 0 || limit === 0 ? 0 : Math.min(recent.length, Math.max(1, Math.round(limit * share)));
  const historySlots = Math.min(history.length, limit - recentSlots);
  recentSlots = Math.min(recent.length, limit - historySlots);
  return {
    items: [...history.slice(0, historySlots), ...recent.slice(0, recentSlots)],
    recentSlots,
    historySlots,
    merged
  };
}
function rankRecent(items, terms) {
  const stems = terms.map((t) => t.toLowerCase().slice(0, Math.max(4, Math.min(t.length, 6))));
  const hits = (x) => {
    const lower = `${x.heading}
${x.text}`.toLowerCase();
    return stems.reduce((n, s) => n + (lower.includes(s) ? 1 : 0), 0);
  };
  return items.map((x, i) => ({ ...x, i, h: hits(x.item) })).sort((a, b) => Number(b.h > 0) - Number(a.h > 0) || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || a.i - b.i).map((x) => x.item);
}

// dist/search/boot-sources.js
async function bootContext(engine, query, opts = {}) {
  const days = Math.max(1, Math.floor(opts.days ?? 7));
  const limit = Math.max(1, Math.floor(opts.limit ?? 10));
  const project = opts.project?.trim() ? opts.project.trim() : null;
  const tz = contextConfig(engine.config).timeZone;
  const now = engine.now();
  const to = zonedDate(now, tz);
  const from = addDays(to, -(days - 1));
  const q = query.trim();
  const terms = q === "" ? [] : parseQuery(q).terms;
  const warnings = [];
  const per = limit * 2;
  const read = { allowHardLinks: engine.config.index.allowHardLinks };
  const [history, session, daily] = await Promise.all([
    q === "" ? Promise.resolve([]) : historyCandidates(engine, q, per, project, warnings),
    Promise.resolve().then(() => sessionCandidates(engine.workspace, { from, tz, project, terms, max: per, turnsPerBlock: opts.turnsPerBlock ?? 4, read })),
    Promise.resolve().then(() => dailyCandidates(engine, { dates: lastDays(to, days), project, terms, max: per }))
  ]);
  const fused = fuseBoot({ history, session, daily }, { limit, recentShare: opts.recentShare ?? DEFAULT_RECENT_SHARE, snippetChars: opts.snippetChars ?? DEFAULT_BOOT_SNIPPET_CHARS, terms });
  const result = {
    query: q,
    days,
    project,
    from,
    to,
    items: fused.items,
    counts: {
      history: fused.items.filter((i) => i.origin === "history").length,
      session: fused.items.filter((i) => i.origin === "session").length,
      daily: fused.items.filter((i) => i.origin === "daily").length
    },
    offered: { history: history.length, session: session.length, daily: daily.length },
    warnings
  };
  if (opts.includeDaily)
    result.today = { date: to, path: dailyRel(to), text: readDailyNote(engine.workspace, to, read) };
  return result;
}
async function historyCandidates(engine, query, limit, project, warnings) {
  const res = await engine.search(query, { limit, ...project ? { filters: { project } } : {} });
  if (res.vectors.warning)
    warnings.push(res.vectors.warning);
  if (res.results.length === 0 && res.reason)
    warnings.push(`history: ${res.reason}`);
  return res.results.map((r) => {
    const c = {
      path: r.path,
      startLine: r.startLine,
      endLine: r.endLine,
      source: r.source,
      kind: r.kind,
      heading: r.heading,
      date: r.date,
      text: rangeText(engine.workspace, r.path, r.startLine, r.endLine, { allowHardLinks: engine.config.index.allowHardLinks }) ?? r.snippet,
      score: r.score
    };
    if (r.annotations)
      c.annotations = r.annotations;
    return c;
  });
}
function rangeText(workspace, rel, start, end, read) {
  try {
    const r = readLines(workspace, rel, start, end - start + 1, read);
    if (!rel.endsWith(".jsonl"))
      return r.lines.join("\n");
    return parseSessionText(rel, r.lines.join("\n")).turns.map((t) => `${t.role}: ${t.content.replace(/\s*\n\s*/g, " ")}`).join("\n");
  } catch {
    return null;
  }
}
function sessionCandidates(workspace, o) {
  const dir = path2.join(workspace, "sessions");
  let names;
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl") && isValidSessionId(n.slice(0, -".jsonl".length)));
  } catch {
    return [];
  }
  const fromMs = Date.parse(`${addDays(o.from, -1)}T00:00:00Z`);
  const skipOld = fromMs <= Date.now();
  const blocks = [];
  for (const name of names) {
    const rel = `sessions/${name}`;
    try {
      if (skipOld && statSync2(path2.join(dir, name)).mtimeMs < fromMs)
        continue;
      const r = readLines(workspace, rel, 1, Number.MAX_SAFE_INTEGER, o.read);
      const id = name.slice(0, -".jsonl".length);
      const parsed = parseSessionText(id, r.lines.join("\n"));
      const dateOf = (t) => {
        const ms = Date.parse(t.ts);
        return Number.isNaN(ms) ? null : zonedDate(ms, o.tz);
      };
      const inWindow = parsed.turns.filter((t) => {
        const d = dateOf(t);
        return d !== null && d >= o.from;
      });
      if (inWindow.length === 0)
        continue;
      const sessionAnns = uniqueAnnotations(parsed.turns.flatMap((t) => parseAnnotations(t.content)));
      if (o.project && !sessionAnns.some((a) => a.key === "project" && annotationMatches(o.project, a.norm)))
        continue;
      let cur = [];
      const flush = () => {
        if (cur.length === 0)
          return;
        const text = cur.map((t) => `${t.role}: ${t.content.replace(/\s*\n\s*/g, " ")}`).join("\n");
        const last = cur[cur.length - 1];
        const item = {
          path: rel,
          startLine: cur[0].line,
          endLine: last.line,
          source: "sessions",
          kind: "session",
          heading: last.thread ? `session ${id} > ${last.thread}` : `session ${id}`,
          date: dateOf(last),
          text
        };
        const anns = groupAnnotations(uniqueAnnotations(parseAnnotations(text)));
        if (Object.keys(anns).length > 0)
          item.annotations = anns;
        const ms = Date.parse(last.ts);
        blocks.push({ item, at: Number.isNaN(ms) ? "" : new Date(ms).toISOString() });
        cur = [];
      };
      for (const t of inWindow) {
        if (cur.length > 0 && ((cur[0].thread ?? "") !== (t.thread ?? "") || cur.length >= o.turnsPerBlock || t.line !== cur[cur.length - 1].line + 1))
          flush();
        cur.push(t);
      }
      flush();
    } catch {
    }
  }
  return rankRecent(blocks, o.terms).slice(0, o.max);
}
function dailyCandidates(engine, o) {
  const out = [];
  for (const date of o.dates) {
    const text = readDailyNote(engine.workspace, date, { allowHardLinks: engine.config.index.allowHardLinks });
    if (text === null || text.trim() === "")
      continue;
    const chunks = chunkMarkdown(text, { targetTokens: engine.config.index.chunkTokens, overlapTokens: engine.config.index.overlapTokens });
    chunks.forEach((c, i) => {
      const anns = uniqueAnnotations(parseAnnotations(`${c.heading}
${c.text}`));
      if (o.project && !anns.some((a) => a.key === "project" && annotationMatches(o.project, a.norm)))
        return;
      const item = {
        path: dailyRel(date),
        startLine: c.startLine,
        endLine: c.endLine,
        source: "memory",
        kind: "daily",
        heading: c.heading,
        date,
        text: c.text
      };
      if (anns.length > 0)
        item.annotations = groupAnnotations(anns);
      out.push({ item, at: `${date}#${String(i).padStart(6, "0")}` });
    });
  }
  return rankRecent(out, o.terms).slice(0, o.max);
}

// dist/engine/assist.js
async function context(engine, req) {
  const cfg = engine.config.context;
  const session = req.session ?? "main";
  const totalChars = req.budget ?? cfg.totalChars;
  const perFileChars = req.perFile ?? cfg.perFileChars;
  if (totalChars < 500)
    throw new RangeError(`the context budget must be at least 500 characters, got ${totalChars}`);
  const query = req.query?.trim() || void 0;
  const now = engine.now();
  const tz = cfg.timeZone;
  let memories;
  if (query && cfg.memoryResults > 0) {
    const res = await engine.search(query, { limit: session === "main" ? cfg.memoryResults : cfg.memoryResults * 4 });
    memories = scopeHits(res.results, session).slice(0, cfg.memoryResults).map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine, heading: r.heading, date: r.date, snippet: r.snippet }));
  }
  const audit = auditWorkspace(engine.workspace);
  const warnings = [];
  let ctx;
  try {
    ctx = await buildEvolvedContext({
      workspace: engine.workspace,
      db: engine.state(),
      evolution: engine.config.evolution,
      cache: engine.embeddingCacheOrNull(),
      session,
      now,
      perFileChars,
      totalChars,
      embedder: query ? await engine.embedderOrNull().catch(() => null) : null,
      ...tz !== void 0 ? { timeZone: tz } : {},
      ...query ? { query } : {},
      ...memories !== void 0 ? { memories } : {}
    });
  } catch (e) {
    if (!isStateProblem(e))
      throw e;
    warnings.push(`${errorText(e)} \u2014 the prompt was built from the markdown files only`);
    const plain = buildContext(engine.workspace, {
      now,
      ...tz !== void 0 ? { timeZone: tz } : {},
      session,
      perFileChars,
      totalChars,
      ...query ? { query } : {},
      ...memories ? { memories } : {}
    });
    ctx = { ...plain, experience: { identity: null, relevance: "none", memories: [], ranked: [], withheld: 0, warnings: [] }, recalled: [] };
  }
  warnings.push(...ctx.experience.warnings);
  return {
    workspace: engine.workspace,
    session,
    text: ctx.text,
    chars: ctx.chars,
    report: ctx.report,
    audit,
    problems: ctx.problems,
    experience: {
      identity: ctx.experience.identity,
      relevance: ctx.experience.relevance,
      memories: ctx.experience.ranked.map((r) => ({ id: r.memory.id, type: r.memory.type, score: r.score, relevance: r.relevance, shown: ctx.report.experience.shownIds.includes(r.memory.id) })),
      recalled: ctx.recalled
    },
    warnings
  };
}
function isStateProblem(e) {
  const code = e.code;
  return code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB" || code === "SQLITE_CANTOPEN" || e.name === "StateVersionError" || e.name === "StateDbError";
}
function scopeHits(hits, session) {
  return session === "main" ? [...hits] : hits.filter((h) => !isPrivatePath(h.path));
}
async function boot(engine, query, req = {}) {
  const { session = "main", ...opts } = req;
  if (opts.days !== void 0 && (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > 3650)) {
    throw new RangeError(`boot looks back 1 to 3650 days, got ${opts.days}`);
  }
  if (session === "main")
    return bootContext(engine, query, opts);
  const res = await bootContext(engine, query, { ...opts, includeDaily: false, limit: (opts.limit ?? 10) * 3 });
  const items = scopeHits(res.items, session).slice(0, opts.limit ?? 10);
  const counts = { history: 0, session: 0, daily: 0 };
  for (const i of items)
    counts[i.origin === "history" ? "history" : i.origin === "session" ? "session" : "daily"]++;
  const { today: _today, ...rest } = res;
  return { ...rest, items, counts };
}
function readFile(engine, rel, req = {}) {
  const r = readLines(engine.workspace, rel, req.from ?? 1, req.lines ?? 200, { allowHardLinks: engine.config.index.allowHardLinks });
  if ((req.session ?? "main") !== "main" && isPrivatePath(r.rel)) {
    throw new PrivateFileError(r.rel);
  }
  return r;
}
var PrivateFileError = class extends Error {
  constructor(rel) {
    super(`${rel} is private to the person's own (main) sessions; this session cannot read it`);
    this.name = "PrivateFileError";
  }
};
function appendNote(engine, text, title) {
  const tz = engine.config.context.timeZone;
  return appendDailyNote({
    workspace: engine.workspace,
    text,
    now: engine.now(),
    limits: { maxAppendBytes: engine.config.index.maxAppendBytes, maxFileBytes: engine.config.index.maxFileBytes },
    ...tz !== void 0 ? { timeZone: tz } : {},
    ...title ? { title } : {}
  });
}
function logTurn(engine, input) {
  return appendSessionTurn({ ...input, workspace: engine.workspace });
}
function today(engine) {
  return zonedDate(engine.now(), engine.config.context.timeZone);
}
function dailyNotes(engine, days) {
  return readDailyNotes(engine.workspace, lastDays(today(engine), days), { allowHardLinks: engine.config.index.allowHardLinks });
}
function dailyFiles(engine, days) {
  return lastDays(today(engine), days).map((d) => dailyFileInfo(engine.workspace, d, { allowHardLinks: engine.config.index.allowHardLinks }));
}
async function ask(engine, question, req = {}) {
  const q = question.trim();
  if (q === "")
    throw new RangeError('give a question, e.g. "what did we decide about the VPS?"');
  const tz = engine.config.context.timeZone;
  return askQuestion({
    workspace: engine.workspace,
    db: engine.state(),
    config: engine.config.ask,
    now: engine.now,
    search: (query, opts) => engine.search(query, opts),
    boot: (query, opts) => bootContext(engine, query, opts),
    allowHardLinks: engine.config.index.allowHardLinks,
    provider: engine.llm(),
    question: q,
    ...tz !== void 0 ? { timeZone: tz } : {},
    ...req.session !== void 0 ? { session: req.session } : {},
    ...req.fork ? { fork: true } : {},
    ...req.project ? { project: req.project } : {},
    ...req.maxToolCalls !== void 0 ? { budget: { maxToolCalls: req.maxToolCalls } } : {},
    ...req.signal ? { signal: req.signal } : {}
  });
}
function conversations(engine, limit = 20) {
  if (!engine.hasState())
    return [];
  return listConversations(engine.state(), limit);
}
export {
  PrivateFileError,
  appendNote,
  ask,
  boot,
  context,
  conversations,
  dailyFiles,
  dailyNotes,
  logTurn,
  readFile,
  scopeHits,
  today
};
//# sourceMappingURL=assist-DFLB2VBI.js.map

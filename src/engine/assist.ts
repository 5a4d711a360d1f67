/**
 * What an assistant asks of the engine: the system prompt (context), brain boot, reading and
 * appending notes, logging a turn. One implementation, so `agent context` and the MCP
 * `context` tool cannot drift apart, and a privacy scope that every front applies the same.
 */
import { isPrivatePath, type MemoryHit, type SessionType } from "../context/assemble.js";
import { auditWorkspace, type WorkspaceAudit } from "../context/audit.js";
import { buildContext } from "../context/load.js";
import { buildEvolvedContext, type EvolvedContext } from "../jobs/evolve/context.js";
import { askQuestion, listConversations } from "../jobs/ask/index.js";
import type { AskResult } from "../jobs/ask/loop.js";
import type { Conversation } from "../store/conversations.js";
import { appendSessionTurn, type AppendSessionInput, type AppendSessionResult } from "../jobs/reflect/session-log.js";
import { bootContext, type BootEngine, type BootOptions, type BootResult } from "../context/boot/sources.js";
import { checkQuerySize } from "../search/bound.js";
import { appendDailyNote, dailyFileInfo, lastDays, readDailyNotes, type AppendDailyResult, type DailyDay, type DailyFileInfo } from "../workspace/daily.js";
import { readLines, type LineRange } from "../workspace/safe-read.js";
import { zonedDate } from "../workspace/time.js";
import type { EngineCore } from "./core.js";
import { errorText } from "./errors.js";
import type { RecallFront } from "./recall-log.js";

export interface ContextRequest {
  session?: SessionType;
  /** A task or question: adds the notes and memories most relevant to it. */
  query?: string;
  /** Total characters (default context.totalChars). */
  budget?: number;
  /** Characters per file (default context.perFileChars). */
  perFile?: number;
}

export interface ContextAnswer {
  workspace: string;
  session: SessionType;
  text: string;
  chars: number;
  report: EvolvedContext["report"];
  audit: WorkspaceAudit;
  /** Files that exist but could not be read, or state that could not be used. */
  problems: string[];
  experience: {
    identity: EvolvedContext["experience"]["identity"];
    relevance: EvolvedContext["experience"]["relevance"];
    memories: { id: number; type: string; score: number; relevance: number; shown: boolean }[];
    recalled: number[];
  };
  warnings: string[];
}

/**
 * The system prompt for a session type. Group and isolated sessions never get private files
 * (MEMORY.md, USER.md, daily notes, transcripts) nor private search hits. When state.db
 * cannot be read, the prompt is still built from the markdown, with a warning: an assistant
 * must never be left without its system prompt.
 */
export async function context(engine: EngineCore, req: ContextRequest): Promise<ContextAnswer> {
  const cfg = engine.config.context;
  const session = req.session ?? "main";
  const totalChars = req.budget ?? cfg.totalChars;
  const perFileChars = req.perFile ?? cfg.perFileChars;
  if (totalChars < 500) throw new RangeError(`the context budget must be at least 500 characters, got ${totalChars}`);
  const query = req.query?.trim() || undefined;
  // The query feeds the search and the recall of evolved memories: bounded before either.
  if (query) checkQuerySize(query, "context");
  const now = engine.now();
  const tz = cfg.timeZone;

  let memories: MemoryHit[] | undefined;
  if (query && cfg.memoryResults > 0) {
    // Group and isolated sessions search public files only (the search plan's scope); their
    // queries come from other people, so they feed no recall log.
    const res = await engine.search(query, { limit: cfg.memoryResults, session, front: "context", ...(session !== "main" ? { recall: false } : {}) });
    memories = res.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine, heading: r.heading, date: r.date, snippet: r.snippet }));
  }
  const audit = auditWorkspace(engine.workspace);
  const warnings: string[] = [];
  let ctx: EvolvedContext;
  try {
    ctx = await buildEvolvedContext({
      workspace: engine.workspace,
      db: engine.state(),
      evolution: engine.config.evolution,
      cache: engine.embeddingCacheOrNull(),
      session,
      allowHardLinks: engine.config.index.allowHardLinks,
      now,
      perFileChars,
      totalChars,
      embedder: query ? await engine.embedderOrNull().catch(() => null) : null,
      ...(tz !== undefined ? { timeZone: tz } : {}),
      ...(query ? { query } : {}),
      ...(memories !== undefined ? { memories } : {}),
    });
  } catch (e) {
    if (!isStateProblem(e)) throw e;
    warnings.push(`${errorText(e)} — the prompt was built from the markdown files only`);
    const plain = buildContext(engine.workspace, {
      now,
      allowHardLinks: engine.config.index.allowHardLinks,
      ...(tz !== undefined ? { timeZone: tz } : {}),
      session,
      perFileChars,
      totalChars,
      ...(query ? { query } : {}),
      ...(memories ? { memories } : {}),
    });
    ctx = { ...plain, experience: { identity: null, relevance: "none", memories: [], ranked: [], withheld: 0, warnings: [] }, recalled: [] } as unknown as EvolvedContext;
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
      recalled: ctx.recalled,
    },
    warnings,
  };
}

function isStateProblem(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB" || code === "SQLITE_CANTOPEN" || (e as Error).name === "StateVersionError" || (e as Error).name === "StateDbError";
}

export interface BootRequest extends BootOptions {
  session?: SessionType;
}

/** Brain boot; group and isolated sessions get no private items and no daily note. */
export async function boot(engine: EngineCore, query: string, req: BootRequest = {}): Promise<BootResult> {
  const { session = "main", ...opts } = req;
  if (opts.days !== undefined && (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > 3650)) {
    throw new RangeError(`boot looks back 1 to 3650 days, got ${opts.days}`);
  }
  // Group and isolated sessions: history from public files only, no transcripts, no daily notes.
  if (session === "main") return bootContext(fronted(engine, "boot", true), query, opts);
  return bootContext(fronted(engine, "boot", false), query, { ...opts, includeDaily: false, session });
}

/** The engine as boot sees it, its searches recorded as coming from `front` (or not at all). */
function fronted(engine: EngineCore, front: RecallFront, recall: boolean): BootEngine {
  return {
    workspace: engine.workspace,
    config: engine.config,
    now: engine.now,
    plan: (q, o) => engine.plan(q, o),
    search: (plan) => engine.search(plan, { front, ...(recall ? {} : { recall: false }) }),
  };
}

export interface ReadRequest {
  from?: number;
  lines?: number;
  session?: SessionType;
}

/** Lines of a workspace file (never outside it, never .agent/); private files only for main sessions. */
export function readFile(engine: EngineCore, rel: string, req: ReadRequest = {}): LineRange {
  const r = readLines(engine.workspace, rel, req.from ?? 1, req.lines ?? 200, { allowHardLinks: engine.config.index.allowHardLinks });
  if ((req.session ?? "main") !== "main" && isPrivatePath(r.rel)) {
    throw new PrivateFileError(r.rel);
  }
  return r;
}

export class PrivateFileError extends Error {
  constructor(rel: string) {
    super(`${rel} is private to the person's own (main) sessions; this session cannot read it`);
    this.name = "PrivateFileError";
  }
}

/** Appends to today's daily note (checked, verified, within the size limits). */
export function appendNote(engine: EngineCore, text: string | Uint8Array, title?: string): AppendDailyResult {
  const tz = engine.config.context.timeZone;
  return appendDailyNote({
    workspace: engine.workspace,
    text,
    now: engine.now(),
    limits: { maxAppendBytes: engine.config.index.maxAppendBytes, maxFileBytes: engine.config.index.maxFileBytes },
    allowHardLinks: engine.config.index.allowHardLinks,
    ...(tz !== undefined ? { timeZone: tz } : {}),
    ...(title ? { title } : {}),
  });
}

/** Appends a turn (or a compaction mark) to a session transcript. */
export function logTurn(engine: EngineCore, input: Omit<AppendSessionInput, "workspace">): AppendSessionResult {
  return appendSessionTurn({ ...input, workspace: engine.workspace, allowHardLinks: engine.config.index.allowHardLinks });
}

/** Today's date in the context zone. */
export function today(engine: EngineCore): string {
  return zonedDate(engine.now(), engine.config.context.timeZone);
}

export function dailyNotes(engine: EngineCore, days: number): DailyDay[] {
  return readDailyNotes(engine.workspace, lastDays(today(engine), days), { allowHardLinks: engine.config.index.allowHardLinks });
}

export function dailyFiles(engine: EngineCore, days: number): DailyFileInfo[] {
  return lastDays(today(engine), days).map((d) => dailyFileInfo(engine.workspace, d, { allowHardLinks: engine.config.index.allowHardLinks }));
}

export interface AskRequest {
  /** Continue this conversation. */
  session?: string;
  /** With session: continue in a copy under a new id. */
  fork?: boolean;
  /** Search only within this project (project:: annotations). */
  project?: string;
  maxToolCalls?: number;
  signal?: AbortSignal;
}

/** `agent ask`: the local model answers from the notes with citations; the conversation is kept. */
export async function ask(engine: EngineCore, question: string, req: AskRequest = {}): Promise<AskResult> {
  const q = question.trim();
  if (q === "") throw new RangeError('give a question, e.g. "what did we decide about the VPS?"');
  checkQuerySize(q, "question");
  const tz = engine.config.context.timeZone;
  return askQuestion({
    workspace: engine.workspace,
    db: engine.state(),
    config: engine.config.ask,
    now: engine.now,
    // The asking model reads the results and judges them itself: a second model call per
    // search would only double the wait.
    search: (query, opts) => engine.search(query, { ...opts, rerank: false, front: "ask" }),
    boot: (query, opts) => bootContext(fronted(engine, "ask", true), query, opts),
    allowHardLinks: engine.config.index.allowHardLinks,
    provider: engine.llm(),
    question: q,
    ...(tz !== undefined ? { timeZone: tz } : {}),
    ...(req.session !== undefined ? { session: req.session } : {}),
    ...(req.fork ? { fork: true } : {}),
    ...(req.project ? { project: req.project } : {}),
    ...(req.maxToolCalls !== undefined ? { budget: { maxToolCalls: req.maxToolCalls } } : {}),
    ...(req.signal ? { signal: req.signal } : {}),
  });
}

/** Conversations of `agent ask`, newest first. */
export function conversations(engine: EngineCore, limit = 20): Conversation[] {
  if (!engine.hasState()) return [];
  return listConversations(engine.state(), limit);
}

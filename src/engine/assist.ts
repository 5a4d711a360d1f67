/**
 * What an assistant asks of the engine: the system prompt (context), brain boot, reading and
 * appending notes, logging a turn, `agent ask`: a service the engine hands out
 * (`engine.assist()`). One implementation, so `agent context` and the MCP
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
import { wordCount, type RequestTurns } from "./turns.js";
import { bootContext, type BootEngine, type BootOptions, type BootResult } from "../context/boot/sources.js";
import { checkQuerySize } from "../search/bound.js";
import { appendDailyNote, dailyFileInfo, lastDays, readDailyNotes, type AppendDailyResult, type DailyDay, type DailyFileInfo } from "../workspace/daily.js";
import { readLines, type LineRange } from "../workspace/safe-read.js";
import { zonedDate } from "../workspace/time.js";
import type { EngineCore } from "./core.js";
import { errorText } from "./errors.js";
import type { RecallFront } from "./recall-log.js";

export interface ContextArgs {
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

export interface BootArgs extends BootOptions {
  session?: SessionType;
}

export interface ReadArgs {
  from?: number;
  lines?: number;
  session?: SessionType;
}

export interface AskArgs {
  /** Continue this conversation. */
  session?: string;
  /** With session: continue in a copy under a new id. */
  fork?: boolean;
  /** Search only within this project (project:: annotations). */
  project?: string;
  maxToolCalls?: number;
  signal?: AbortSignal;
}

export class PrivateFileError extends Error {
  constructor(rel: string) {
    super(`${rel} is private to the person's own (main) sessions; this session cannot read it`);
    this.name = "PrivateFileError";
  }
}

/** What the service uses of the engine that owns it. */
export interface AssistHost extends EngineCore {
  /** `freshness` is set while a watcher keeps the index in step with the disk (indexing.ts). */
  readonly indexing: { readonly freshness: (() => Promise<boolean>) | undefined; syncPaths(rels: string[]): unknown };
  /** Big queries take turns in a long-lived host (turns.ts). */
  readonly searching: { readonly turns: RequestTurns };
}

/** What an assistant asks of the engine, handed out by `engine.assist()`. */
export class ContextNotesService {
  constructor(private readonly engine: AssistHost) {}

  /**
   * The system prompt for a session type. Group and isolated sessions never get private files
   * (MEMORY.md, USER.md, daily notes, transcripts) nor private search hits. When state.db
   * cannot be read, the prompt is still built from the markdown, with a warning: an assistant
   * must never be left without its system prompt.
   */
  async context(req: ContextArgs = {}): Promise<ContextAnswer> {
    const cfg = this.engine.config.context;
    const session = req.session ?? "main";
    const totalChars = req.budget ?? cfg.totalChars;
    const perFileChars = req.perFile ?? cfg.perFileChars;
    if (totalChars < 500) throw new RangeError(`the context budget must be at least 500 characters, got ${totalChars}`);
    const query = req.query?.trim() || undefined;
    // The query feeds the search and the recall of evolved memories: bounded before either.
    if (query) checkQuerySize(query, "context");
    const now = this.engine.now();
    const tz = cfg.timeZone;

    let memories: MemoryHit[] | undefined;
    if (query && cfg.memoryResults > 0) {
      // Group and isolated sessions search public files only (the search plan's scope); their
      // queries come from other people, so they feed no recall log.
      const res = await this.engine.search(query, { limit: cfg.memoryResults, session, front: "context", ...(session !== "main" ? { recall: false } : {}) });
      memories = res.results.map((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine, heading: r.heading, date: r.date, snippet: r.snippet, ...(r.supersededBy ? { supersededBy: r.supersededBy } : {}) }));
    }
    const audit = auditWorkspace(this.engine.workspace);
    const warnings: string[] = [];
    let ctx: EvolvedContext;
    try {
      ctx = await buildEvolvedContext({
        workspace: this.engine.workspace,
        db: this.engine.state(),
        evolution: this.engine.config.evolution,
        cache: this.engine.embeddingCache(),
        session,
        allowHardLinks: this.engine.config.index.allowHardLinks,
        now,
        perFileChars,
        totalChars,
        embedder: query ? await this.engine.embedderOrNull().catch(() => null) : null,
        ...(tz !== undefined ? { timeZone: tz } : {}),
        ...(query ? { query } : {}),
        ...(memories !== undefined ? { memories } : {}),
      });
    } catch (e) {
      if (!isStateProblem(e)) throw e;
      warnings.push(`${errorText(e)} — the prompt was built from the markdown files only`);
      const plain = buildContext(this.engine.workspace, {
        now,
        allowHardLinks: this.engine.config.index.allowHardLinks,
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
      workspace: this.engine.workspace,
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

  /** Brain boot; group and isolated sessions get no private items and no daily note. */
  async boot(query: string, req: BootArgs = {}): Promise<BootResult> {
    const { session = "main", ...opts } = req;
    if (opts.days !== undefined && (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > 3650)) {
      throw new RangeError(`boot looks back 1 to 3650 days, got ${opts.days}`);
    }
    // A long query's boot (its plan, its search, its recent turns ranked by every word) takes its turn as a whole.
    return this.engine.searching.turns.big(wordCount(query), () =>
      // Group and isolated sessions: history from public files only, no transcripts, no daily notes.
      session === "main" ? bootContext(fronted(this.engine, "boot", true), query, opts) : bootContext(fronted(this.engine, "boot", false), query, { ...opts, includeDaily: false, session }),
    );
  }

  /** Lines of a workspace file (never outside it, never .agent/); private files only for main sessions. */
  async readFile(rel: string, req: ReadArgs = {}): Promise<LineRange> {
    const r = readLines(this.engine.workspace, rel, req.from ?? 1, req.lines ?? 200, { allowHardLinks: this.engine.config.index.allowHardLinks });
    if ((req.session ?? "main") !== "main" && isPrivatePath(r.rel)) {
      throw new PrivateFileError(r.rel);
    }
    return r;
  }

  /** Appends to today's daily note (checked, verified, within the size limits). */
  async appendNote(text: string | Uint8Array, title?: string): Promise<AppendDailyResult> {
    const tz = this.engine.config.context.timeZone;
    const r = appendDailyNote({
      workspace: this.engine.workspace,
      text,
      now: this.engine.now(),
      limits: { maxAppendBytes: this.engine.config.index.maxAppendBytes, maxFileBytes: this.engine.config.index.maxFileBytes },
      allowHardLinks: this.engine.config.index.allowHardLinks,
      ...(tz !== undefined ? { timeZone: tz } : {}),
      ...(title ? { title } : {}),
    });
    // A host that trusts its watcher indexes the note now: an assistant's next call may be a search.
    if (this.engine.indexing.freshness !== undefined) this.engine.indexing.syncPaths([r.path]);
    return r;
  }

  /** Appends a turn (or a compaction mark) to a session transcript. */
  async logTurn(input: Omit<AppendSessionInput, "workspace">): Promise<AppendSessionResult> {
    return appendSessionTurn({ ...input, workspace: this.engine.workspace, allowHardLinks: this.engine.config.index.allowHardLinks, maxFileBytes: this.engine.config.index.maxFileBytes });
  }

  /** Today's date in the context zone. */
  async today(): Promise<string> {
    return zonedDate(this.engine.now(), this.engine.config.context.timeZone);
  }

  /** The last `days` daily notes, newest first (the MCP daily resources). */
  async dailyNotes(days: number): Promise<DailyDay[]> {
    return readDailyNotes(this.engine.workspace, lastDays(await this.today(), days), { allowHardLinks: this.engine.config.index.allowHardLinks });
  }

  /** The last `days` daily note files: whether each exists, its size and when it changed. */
  async dailyFiles(days: number): Promise<DailyFileInfo[]> {
    return lastDays(await this.today(), days).map((d) => dailyFileInfo(this.engine.workspace, d, { allowHardLinks: this.engine.config.index.allowHardLinks }));
  }

  /** `agent ask`: the local model answers from the notes with citations; the conversation is kept. */
  async ask(question: string, req: AskArgs = {}): Promise<AskResult> {
    const q = question.trim();
    if (q === "") throw new RangeError('give a question, e.g. "what did we decide about the VPS?"');
    checkQuerySize(q, "question");
    const tz = this.engine.config.context.timeZone;
    return askQuestion({
      workspace: this.engine.workspace,
      db: this.engine.state(),
      config: this.engine.config.ask,
      now: this.engine.now,
      // The asking model reads the results and judges them itself: a second model call per
      // search would only double the wait.
      search: (query, opts) => this.engine.search(query, { ...opts, rerank: false, front: "ask" }),
      boot: (query, opts) => bootContext(fronted(this.engine, "ask", true), query, opts),
      allowHardLinks: this.engine.config.index.allowHardLinks,
      provider: this.engine.llm(),
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
  async conversations(limit = 20): Promise<Conversation[]> {
    if (!this.engine.hasState()) return [];
    return listConversations(this.engine.state(), limit);
  }
}

function isStateProblem(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB" || code === "SQLITE_CANTOPEN" || (e as Error).name === "StateVersionError" || (e as Error).name === "StateDbError";
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

/**
 * The engine inside the person's assistants (Claude Code, Codex, OpenCode): one small service
 * for what their hooks and `agent import` ask. Four operations:
 *
 *   capture(req)       turns → `sessions/<harness>-<session>.jsonl`, appended (verified), each
 *                      harness message once (deduped by its id), never a turn lost: a turn is
 *                      either a whole line or not there, and then the next capture writes it
 *   inject(req)        the few memories relevant to a prompt that pass the search floor, with
 *                      path:line citations, or nothing; no LLM; within a time budget
 *   compaction(req)    capture, then the pre-compaction flush once per compaction cycle, then
 *                      the compaction marker
 *   importHistory(req) back-fill from the harness's own store, through capture (idempotent)
 *
 * What is harness-specific (hook payloads, transcript readers, stores, config writers) is the
 * adapters' (src/assistants/<harness>/): this service takes turns and sources, never a name to branch on.
 * A harness session is a main session (the person's own); nothing captured leaves the workspace.
 */
import path from "node:path";
import { asSpoken, sessionIdFor, type HarnessName, type HarnessTurn, type ImportSource, type Provenance } from "../workspace/harness-turns.js";
import type { FlushArgs } from "../jobs/catalog.js";
import { currentCycle } from "../jobs/flush/plan.js";
import type { FlushResult } from "../jobs/flush/run.js";
import { FlushCycleStore } from "../jobs/flush/state.js";
import type { RunOptions, RunOutcome } from "../jobs/runner.js";
import type { SearchMode } from "../search/search.js";
import type { SearchResult } from "../search/types.js";
import type { SessionKind } from "../workspace/sessions.js";
import { readSessionText, type TranscriptOptions } from "../workspace/transcripts.js";
import { captureFile, captureTurns, markCompaction, type CaptureResult, type TranscriptLinesReader } from "./capture.js";
import type { EngineCore } from "./core.js";
import { errorText } from "./errors.js";
import { codingContext } from "./coding-context.js";
import { isEcho } from "./inject-echo.js";
import { formatQuotedMemories, type QuotedMemory } from "./inject-text.js";

/** What the service needs of the engine beyond EngineCore: the job runner (flush). */
export interface AssistantEngine extends EngineCore {
  runJob(name: "flush", args: FlushArgs, opts?: RunOptions): Promise<RunOutcome<FlushResult>>;
}

export interface CaptureRequest {
  harness: HarnessName;
  /** The harness's session id. */
  session: string;
  turns: readonly HarnessTurn[];
  provenance?: Provenance;
  /** The session's kind (default main): written on each line; only a main session's lines feed the person's memory. */
  kind?: SessionKind;
}

export type { CaptureResult };

export interface InjectArgs {
  prompt: string;
  harness?: HarnessName;
  /** The harness session: its own transcript is never injected back into it. */
  session?: string;
  /** The session's kind (default main): a group or isolated session gets no private file (MEMORY.md, USER.md, daily notes, transcripts). */
  kind?: SessionKind;
  /** Memories at most (default 3). */
  limit?: number;
  /** Search mode: the hook asks "keyword" when it works in-process, cold (no model load on the hot path). */
  mode?: SearchMode;
  /** Give up after this long and inject nothing (default 300 ms; 0: no limit). */
  budgetMs?: number;
  /** Characters of the whole injected text at most (default 1,600). */
  maxChars?: number;
  /**
   * false: search the index as it is, without the pre-search look at the files (the cold hook:
   * that look stats every note; the capture hooks bring the index up to date instead).
   */
  refresh?: boolean;
}

export interface InjectHit {
  path: string;
  startLine: number;
  endLine: number;
  date: string | null;
  score: number;
  snippet: string;
  /** A later statement replaced this one: it is handed on as replaced, never as current. */
  supersededBy?: { path: string; line: number; date: string };
}

export interface InjectAnswer {
  /** The text to hand the model; "" when nothing passed the floor (or the budget ran out). */
  text: string;
  hits: InjectHit[];
  /** Why nothing was injected, when nothing was. */
  reason?: string;
  ms: number;
}

export interface CompactionRequest {
  harness: HarnessName;
  session: string;
  /** The turns so far (OpenCode's and OpenClaw's messages), or: */
  turns?: readonly HarnessTurn[];
  /** the harness's transcript file (Claude Code, Codex), read from where the last capture stopped, with its adapter's line reader. */
  transcriptPath?: string;
  reader?: TranscriptLinesReader;
  kind?: SessionKind;
}

export interface CompactionResult {
  capture: CaptureResult;
  /** flushed / no-reply / not-due (the flush's own status), "already" (this cycle had its flush), "capture-only" (no LLM), "error". */
  flush: "flushed" | "no-reply" | "not-due" | "already" | "capture-only" | "error";
  reason: string;
  /** Whether a compaction marker was appended (false when the last line already is one). */
  marked: boolean;
}

/** A turn-end or compaction hook of an assistant, as its adapter read the payload (the hook worker's and the daemon's `capture`). */
export interface HookCapture {
  event: "stop" | "session-end" | "pre-compact" | "post-compact";
  harness: HarnessName;
  session: string;
  kind?: SessionKind;
  /** The turns the payload carried itself (OpenCode's, OpenClaw's messages); else: */
  turns?: readonly HarnessTurn[];
  /** the assistant's transcript file, read from the capture cursor with its adapter's line reader. */
  transcriptPath?: string;
  reader?: TranscriptLinesReader;
}

export interface ImportRequest {
  harness: HarnessName;
  /** Only turns on or after this day (YYYY-MM-DD, UTC). */
  since?: string;
  /** The harness store's sessions (the assistant's adapter lists them: src/assistants/). */
  source: ImportSource;
  onProgress?: (p: { done: number; total: number; session: string; appended: number }) => void;
}

export interface ImportResult {
  harness: HarnessName;
  source: string;
  sessions: number;
  appended: number;
  already: number;
  /** Sources that could not be read, one line each. */
  problems: string[];
  /** The sessions that could not be read or written (each also in problems): the import went on past them. */
  failed: string[];
}

const DEFAULT_BUDGET_MS = 300;
const DEFAULT_LIMIT = 3;
const DEFAULT_MAX_CHARS = 1_600;
/** Results asked beyond the limit: room for this conversation's own transcript and echoes, which are left out. */
const INJECT_SPARE = 6;
/** Results asked the second time, when echoes filled the first window. */
const INJECT_WIDE = 60;
/** The search's own limits: a longer prompt is cut to its start. */
const MAX_QUERY_WORDS = 60;
const MAX_QUERY_CHARS = 2_000;

export class HookService {
  constructor(private readonly engine: AssistantEngine) {}

  /** Appends the turns not yet in the transcript; one verified append, under a lock per transcript. */
  capture(req: CaptureRequest, maskedCopies?: (stored: string, captured: string) => boolean): CaptureResult {
    return captureTurns(this.engine.workspace, this.transcriptOptions(), this.captureInput(req.harness, req.session, req.provenance ?? "capture", maskedCopies, req.kind), req.turns);
  }

  /** Captures a harness's transcript file (Claude Code, Codex): only what was appended since the last capture is read. */
  captureTranscript(harness: HarnessName, session: string, transcriptPath: string, reader: TranscriptLinesReader, provenance: Provenance = "capture", onRead?: (bytes: number) => void): CaptureResult {
    return captureFile(this.engine.workspace, this.transcriptOptions(), this.captureInput(harness, session, provenance), transcriptPath, reader, onRead);
  }

  /**
   * What a turn-end or compaction hook captures: the new turns (a transcript read from where the
   * last capture stopped, so asking twice writes each turn once), a compaction's flush and marker.
   * `skipped`: why nothing could be captured.
   */
  async captureHook(req: HookCapture, opts: { signal?: AbortSignal } = {}): Promise<{ skipped?: string; appended: number; written?: string }> {
    const { harness, session } = req;
    const file = req.turns === undefined && req.reader !== undefined ? req.transcriptPath : undefined;
    const kind = req.kind ? { kind: req.kind } : {};
    const none = req.turns === undefined && req.transcriptPath === undefined ? { skipped: "the payload names no transcript; nothing captured" } : {};
    if (req.event === "pre-compact") {
      const r = await this.compaction({ harness, session, turns: req.turns ?? [], ...(file !== undefined ? { transcriptPath: file, reader: req.reader! } : {}), ...kind }, opts);
      return { ...none, ...written(r.capture) };
    }
    if (file !== undefined) return written(this.captureTranscript(harness, session, file, req.reader!));
    return { ...none, ...(req.turns !== undefined && req.turns.length > 0 ? written(this.capture({ harness, session, turns: req.turns, ...kind })) : { appended: 0 }) };
  }

  private captureInput(harness: HarnessName, session: string, provenance: Provenance, maskedCopies?: (stored: string, captured: string) => boolean, kind?: SessionKind) {
    return { harness, session, provenance, fallbackTime: new Date(this.engine.now()).toISOString(), ...(maskedCopies ? { maskedCopies } : {}), ...(kind ? { kind } : {}) };
  }

  private transcriptOptions(): TranscriptOptions {
    const index = this.engine.config.index;
    return { rule: { allowHardLinks: index.allowHardLinks }, maxFileBytes: index.maxFileBytes };
  }

  /** The memories relevant to a prompt, or nothing; never throws, never waits past the budget. */
  async inject(req: InjectArgs): Promise<InjectAnswer> {
    const started = Date.now();
    const budget = req.budgetMs ?? DEFAULT_BUDGET_MS;
    const work = this.injectNow(req, started).catch((e: unknown): InjectAnswer => ({ text: "", hits: [], reason: `search failed: ${errorText(e)}`, ms: Date.now() - started }));
    if (budget <= 0) return work;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<InjectAnswer>((resolve) => {
      timer = setTimeout(() => resolve({ text: "", hits: [], reason: `over the ${budget} ms budget`, ms: Date.now() - started }), budget);
      timer.unref();
    });
    try {
      const answer = await Promise.race([work, late]);
      // A search is synchronous SQLite underneath: the timer cannot cut it short, so an answer
      // that came too late is dropped here (the hook process has its own hard stop too).
      return answer.ms > budget && answer.text !== "" ? { text: "", hits: [], reason: `over the ${budget} ms budget (${answer.ms} ms)`, ms: answer.ms } : answer;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A prompt's memories: its words searched literally (a prompt is text, never search syntax),
   * in the session's privacy scope, then this conversation's own transcript and echoes (a
   * captured conversation with nothing in it but the same question) left out, then quoted.
   */
  private async injectNow(req: InjectArgs, started: number): Promise<InjectAnswer> {
    const query = promptQuery(req.prompt);
    if (query === "") return { text: "", hits: [], reason: "the prompt has no words", ms: 0 };
    const limit = req.limit ?? DEFAULT_LIMIT;
    const own = req.harness !== undefined && req.session !== undefined ? `sessions/${sessionIdFor(req.harness, req.session)}.jsonl` : undefined;
    // Automatic lookups are no recall by the person: they feed no recall log (dreaming).
    const search = (asked: number, notesOnly = false) =>
      this.engine.search(query, {
        limit: asked,
        ...(notesOnly ? { filters: { source: "memory" as const } } : {}),
        session: req.kind ?? "main",
        literal: true,
        withText: true,
        rerank: false,
        recall: false,
        ...(req.mode ? { mode: req.mode } : {}),
        ...(req.refresh !== undefined ? { refresh: req.refresh } : {}),
      });
    const keep = (results: readonly SearchResult[]) => {
      const others = results.filter((r) => r.path !== own);
      return { others, answers: others.filter((r) => !(r.path.startsWith("sessions/") && isEcho(r.text ?? r.snippet, req.prompt))) };
    };
    let asked = limit + INJECT_SPARE;
    let res = await search(asked);
    let { others, answers } = keep(res.results);
    // A question asked many times fills the window with its own echoes: look once further down.
    if (answers.length < limit && res.results.length >= asked) {
      asked = Math.max(asked * 4, INJECT_WIDE);
      res = await search(asked);
      ({ others, answers } = keep(res.results));
    }
    // Still crowded out (a question asked more often than that): the person's notes by themselves.
    if (answers.length < limit && others.length > answers.length) {
      const seen = new Set(answers.map((a) => `${a.path}:${a.startLine}`));
      const notes = (await search(limit, true)).results;
      answers = [...answers, ...notes.filter((n) => !seen.has(`${n.path}:${n.startLine}`))];
    }
    const hits = answers.slice(0, limit).map(toHit);
    const ms = Date.now() - started;
    if (hits.length === 0) return { text: "", hits, reason: noHitReason(res.results.length, others.length, res.reason), ms };
    return { text: formatQuotedMemories(answers.slice(0, limit).map(toQuoted), req.maxChars ?? DEFAULT_MAX_CHARS, this.engine.now()), hits, ms };
  }

  /**
   * A coding assistant's session-start text (coding-context.ts): SOUL.md and USER.md named as
   * the memory workspace's, and the few memories about the project folder it started in;
   * never AGENTS.md's instructions to write files. Never throws past the budget: the memories
   * are left out when their search runs late.
   */
  async sessionStart(req: { harness: HarnessName; session?: string; cwd?: string; budgetMs?: number }): Promise<{ text: string }> {
    const ws = this.engine.workspace;
    const cfg = this.engine.config.context;
    const { loadContextFiles } = await import("../context/load.js");
    const files = loadContextFiles(ws, { now: this.engine.now(), session: "main", allowHardLinks: this.engine.config.index.allowHardLinks, ...(cfg.timeZone ? { timeZone: cfg.timeZone } : {}) });
    const shown = (name: "SOUL.md" | "USER.md") => (files.untouched?.includes(name) ? null : (files.bootstrap[name] ?? null));
    // The project's name is what its memories mention; the workspace itself is no project.
    const project = req.cwd !== undefined && path.resolve(req.cwd) !== path.resolve(ws) ? path.basename(req.cwd) : "";
    const memories = project === "" ? "" : (await this.inject({ prompt: project, harness: req.harness, ...(req.session ? { session: req.session } : {}), ...(req.budgetMs !== undefined ? { budgetMs: req.budgetMs } : {}), mode: "keyword", refresh: false })).text;
    return { text: codingContext({ workspace: ws, soul: shown("SOUL.md"), user: shown("USER.md"), memories, perFileChars: cfg.perFileChars }) };
  }

  /**
   * A compaction: the turns so far are captured, the flush runs once for the cycle that ends
   * here (capture only when no LLM is configured, recorded in `agent jobs`), then the marker.
   */
  async compaction(req: CompactionRequest, opts: { signal?: AbortSignal } = {}): Promise<CompactionResult> {
    const capture =
      req.transcriptPath !== undefined && req.reader !== undefined
        ? this.captureTranscript(req.harness, req.session, req.transcriptPath, req.reader)
        : this.capture({ harness: req.harness, session: req.session, turns: req.turns ?? [], ...(req.kind ? { kind: req.kind } : {}) });
    const text = readSessionText(this.engine.workspace, capture.session, this.transcriptOptions().rule) ?? "";
    if (endsWithMarker(text)) return { capture, flush: "already", reason: "this compaction is already marked (nothing said since)", marked: false };
    const view = currentCycle(capture.session, text);
    const flushed = this.engine.hasState() ? new FlushCycleStore(this.engine.state()).get(capture.session) : undefined;
    let flush: CompactionResult["flush"];
    let reason: string;
    if (flushed?.cycleKey === view.cycleKey) {
      flush = "already";
      reason = "this compaction cycle was flushed already";
    } else {
      // "Configured" means the person wrote an llm section: the default (Ollama) may not exist.
      const captureOnly = this.engine.config.raw.llm === undefined;
      const args = { session: capture.session, force: true, compaction: req.harness, captureOnly };
      const { run, value } = await this.engine.runJob("flush", args, opts.signal ? { signal: opts.signal } : {});
      reason = run.reason ?? "";
      flush = run.outcome === "error" || value === undefined ? "error" : captureOnly ? "capture-only" : value.status;
    }
    this.markCompaction(capture.session);
    return { capture, flush, reason, marked: true };
  }

  private markCompaction(session: string): void {
    markCompaction(this.engine.workspace, this.transcriptOptions(), session, new Date(this.engine.now()).toISOString());
  }

  /** Back-fills past conversations from the harness's store; what capture wrote already is skipped. */
  async importHistory(req: ImportRequest): Promise<ImportResult> {
    const src = req.source;
    const out: ImportResult = { harness: req.harness, source: src.location, sessions: 0, appended: 0, already: 0, problems: [...src.problems], failed: [] };
    const since = req.since !== undefined ? Date.parse(`${req.since}T00:00:00Z`) : undefined;
    const total = src.sessions.length;
    let done = 0;
    for (const s of src.sessions) {
      done++;
      let turns: HarnessTurn[];
      try {
        turns = s.read();
      } catch (e) {
        out.problems.push(`${s.location}: ${errorText(e)}`);
        out.failed.push(s.location);
        continue;
      }
      if (since !== undefined) turns = turns.filter((t) => t.time === "" || Date.parse(t.time) >= since);
      if (turns.length === 0) continue;
      const kind = s.kind ?? "main";
      let r: CaptureResult;
      try {
        r = this.capture({ harness: req.harness, session: s.session, turns: asSpoken(turns, kind), provenance: "import", kind }, src.maskedCopies);
      } catch (e) {
        // One session that cannot be written (a refused file in sessions/) stops only itself.
        out.problems.push(`${s.location}: not imported (${errorText(e)})`);
        out.failed.push(s.location);
        continue;
      }
      out.sessions++;
      out.appended += r.appended;
      out.already += r.already;
      req.onProgress?.({ done, total, session: r.session, appended: r.appended });
    }
    return out;
  }
}

/** Why nothing was injected, in words. */
function noHitReason(found: number, others: number, reason: string | undefined): string {
  if (others > 0) return "only the person's own earlier questions matched (no answer in them)";
  if (found > 0) return "only this conversation itself matched";
  return reason ?? "nothing passed the relevance floor";
}

/** A result as a quoted memory: a transcript's whole chunk (its turns say who spoke), a note's snippet. */
function toQuoted(r: SearchResult): QuotedMemory {
  const text = r.path.startsWith("sessions/") && r.text !== undefined ? r.text : r.snippet;
  return { path: r.path, startLine: r.startLine, endLine: r.endLine, date: r.date, text, ...(r.supersededBy ? { supersededBy: r.supersededBy } : {}) };
}

/** Whether a transcript's last line is a compaction marker (so a repeated hook adds no second one). */
function endsWithMarker(text: string): boolean {
  const lines = text.trimEnd().split("\n");
  const last = lines[lines.length - 1];
  if (last === undefined || last === "") return false;
  try {
    return (JSON.parse(last) as { type?: unknown }).type === "compaction";
  } catch {
    return false;
  }
}

function toHit(r: SearchResult): InjectHit {
  const hit: InjectHit = { path: r.path, startLine: r.startLine, endLine: r.endLine, date: r.date, score: r.score, snippet: r.snippet };
  if (r.supersededBy) hit.supersededBy = r.supersededBy;
  return hit;
}

/** The prompt as a query: its first words (the search refuses very long queries). */
export function promptQuery(prompt: string): string {
  const words = prompt.replace(/\s+/g, " ").trim().split(" ").filter(Boolean).slice(0, MAX_QUERY_WORDS).join(" ");
  return words.slice(0, MAX_QUERY_CHARS);
}

/** A capture's count, and the transcript file it appended to when it appended anything (what the index must read next). */
const written = (r: CaptureResult): { appended: number; written?: string } => (r.appended > 0 ? { appended: r.appended, written: r.file } : { appended: r.appended });

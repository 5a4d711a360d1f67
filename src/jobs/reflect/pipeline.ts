/**
 * Nightly reflection: read the day's conversations, reflect on them (call 1), fold the
 * result into SOUL.md (call 2), and save it safely.
 *
 * Injection: this module opens no database and reads no config file. The caller passes the
 * open state database (`db`, opened and closed by the caller), the validated `reflection`
 * and `evolution` config sections, the provider, the clock, the AbortSignal and a lazy
 * embedder. A dry run must create no files: when the workspace has no state database yet the
 * caller passes an in-memory one (`openStateDb(":memory:")`); a dry run never writes to the
 * database it is given either.
 *
 * Before anything is read by the model, SOUL.md is settled (prepareSoul):
 *   - a missing SOUL.md is restored from the newest version first (then reflected on); it is
 *     written from nothing only when there is no version at all;
 *   - a SOUL.md the engine has not seen (hand-written, edited, restored by hand) is recorded
 *     as a version of the person's (author "user") just before the first model call reads it
 *     (a run refused before any call, e.g. by the context check, records nothing);
 *   - a SOUL.md without the three layers is mapped into them in memory (see layers.ts): the
 *     person's text kept word for word as a locked block, the missing layers added empty.
 *
 * The writes happen at the end, in this order:
 *   1. SOUL.md + its version row (commitSoul: compare-and-swap, see history.ts), or
 *      SOUL.proposed.md when the run must not touch SOUL.md (see below);
 *   2. the report, appended to reflections/YYYY-MM-DD.md;
 *   3. memories formed from call 1's candidates — only when the run succeeded (updated,
 *      proposed or unchanged): a run that fails, is refused or is cancelled forms none — and
 *      the daily fade pass;
 *   4. the run's record in reflection_runs: its inputs, the model's raw replies (capped) and
 *      the decision with its reason, so a night that did nothing says why (showReflectionRun).
 * A run that fails or is killed before step 1 has written nothing but its run row.
 *
 * When SOUL.md is not replaced, and what happens instead:
 *   - the model's SOUL is malformed or empty, a locked section cannot be kept byte-identical,
 *     the SOUL is under the word floor, or it drops locked text of an earlier version (the
 *     floors): SOUL.md is kept, the run is recorded as 'error' with the reason;
 *   - SOUL.md changed while the run was thinking, or during the swap itself: the new SOUL goes
 *     to SOUL.proposed.md, the person's edit stays (or is kept beside SOUL.md, named);
 *   - the new SOUL changes more than `changeBudget` of the lines: it goes to SOUL.proposed.md
 *     for the person to review (acceptProposal / rejectProposal in review.ts).
 *
 * First distillation. When there is no SOUL.md and no version, or SOUL.md is still the
 * starter template, the first run restructures the whole file into the three layers, so the
 * change budget does not apply to it; locked sections, the floors and compare-and-swap do.
 * For a mapped SOUL the budget counts only lines of the person's text the model removed.
 */
import path from "node:path";
import { requireCompleteReply } from "../../llm/factory.js";
import { ensureContextFits } from "../../llm/context.js";
import type { CompletionRequest, CompletionResult, LLMProvider } from "../../llm/types.js";
import type { Embedder } from "../../embed/types.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { DB } from "../../store/open.js";
import { appendVerified, atomicWrite, createExclusive } from "../../workspace/safe-write.js";
import { checkWriteTarget, ensureWorkspaceDir, NO_HARD_LINKS, statWorkspacePath } from "../../workspace/guard.js";
import { parseDuration, soulWordFloor, soulWordTarget, type ReflectionConfig } from "./config.js";
import { unifiedDiff } from "./diff.js";
import { composeDay, readDay } from "./day.js";
import {
  commitSoul,
  isTemplateSoul,
  readSoul,
  recordUserSoulIfNew,
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
  soulPath,
  type SoulOnDisk,
  type SoulSwap,
  versionsForFloor,
} from "./history.js";
import { describeMapping, mapToLayers } from "./layers.js";
import { buildReflectionPrompt, buildSoulPrompt, parseReflection, parseSoul, type Insight } from "./prompts.js";
import { recentRejections } from "./review.js";
import { keepSoulSecrets } from "./soul-secrets.js";
import {
  changedLineShare,
  CORE_IDENTITY,
  countWords,
  droppedLocked,
  estimateTokens,
  findSection,
  lockedEnd,
  normalizeSoul,
  removedLineShare,
  requiredLockedTexts,
  restoreLocked,
  truncateAtSentence,
  verifyLocked,
  wordFloor,
} from "./soul-safety.js";
import { contentHash, SoulVersionStore } from "../../store/soul-versions.js";
import { MemoryStore } from "../../store/memories.js";
import type { EvolutionConfig } from "../evolve/config.js";
import type { MemoryCandidate } from "../evolve/form.js";
import { applyFormation, emptySummary, fadePass, planMemories, type FormationSummary } from "../evolve/formation.js";
import { resolveEmbedder, type EmbedderInput } from "../evolve/memory-db.js";

export interface RunReflectionInput {
  workspace: string;
  /** The open state database; the caller opens and closes it (in memory for a dry run without one). */
  db: DB;
  /** The validated `reflection` section (overrides already merged in by the caller). */
  reflection: ReflectionConfig;
  /** The validated `evolution` section: memory formation's duplicate threshold. */
  evolution: Pick<EvolutionConfig, "duplicateCosine">;
  provider: LLMProvider;
  /** Injectable clock, ms since epoch. */
  now?: () => number;
  /** Cancels the model calls (Ctrl-C); the run is recorded as an error and writes nothing else. */
  signal?: AbortSignal;
  /** Look back this far ("24h", "3d") instead of "since the last completed reflection". */
  since?: string;
  /** Compute everything, return the diff, write nothing (not even the run row). */
  dryRun?: boolean;
  /**
   * Embedder for memory formation's duplicate check, or a function that loads it (called only
   * when the reflection proposes memories). Without one, a candidate counts as a repeat of a
   * memory only when their texts are equal after normalisation.
   */
  embedder?: EmbedderInput;
  /** The embedding cache for formation, owned by the caller (never used by a dry run); without one, memory texts are embedded directly. */
  embedCache?: EmbeddingCache | null;
  /** How SOUL.md is swapped; tests inject failures and races. Default swapFile. */
  swap?: SoulSwap;
}

/**
 * What a run did:
 *   skipped    too few qualifying sessions, or the model said nothing meaningful happened
 *   updated    SOUL.md replaced, new version recorded
 *   proposed   new SOUL written to SOUL.proposed.md (changed during the run / change budget)
 *   unchanged  the model returned the same SOUL
 *   kept       the model's SOUL was unusable or refused by a floor; SOUL.md kept (an error)
 * With dryRun the status says what would have happened.
 */
export type ReflectionStatus = "skipped" | "updated" | "proposed" | "unchanged" | "kept";

export interface ReflectionResult {
  status: ReflectionStatus;
  dryRun: boolean;
  /** reflection_runs.id; null for dry runs. */
  runId: number | null;
  /** Why it was skipped, kept or proposed. */
  reason: string | null;
  since: string;
  until: string;
  provider: string;
  model: string;
  /** The sessions reflected on, with their message counts in the window. */
  sessions: { id: string; messages: number }[];
  /** Sessions with any message in the window, qualifying or not. */
  sessionsSeen: number;
  /** The notes read (memory/*.md written or edited in the window; "MEMORY.md" when lines were added). */
  notes: string[];
  /** The conversations read through their summaries (sessions/<id>.summary.md) instead of raw turns. */
  summaries: string[];
  /** Summaries written just before this run (the nightly job), or why none could be. */
  summarized?: { written: string[]; noModel?: string };
  firstDistillation: boolean;
  /** True when SOUL.md lacked the three layers and was mapped into them (see layers.ts). */
  mapped: boolean;
  /** For a mapped SOUL.md: the layers it had, those added empty, and whether other text was locked. */
  layers?: { had: string[]; added: string[]; ownLocked: boolean; note: string };
  insights: Insight[];
  principles: string[];
  /** Set when call 1's reply was not usable JSON and its raw text became one insight. */
  reflectionFallback?: string;
  version?: number;
  /** A version recorded first for the person's SOUL.md (their own text or hand edits). */
  baselineVersion?: number;
  /** SOUL.md was missing and was restored from this version before reflecting. */
  restoredFrom?: number;
  words?: number;
  tokens?: number;
  summary?: string;
  report?: string;
  /** Unified diff from SOUL.md to the new SOUL (also for proposals and dry runs). */
  diff?: string;
  /** Share of lines the new SOUL changes (0..1), as the change budget counts them. */
  changeShare?: number;
  proposalPath?: string;
  proposalReason?: "changed-during-run" | "change-budget";
  /** A file kept beside SOUL.md holding an edit that raced the swap (workspace-relative). */
  keptPath?: string;
  /** Workspace-relative path of the report file. */
  reportPath?: string;
  /** Locked content the model changed and the code put back. */
  restoredLocked: string[];
  warnings: string[];
  /**
   * Memories formed from call 1's candidates and the daily fade pass; absent when nothing was
   * proposed and nothing faded. For a dry run, what would have happened.
   */
  memories?: FormationSummary;
}

/** One model reply as the run record keeps it. */
export interface RecordedReply {
  call: "reflection" | "soul";
  /** The raw text, cut to REPLY_CAP characters. */
  text: string;
  chars: number;
  capped: boolean;
  finishReason: CompletionResult["finishReason"];
  model: string;
  durationMs: number;
}

/** The raw replies kept per run: enough to see what a small model did, bounded for the database. */
export const REPLY_CAP = 8000;

/** What the run record says about the inputs. */
interface RunInputs {
  soul?: { exists: boolean; words: number; version: number | null; mapped: boolean; restoredFrom?: number };
  transcript?: { sessions: number; messages: number; chars: number; cut: boolean };
  /** What the night read besides raw turns; memoryLines is the next run's MEMORY.md baseline. */
  day?: { notes: string[]; memoryAdded: number; summaries: string[]; chars: { notes: number; summaries: number; turns: number }; cut: { notes: boolean; summaries: boolean; turns: boolean }; window: number; memoryLines: string[] };
  calls?: { call: string; promptTokens: number; replyTokens: number; contextSize: number | null }[];
}

export async function runReflection(input: RunReflectionInput): Promise<ReflectionResult> {
  const now = input.now ?? Date.now;
  const dryRun = input.dryRun ?? false;
  const startedAt = now();
  const cfg = input.reflection;
  let windowMs: number | undefined;
  if (input.since !== undefined) {
    windowMs = parseDuration(input.since);
    if (windowMs === undefined) throw new Error(`--since must be a duration like "24h", "3d" or "90m", got "${input.since}"`);
  }

  const store = new SoulVersionStore(input.db);
  let runId: number | null = null;
  const trace: RunTrace = { inputs: {}, replies: [] };
  try {
    const lastDone = store.lastCompletedRun();
    const since = windowStart(lastDone?.startedAt, startedAt, cfg, windowMs);
    if (!dryRun) runId = store.startRun(startedAt, { provider: input.provider.name, model: input.provider.model });

    const formation = { candidates: [] as MemoryCandidate[] };
    const memoryBefore = recordedMemoryLines(lastDone?.details);
    const result = await reflect({ ...input, dryRun, now, cfg, store, since, startedAt, runId, formation, trace, memoryBefore });
    // All or nothing: only a run that succeeded forms memories; the fade pass runs every night.
    input.signal?.throwIfAborted();
    const succeeded = result.status === "updated" || result.status === "proposed" || result.status === "unchanged";
    const memories = await formMemories(input, store, result, succeeded ? formation.candidates : [], dryRun, now());
    if (memories !== undefined) result.memories = memories;
    if (runId !== null) {
      store.finishRun(runId, {
        outcome: result.status === "skipped" ? "skip" : result.status === "kept" ? "error" : "complete",
        endedAt: now(),
        reason: result.reason,
        details: { ...runDetails(result), ...traceDetails(trace, result.status, result.reason) },
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
            ...(e instanceof Error && "code" in e ? { code: (e as { code: unknown }).code } : {}),
            ...traceDetails(trace, "error", reason),
          },
        });
      } catch {
        // The original error matters more than a failure to record it.
      }
    }
    throw e;
  }
}

/** Where a run's window starts: --since, else the last completed reflection, else reflection.since ago. */
export function windowStart(lastDoneAt: number | undefined, now: number, cfg: Pick<ReflectionConfig, "since">, windowMs?: number): number {
  if (windowMs !== undefined) return now - windowMs;
  return lastDoneAt ?? now - parseDuration(cfg.since)!;
}

/** The MEMORY.md line hashes the last completed run recorded, or null when it recorded none. */
function recordedMemoryLines(details: Record<string, unknown> | undefined): Set<string> | null {
  const day = (details?.inputs as { day?: { memoryLines?: unknown } } | undefined)?.day;
  return Array.isArray(day?.memoryLines) ? new Set(day.memoryLines.filter((h): h is string => typeof h === "string")) : null;
}

interface RunTrace {
  inputs: RunInputs;
  replies: RecordedReply[];
  /** The proposal written to SOUL.proposed.md, kept so a review can find and restore it. */
  proposal?: { text: string; hash: string };
}

function traceDetails(trace: RunTrace, status: string, reason: string | null): Record<string, unknown> {
  return {
    inputs: trace.inputs,
    replies: trace.replies,
    decision: { status, reason },
    ...(trace.proposal ? { proposal: trace.proposal } : {}),
  };
}

function recordReply(trace: RunTrace, call: RecordedReply["call"], r: CompletionResult): void {
  trace.replies.push({
    call,
    text: r.text.length > REPLY_CAP ? r.text.slice(0, REPLY_CAP) : r.text,
    chars: r.text.length,
    capped: r.text.length > REPLY_CAP,
    finishReason: r.finishReason,
    model: r.model,
    durationMs: r.durationMs,
  });
}

function runDetails(r: ReflectionResult): Record<string, unknown> {
  const d: Record<string, unknown> = {
    status: r.status,
    provider: r.provider,
    model: r.model,
    since: r.since,
    sessions: r.sessions,
    firstDistillation: r.firstDistillation,
    mapped: r.mapped,
  };
  for (const k of ["version", "baselineVersion", "restoredFrom", "words", "tokens", "summary", "report", "changeShare", "proposalPath", "proposalReason", "keptPath", "reportPath", "reflectionFallback"] as const) {
    if (r[k] !== undefined) d[k] = r[k];
  }
  if (r.insights.length > 0 || r.principles.length > 0) d.reflection = { insights: r.insights, principles: r.principles };
  if (r.restoredLocked.length > 0) d.restoredLocked = r.restoredLocked;
  if (r.warnings.length > 0) d.warnings = r.warnings;
  if (r.memories) {
    d.memories = {
      created: r.memories.created.map((m) => m.id),
      reinforced: r.memories.reinforced.map((m) => m.id),
      rejected: r.memories.rejected.length,
      archived: r.memories.archived.map((m) => m.id),
    };
  }
  return d;
}

/**
 * Memories from call 1's candidates (only those of a run that succeeded: the caller passes
 * none otherwise), and the daily fade pass. A dry run plans and writes nothing (it embeds
 * without the cache). A failure here is a warning: it never turns a good reflection into an
 * error.
 */
async function formMemories(
  input: RunReflectionInput,
  souls: SoulVersionStore,
  result: ReflectionResult,
  candidates: MemoryCandidate[],
  dryRun: boolean,
  now: number,
): Promise<FormationSummary | undefined> {
  try {
    const store = new MemoryStore(souls.db);
    let summary: FormationSummary | undefined;
    if (candidates.length > 0) {
      let embedder: Embedder | null = null;
      try {
        embedder = await resolveEmbedder(input.embedder);
      } catch (e) {
        result.warnings.push(`no embedder for memory formation (${e instanceof Error ? e.message : String(e)}); duplicates were found by exact text only`);
      }
      const cache = embedder === null || dryRun ? null : (input.embedCache ?? null);
      const plan = await planMemories({ store, candidates, embedder, cache, duplicateCosine: input.evolution.duplicateCosine });
      result.warnings.push(...plan.warnings);
      summary = applyFormation(store, plan, {
        now,
        dryRun,
        source: { kind: "reflection", ...(result.runId !== null ? { runId: result.runId } : {}), sessions: result.sessions.map((s) => s.id), ...(result.notes.length > 0 ? { notes: result.notes } : {}) },
      });
    }
    const archived = fadePass(store, now, { dryRun });
    if (archived.length > 0) {
      summary ??= emptySummary("n/a", dryRun);
      summary.archived = archived.map((a) => ({ id: a.id, type: a.type, reason: a.reason }));
    }
    return summary;
  } catch (e) {
    result.warnings.push(`memory formation failed (${e instanceof Error ? e.message : String(e)}); SOUL.md and the reflection are unaffected`);
    return undefined;
  }
}

interface ReflectContext extends Omit<RunReflectionInput, "since"> {
  dryRun: boolean;
  now: () => number;
  cfg: ReflectionConfig;
  store: SoulVersionStore;
  since: number;
  startedAt: number;
  runId: number | null;
  /** Call 1's memory candidates, handed back to runReflection. */
  formation: { candidates: MemoryCandidate[] };
  trace: RunTrace;
  /** MEMORY.md line hashes at the last completed reflection (null: none recorded). */
  memoryBefore: ReadonlySet<string> | null;
}

/** SOUL.md as the run works on it, after prepareSoul. */
interface PreparedSoul {
  /** SOUL.md on disk (after a restore): the compare-and-swap's expected bytes. */
  disk: SoulOnDisk;
  /** The text reflection revises: SOUL.md, or SOUL.md mapped into the layers. */
  base: string;
  exists: boolean;
  mapped: boolean;
  firstDistillation: boolean;
}

/**
 * Settles SOUL.md before the model reads it (see the header): restore a missing one, map one
 * without layers (recordUserSoul records it, later). A dry run does the same in memory.
 */
function prepareSoul(ctx: ReflectContext, result: ReflectionResult): PreparedSoul {
  const { workspace, store } = ctx;
  let disk = readSoul(workspace);
  const latest = store.latest();
  if (!disk.exists && latest !== undefined) {
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
  if (mapped.mapped) {
    const [had, added, ownLocked] = [mapped.had ?? [], mapped.added ?? [], mapped.ownLocked ?? false];
    result.layers = { had, added, ownLocked, note: describeMapping(had, added, ownLocked) };
  }
  ctx.trace.inputs.soul = {
    exists: disk.exists,
    words: countWords(disk.text),
    version: disk.textHash === null ? null : (store.findByHash(disk.textHash) ?? null),
    mapped: mapped.mapped,
    ...(result.restoredFrom !== undefined ? { restoredFrom: result.restoredFrom } : {}),
  };
  return { disk, base: mapped.text, exists: disk.exists, mapped: mapped.mapped, firstDistillation };
}

/**
 * Records SOUL.md as the person's version when the engine has not seen it: called just before
 * the first model call that reads it (after the context check), so a run refused before any
 * model saw the SOUL records nothing, and no proposal can exist without it in the history.
 */
function recordUserSoul(ctx: ReflectContext, result: ReflectionResult, disk: SoulOnDisk): void {
  if (!disk.exists || ctx.dryRun) return;
  const n = ctx.store.transaction(() => recordUserSoulIfNew(ctx.store, disk, ctx.now()));
  if (n !== undefined) {
    result.baselineVersion = n;
    if (ctx.trace.inputs.soul) ctx.trace.inputs.soul.version = n;
  }
}

/** One model call: refused before it is made when it cannot fit the window; its raw reply recorded. */
async function call(
  ctx: ReflectContext,
  which: RecordedReply["call"],
  request: CompletionRequest,
  before?: () => void,
): Promise<CompletionResult> {
  const fit = await ensureContextFits(
    ctx.provider,
    request,
    which === "reflection" ? "lower reflection.reflectionMaxTokens, or the shares of the day (reflection.notesShare, summariesShare, turnsShare)" : "lower reflection.soulMaxTokens or reflection.maxSoulWords",
  );
  (ctx.trace.inputs.calls ??= []).push({ call: which, promptTokens: fit.promptTokens, replyTokens: fit.replyTokens, contextSize: fit.contextSize ?? null });
  before?.();
  const reply = await ctx.provider.complete(request);
  recordReply(ctx.trace, which, reply);
  return requireCompleteReply(reply, which === "reflection" ? "reflection.reflectionMaxTokens" : "reflection.soulMaxTokens");
}

/**
 * One reflection, as its stages; each returns null (or "done") when the run ends there, with
 * the result saying why:
 *   1. gather      the day: notes, summaries, raw turns, each fitted  → skipped when nothing is new
 *   2. settle      SOUL.md restored / mapped before a model reads it (prepareSoul)
 *   3. reflect     call 1: insights, principles, memory candidates  → skipped when nothing happened
 *   4. distill     call 2: the new SOUL                              → kept when malformed
 *   5. safeguard   locked text back, length cut, the floors          → kept when refused
 *   6. compare     unchanged, or the diff and the change budget
 *   7. save        SOUL.md (compare-and-swap) or SOUL.proposed.md; a dry run says which
 *   8. report      appended to reflections/YYYY-MM-DD.md
 */
async function reflect(ctx: ReflectContext): Promise<ReflectionResult> {
  const result = emptyResult(ctx);
  const gathered = await gather(ctx, result);
  if (gathered === null) return result;
  const soul0 = prepareSoul(ctx, result);
  result.firstDistillation = soul0.firstDistillation;
  result.mapped = soul0.mapped;
  const reflection = await reflectOn(ctx, result, gathered, soul0);
  if (reflection === null) return result;
  const draft = await distill(ctx, result, reflection, soul0);
  if (draft === null) return result;
  const safe = safeguard(ctx, result, soul0, draft.soul);
  if (safe === null) return result;
  const soul = secretsKept(result, soul0, safe);
  if (soul === null) return result;
  const change = compare(ctx.cfg, result, soul0, soul);
  if (change === null) return result;
  if (ctx.dryRun) {
    preview(ctx, result, soul0, change);
    return result;
  }
  save(ctx, result, soul0, soul, change, { reflection, draft });
  // The report: appended, so hand notes in the day's file and earlier runs stay.
  try {
    result.reportPath = appendReport(ctx.workspace, ctx.startedAt, result);
  } catch (e) {
    result.warnings.push(`the report could not be written to reflections/: ${(e as Error).message}`);
  }
  return result;
}

function emptyResult(ctx: ReflectContext): ReflectionResult {
  return {
    status: "skipped",
    dryRun: ctx.dryRun,
    runId: ctx.runId,
    reason: null,
    since: new Date(ctx.since).toISOString(),
    until: new Date(ctx.startedAt).toISOString(),
    provider: ctx.provider.name,
    model: ctx.provider.model,
    sessions: [],
    notes: [],
    summaries: [],
    sessionsSeen: 0,
    firstDistillation: false,
    mapped: false,
    insights: [],
    principles: [],
    restoredLocked: [],
    warnings: [],
  };
}

/** What a run reads, as the model will see it. */
interface Gathered {
  notes: string;
  summaries: string;
  transcript: string;
  noteCount: number;
  summaryCount: number;
  sessionCount: number;
  today: string;
}

/**
 * 1. The day: notes written or edited and MEMORY.md lines added since the last reflection,
 * conversation summaries, then raw turns of conversations without one (day.ts), each within
 * its share of the window. Null (skipped) only when nothing is new, or when a day of
 * conversations alone has fewer than reflection.minSessions that qualify.
 */
async function gather(ctx: ReflectContext, result: ReflectionResult): Promise<Gathered | null> {
  const { cfg } = ctx;
  const day = readDay(ctx.workspace, { since: ctx.since, until: ctx.startedAt, memoryBefore: ctx.memoryBefore });
  if (day.problems.length > 0) result.warnings.push(`${day.problems.length} transcript or note line(s) could not be read, e.g. ${day.problems[0]}`);
  const qualified = day.sessions.filter((s) => s.messageCount >= cfg.minMessagesPerSession);
  result.sessionsSeen = day.sessions.length + day.summaries.length;
  result.sessions = [...day.summaries.map((s) => ({ id: s.session, messages: s.messages })), ...qualified.map((s) => ({ id: s.id, messages: s.messageCount }))];
  result.notes = [...day.notes.map((n) => n.path), ...(day.memoryAdded.length > 0 ? ["MEMORY.md"] : [])];
  result.summaries = day.summaries.map((s) => s.session);
  const written = day.notes.length > 0 || day.memoryAdded.length > 0;
  const conversations = day.summaries.length + qualified.length;
  if (!written && conversations < cfg.minSessions) {
    result.reason =
      result.sessionsSeen === 0
        ? `nothing new since ${result.since}: no note written or edited, no MEMORY.md line added, no conversation`
        : `no note written or edited, and ${result.sessionsSeen} conversation(s) since ${result.since}, ${conversations} with at least ${cfg.minMessagesPerSession} messages (${cfg.minSessions} needed)`;
    return null;
  }
  const window = (ctx.provider.contextSize ? await ctx.provider.contextSize(ctx.signal) : undefined) ?? cfg.windowTokens;
  // About 4 characters a token; the reply, the instructions (~900 tokens) and SOUL.md come first.
  const soulChars = readSoul(ctx.workspace).text.length;
  const room = Math.max(3000, (window - cfg.reflectionMaxTokens - 900) * 4 - soulChars);
  const composed = composeDay(
    { ...day, sessions: qualified },
    { notes: Math.floor(room * cfg.notesShare), summaries: Math.floor(room * cfg.summariesShare), turns: Math.floor(room * cfg.turnsShare), maxMessages: cfg.maxMessages, maxMessageChars: cfg.maxMessageChars },
  );
  ctx.trace.inputs.day = {
    notes: result.notes,
    memoryAdded: day.memoryAdded.length,
    summaries: result.summaries,
    chars: { notes: composed.notes.length, summaries: composed.summaries.length, turns: composed.transcript.length },
    cut: composed.cut,
    window,
    memoryLines: day.memoryLines,
  };
  ctx.trace.inputs.transcript = { sessions: qualified.length, messages: composed.messagesTotal, chars: composed.transcript.length, cut: composed.cut.turns };
  return {
    notes: composed.notes,
    summaries: composed.summaries,
    transcript: composed.transcript,
    noteCount: result.notes.length,
    summaryCount: day.summaries.length,
    sessionCount: qualified.length,
    today: localDate(ctx.startedAt),
  };
}

type Reflection = Exclude<ReturnType<typeof parseReflection>, { kind: "skip" }>;

/** 3. Call 1: what the conversations teach; null (skipped) when the model says nothing happened. */
async function reflectOn(ctx: ReflectContext, result: ReflectionResult, gathered: Gathered, soul0: PreparedSoul): Promise<Reflection | null> {
  const { cfg } = ctx;
  const prompt = buildReflectionPrompt({
    transcript: gathered.transcript,
    sessionCount: gathered.sessionCount,
    notes: gathered.notes,
    noteCount: gathered.noteCount,
    summaries: gathered.summaries,
    summaryCount: gathered.summaryCount,
    since: localStamp(ctx.since),
    today: gathered.today,
    ...(soul0.exists ? { soul: soul0.disk.text } : {}),
  });
  const request = { ...prompt, maxTokens: cfg.reflectionMaxTokens, temperature: cfg.temperature, ...(ctx.signal ? { signal: ctx.signal } : {}) };
  const r1 = await call(ctx, "reflection", request, () => recordUserSoul(ctx, result, soul0.disk));
  const reflection = parseReflection(r1.text);
  if (reflection.kind === "skip") {
    result.reason = reflection.reason;
    return null;
  }
  if (reflection.kind === "fallback") {
    result.reflectionFallback = reflection.reason;
    result.warnings.push(`${reflection.reason}: its raw text was kept as one insight`);
  }
  result.insights = reflection.insights;
  result.principles = reflection.principles;
  if (reflection.kind === "ok" && reflection.memories) ctx.formation.candidates = reflection.memories;
  return reflection;
}

/** The model's new SOUL as parsed, and which model wrote it. */
interface Draft {
  soul: string;
  summary: string;
  report: string;
  model: string;
}

/** 4. Call 2: the SOUL re-distilled; null (kept) when the reply is no usable SOUL. */
async function distill(ctx: ReflectContext, result: ReflectionResult, reflection: Reflection, soul0: PreparedSoul): Promise<Draft | null> {
  const { cfg } = ctx;
  const recent = ctx.store.recent(3).map((v) => ({ number: v.number, date: localDate(v.createdAt), summary: v.summary, content: v.content }));
  const target = soulWordTarget(cfg);
  const prompt = buildSoulPrompt({
    ...(soul0.exists ? { current: soul0.base } : {}),
    fromTemplate: soul0.exists && soul0.firstDistillation,
    mapped: soul0.mapped,
    ...(result.layers ? { layersHad: result.layers.had } : {}),
    recent,
    rejected: recentRejections(ctx.store, ctx.startedAt),
    reflection: { insights: reflection.insights, principles: reflection.principles },
    today: localDate(ctx.startedAt),
    minWords: target.min,
    maxWords: target.max,
    lockCoreIdentity: cfg.lockCoreIdentity,
  });
  const r2 = await call(ctx, "soul", { ...prompt, maxTokens: cfg.soulMaxTokens, temperature: cfg.temperature, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  const parsed = parseSoul(r2.text);
  if (parsed.kind === "malformed") {
    kept(result, `malformed SOUL from the model: ${parsed.reason}; kept the existing ${SOUL_FILE}`);
    return null;
  }
  result.summary = parsed.summary;
  result.report = parsed.report;
  return { soul: parsed.soul, summary: parsed.summary, report: parsed.report, model: r2.model };
}

/**
 * 5. Safety, in code: locked sections back byte for byte, length cut at a sentence; then the
 * floors: never shorter than the floor, never without locked text of an earlier version.
 * Null (kept) when the SOUL is refused.
 */
function safeguard(ctx: ReflectContext, result: ReflectionResult, soul0: PreparedSoul, drafted: string): string | null {
  const { cfg } = ctx;
  const lockOpts = { lockCoreIdentity: cfg.lockCoreIdentity };
  let soul = drafted;
  if (soul0.exists) {
    const restored = restoreLocked(soul0.base, soul, lockOpts);
    soul = restored.text;
    result.restoredLocked = restored.restored;
  }
  const modelWords = countWords(soul);
  const core = cfg.lockCoreIdentity ? findSection(soul, CORE_IDENTITY) : undefined;
  const cut = truncateAtSentence(soul, cfg.maxSoulWords, Math.max(lockedEnd(soul), core?.end ?? 0));
  if (cut.truncated) {
    result.warnings.push(`the model wrote ${modelWords} words; cut to ${cut.words} at the last complete sentence within ${cfg.maxSoulWords}`);
  }
  soul = normalizeSoul(cut.text);
  if (soul0.exists) {
    const problems = verifyLocked(soul0.base, soul, lockOpts);
    if (problems.length > 0) return kept(result, `locked sections could not be kept byte-identical (${problems.join("; ")}); kept the existing ${SOUL_FILE}`);
  }
  result.words = countWords(soul);
  result.tokens = estimateTokens(soul);
  const floor = wordFloor(soulWordFloor(cfg), soul0.exists && !soul0.firstDistillation ? countWords(soul0.disk.text) : undefined);
  if (result.words < floor) {
    return kept(result, `the new SOUL has ${result.words} words, under the floor of ${floor} (reflection.minSoulWords, or the current SOUL's length when shorter); kept the existing ${SOUL_FILE}`);
  }
  const required = requiredLockedTexts(soul0.exists ? soul0.base : undefined, versionsForFloor(ctx.store, soul0.disk));
  const dropped = droppedLocked(required, soul);
  if (dropped.length > 0) {
    return kept(result, `the new SOUL drops locked text of ${dropped.map((d) => `${d.from} ("${snippet(d.text)}")`).join(", ")}; kept the existing ${SOUL_FILE}`);
  }
  if (result.tokens > cfg.tokenBudget) {
    result.warnings.push(`the new SOUL is about ${result.tokens} tokens, over the budget of ${cfg.tokenBudget}`);
  }
  return soul;
}

/** 5b. SOUL.md's secret-holding lines back as written (the model saw their placeholders); null (kept) when it cannot be. */
function secretsKept(result: ReflectionResult, soul0: PreparedSoul, soul: string): string | null {
  if (!soul0.exists) return soul;
  const r = keepSoulSecrets(soul0.base, soul);
  return r.ok ? r.text : kept(result, r.reason);
}

function kept(result: ReflectionResult, reason: string): null {
  result.status = "kept";
  result.reason = reason;
  return null;
}

/** What the new SOUL changes, and whether that is over the change budget. */
interface Change {
  overBudget: boolean;
  budgetReason: string;
}

/** 6. Null (unchanged) when the model returned the same SOUL; else the diff and the budget's verdict. */
function compare(cfg: ReflectionConfig, result: ReflectionResult, soul0: PreparedSoul, soul: string): Change | null {
  if (soul0.exists && (soul === soul0.disk.text || soul === normalizeSoul(soul0.base))) {
    result.status = "unchanged";
    result.reason = soul0.mapped ? "the model added nothing to the layers" : "the model returned the same SOUL";
    result.diff = "";
    result.changeShare = 0;
    return null;
  }
  result.diff = unifiedDiff(soul0.disk.text, soul, { fromFile: SOUL_FILE, toFile: `${SOUL_FILE} (new)` });
  const share = !soul0.exists ? 1 : soul0.mapped ? removedLineShare(soul0.base, soul) : changedLineShare(soul0.base, soul);
  result.changeShare = share;
  return {
    overBudget: !soul0.firstDistillation && share > cfg.changeBudget,
    budgetReason: `the new SOUL changes ${pct(share)} of the lines, over the change budget of ${pct(cfg.changeBudget)}`,
  };
}

const CAS_REASON = `${SOUL_FILE} was edited while reflecting; your edit was kept`;

/** 7, for a dry run: what a real run would do with the SOUL; nothing is written. */
function preview(ctx: ReflectContext, result: ReflectionResult, soul0: PreparedSoul, change: Change): void {
  // A SOUL.md a dry run only restored in memory is still missing on disk: that is no edit.
  const onDisk = readSoul(ctx.workspace);
  const changed = result.restoredFrom !== undefined ? onDisk.exists : onDisk.fileHash !== soul0.disk.fileHash;
  if (changed) proposal(result, "changed-during-run", CAS_REASON);
  else if (change.overBudget) proposal(result, "change-budget", change.budgetReason);
  else result.status = "updated";
}

/** 7. SOUL.md replaced by compare-and-swap, or the SOUL proposed (over the budget, or SOUL.md changed meanwhile). */
function save(ctx: ReflectContext, result: ReflectionResult, soul0: PreparedSoul, soul: string, change: Change, from: { reflection: Reflection; draft: Draft }): void {
  const { workspace } = ctx;
  const writeProposal = () => {
    checkWriteTarget(workspace, path.join(workspace, SOUL_PROPOSAL_FILE), NO_HARD_LINKS);
    atomicWrite(path.join(workspace, SOUL_PROPOSAL_FILE), soul);
    ctx.trace.proposal = { text: soul, hash: contentHash(soul) };
  };
  if (change.overBudget) {
    writeProposal();
    proposal(result, "change-budget", change.budgetReason);
    return;
  }
  const { reflection, draft } = from;
  const committed = commitSoul({
    workspace,
    store: ctx.store,
    expected: soul0.disk,
    content: soul,
    version: {
      summary: draft.summary,
      report: draft.report,
      insights: { insights: reflection.insights, principles: reflection.principles, ...(reflection.kind === "fallback" ? { fallback: reflection.reason } : {}) },
      model: draft.model,
      sessionIds: result.sessions.map((s) => s.id),
      origin: "reflection",
      runId: ctx.runId,
    },
    now: ctx.now(),
    ...(ctx.swap ? { swap: ctx.swap } : {}),
  });
  if (committed.baseline !== undefined) result.baselineVersion ??= committed.baseline;
  for (const k of committed.keptEarlier ?? []) {
    result.warnings.push(`an edit that reached ${SOUL_FILE} during or just after a swap is kept in ${path.relative(workspace, k)}: compare it with ${SOUL_FILE}`);
  }
  if (committed.ok) {
    result.status = "updated";
    result.version = committed.number;
    return;
  }
  writeProposal();
  const keptAt = committed.kept !== undefined ? path.relative(workspace, committed.kept) : undefined;
  if (keptAt !== undefined) result.keptPath = keptAt;
  proposal(
    result,
    "changed-during-run",
    keptAt !== undefined
      ? `${SOUL_FILE} was edited while reflecting (${committed.detail}); your edit is in ${keptAt} — compare it with ${SOUL_FILE}`
      : soul0.disk.bytes !== null && soul0.disk.bytes.length === 0
        ? `${SOUL_FILE} is empty (perhaps mid-save), so it was not replaced`
        : CAS_REASON,
  );
}

function snippet(text: string): string {
  const t = text.replace(/<!--[\s\S]*?-->/g, " ").replace(/\s+/g, " ").trim();
  return t.length <= 60 ? t : `${t.slice(0, 59)}…`;
}

function proposal(result: ReflectionResult, why: "changed-during-run" | "change-budget", reason: string): void {
  result.status = "proposed";
  result.proposalPath = SOUL_PROPOSAL_FILE;
  result.proposalReason = why;
  result.reason = `${reason}: the new SOUL is in ${SOUL_PROPOSAL_FILE}`;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** Appends this run's report to reflections/YYYY-MM-DD.md; returns the relative path. */
function appendReport(workspace: string, at: number, r: ReflectionResult): string {
  const day = localDate(at);
  const rel = `reflections/${day}.md`;
  const file = path.join(workspace, rel);
  ensureWorkspaceDir(workspace, path.dirname(file));
  checkWriteTarget(workspace, file, NO_HARD_LINKS);
  const lines: string[] = [];
  if (statWorkspacePath(workspace, rel) === null) lines.push(`# Reflections ${day}`, "");
  else lines.push("");
  const time = localStamp(at).slice(11);
  const what =
    r.status === "updated"
      ? `${SOUL_FILE} version ${r.version} (${r.words} words, ~${r.tokens} tokens)`
      : `proposal in ${SOUL_PROPOSAL_FILE} (${r.reason ?? ""})`;
  lines.push(`## ${time} — ${what}`, "");
  if (r.summary) lines.push(`**${r.summary}**`, "");
  if (r.report) lines.push(r.report.trim(), "");
  if (r.insights.length > 0) {
    lines.push("### Insights", "");
    for (const i of r.insights) {
      const from = i.sources !== undefined && i.sources.length > 0 ? ` — from ${i.sources.join(", ")}` : "";
      lines.push(`- ${i.content.replace(/\s+/g, " ")}${i.topics.length > 0 ? ` _(${i.topics.join(", ")})_` : ""}${from}`);
    }
    lines.push("");
  }
  if (r.principles.length > 0) {
    lines.push("### Principles", "");
    for (const p of r.principles) lines.push(`- ${p.replace(/\s+/g, " ")}`);
    lines.push("");
  }
  const read: string[] = [];
  if (r.notes.length > 0) read.push(`Notes: ${r.notes.join(", ")}.`);
  if (r.sessions.length > 0) read.push(`Sessions: ${r.sessions.map((s) => `${s.id} (${s.messages} messages${r.summaries.includes(s.id) ? ", from its summary" : ""})`).join(", ")}.`);
  lines.push(`${read.join(" ")} Model: ${r.model}.`.trim());
  appendVerified(file, lines.join("\n") + "\n");
  return rel;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Local YYYY-MM-DD. */
export function localDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local "YYYY-MM-DD HH:MM". */
function localStamp(ms: number): string {
  const d = new Date(ms);
  return `${localDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

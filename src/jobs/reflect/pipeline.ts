/**
 * Nightly reflection: read the day's conversations, reflect on them (call 1), fold the
 * result into SOUL.md (call 2), and save it safely. Everything is computed first; the only
 * writes happen at the end, in this order:
 *   1. SOUL.md + its version row (commitSoul: one transaction, see history.ts), or
 *      SOUL.proposed.md when the run must not touch SOUL.md (see below);
 *   2. the report, appended to reflections/YYYY-MM-DD.md;
 *   2b. memories formed from call 1's candidates, and the daily fade pass (issue #6; one
 *      transaction each, see formMemories) — on every run that did not throw, skips included;
 *   3. the run's outcome in reflection_runs.
 * A run that fails or is killed before step 1 has written nothing but its 'tick' row.
 *
 * When SOUL.md is not replaced, and what happens instead:
 *   - the model's SOUL is malformed or empty, or a locked section cannot be kept
 *     byte-identical: SOUL.md is kept, the run is recorded as 'error' with the reason;
 *   - SOUL.md changed while the run was thinking (compare-and-swap on its hash): the new
 *     SOUL goes to SOUL.proposed.md, the person's edit stays;
 *   - the new SOUL changes more than `changeBudget` of the lines (see changedLineShare):
 *     it goes to SOUL.proposed.md for the person to review.
 *
 * First distillation. When there is no SOUL.md yet, or SOUL.md is still byte-for-byte the
 * starter template (line endings and trailing space aside), the first run restructures
 * the whole file into the three layers (Core Identity / Active Values / Recent Growth),
 * which necessarily rewrites most lines. So the change budget does not apply to that run;
 * everything else does: locked sections come back byte-identical (restored and verified
 * in code), the template is recorded as the 'baseline' version 1 before anything is
 * written so `agent soul rollback 1` restores it, and compare-and-swap still protects an
 * edit made during the run. A SOUL.md that a person has already edited is never "first":
 * restructuring it is a large change and becomes a proposal.
 */
import { mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { requireCompleteReply } from "../../llm/factory.js";
import type { LLMProvider } from "../../llm/types.js";
import type { Embedder } from "../../embed/types.js";
import { loadConfig } from "../../workspace/config.js";
import { appendVerified, atomicWrite } from "../../workspace/safe-write.js";
import { parseDuration, reflectionConfig, type ReflectionConfig, type ReflectionConfigInput } from "./config.js";
import { unifiedDiff } from "./diff.js";
import { cutTranscript, gatherSessions } from "./gather.js";
import {
  commitSoul,
  isTemplateSoul,
  openSoulHistory,
  readSoul,
  SOUL_FILE,
  SOUL_PROPOSAL_FILE,
  type SoulOnDisk,
} from "./history.js";
import { buildReflectionPrompt, buildSoulPrompt, parseReflection, parseSoul, type Insight } from "./prompts.js";
import {
  changedLineShare,
  CORE_IDENTITY,
  countWords,
  estimateTokens,
  findSection,
  lockedEnd,
  normalizeSoul,
  restoreLocked,
  truncateAtSentence,
  verifyLocked,
} from "./soul-safety.js";
import type { SoulVersionStore } from "../../store/soul-versions.js";
import { MemoryStore } from "../../store/memories.js";
import { evolutionConfig } from "../evolve/config.js";
import type { MemoryCandidate } from "../evolve/form.js";
import { applyFormation, emptySummary, fadePass, planMemories, type FormationSummary } from "../evolve/formation.js";
import { openEmbedCache, resolveEmbedder, type EmbedderInput } from "../evolve/memory-db.js";

export interface ReflectionOptions {
  /** Look back this far ("24h", "3d") instead of "since the last completed reflection". */
  since?: string;
  /** Overrides over the `reflection` section of agent.config.json. */
  config?: Partial<ReflectionConfigInput>;
  /** Cancels the model calls (Ctrl-C); the run is recorded as an error and writes nothing. */
  signal?: AbortSignal;
  /** How SOUL.md and the proposal are written; tests inject failures. Default atomicWrite. */
  writeFile?: (file: string, content: string) => void;
}

export interface RunReflectionInput {
  workspace: string;
  provider: LLMProvider;
  /** Injectable clock, ms since epoch. */
  now?: () => number;
  options?: ReflectionOptions;
  /** Compute everything, return the diff, write nothing (not even the run row). */
  dryRun?: boolean;
  /**
   * Embedder for memory formation's duplicate check (issue #6), or a function that loads it
   * (called only when the reflection proposes memories). Without one, a candidate counts as
   * a repeat of a memory only when their texts are equal after normalisation.
   */
  embedder?: EmbedderInput;
}

/**
 * What a run did:
 *   skipped    too few qualifying sessions, or the model said nothing meaningful happened
 *   updated    SOUL.md replaced, new version recorded
 *   proposed   new SOUL written to SOUL.proposed.md (changed during the run / change budget)
 *   unchanged  the model returned the same SOUL
 *   kept       the model's SOUL was unusable; SOUL.md kept (recorded as an error)
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
  firstDistillation: boolean;
  insights: Insight[];
  principles: string[];
  /** Set when call 1's reply was not usable JSON and its raw text became one insight. */
  reflectionFallback?: string;
  version?: number;
  /** A 'baseline' version recorded first (the SOUL.md the person had). */
  baselineVersion?: number;
  words?: number;
  tokens?: number;
  summary?: string;
  report?: string;
  /** Unified diff from SOUL.md to the new SOUL (also for proposals and dry runs). */
  diff?: string;
  /** Share of lines the new SOUL changes (0..1). */
  changeShare?: number;
  proposalPath?: string;
  proposalReason?: "changed-during-run" | "change-budget";
  /** Workspace-relative path of the report file. */
  reportPath?: string;
  /** Locked content the model changed and the code put back. */
  restoredLocked: string[];
  warnings: string[];
  /**
   * Memories formed from call 1's candidates and the daily fade pass (issue #6); absent when
   * nothing was proposed and nothing faded. For a dry run, what would have happened.
   */
  memories?: FormationSummary;
}

const MIN_TARGET_WORDS = 400;

export async function runReflection(input: RunReflectionInput): Promise<ReflectionResult> {
  const now = input.now ?? Date.now;
  const options = input.options ?? {};
  const dryRun = input.dryRun ?? false;
  const startedAt = now();

  const loaded = loadConfig(input.workspace);
  const cfg = reflectionConfig({
    file: loaded.file,
    raw: { ...loaded.raw, reflection: { ...sectionOf(loaded.raw.reflection), ...(options.config ?? {}) } },
  });
  let windowMs: number | undefined;
  if (options.since !== undefined) {
    windowMs = parseDuration(options.since);
    if (windowMs === undefined) throw new Error(`--since must be a duration like "24h", "3d" or "90m", got "${options.since}"`);
  }

  const history = openSoulHistory(input.workspace, { ifExists: dryRun });
  const { store } = history;
  let runId: number | null = null;
  try {
    const lastDone = store.lastCompletedRun();
    const since =
      windowMs !== undefined
        ? startedAt - windowMs
        : lastDone !== undefined
          ? lastDone.startedAt
          : startedAt - parseDuration(cfg.since)!;
    if (!dryRun) runId = store.startRun(startedAt, { provider: input.provider.name, model: input.provider.model });

    const formation = { candidates: [] as MemoryCandidate[] };
    const result = await reflect({ ...input, options, dryRun, now, cfg, store, since, startedAt, runId, formation });
    const memories = await formMemories(input, store, result, formation.candidates, dryRun, now());
    if (memories !== undefined) result.memories = memories;
    if (runId !== null) {
      store.finishRun(runId, {
        outcome: result.status === "skipped" ? "skip" : result.status === "kept" ? "error" : "complete",
        endedAt: now(),
        reason: result.reason,
        details: runDetails(result),
      });
    }
    return result;
  } catch (e) {
    if (runId !== null) {
      try {
        store.finishRun(runId, {
          outcome: "error",
          endedAt: now(),
          reason: e instanceof Error ? e.message : String(e),
          details: { provider: input.provider.name, model: input.provider.model, ...(e instanceof Error && "code" in e ? { code: (e as { code: unknown }).code } : {}) },
        });
      } catch {
        // The original error matters more than a failure to record it.
      }
    }
    throw e;
  } finally {
    history.close();
  }
}

function sectionOf(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function runDetails(r: ReflectionResult): Record<string, unknown> {
  const d: Record<string, unknown> = {
    status: r.status,
    provider: r.provider,
    model: r.model,
    since: r.since,
    sessions: r.sessions,
    firstDistillation: r.firstDistillation,
  };
  for (const k of ["version", "baselineVersion", "words", "tokens", "summary", "changeShare", "proposalPath", "proposalReason", "reportPath", "reflectionFallback"] as const) {
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
 * Issue #6: memories from call 1's candidates, and the daily fade pass. Runs after the SOUL
 * step whatever its outcome (the candidates come from call 1, which succeeded) and on
 * skipped runs too (so fading happens every night), but never for a run that threw. A dry
 * run plans and writes nothing (it embeds without the cache). A failure here is a warning:
 * it never turns a good reflection into an error.
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
      const cfg = evolutionConfig(loadConfig(input.workspace));
      let embedder: Embedder | null = null;
      try {
        embedder = await resolveEmbedder(input.embedder);
      } catch (e) {
        result.warnings.push(`no embedder for memory formation (${e instanceof Error ? e.message : String(e)}); duplicates were found by exact text only`);
      }
      const cache = embedder !== null && !dryRun ? openEmbedCache(input.workspace) : null;
      try {
        const plan = await planMemories({ store, candidates, embedder, cache, duplicateCosine: cfg.duplicateCosine });
        result.warnings.push(...plan.warnings);
        summary = applyFormation(store, plan, {
          now,
          dryRun,
          source: { kind: "reflection", ...(result.runId !== null ? { runId: result.runId } : {}), sessions: result.sessions.map((s) => s.id) },
        });
      } finally {
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
    return undefined;
  }
}

interface ReflectContext extends RunReflectionInput {
  options: ReflectionOptions;
  dryRun: boolean;
  now: () => number;
  cfg: ReflectionConfig;
  store: SoulVersionStore;
  since: number;
  startedAt: number;
  runId: number | null;
  /** Call 1's memory candidates, handed back to runReflection (issue #6). */
  formation: { candidates: MemoryCandidate[] };
}

async function reflect(ctx: ReflectContext): Promise<ReflectionResult> {
  const { cfg, provider, workspace } = ctx;
  const soul0: SoulOnDisk = readSoul(workspace);
  const firstDistillation = !soul0.exists || isTemplateSoul(soul0.text);
  const result: ReflectionResult = {
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
    firstDistillation,
    insights: [],
    principles: [],
    restoredLocked: [],
    warnings: [],
  };

  // 1. Gather.
  const gathered = gatherSessions(workspace, {
    since: ctx.since,
    until: ctx.startedAt,
    minMessagesPerSession: cfg.minMessagesPerSession,
  });
  if (gathered.problems.length > 0) {
    result.warnings.push(
      `${gathered.problems.length} transcript line(s) could not be read, e.g. ${gathered.problems[0]}`,
    );
  }
  result.sessionsSeen = gathered.sessions.length;
  result.sessions = gathered.qualified.map((s) => ({ id: s.id, messages: s.messageCount }));
  if (gathered.qualified.length < cfg.minSessions) {
    result.reason =
      gathered.sessions.length === 0
        ? `no conversation since ${result.since}`
        : `${gathered.sessions.length} conversation(s) since ${result.since}, ${gathered.qualified.length} with at least ${cfg.minMessagesPerSession} messages (${cfg.minSessions} needed)`;
    return result;
  }
  const transcript = cutTranscript(gathered.qualified, cfg);
  const today = localDate(ctx.startedAt);

  // 2. Call 1: reflection.
  const r1 = requireCompleteReply(
    await provider.complete({
      ...buildReflectionPrompt({
        transcript: transcript.text,
        sessionCount: gathered.qualified.length,
        since: localStamp(ctx.since),
        today,
        ...(soul0.exists ? { soul: soul0.text } : {}),
      }),
      maxTokens: cfg.reflectionMaxTokens,
      temperature: cfg.temperature,
      ...(ctx.options.signal ? { signal: ctx.options.signal } : {}),
    }),
  );
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
  if (reflection.kind === "ok" && reflection.memories) ctx.formation.candidates = reflection.memories;

  // 3. Call 2: SOUL re-distillation.
  const recent = ctx.store.recent(3).map((v) => ({
    number: v.number,
    date: localDate(v.createdAt),
    summary: v.summary,
    content: v.content,
  }));
  const r2 = requireCompleteReply(
    await provider.complete({
      ...buildSoulPrompt({
        ...(soul0.exists ? { current: soul0.text } : {}),
        fromTemplate: soul0.exists && firstDistillation,
        recent,
        reflection: { insights: reflection.insights, principles: reflection.principles },
        today,
        minWords: Math.min(MIN_TARGET_WORDS, Math.floor((cfg.maxSoulWords * 2) / 3)),
        maxWords: cfg.maxSoulWords,
        lockCoreIdentity: cfg.lockCoreIdentity,
      }),
      maxTokens: cfg.soulMaxTokens,
      temperature: cfg.temperature,
      ...(ctx.options.signal ? { signal: ctx.options.signal } : {}),
    }),
  );
  const parsed = parseSoul(r2.text);
  if (parsed.kind === "malformed") {
    result.status = "kept";
    result.reason = `malformed SOUL from the model: ${parsed.reason}; kept the existing ${SOUL_FILE}`;
    return result;
  }
  result.summary = parsed.summary;
  result.report = parsed.report;

  // Safety, in code: locked sections back byte for byte, length cut at a sentence.
  const lockOpts = { lockCoreIdentity: cfg.lockCoreIdentity };
  let soul = parsed.soul;
  if (soul0.exists) {
    const restored = restoreLocked(soul0.text, soul, lockOpts);
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
    const problems = verifyLocked(soul0.text, soul, lockOpts);
    if (problems.length > 0) {
      result.status = "kept";
      result.reason = `locked sections could not be kept byte-identical (${problems.join("; ")}); kept the existing ${SOUL_FILE}`;
      return result;
    }
  }
  result.words = countWords(soul);
  result.tokens = estimateTokens(soul);
  if (result.tokens > cfg.tokenBudget) {
    result.warnings.push(`the new SOUL is about ${result.tokens} tokens, over the budget of ${cfg.tokenBudget}`);
  }
  if (soul0.exists && soul === soul0.text) {
    result.status = "unchanged";
    result.reason = "the model returned the same SOUL";
    result.diff = "";
    result.changeShare = 0;
    return result;
  }
  result.diff = unifiedDiff(soul0.text, soul, { fromFile: SOUL_FILE, toFile: `${SOUL_FILE} (new)` });
  result.changeShare = soul0.exists ? changedLineShare(soul0.text, soul) : 1;
  const overBudget = !firstDistillation && result.changeShare > cfg.changeBudget;
  const budgetReason = `the new SOUL changes ${pct(result.changeShare)} of the lines, over the change budget of ${pct(cfg.changeBudget)}`;
  const casReason = `${SOUL_FILE} was edited while reflecting; your edit was kept`;

  // 4. Save (or, for a dry run, say what would be saved).
  if (ctx.dryRun) {
    if (readSoul(workspace).fileHash !== soul0.fileHash) {
      proposal(result, "changed-during-run", casReason);
    } else if (overBudget) {
      proposal(result, "change-budget", budgetReason);
    } else {
      result.status = "updated";
    }
    return result;
  }

  const write = ctx.options.writeFile ?? atomicWrite;
  const writeProposal = () => write(path.join(workspace, SOUL_PROPOSAL_FILE), soul);
  const insightsJson = {
    insights: reflection.insights,
    principles: reflection.principles,
    ...(reflection.kind === "fallback" ? { fallback: reflection.reason } : {}),
  };
  if (overBudget) {
    writeProposal();
    proposal(result, "change-budget", budgetReason);
  } else {
    const committed = commitSoul({
      workspace,
      store: ctx.store,
      expectedFileHash: soul0.fileHash,
      content: soul,
      version: {
        summary: parsed.summary,
        report: parsed.report,
        insights: insightsJson,
        model: r2.model,
        sessionIds: result.sessions.map((s) => s.id),
        origin: "reflection",
        runId: ctx.runId,
      },
      now: ctx.now(),
      writeFile: write,
    });
    if (committed.ok) {
      result.status = "updated";
      result.version = committed.number;
      if (committed.baseline !== undefined) result.baselineVersion = committed.baseline;
    } else {
      writeProposal();
      proposal(result, "changed-during-run", casReason);
    }
  }

  // The report: appended, so hand notes in the day's file and earlier runs stay.
  try {
    result.reportPath = appendReport(workspace, ctx.startedAt, result);
  } catch (e) {
    result.warnings.push(`the report could not be written to reflections/: ${(e as Error).message}`);
  }
  return result;
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
  mkdirSync(path.dirname(file), { recursive: true });
  const lines: string[] = [];
  if (!existsSync(file)) lines.push(`# Reflections ${day}`, "");
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
    for (const i of r.insights) lines.push(`- ${i.content.replace(/\s+/g, " ")}${i.topics.length > 0 ? ` _(${i.topics.join(", ")})_` : ""}`);
    lines.push("");
  }
  if (r.principles.length > 0) {
    lines.push("### Principles", "");
    for (const p of r.principles) lines.push(`- ${p.replace(/\s+/g, " ")}`);
    lines.push("");
  }
  lines.push(`Sessions: ${r.sessions.map((s) => `${s.id} (${s.messages} messages)`).join(", ")}. Model: ${r.model}.`);
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

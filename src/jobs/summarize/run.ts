/**
 * Conversation summaries, as stages: read the conversations → choose those that need one
 * (finished, big enough, the person's own, grown since their summary) → for each: fit its
 * turns to the window, ask the model, read the reply, write `sessions/<id>.summary.md`.
 *
 * Injection: no database, no config file; the caller passes the validated `reflection`
 * section, the provider, the clock and the cancel signal. Without a usable model the run
 * stops at the first call and says so once (`noModel`): reflection then reads raw turns.
 */
import path from "node:path";
import { ensureContextFits } from "../../llm/context.js";
import { requireCompleteReply } from "../../llm/factory.js";
import { LLMError, type LLMProvider } from "../../llm/types.js";
import { errorMessage } from "../../shared/errors.js";
import { checkWriteTarget, ensureWorkspaceDir, NO_HARD_LINKS, readNoteText, readWorkspaceFile, removeWorkspaceFileIfSame, type LinkRule } from "../../workspace/guard.js";
import { atomicWrite } from "../../workspace/safe-write.js";
import { parseDuration, type ReflectionConfig } from "../reflect/config.js";
import { isOwnConversation, readConversations, type Conversation } from "./conversations.js";
import { formatSummary, parseSummary, summaryPath, type SummaryFile } from "./file.js";
import { buildSummaryPrompt, fitTurns, parseSummaryReply } from "./prompt.js";

export type SummarizeConfig = Pick<ReflectionConfig, "summaryMinMessages" | "summaryIdle" | "summaryMaxTokens" | "windowTokens" | "temperature">;

export interface SummarizeInput {
  workspace: string;
  cfg: SummarizeConfig;
  /** The model, created on first use: a run with nothing to summarise never creates one. */
  provider: () => LLMProvider;
  now: () => number;
  signal?: AbortSignal;
  /** Only this session (by hand: it need not have ended). */
  session?: string;
  /** Only conversations with a turn at or after this time (ms). */
  since?: number;
  /** Every conversation with new turns, ended or not (the night, before reflecting). */
  includeOpen?: boolean;
  /** Say what would be written; call no model, write nothing. */
  dryRun?: boolean;
  /** Write at most this many; the rest are `deferred` (the daemon's runs stay short). */
  limit?: number;
  rule?: LinkRule;
}

export interface SummarizeResult {
  dryRun: boolean;
  /** Written (or, for a dry run, to be written). */
  written: { session: string; path: string; messages: number; shown: number }[];
  skipped: { session: string; reason: string }[];
  /** Set when no model could be used: said once, reflection reads raw turns instead. */
  noModel?: string;
  failed: { session: string; reason: string }[];
  /** Summaries taken out because their conversation is not the person's own (an earlier version wrote them). */
  removed: string[];
  /** Conversations that need a summary, left for the next run by `limit`. */
  deferred: string[];
  problems: string[];
}

/** What a conversation needs: a summary written, or the reason it gets none. */
export type Need = { write: true; previous: SummaryFile | null } | { write: false; reason: string };

/** 2. Whether a conversation gets a (new) summary now. Pure. */
export function needsSummary(c: Conversation, existing: SummaryFile | null, opts: { minMessages: number; idleMs: number; now: number; byHand: boolean; includeOpen: boolean }): Need {
  if (!isOwnConversation(c)) return { write: false, reason: `${c.kind === "group" ? "a group" : "an isolated"} conversation: not the person's own memory` };
  if (c.turns.length < opts.minMessages) return { write: false, reason: `${c.turns.length} message(s), under reflection.summaryMinMessages (${opts.minMessages})` };
  if (existing !== null && existing.meta.messages >= c.turns.length) return { write: false, reason: "its summary is up to date" };
  const ended = c.lastWrite <= opts.now - opts.idleMs || (c.compactedAt !== null && c.compactedAt >= c.turns[c.turns.length - 1]!.at);
  if (!ended && !opts.byHand && !opts.includeOpen) return { write: false, reason: "still going: written to within reflection.summaryIdle" };
  return { write: true, previous: existing };
}

export async function summarizeConversations(input: SummarizeInput): Promise<SummarizeResult> {
  const rule = input.rule ?? NO_HARD_LINKS;
  const result: SummarizeResult = { dryRun: input.dryRun ?? false, written: [], skipped: [], failed: [], removed: [], deferred: [], problems: [] };
  const read = readConversations(input.workspace, rule);
  result.problems.push(...read.problems);
  const idleMs = parseDuration(input.cfg.summaryIdle) ?? 30 * 60_000;
  const now = input.now();
  let provider: LLMProvider | undefined;
  // Newest first: when a run is limited, the conversations the coming night reads go first.
  for (const c of [...read.conversations].reverse()) {
    if (input.session !== undefined && c.id !== input.session) continue;
    if (input.since !== undefined && !c.turns.some((t) => t.at >= input.since!)) continue;
    const existing = readExisting(input.workspace, c.id, rule);
    const need = needsSummary(c, existing, { minMessages: input.cfg.summaryMinMessages, idleMs, now, byHand: input.session !== undefined, includeOpen: input.includeOpen ?? false });
    if (!need.write) {
      result.skipped.push({ session: c.id, reason: need.reason });
      if (existing !== null && !isOwnConversation(c) && dropSummary(input, c.id, rule)) result.removed.push(summaryPath(c.id));
      continue;
    }
    if (input.limit !== undefined && result.written.length + result.failed.length >= input.limit) {
      result.deferred.push(c.id);
      continue;
    }
    if (result.dryRun) {
      result.written.push({ session: c.id, path: summaryPath(c.id), messages: c.turns.length, shown: c.turns.length });
      continue;
    }
    input.signal?.throwIfAborted();
    try {
      provider ??= input.provider();
      result.written.push(await summarizeOne(input, provider, c, rule, need.previous));
    } catch (e) {
      if (input.signal?.aborted) throw e;
      if (isNoModel(e)) {
        result.noModel = `no model for conversation summaries (${errorMessage(e)}): reflection reads the raw turns instead`;
        break;
      }
      result.failed.push({ session: c.id, reason: errorMessage(e) });
    }
  }
  if (input.session !== undefined && result.written.length + result.skipped.length + result.failed.length === 0 && result.noModel === undefined) {
    throw new Error(`there is no conversation "${input.session}" in sessions/ (see \`agent search --source sessions\` or the file names in sessions/)`);
  }
  return result;
}

/** The model cannot be reached or is not there: no point trying the next conversation. */
function isNoModel(e: unknown): boolean {
  return e instanceof LLMError ? e.code === "unreachable" || e.code === "model-not-found" || e.code === "bad-config" : !(e instanceof Error) || /no (?:llm|model)|not configured/i.test(e.message);
}

function readExisting(workspace: string, id: string, rule: LinkRule): SummaryFile | null {
  try {
    const r = readNoteText(workspace, summaryPath(id), rule);
    return r === null ? null : parseSummary(r.text);
  } catch {
    // An unreadable summary is as good as none: it is derived, and written again.
    return null;
  }
}

/**
 * A summary of a conversation that is not the person's own (an isolated run's, written before
 * such runs were left out) would keep it searchable and dreamed on: the derived file goes.
 * A dry run only says so.
 */
function dropSummary(input: SummarizeInput, id: string, rule: LinkRule): boolean {
  if (input.dryRun) return true;
  const rel = summaryPath(id);
  try {
    checkWriteTarget(input.workspace, path.join(input.workspace, rel), rule);
    const cur = readWorkspaceFile(input.workspace, rel, rule);
    return cur !== null && removeWorkspaceFileIfSame(input.workspace, rel, cur.bytes, rule);
  } catch {
    // Not ours to remove (a link, gone meanwhile): the index keeps its own rules for it.
    return false;
  }
}

/** 3. One conversation: fit, ask, read, write. */
async function summarizeOne(input: SummarizeInput, provider: LLMProvider, c: Conversation, rule: LinkRule, previous: SummaryFile | null): Promise<SummarizeResult["written"][number]> {
  const window = (provider.contextSize ? await provider.contextSize(input.signal) : undefined) ?? input.cfg.windowTokens;
  const earlier = earlierPart(previous, c);
  // About 4 characters a token; the instructions, the earlier summary and the reply take their share first.
  const budget = Math.max(800, (window - input.cfg.summaryMaxTokens - 400) * 4 * 0.9 - (earlier?.body.length ?? 0));
  const fitted = fitTurns(c.turns.slice(earlier?.upTo ?? 0), budget);
  const first = c.turns[0]!;
  const last = c.turns[c.turns.length - 1]!;
  const request = {
    ...buildSummaryPrompt({ session: c.id, harness: c.harness, messages: c.turns.length, from: localStamp(first.at), to: localStamp(last.at), turns: fitted.text, ...(earlier ? { earlier } : {}) }),
    maxTokens: input.cfg.summaryMaxTokens,
    temperature: input.cfg.temperature,
    ...(input.signal ? { signal: input.signal } : {}),
  };
  await ensureContextFits(provider, request, "lower reflection.summaryMaxTokens");
  const reply = requireCompleteReply(await provider.complete(request), "reflection.summaryMaxTokens");
  const parsed = parseSummaryReply(reply.text);
  if (parsed.kind === "malformed") throw new Error(`the model's summary could not be used: ${parsed.reason}`);
  const rel = summaryPath(c.id);
  const file = path.join(input.workspace, rel);
  ensureWorkspaceDir(input.workspace, path.dirname(file));
  checkWriteTarget(input.workspace, file, rule);
  atomicWrite(
    file,
    formatSummary({
      meta: { session: c.id, harness: c.harness, from: new Date(first.at).toISOString(), to: new Date(last.at).toISOString(), messages: c.turns.length, topics: parsed.topics },
      body: parsed.summary,
    }),
  );
  return { session: c.id, path: rel, messages: c.turns.length, shown: (earlier?.upTo ?? 0) + fitted.shown };
}

/** A conversation that went on since its summary: the summary stands for its first turns. */
function earlierPart(previous: SummaryFile | null, c: Conversation): { upTo: number; body: string } | undefined {
  if (previous === null || previous.body === "" || previous.meta.messages <= 0 || previous.meta.messages >= c.turns.length) return undefined;
  return { upTo: previous.meta.messages, body: previous.body };
}

function localStamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

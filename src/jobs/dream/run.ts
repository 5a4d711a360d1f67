/**
 * The nightly dream, as its stages:
 *   replace     for each MEMORY.md line a later note replaced (the index's statement links),
 *               a "replace" proposal citing both; no model, never auto-accepted (replace.ts)
 *   signals     the recall log since the retention window (pruned first)
 *   candidates  eligible passages passing the thresholds, plus reinforced memories,
 *               deduplicated by keywords (candidates.ts)
 *   vectors     deduplicated against MEMORY.md by embeddings too, when there is an embedder
 *   (dry run)   stops here: the candidates and their signals, nothing written
 *   model       without a reachable LLM nothing is proposed, and the result says so
 *   distill     one call per candidate: one fact line or a decline (distill.ts)
 *   gate        the line must be a grounded, short, new sentence (gate.ts), by vectors too
 *   propose     recorded as pending proposals with provenance; auto-accepted only when
 *               dream.autoAccept is on
 */
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import { cosine } from "../../embed/vector.js";
import type { LLMProvider } from "../../llm/types.js";
import { ProposalStore, type Provenance } from "../../store/dream-proposals.js";
import { MemoryStore } from "../../store/memories.js";
import type { DB } from "../../store/open.js";
import { RecallStore } from "../../store/recalls.js";
import { embedTexts } from "../evolve/memory-db.js";
import { zonedDate } from "../../workspace/time.js";
import { gatherCandidates, sourceLabel, type Candidate, type ChunkLookup, type Skipped } from "./candidates.js";
import type { DreamConfig } from "./config.js";
import { buildDistillPrompt, parseDistillReply } from "./distill.js";
import { judgeLine, type GateContext } from "./gate.js";
import { memoryFacts, readMemory } from "./memory-file.js";
import { acceptProposals } from "./review.js";
import { proposeReplacements, type ReplaceProposed } from "./replace.js";
import type { LinkRule } from "../../workspace/guard.js";
import type { StoredLink } from "../../store/statements.js";

export interface RunDreamInput {
  workspace: string;
  db: DB;
  config: DreamConfig;
  /** The zone recall days are counted in (context.timeZone; default this machine's). */
  timeZone?: string | undefined;
  now: () => number;
  provider: () => LLMProvider;
  embedder: () => Promise<Embedder | null>;
  embedCache?: EmbeddingCache | null;
  /** The index's chunks by file and hash; null when there is no index (nothing recalled can be read). */
  lookup: ChunkLookup | null;
  /** The index's statement links (which later statement replaced which); none when absent. */
  links?: () => readonly StoredLink[];
  signal?: AbortSignal;
  dryRun?: boolean;
  runId?: number | null;
  /** index.allowHardLinks: MEMORY.md is read under the workspace's file rule. */
  rule?: LinkRule;
}

export interface CandidateView {
  source: string;
  key: string;
  lines: string[];
  queries: string[];
  signals: Candidate["signals"];
  replacedBy?: string;
}

export interface DreamResult {
  status: "dry-run" | "no-llm" | "nothing" | "proposed" | "none-passed";
  reason: string;
  dryRun: boolean;
  /** Recalled passages and reinforced memories looked at. */
  considered: number;
  candidates: CandidateView[];
  proposed: { id: number; text: string; source: string }[];
  /** Proposals accepted at once (dream.autoAccept). */
  accepted: number[];
  skipped: Skipped[];
  model: string | null;
  /** Recall rows the retention window and size cap removed. */
  pruned: number;
}

const DAY = 86_400_000;

export async function runDream(input: RunDreamInput): Promise<DreamResult> {
  // First, and without a model: the fix for each MEMORY.md line a later note replaced.
  const replaced = proposeReplacements({
    workspace: input.workspace,
    db: input.db,
    links: input.links?.() ?? [],
    now: input.now,
    runId: input.runId ?? null,
    dryRun: input.dryRun === true,
    ...(input.rule ? { rule: input.rule } : {}),
  });
  return withReplacements(await runRecalled(input), replaced);
}

/** Which later statement replaced one said in a file's line range (an update link leaving the range), as "path:line of date". */
function replacedIn(links: readonly StoredLink[]): (path: string, startLine: number, endLine: number) => string | null {
  const updates = links.filter((l) => l.kind === "update");
  return (path, startLine, endLine) => {
    const inside = (p: { path: string; line: number }) => p.path === path && p.line >= startLine && p.line <= endLine;
    const l = updates.find((x) => inside(x.older) && !inside(x.newer));
    return l ? `${l.newer.path}:${l.newer.line} of ${l.newer.date}` : null;
  };
}

/** The replacements join what was proposed; never auto-accepted (the links they rest on are guesses). */
function withReplacements(r: DreamResult, replaced: ReplaceProposed[]): DreamResult {
  if (replaced.length === 0) return r;
  const n = replaced.length;
  const what = r.dryRun
    ? `${n} out-of-date MEMORY.md line(s) would be proposed for replacement`
    : `${n} out-of-date MEMORY.md line(s) proposed for replacement, waiting for review: agent dream review`;
  const proposed = [...replaced.flatMap((p) => (p.id === null ? [] : [{ id: p.id, text: p.text, source: p.source }])), ...r.proposed];
  const status = r.status === "nothing" || r.status === "none-passed" ? "proposed" : r.status;
  return { ...r, status, proposed, reason: `${r.reason}; ${what}` };
}

async function runRecalled(input: RunDreamInput): Promise<DreamResult> {
  const cfg = input.config;
  const now = input.now();
  const recalls = new RecallStore(input.db);
  const pruned = input.dryRun ? 0 : recalls.prune(now - cfg.recall.retentionDays * DAY, cfg.recall.maxRows);
  const signals = recalls.signals(now - cfg.recall.retentionDays * DAY, (at) => zonedDate(at, input.timeZone));
  const memories = new MemoryStore(input.db).list().map((m) => ({ id: m.id, content: m.content, reinforceCount: m.reinforceCount, lastReinforcedAt: m.lastReinforcedAt }));
  const existing = memoryFacts(readMemory(input.workspace, input.rule).text);
  const proposals = new ProposalStore(input.db);
  const gathered = gatherCandidates({
    signals,
    memories,
    lookup: input.lookup ?? (() => null),
    config: cfg,
    now,
    existing,
    replaced: replacedIn(input.links?.() ?? []),
    decided: (key) => {
      const p = proposals.bySource(key)[0];
      return p === undefined ? null : { id: p.id, status: p.status };
    },
  });
  const considered = signals.length + memories.filter((m) => m.reinforceCount >= cfg.thresholds.minReinforced).length;
  const skipped = [...gathered.skipped];
  const vectors = await vectorCheck(input, existing);
  const candidates: Candidate[] = [];
  for (const c of gathered.candidates) {
    const dup = await vectors.duplicateOf(c.lines.join(" "));
    if (dup !== null) skipped.push({ source: sourceLabel(c), reason: `MEMORY.md already says (by meaning): "${dup}"` });
    else candidates.push(c);
  }
  const base = { dryRun: input.dryRun === true, considered, candidates: candidates.map(view), proposed: [], accepted: [], skipped, model: null, pruned };
  if (input.dryRun) return { ...base, status: "dry-run", reason: `${candidates.length} candidate(s) of ${considered} considered; dry run: no model was asked, nothing was written` };
  if (candidates.length === 0) return { ...base, status: "nothing", reason: `no candidate among ${considered} recalled passage(s) and memories` };
  const provider = input.provider();
  const check = await provider.check();
  if (!check.ok) return { ...base, status: "no-llm", reason: `no model to distil with (${check.detail}); nothing proposed — ${candidates.length} candidate(s) wait for the next run` };
  return distilAndPropose(input, { candidates, existing, skipped, base, provider, vectors });
}

function view(c: Candidate): CandidateView {
  return { source: sourceLabel(c), key: c.key, lines: c.lines, queries: c.queries, signals: c.signals, ...(c.replacedBy ? { replacedBy: c.replacedBy } : {}) };
}

interface VectorCheck {
  duplicateOf(text: string): Promise<string | null>;
}

/** MEMORY.md's lines by meaning, when an embedder is configured; a check that finds nothing otherwise. */
async function vectorCheck(input: RunDreamInput, existing: string[]): Promise<VectorCheck> {
  const none: VectorCheck = { duplicateOf: async () => null };
  if (existing.length === 0) return none;
  const embedder = await input.embedder().catch(() => null);
  if (embedder === null) return none;
  const known = await embedTexts(embedder, existing, input.embedCache ?? null);
  return {
    async duplicateOf(text) {
      const [v] = await embedTexts(embedder, [text], null, "query");
      let best = -1;
      let at = -1;
      known.forEach((k, i) => {
        const c = cosine(v!, k);
        if (c > best) [best, at] = [c, i];
      });
      return best >= input.config.duplicate.cosine ? existing[at]! : null;
    },
  };
}

interface DistilState {
  candidates: Candidate[];
  existing: string[];
  skipped: Skipped[];
  base: Omit<DreamResult, "status" | "reason">;
  provider: LLMProvider;
  vectors: VectorCheck;
}

async function distilAndPropose(input: RunDreamInput, s: DistilState): Promise<DreamResult> {
  const cfg = input.config;
  const store = new ProposalStore(input.db);
  const gate: GateContext = {
    maxChars: cfg.maxLineChars,
    minGrounded: cfg.minGrounded,
    overlap: cfg.duplicate.keywordOverlap,
    existing: s.existing,
    rejected: store.list("rejected").map((p) => ({ id: p.id, text: p.finalText ?? p.text })),
    pending: store.list("pending").map((p) => ({ id: p.id, text: p.text })),
  };
  const proposed: DreamResult["proposed"] = [];
  let model: string | null = null;
  for (const c of s.candidates) {
    input.signal?.throwIfAborted();
    const reply = await s.provider.complete(
      buildDistillPrompt({ source: c.lines, origin: sourceLabel(c), queries: c.queries, existing: s.existing, maxChars: cfg.maxLineChars, maxTokens: cfg.maxReplyTokens, temperature: cfg.temperature, ...(input.signal ? { signal: input.signal } : {}) }),
    );
    model = reply.model;
    const parsed = parseDistillReply(reply.text);
    if (parsed.kind !== "fact") {
      s.skipped.push({ source: sourceLabel(c), reason: parsed.kind === "declined" ? "the model found nothing durable" : `the reply was not usable (${parsed.reason})` });
      continue;
    }
    const why = judgeLine(parsed.line, c.lines, gate) ?? (await vectorReason(s.vectors, parsed.line));
    if (why !== null) {
      s.skipped.push({ source: sourceLabel(c), reason: `"${parsed.line}": ${why}` });
      continue;
    }
    const id = store.add({ createdAt: input.now(), text: parsed.line, sourceKey: c.key, provenance: provenance(c, model), runId: input.runId ?? null });
    gate.pending.push({ id, text: parsed.line });
    proposed.push({ id, text: parsed.line, source: sourceLabel(c) });
  }
  const accepted = proposed.length > 0 && cfg.autoAccept
    ? acceptProposals({ workspace: input.workspace, db: input.db, now: input.now, section: cfg.section, byPerson: false, ...(input.rule ? { rule: input.rule } : {}) }, proposed.map((p) => p.id)).accepted.map((a) => a.id)
    : [];
  const result = { ...s.base, proposed, accepted, model };
  if (proposed.length === 0) return { ...result, status: "none-passed", reason: `none of ${s.candidates.length} candidate(s) gave a fact that passed the checks` };
  const how = accepted.length > 0 ? `accepted into MEMORY.md (dream.autoAccept)` : "waiting for review: agent dream review";
  return { ...result, status: "proposed", reason: `${proposed.length} fact(s) proposed from ${s.candidates.length} candidate(s), ${how}` };
}

async function vectorReason(v: VectorCheck, line: string): Promise<string | null> {
  const dup = await v.duplicateOf(line);
  return dup === null ? null : `a paraphrase (by meaning) of MEMORY.md's "${dup}"`;
}

function provenance(c: Candidate, model: string | null): Provenance {
  return {
    kind: c.kind,
    path: c.path,
    startLine: c.startLine,
    endLine: c.endLine,
    ...(c.memoryId !== undefined ? { memoryId: c.memoryId } : {}),
    queries: c.queries,
    signals: { ...c.signals },
    source: c.lines.join("\n"),
    model,
  };
}

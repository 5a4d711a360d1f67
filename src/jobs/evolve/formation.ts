/**
 * Formation and fading against the state database: the I/O around form.ts and fade.ts.
 *
 *   planMemories   embeds the candidates and the active memories of their types (through
 *                  the embedding cache) and decides reject / create / reinforce. Without an
 *                  embedder, duplicates are found by normalised text equality only.
 *   applyFormation writes the plan in one transaction: new memories (vivid, source =
 *                  the reflection run and its sessions), reinforcements (vividness back
 *                  to 1, significance up a little, reinforce count +1).
 *   fadePass       moves memories that faded out by `now` to the archive, with the reason.
 *
 * The nightly reflection calls all three (formation after its first model call succeeded;
 * the fade pass on every run, so fading happens daily); `agent evolve` runs the fade pass.
 */
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import type { MemoryStore } from "../../store/memories.js";
import { errorMessage } from "../../shared/errors.js";
import { fadedOut } from "./fade.js";
import { planFormation, reinforcedSignificance, type FormationDecision, type MemoryCandidate } from "./form.js";
import { embedTexts } from "./memory-db.js";
import type { MemorySource, MemoryType } from "./types.js";

export interface FormationPlan {
  decisions: FormationDecision[];
  /** How duplicates were found: "cosine ≥ 0.8 (use-lite@…)" or "exact text (no embedder)". */
  dedupe: string;
  warnings: string[];
}

export interface PlanMemoriesInput {
  store: MemoryStore;
  candidates: readonly MemoryCandidate[];
  embedder: Embedder | null;
  /** Where vectors are cached; null embeds without caching (dry runs write nothing). */
  cache: EmbeddingCache | null;
  duplicateCosine: number;
}

export async function planMemories(input: PlanMemoriesInput): Promise<FormationPlan> {
  const warnings: string[] = [];
  const types = new Set<MemoryType>(input.candidates.map((c) => c.type));
  const existing = input.store.list().filter((m) => types.has(m.type));
  if (input.embedder !== null && input.candidates.length > 0) {
    const e = input.embedder;
    try {
      const vectors = await embedTexts(e, [...input.candidates.map((c) => c.content), ...existing.map((m) => m.content)], input.cache);
      const cand = vectors.slice(0, input.candidates.length);
      const ex = new Map<number, Float32Array>();
      existing.forEach((m, i) => ex.set(m.id, vectors[input.candidates.length + i]!));
      return {
        decisions: planFormation(input.candidates, existing, { vectors: { candidates: cand, existing: ex }, duplicateCosine: input.duplicateCosine }),
        dedupe: `cosine ≥ ${input.duplicateCosine} (${e.modelId})`,
        warnings,
      };
    } catch (err) {
      warnings.push(`embedding the memory candidates failed (${errorMessage(err)}); duplicates were found by exact text only`);
    }
  }
  return { decisions: planFormation(input.candidates, existing), dedupe: "exact text (no embedder)", warnings };
}

export interface FormationSummary {
  candidates: number;
  created: { id: number; type: MemoryType; content: string; significance: number }[];
  reinforced: { id: number; type: MemoryType; content: string; similarity: number }[];
  rejected: { type: MemoryType; content: string; significance: number; threshold: number; reason: string }[];
  dedupe: string;
  /** Memories moved to the archive by the fade pass of the same run. */
  archived: { id: number; type: MemoryType; reason: string }[];
  dryRun: boolean;
}

export function emptySummary(dedupe: string, dryRun: boolean): FormationSummary {
  return { candidates: 0, created: [], reinforced: [], rejected: [], dedupe, archived: [], dryRun };
}

/**
 * Writes the plan in one transaction. With `dryRun`, writes nothing and reports what would
 * have been created (ids are then 0).
 */
export function applyFormation(store: MemoryStore, plan: FormationPlan, opts: { now: number; source: MemorySource; dryRun?: boolean }): FormationSummary {
  const dryRun = opts.dryRun ?? false;
  const summary = emptySummary(plan.dedupe, dryRun);
  summary.candidates = plan.decisions.length;
  const write = () => {
    const createdIds = new Map<number, number>();
    plan.decisions.forEach((d, i) => {
      const c = d.candidate;
      if (d.action === "reject") {
        summary.rejected.push({ type: c.type, content: c.content, significance: d.significance, threshold: d.threshold, reason: d.reason });
        return;
      }
      if (d.action === "create") {
        const id = dryRun
          ? 0
          : store.insert({
              type: c.type,
              content: c.content,
              data: { ...(c.data ?? {}), signals: c.signals },
              significance: d.significance,
              valence: c.valence,
              domain: c.domain,
              createdAt: opts.now,
              source: opts.source,
            });
        createdIds.set(i, id);
        summary.created.push({ id, type: c.type, content: c.content, significance: d.significance });
        return;
      }
      const id = d.target.kind === "memory" ? d.target.id : (createdIds.get(d.target.index) ?? 0);
      const target = dryRun || id === 0 ? undefined : store.get(id);
      if (target !== undefined) {
        store.update(id, {
          significance: reinforcedSignificance(target.significance, d.significance),
          vividness: 1,
          vividAt: opts.now,
          reinforceCount: target.reinforceCount + 1,
          lastReinforcedAt: opts.now,
        });
      }
      summary.reinforced.push({ id, type: c.type, content: target?.content ?? c.content, similarity: d.similarity });
    });
  };
  if (dryRun) write();
  else store.transaction(write);
  return summary;
}

/**
 * Moves every memory that has faded out by `now` to the archive (reason recorded), in one
 * transaction, and returns them. Nothing is deleted; pinned memories never fade.
 */
export function fadePass(store: MemoryStore, now: number, opts: { dryRun?: boolean } = {}): { id: number; type: MemoryType; content: string; reason: string }[] {
  const out: { id: number; type: MemoryType; content: string; reason: string }[] = [];
  const run = () => {
    for (const f of fadedOut(store.list(), now)) {
      if (!opts.dryRun) store.update(f.memory.id, { vividness: f.vividness, vividAt: now, archivedAt: now, archiveReason: f.reason });
      out.push({ id: f.memory.id, type: f.memory.type, content: f.memory.content, reason: f.reason });
    }
  };
  if (opts.dryRun) run();
  else store.transaction(run);
  return out;
}

/**
 * Recall and the person's corrections: which memories go into a prompt (ranked by
 * inject.ts), recording that they were recalled (which refreshes them), listing, and
 * `agent memories forget | pin | unpin | restore`.
 *
 * Privacy: group and isolated sessions are never shown memories of a non-shareable type
 * (user_preference, relationship_event, pattern_recognized: the person's preferences,
 * relationships and habits, which live in main sessions like MEMORY.md and USER.md), and
 * get the "who you are now" narrative only when none of the memories it names is of such a
 * type. Every memory is formed from conversations, never copied from MEMORY.md, so nothing
 * MEMORY.md-derived reaches those sessions through here.
 */
import type { SessionType } from "../../context/assemble.js";
import type { EmbeddingCache } from "../../embed/cache.js";
import type { Embedder } from "../../embed/types.js";
import { MemoryStore } from "../../store/memories.js";
import type { DB } from "../../store/open.js";
import type { EvolutionConfig } from "./config.js";
import { refreshOnRecall, vividnessAt } from "./fade.js";
import { memoryLine, rankMemories, type MemoryView, type RankedMemory } from "./inject.js";
import { activeViews, embedTexts, viewAt } from "./memory-db.js";
import type { DefiningMemory } from "./snapshot.js";
import { MEMORY_TYPE_CONFIG, type Memory, type MemoryType } from "./types.js";

export type RecallVia = "context" | "search";

/**
 * Records that memories were recalled at `now`: each one's vividness is brought up to date,
 * then refreshed (half-way back to vivid), its recall count goes up, and the recall is
 * logged. Archived and unknown ids are skipped. One transaction.
 */
export function recordRecall(store: MemoryStore, ids: readonly number[], now: number, via: RecallVia, query: string | null = null): number[] {
  const done: number[] = [];
  store.transaction(() => {
    for (const id of new Set(ids)) {
      const m = store.get(id);
      if (m === undefined || m.archivedAt !== null) continue;
      store.update(id, {
        vividness: m.pinned ? m.vividness : refreshOnRecall(vividnessAt(m, now)),
        vividAt: now,
        recallCount: m.recallCount + 1,
        lastRecalledAt: now,
      });
      store.logRecall(id, now, via, query);
      done.push(id);
    }
  });
  return done;
}

export function isShareable(type: MemoryType): boolean {
  return MEMORY_TYPE_CONFIG[type].shareable;
}

export interface RecallInput {
  /** The state database; owned by the caller. */
  db: DB;
  /** memoryResults and minRelevance (the `evolution` section). */
  config: Pick<EvolutionConfig, "memoryResults" | "minRelevance">;
  /** Where memory vectors are cached; null embeds without caching. */
  cache: EmbeddingCache | null;
  query: string;
  session: SessionType;
  now: number;
  /** Relevance by cosine with this embedder; null = word overlap. */
  embedder: Embedder | null;
  limit?: number;
  minRelevance?: number;
}

export interface RecallResult {
  ranked: RankedMemory[];
  /** Memories left out because the session may not see their type. */
  withheld: number;
  /** "cosine (use-lite@0.2.0)" or "word overlap (no embedder)". */
  relevance: string;
  warnings: string[];
}

/** Ranks the workspace's active memories for a task. Reads only; call recordRecall for the ones shown. */
export async function rankForTask(input: RecallInput): Promise<RecallResult> {
  const cfg = input.config;
  const all = activeViews(new MemoryStore(input.db), input.now);
  const visible = input.session === "main" ? all : all.filter((m) => isShareable(m.type));
  const withheld = all.length - visible.length;
  const warnings: string[] = [];
  let relevance = "word overlap (no embedder)";
  let queryVector: Float32Array | null = null;
  let vectors: Map<number, Float32Array> | undefined;
  if (input.embedder !== null && visible.length > 0) {
    try {
      const vs = await embedTexts(input.embedder, visible.map((m) => m.content), input.cache);
      vectors = new Map(visible.map((m, i) => [m.id, vs[i]!]));
      queryVector = (await embedTexts(input.embedder, [input.query], null, "query"))[0] ?? null;
      relevance = `cosine (${input.embedder.modelId})`;
    } catch (e) {
      warnings.push(`ranking memories by meaning failed (${e instanceof Error ? e.message : String(e)}); used word overlap`);
      vectors = undefined;
      queryVector = null;
    }
  }
  const ranked = rankMemories(visible, {
    query: input.query,
    queryVector,
    ...(vectors !== undefined ? { vectors } : {}),
    limit: input.limit ?? cfg.memoryResults,
    minRelevance: input.minRelevance ?? cfg.minRelevance,
  });
  return { ranked, withheld, relevance, warnings };
}

export interface Identity {
  /** The latest snapshot's narrative. */
  text: string;
  /** True when it names a memory of a non-shareable type (withheld from group/isolated sessions). */
  private: boolean;
  snapshotId: number;
  createdAt: number;
}

/** The "who you are now" narrative of the latest snapshot, or null before the first one. */
export function currentIdentity(db: DB): Identity | null {
  const s = new MemoryStore(db).latestSnapshot();
  if (s === undefined) return null;
  // A snapshot taken with no memory says nothing about anyone: nothing formed, nothing added.
  const active = (s.stats as { active?: unknown } | null)?.active;
  if (typeof active === "number" && active === 0) return null;
  const defining = Array.isArray(s.defining) ? (s.defining as DefiningMemory[]) : [];
  return {
    text: s.narrative,
    private: defining.some((d) => typeof d.type === "string" && MEMORY_TYPE_CONFIG[d.type] !== undefined && !isShareable(d.type)),
    snapshotId: s.id,
    createdAt: s.createdAt,
  };
}

/** What `agent context` adds from the evolution system: memories for the task and the identity. */
export interface ExperienceForContext {
  identity: Identity | null;
  memories: { id: number; line: string; private: boolean }[];
  ranked: RankedMemory[];
  withheld: number;
  relevance: string;
  warnings: string[];
}

export async function experienceForContext(input: Omit<RecallInput, "query"> & { query?: string }): Promise<ExperienceForContext> {
  const identity = currentIdentity(input.db);
  const q = input.query?.trim();
  if (!q) return { identity, memories: [], ranked: [], withheld: 0, relevance: "no query", warnings: [] };
  const r = await rankForTask({ ...input, query: q });
  return {
    identity,
    memories: r.ranked.map((x) => ({ id: x.memory.id, line: memoryLine(x.memory), private: !isShareable(x.memory.type) })),
    ranked: r.ranked,
    withheld: r.withheld,
    relevance: r.relevance,
    warnings: r.warnings,
  };
}

/** Marks memories shown in a prompt (or by a search) as recalled. */
export function markRecalled(db: DB, ids: readonly number[], now: number, via: RecallVia, query: string | null): number[] {
  if (ids.length === 0) return [];
  return recordRecall(new MemoryStore(db), ids, now, via, query);
}

export interface ListMemoriesOptions {
  type?: MemoryType;
  /** List the archive (faded and forgotten memories) instead of the active ones. */
  faded?: boolean;
  now: number;
}

/** Memories with their vividness now: active ones most vivid × significant first; the archive newest first. */
export function listMemories(db: DB, opts: ListMemoriesOptions): MemoryView[] {
  const ms = new MemoryStore(db).list({ archived: opts.faded ?? false, ...(opts.type !== undefined ? { type: opts.type } : {}) });
  const views = ms.map((m) => (m.archivedAt !== null ? { ...m, vividNow: m.vividness } : viewAt(m, opts.now)));
  if (opts.faded) return views.sort((a, b) => (b.archivedAt ?? 0) - (a.archivedAt ?? 0) || b.id - a.id);
  return views.sort((a, b) => b.vividNow * b.significance - a.vividNow * a.significance || a.id - b.id);
}

export class MemoryNotFoundError extends Error {
  constructor(id: number) {
    super(`there is no memory #${id} (see \`agent memories\` and \`agent memories --faded\`)`);
    this.name = "MemoryNotFoundError";
  }
}

function withMemory<T>(db: DB, id: number, fn: (store: MemoryStore, m: Memory) => T): T {
  const store = new MemoryStore(db);
  const m = store.get(id);
  if (m === undefined) throw new MemoryNotFoundError(id);
  return store.transaction(() => fn(store, m));
}

export interface MemoryChange {
  memory: Memory;
  changed: boolean;
  message: string;
}

/** Moves a memory to the archive ("forgotten by you"); it stays restorable, nothing is deleted. */
export function forgetMemory(db: DB, id: number, now: number): MemoryChange {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt !== null) return { memory: m, changed: false, message: `memory #${id} is already in the archive (${m.archiveReason ?? ""})` };
    store.update(id, { vividness: vividnessAt(m, now), vividAt: now, archivedAt: now, archiveReason: "forgotten: by you (`agent memories forget`)", pinned: false });
    return { memory: store.get(id)!, changed: true, message: `memory #${id} moved to the archive; \`agent memories restore ${id}\` brings it back` };
  });
}

/** Pins a memory: vivid again, and it never fades until unpinned. */
export function pinMemory(db: DB, id: number, now: number): MemoryChange {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt !== null) throw new Error(`memory #${id} is in the archive; \`agent memories restore ${id}\` first`);
    if (m.pinned) return { memory: m, changed: false, message: `memory #${id} is already pinned` };
    store.update(id, { pinned: true, vividness: 1, vividAt: now });
    return { memory: store.get(id)!, changed: true, message: `memory #${id} pinned: it will not fade` };
  });
}

/** Unpins a memory: it fades again from now on, starting from its current vividness. */
export function unpinMemory(db: DB, id: number, now: number): MemoryChange {
  return withMemory(db, id, (store, m) => {
    if (!m.pinned) return { memory: m, changed: false, message: `memory #${id} is not pinned` };
    store.update(id, { pinned: false, vividAt: now });
    return { memory: store.get(id)!, changed: true, message: `memory #${id} unpinned: it fades again from now on` };
  });
}

/** Brings a memory back from the archive, vivid enough not to fade out again at once (0.5). */
export function restoreMemory(db: DB, id: number, now: number): MemoryChange {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt === null) return { memory: m, changed: false, message: `memory #${id} is not in the archive` };
    store.update(id, { archivedAt: null, archiveReason: null, vividness: Math.max(0.5, m.vividness), vividAt: now });
    return { memory: store.get(id)!, changed: true, message: `memory #${id} restored from the archive` };
  });
}

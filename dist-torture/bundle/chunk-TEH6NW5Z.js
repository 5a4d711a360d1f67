import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  MemoryStore,
  activeViews,
  embedTexts,
  refreshOnRecall,
  viewAt,
  vividnessAt
} from "./chunk-2RZH2ITT.js";
import {
  MEMORY_TYPE_CONFIG,
  memoryLine,
  rankMemories
} from "./chunk-PUIWUURG.js";

// dist/jobs/evolve/recall.js
function recordRecall(store, ids, now, via, query = null) {
  const done = [];
  store.transaction(() => {
    for (const id of new Set(ids)) {
      const m = store.get(id);
      if (m === void 0 || m.archivedAt !== null)
        continue;
      store.update(id, {
        vividness: m.pinned ? m.vividness : refreshOnRecall(vividnessAt(m, now)),
        vividAt: now,
        recallCount: m.recallCount + 1,
        lastRecalledAt: now
      });
      store.logRecall(id, now, via, query);
      done.push(id);
    }
  });
  return done;
}
function isShareable(type) {
  return MEMORY_TYPE_CONFIG[type].shareable;
}
async function rankForTask(input) {
  const cfg = input.config;
  const all = activeViews(new MemoryStore(input.db), input.now);
  const visible = input.session === "main" ? all : all.filter((m) => isShareable(m.type));
  const withheld = all.length - visible.length;
  const warnings = [];
  let relevance = "word overlap (no embedder)";
  let queryVector = null;
  let vectors;
  if (input.embedder !== null && visible.length > 0) {
    try {
      const vs = await embedTexts(input.embedder, visible.map((m) => m.content), input.cache);
      vectors = new Map(visible.map((m, i) => [m.id, vs[i]]));
      queryVector = (await embedTexts(input.embedder, [input.query], null))[0] ?? null;
      relevance = `cosine (${input.embedder.modelId})`;
    } catch (e) {
      warnings.push(`ranking memories by meaning failed (${e instanceof Error ? e.message : String(e)}); used word overlap`);
      vectors = void 0;
      queryVector = null;
    }
  }
  const ranked = rankMemories(visible, {
    query: input.query,
    queryVector,
    ...vectors !== void 0 ? { vectors } : {},
    limit: input.limit ?? cfg.memoryResults,
    minRelevance: input.minRelevance ?? cfg.minRelevance
  });
  return { ranked, withheld, relevance, warnings };
}
function currentIdentity(db) {
  const s = new MemoryStore(db).latestSnapshot();
  if (s === void 0)
    return null;
  const defining = Array.isArray(s.defining) ? s.defining : [];
  return {
    text: s.narrative,
    private: defining.some((d) => typeof d.type === "string" && MEMORY_TYPE_CONFIG[d.type] !== void 0 && !isShareable(d.type)),
    snapshotId: s.id,
    createdAt: s.createdAt
  };
}
async function experienceForContext(input) {
  const identity = currentIdentity(input.db);
  const q = input.query?.trim();
  if (!q)
    return { identity, memories: [], ranked: [], withheld: 0, relevance: "no query", warnings: [] };
  const r = await rankForTask({ ...input, query: q });
  return {
    identity,
    memories: r.ranked.map((x) => ({ id: x.memory.id, line: memoryLine(x.memory), private: !isShareable(x.memory.type) })),
    ranked: r.ranked,
    withheld: r.withheld,
    relevance: r.relevance,
    warnings: r.warnings
  };
}
function markRecalled(db, ids, now, via, query) {
  if (ids.length === 0)
    return [];
  return recordRecall(new MemoryStore(db), ids, now, via, query);
}
function listMemories(db, opts) {
  const ms = new MemoryStore(db).list({ archived: opts.faded ?? false, ...opts.type !== void 0 ? { type: opts.type } : {} });
  const views = ms.map((m) => m.archivedAt !== null ? { ...m, vividNow: m.vividness } : viewAt(m, opts.now));
  if (opts.faded)
    return views.sort((a, b) => (b.archivedAt ?? 0) - (a.archivedAt ?? 0) || b.id - a.id);
  return views.sort((a, b) => b.vividNow * b.significance - a.vividNow * a.significance || a.id - b.id);
}
var MemoryNotFoundError = class extends Error {
  constructor(id) {
    super(`there is no memory #${id} (see \`agent memories\` and \`agent memories --faded\`)`);
    this.name = "MemoryNotFoundError";
  }
};
function withMemory(db, id, fn) {
  const store = new MemoryStore(db);
  const m = store.get(id);
  if (m === void 0)
    throw new MemoryNotFoundError(id);
  return store.transaction(() => fn(store, m));
}
function forgetMemory(db, id, now) {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt !== null)
      return { memory: m, changed: false, message: `memory #${id} is already in the archive (${m.archiveReason ?? ""})` };
    store.update(id, { vividness: vividnessAt(m, now), vividAt: now, archivedAt: now, archiveReason: "forgotten: by you (`agent memories forget`)", pinned: false });
    return { memory: store.get(id), changed: true, message: `memory #${id} moved to the archive; \`agent memories restore ${id}\` brings it back` };
  });
}
function pinMemory(db, id, now) {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt !== null)
      throw new Error(`memory #${id} is in the archive; \`agent memories restore ${id}\` first`);
    if (m.pinned)
      return { memory: m, changed: false, message: `memory #${id} is already pinned` };
    store.update(id, { pinned: true, vividness: 1, vividAt: now });
    return { memory: store.get(id), changed: true, message: `memory #${id} pinned: it will not fade` };
  });
}
function unpinMemory(db, id, now) {
  return withMemory(db, id, (store, m) => {
    if (!m.pinned)
      return { memory: m, changed: false, message: `memory #${id} is not pinned` };
    store.update(id, { pinned: false, vividAt: now });
    return { memory: store.get(id), changed: true, message: `memory #${id} unpinned: it fades again from now on` };
  });
}
function restoreMemory(db, id, now) {
  return withMemory(db, id, (store, m) => {
    if (m.archivedAt === null)
      return { memory: m, changed: false, message: `memory #${id} is not in the archive` };
    store.update(id, { archivedAt: null, archiveReason: null, vividness: Math.max(0.5, m.vividness), vividAt: now });
    return { memory: store.get(id), changed: true, message: `memory #${id} restored from the archive` };
  });
}

export {
  rankForTask,
  experienceForContext,
  markRecalled,
  listMemories,
  forgetMemory,
  pinMemory,
  unpinMemory,
  restoreMemory
};
//# sourceMappingURL=chunk-TEH6NW5Z.js.map

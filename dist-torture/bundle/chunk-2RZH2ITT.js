import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  EMBED_CACHE_FILE,
  EmbeddingCache,
  embedWithCache
} from "./chunk-ALMWBFSW.js";
import {
  DAY_MS,
  MEMORY_TYPE_CONFIG,
  clip01,
  configSection,
  loadConfig
} from "./chunk-PUIWUURG.js";
import {
  agentDir
} from "./chunk-U66UVQVN.js";
import {
  EmbedConfigSchema
} from "./chunk-IWEEPCH3.js";

// dist/store/memories.js
var PATCH_COLUMNS = {
  significance: "significance",
  vividness: "vividness",
  vividAt: "vivid_at",
  recallCount: "recall_count",
  lastRecalledAt: "last_recalled_at",
  reinforceCount: "reinforce_count",
  lastReinforcedAt: "last_reinforced_at",
  pinned: "pinned",
  archivedAt: "archived_at",
  archiveReason: "archive_reason",
  data: "data"
};
var MemoryStore = class {
  db;
  constructor(db) {
    this.db = db;
  }
  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
  transaction(fn) {
    return this.db.transaction(fn).immediate();
  }
  insert(m) {
    const r = this.db.prepare(`INSERT INTO memories (type, content, data, significance, valence, domain, created_at, vividness, vivid_at, source)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(m.type, m.content, JSON.stringify(m.data ?? {}), m.significance, m.valence, m.domain, m.createdAt, m.vividness ?? 1, m.createdAt, JSON.stringify(m.source));
    return Number(r.lastInsertRowid);
  }
  get(id) {
    const row = this.db.prepare("SELECT * FROM memories WHERE id = ?").get(id);
    return row === void 0 ? void 0 : toMemory(row);
  }
  /** Oldest first. `archived`: false = active only (default), true = the archive only, "all" = both. */
  list(opts = {}) {
    const where = [];
    const args = [];
    const archived = opts.archived ?? false;
    if (archived === false)
      where.push("archived_at IS NULL");
    else if (archived === true)
      where.push("archived_at IS NOT NULL");
    if (opts.type !== void 0) {
      where.push("type = ?");
      args.push(opts.type);
    }
    const sql = `SELECT * FROM memories${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY id`;
    return this.db.prepare(sql).all(...args).map(toMemory);
  }
  count(opts = {}) {
    const sql = opts.archived ? "SELECT count(*) AS n FROM memories WHERE archived_at IS NOT NULL" : "SELECT count(*) AS n FROM memories WHERE archived_at IS NULL";
    return this.db.prepare(sql).get().n;
  }
  update(id, patch) {
    const sets = [];
    const args = [];
    for (const [k, col] of Object.entries(PATCH_COLUMNS)) {
      const v = patch[k];
      if (v === void 0)
        continue;
      sets.push(`${col} = ?`);
      args.push(k === "pinned" ? v ? 1 : 0 : k === "data" ? JSON.stringify(v) : v);
    }
    if (sets.length === 0)
      return;
    this.db.prepare(`UPDATE memories SET ${sets.join(", ")} WHERE id = ?`).run(...args, id);
  }
  logRecall(memoryId, at, via, query) {
    this.db.prepare("INSERT INTO memory_recalls (memory_id, at, via, query) VALUES (?, ?, ?, ?)").run(memoryId, at, via, query);
  }
  /** Recalls logged in [from, to). */
  recallsBetween(from, to) {
    return this.db.prepare("SELECT count(*) AS n FROM memory_recalls WHERE at >= ? AND at < ?").get(from, to).n;
  }
  createdBetween(from, to) {
    return this.db.prepare("SELECT count(*) AS n FROM memories WHERE created_at >= ? AND created_at < ?").get(from, to).n;
  }
  reinforcedBetween(from, to) {
    return this.db.prepare("SELECT count(*) AS n FROM memories WHERE last_reinforced_at >= ? AND last_reinforced_at < ?").get(from, to).n;
  }
  archivedBetween(from, to) {
    return this.db.prepare("SELECT * FROM memories WHERE archived_at >= ? AND archived_at < ? ORDER BY archived_at, id").all(from, to).map(toMemory);
  }
  insertSnapshot(s) {
    const r = this.db.prepare(`INSERT INTO personality_snapshots (created_at, trigger, week, traits, narrative, narrative_by, defining, stats, drift, soul_hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(s.createdAt, s.trigger, s.week, JSON.stringify(s.traits), s.narrative, s.narrativeBy, JSON.stringify(s.defining), JSON.stringify(s.stats), JSON.stringify(s.drift), s.soulHash);
    return Number(r.lastInsertRowid);
  }
  setSnapshotReport(id, reportPath, reportHash) {
    this.db.prepare("UPDATE personality_snapshots SET report_path = ?, report_hash = ? WHERE id = ?").run(reportPath, reportHash, id);
  }
  /** The newest snapshot (by time, then id). */
  latestSnapshot() {
    const row = this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT 1").get();
    return row === void 0 ? void 0 : toSnapshot(row);
  }
  /** Newest first. */
  snapshots(limit = 20) {
    return this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT ?").all(limit).map(toSnapshot);
  }
  /** Whether some snapshot's report was written to `reportPath` with exactly this content hash. */
  wroteReport(reportPath, reportHash) {
    return this.db.prepare("SELECT 1 FROM personality_snapshots WHERE report_path = ? AND report_hash = ? LIMIT 1").get(reportPath, reportHash) !== void 0;
  }
};
function toMemory(r) {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    data: parseObject(r.data),
    significance: r.significance,
    valence: r.valence,
    domain: r.domain,
    createdAt: r.created_at,
    lastRecalledAt: r.last_recalled_at,
    recallCount: r.recall_count,
    reinforceCount: r.reinforce_count,
    lastReinforcedAt: r.last_reinforced_at,
    vividness: r.vividness,
    vividAt: r.vivid_at,
    pinned: r.pinned === 1,
    source: parseObject(r.source),
    archivedAt: r.archived_at,
    archiveReason: r.archive_reason
  };
}
function toSnapshot(r) {
  return {
    id: r.id,
    createdAt: r.created_at,
    trigger: r.trigger,
    week: r.week,
    traits: parseJson(r.traits, {}),
    narrative: r.narrative,
    narrativeBy: r.narrative_by,
    defining: parseJson(r.defining, []),
    stats: parseJson(r.stats, {}),
    drift: parseJson(r.drift, []),
    soulHash: r.soul_hash,
    reportPath: r.report_path,
    reportHash: r.report_hash
  };
}
function parseJson(text, fallback) {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}
function parseObject(text) {
  const v = parseJson(text, {});
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
}

// dist/jobs/evolve/fade.js
var SIGNIFICANCE_SLOWING = 0.5;
var RECALL_SLOWING = 0.5;
var FADE_OUT = 0.05;
var RECALL_REFRESH = 0.5;
function effectiveDailyDecay(m) {
  const base = MEMORY_TYPE_CONFIG[m.type].dailyDecay;
  const bySignificance = 1 - SIGNIFICANCE_SLOWING * clip01(m.significance);
  const byRecall = 1 / (1 + RECALL_SLOWING * Math.log1p(Math.max(0, m.recallCount)));
  return base * bySignificance * byRecall;
}
function vividnessAfter(v0, days, m) {
  if (m.pinned || !(days > 0))
    return clip01(v0);
  return clip01(v0 * Math.pow(1 - effectiveDailyDecay(m), days));
}
function vividnessAt(m, now) {
  return vividnessAfter(m.vividness, (now - m.vividAt) / DAY_MS, m);
}
function refreshOnRecall(v) {
  return clip01(v + (1 - v) * RECALL_REFRESH);
}
function isFaded(v) {
  return v < FADE_OUT;
}
function fadeReason(m, v, now) {
  const last = m.lastRecalledAt ?? m.createdAt;
  const days = Math.max(0, Math.floor((now - last) / DAY_MS));
  const recalled = m.recallCount === 0 ? "never recalled" : `last recalled ${days} day(s) ago (${m.recallCount} recall(s))`;
  return `faded: vividness ${v.toFixed(3)} < ${FADE_OUT} (${recalled}; ${m.type} fades ${(effectiveDailyDecay(m) * 100).toFixed(2)}%/day)`;
}
function fadedOut(memories, now) {
  const out = [];
  for (const m of memories) {
    if (m.archivedAt !== null || m.pinned)
      continue;
    const v = vividnessAt(m, now);
    if (isFaded(v))
      out.push({ memory: m, vividness: v, reason: fadeReason(m, v, now) });
  }
  return out;
}

// dist/jobs/evolve/memory-db.js
import path from "node:path";
function viewAt(m, now) {
  return { ...m, vividNow: vividnessAt(m, now) };
}
function activeViews(store, now) {
  return store.list().map((m) => viewAt(m, now));
}
function openEmbedCache(workspace) {
  const cfg = configSection(loadConfig(workspace), "embed", EmbedConfigSchema);
  const dir = cfg.cacheDir ? path.resolve(workspace, cfg.cacheDir) : agentDir(workspace);
  return new EmbeddingCache(path.join(dir, EMBED_CACHE_FILE));
}
async function embedTexts(embedder, texts, cache) {
  if (texts.length === 0)
    return [];
  await embedder.init?.();
  const windows = texts.map((t) => embedder.windows(t)[0] ?? t);
  if (cache)
    return (await embedWithCache(embedder, cache, windows)).vectors;
  const out = [];
  const batch = Math.max(1, embedder.batchSize);
  for (let i = 0; i < windows.length; i += batch)
    out.push(...await embedder.embed(windows.slice(i, i + batch)));
  return out;
}
async function resolveEmbedder(e) {
  if (e === void 0 || e === null)
    return null;
  return typeof e === "function" ? e() : e;
}

export {
  MemoryStore,
  vividnessAt,
  refreshOnRecall,
  isFaded,
  fadedOut,
  viewAt,
  activeViews,
  openEmbedCache,
  embedTexts,
  resolveEmbedder
};
//# sourceMappingURL=chunk-2RZH2ITT.js.map

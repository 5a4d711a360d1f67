/**
 * Memories, the archive, the recall log and personality snapshots in the state database
 * (.agent/state.db, tables from schema.sql migration 5). A plain repository: no policy, no
 * clock — the evolution job (src/jobs/evolve) decides what vividness, significance and
 * archive reasons to record. Rows are never deleted: the archive is the memories whose
 * archived_at is set.
 */
import { insertShared, updateShared } from "./events/ledger.js";
import { redact } from "../shared/redact.js";
import type { DB } from "./open.js";
import type { Memory, MemorySource, MemoryType, Valence } from "./memory-types.js";

export interface NewMemory {
  type: MemoryType;
  content: string;
  data?: Record<string, unknown>;
  significance: number;
  valence: Valence;
  domain: string;
  createdAt: number;
  source: MemorySource;
  /** Default 1 (vivid). */
  vividness?: number;
}

export interface MemoryPatch {
  significance?: number;
  vividness?: number;
  vividAt?: number;
  recallCount?: number;
  lastRecalledAt?: number | null;
  reinforceCount?: number;
  lastReinforcedAt?: number | null;
  pinned?: boolean;
  archivedAt?: number | null;
  archiveReason?: string | null;
  data?: Record<string, unknown>;
}

export interface SnapshotRecord {
  id: number;
  createdAt: number;
  trigger: "weekly" | "manual";
  week: string;
  /** Parsed JSON, as the evolution job wrote it. */
  traits: unknown;
  narrative: string;
  narrativeBy: string;
  defining: unknown;
  stats: unknown;
  drift: unknown;
  soulHash: string | null;
  reportPath: string | null;
  reportHash: string | null;
}

export type NewSnapshot = Omit<SnapshotRecord, "id" | "reportPath" | "reportHash">;

interface MemoryRow {
  id: number;
  type: MemoryType;
  content: string;
  data: string;
  significance: number;
  valence: Valence;
  domain: string;
  created_at: number;
  last_recalled_at: number | null;
  recall_count: number;
  reinforce_count: number;
  last_reinforced_at: number | null;
  vividness: number;
  vivid_at: number;
  pinned: number;
  source: string;
  archived_at: number | null;
  archive_reason: string | null;
}

interface SnapshotRow {
  id: number;
  created_at: number;
  trigger: "weekly" | "manual";
  week: string;
  traits: string;
  narrative: string;
  narrative_by: string;
  defining: string;
  stats: string;
  drift: string;
  soul_hash: string | null;
  report_path: string | null;
  report_hash: string | null;
}

const PATCH_COLUMNS: Record<keyof MemoryPatch, string> = {
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
  data: "data",
};

const COUNTERS = ["recallCount", "reinforceCount"] as const;

export class MemoryStore {
  constructor(readonly db: DB) {}

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  insert(m: NewMemory): number {
    return insertShared(this.db, "memories", {
      type: m.type,
      content: m.content,
      data: JSON.stringify(m.data ?? {}),
      significance: m.significance,
      valence: m.valence,
      domain: m.domain,
      created_at: m.createdAt,
      vividness: m.vividness ?? 1,
      vivid_at: m.createdAt,
      source: JSON.stringify(m.source),
    });
  }

  get(id: number): Memory | undefined {
    const row = this.db.prepare("SELECT * FROM memories WHERE id = ?").get(id) as MemoryRow | undefined;
    return row === undefined ? undefined : toMemory(row);
  }

  /** Oldest first. `archived`: false = active only (default), true = the archive only, "all" = both. */
  list(opts: { archived?: boolean | "all"; type?: MemoryType } = {}): Memory[] {
    const where: string[] = [];
    const args: unknown[] = [];
    const archived = opts.archived ?? false;
    if (archived === false) where.push("archived_at IS NULL");
    else if (archived === true) where.push("archived_at IS NOT NULL");
    if (opts.type !== undefined) {
      where.push("type = ?");
      args.push(opts.type);
    }
    const sql = `SELECT * FROM memories${where.length > 0 ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY id`;
    return (this.db.prepare(sql).all(...args) as MemoryRow[]).map(toMemory);
  }

  count(opts: { archived?: boolean } = {}): number {
    const sql = opts.archived ? "SELECT count(*) AS n FROM memories WHERE archived_at IS NOT NULL" : "SELECT count(*) AS n FROM memories WHERE archived_at IS NULL";
    return (this.db.prepare(sql).get() as { n: number }).n;
  }

  update(id: number, patch: MemoryPatch): void {
    const set: Record<string, unknown> = {};
    const add: Record<string, number> = {};
    const now = COUNTERS.some((k) => patch[k] !== undefined) ? this.get(id) : undefined;
    for (const [k, col] of Object.entries(PATCH_COLUMNS) as [keyof MemoryPatch, string][]) {
      const v = patch[k];
      if (v === undefined) continue;
      // The counters travel as the difference, so recalls on two devices add up.
      if (now !== undefined && (k === "recallCount" || k === "reinforceCount")) add[col] = (v as number) - now[k];
      else set[col] = k === "pinned" ? (v ? 1 : 0) : k === "data" ? JSON.stringify(v) : v;
    }
    if (Object.keys(set).length === 0 && Object.keys(add).length === 0) return;
    updateShared(this.db, "memories", id, set, add);
  }

  logRecall(memoryId: number, at: number, via: string, query: string | null): void {
    // The task it was recalled for, as typed: kept without its secrets, as every query the engine logs.
    insertShared(this.db, "memory_recalls", { memory_id: memoryId, at, via, query: query === null ? null : redact(query) });
  }

  /** When each memory was recalled, oldest first, by memory id (all memories, or the one given). */
  recallTimes(id?: number): Map<number, number[]> {
    const rows = (
      id === undefined
        ? this.db.prepare("SELECT memory_id, at FROM memory_recalls ORDER BY at").all()
        : this.db.prepare("SELECT memory_id, at FROM memory_recalls WHERE memory_id = ? ORDER BY at").all(id)
    ) as { memory_id: number; at: number }[];
    const out = new Map<number, number[]>();
    for (const r of rows) {
      const list = out.get(r.memory_id);
      if (list) list.push(r.at);
      else out.set(r.memory_id, [r.at]);
    }
    return out;
  }

  /** Recalls logged in [from, to). */
  recallsBetween(from: number, to: number): number {
    return (this.db.prepare("SELECT count(*) AS n FROM memory_recalls WHERE at >= ? AND at < ?").get(from, to) as { n: number }).n;
  }

  createdBetween(from: number, to: number): number {
    return (this.db.prepare("SELECT count(*) AS n FROM memories WHERE created_at >= ? AND created_at < ?").get(from, to) as { n: number }).n;
  }

  reinforcedBetween(from: number, to: number): number {
    return (this.db.prepare("SELECT count(*) AS n FROM memories WHERE last_reinforced_at >= ? AND last_reinforced_at < ?").get(from, to) as { n: number }).n;
  }

  archivedBetween(from: number, to: number): Memory[] {
    return (this.db.prepare("SELECT * FROM memories WHERE archived_at >= ? AND archived_at < ? ORDER BY archived_at, id").all(from, to) as MemoryRow[]).map(toMemory);
  }

  insertSnapshot(s: NewSnapshot): number {
    return insertShared(this.db, "personality_snapshots", {
      created_at: s.createdAt,
      trigger: s.trigger,
      week: s.week,
      traits: JSON.stringify(s.traits),
      narrative: s.narrative,
      narrative_by: s.narrativeBy,
      defining: JSON.stringify(s.defining),
      stats: JSON.stringify(s.stats),
      drift: JSON.stringify(s.drift),
      soul_hash: s.soulHash,
    });
  }

  setSnapshotReport(id: number, reportPath: string, reportHash: string): void {
    updateShared(this.db, "personality_snapshots", id, { report_path: reportPath, report_hash: reportHash });
  }

  /** The newest snapshot (by time, then id). */
  latestSnapshot(): SnapshotRecord | undefined {
    const row = this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT 1").get() as SnapshotRow | undefined;
    return row === undefined ? undefined : toSnapshot(row);
  }

  /** Newest first. */
  snapshots(limit = 20): SnapshotRecord[] {
    return (this.db.prepare("SELECT * FROM personality_snapshots ORDER BY created_at DESC, id DESC LIMIT ?").all(limit) as SnapshotRow[]).map(toSnapshot);
  }

  /** Whether some snapshot's report was written to `reportPath` with exactly this content hash. */
  wroteReport(reportPath: string, reportHash: string): boolean {
    return this.db.prepare("SELECT 1 FROM personality_snapshots WHERE report_path = ? AND report_hash = ? LIMIT 1").get(reportPath, reportHash) !== undefined;
  }
}

function toMemory(r: MemoryRow): Memory {
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
    source: parseObject(r.source) as unknown as MemorySource,
    archivedAt: r.archived_at,
    archiveReason: r.archive_reason,
  };
}

function toSnapshot(r: SnapshotRow): SnapshotRecord {
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
    reportHash: r.report_hash,
  };
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

function parseObject(text: string): Record<string, unknown> {
  const v = parseJson(text, {});
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

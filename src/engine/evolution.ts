/**
 * The engine's memories, as every front sees them: list, rank for a task,
 * forget/pin/unpin/restore, and export/import of all the state. A personality snapshot is a
 * job (`runJob("snapshot")`), recorded and cancellable like the others.
 */
import type { SessionType } from "../context/assemble.js";
import { exportStateDb, importState, type ImportResult, type StateExport } from "../jobs/evolve/export.js";
import { forgetMemory, listMemories, MemoryNotFoundError, markRecalled, pinMemory, rankForTask, restoreMemory, unpinMemory, type MemoryChange, type RecallResult } from "../jobs/evolve/recall.js";
import type { MemoryView } from "../jobs/evolve/inject.js";
import type { MemoryType } from "../jobs/evolve/types.js";
import { strengthCurve, strengthOverview, type StrengthCurve, type StrengthOverview } from "../jobs/evolve/strength.js";
import { MemoryStore, type SnapshotRecord } from "../store/memories.js";
import { backupStateDbSync } from "../store/backup.js";
import { openStateDb } from "../store/state.js";
import type { EngineCore } from "./core.js";
import { errorText } from "./errors.js";

export type MemoryAction = "forget" | "pin" | "unpin" | "restore";

export interface RankRequest {
  query: string;
  session?: SessionType;
  type?: MemoryType;
  limit?: number;
}

export class EvolutionService {
  constructor(private readonly engine: EngineCore) {}

  /** Reads go through an empty in-memory database when the workspace has no state yet: a look creates no file. */
  private db(forWriting: boolean) {
    return forWriting || this.engine.hasState() ? this.engine.state() : openStateDb(":memory:");
  }

  list(opts: { type?: MemoryType; faded?: boolean; limit?: number } = {}): MemoryView[] {
    const list = listMemories(this.db(false), { now: this.engine.now(), faded: opts.faded ?? false, ...(opts.type !== undefined ? { type: opts.type } : {}) });
    return opts.limit !== undefined ? list.slice(0, opts.limit) : list;
  }

  /** Memories ranked for a task, as context does; the ones returned are marked recalled. */
  async rank(req: RankRequest): Promise<RecallResult & { recalled: number[] }> {
    const warnings: string[] = [];
    const embedder = await this.engine.embedderOrNull().catch((e: unknown) => {
      warnings.push(`no embedder (${errorText(e)}); ranking by word overlap`);
      return null;
    });
    const now = this.engine.now();
    const r = await rankForTask({
      db: this.db(false),
      config: this.engine.config.evolution,
      cache: this.engine.embeddingCache(),
      query: req.query,
      session: req.session ?? "main",
      now,
      embedder,
      ...(req.limit !== undefined ? { limit: req.limit } : {}),
    });
    const ranked = req.type === undefined ? r.ranked : r.ranked.filter((x) => x.memory.type === req.type);
    const recalled = ranked.length > 0 ? markRecalled(this.db(true), ranked.map((x) => x.memory.id), now, "search", req.query) : [];
    return { ...r, ranked, warnings: [...warnings, ...r.warnings], recalled };
  }

  change(action: MemoryAction, id: number): MemoryChange {
    const fn = { forget: forgetMemory, pin: pinMemory, unpin: unpinMemory, restore: restoreMemory }[action];
    return fn(this.db(true), id, this.engine.now());
  }

  /** One memory's strength from its formation to now (or its archive), with the moments that changed it. */
  strength(id: number): StrengthCurve {
    const store = new MemoryStore(this.db(false));
    const m = store.get(id);
    if (m === undefined) throw new MemoryNotFoundError(id);
    return strengthCurve(m, store.recallTimes(id).get(id) ?? [], this.engine.now());
  }

  /** Every memory's strength over the last `days` days: the mean per day, and how many memories there were. */
  strengthAll(days = 90): StrengthOverview {
    const store = new MemoryStore(this.db(false));
    const now = this.engine.now();
    const recalls = store.recallTimes();
    const curves = store.list({ archived: "all" }).map((m) => strengthCurve(m, recalls.get(m.id) ?? [], now));
    return strengthOverview(curves, now, days);
  }

  /** Personality snapshots, newest first (traits, narrative, drift, the weekly report's path). */
  snapshots(limit = 52): SnapshotRecord[] {
    return new MemoryStore(this.db(false)).snapshots(limit);
  }

  /** All the engine's own state as JSON (the index is not included: it is rebuilt from the markdown). */
  exportState(): StateExport {
    return exportStateDb(this.db(false), this.engine.now());
  }

  /** Restores an export; the state it replaces is backed up first. */
  importState(data: unknown, opts: { force?: boolean } = {}): ImportResult {
    const db = this.engine.state();
    if (this.engine.hasState()) backupStateDbSync(db.name, { reason: "before-import", now: this.engine.now(), db });
    return importState(db, this.engine.workspace, data, { force: opts.force ?? false, now: this.engine.now() });
  }
}

/**
 * The recall log (table `recalls`, schema.sql migration 6): which chunks each retrieval
 * presented, for which normalised query, when, from which front. A plain repository: the
 * engine decides what to record, the dreaming job reads the signals.
 */
import { emit, insertSharedRows } from "./events/ledger.js";
import type { DB } from "./open.js";

export interface RecalledChunk {
  path: string;
  startLine: number;
  endLine: number;
  /** sha256 of the chunk's text; "" when the index could not say. */
  chunkHash: string;
}

export interface NewRecall {
  at: number;
  front: string;
  query: string;
  chunks: readonly RecalledChunk[];
}

/** What the recall log says about one chunk (path + text hash). */
export interface RecallSignals {
  path: string;
  chunkHash: string;
  /** The lines of its latest recall. */
  startLine: number;
  endLine: number;
  recalls: number;
  /** Distinct normalised queries that returned it. */
  queries: string[];
  /** Distinct local days it was recalled on. */
  days: string[];
  fronts: string[];
  firstAt: number;
  lastAt: number;
  /** Mean rank it was presented at (1 = first). */
  meanRank: number;
}

interface SignalRow {
  path: string;
  chunk_hash: string;
  recalls: number;
  first_at: number;
  last_at: number;
  mean_rank: number;
}


export class RecallStore {
  constructor(readonly db: DB) {}

  /** One row per presented chunk, in one event (a retrieval is recorded whole or not at all). */
  record(r: NewRecall): { rows: number; lastId: number } {
    return this.recordMany([r]);
  }

  /**
   * Several retrievals in one event, one row per presented chunk (the engine writes its
   * searches in batches: one transaction and one append for many searches, not one each).
   * Each retrieval's rows are ranked from 1 and keep their own time, front and query.
   */
  recordMany(rs: readonly NewRecall[]): { rows: number; lastId: number } {
    const rows = rs.flatMap((r) => r.chunks.map((c, i) => ({ at: r.at, front: r.front, query: r.query, path: c.path, start_line: c.startLine, end_line: c.endLine, chunk_hash: c.chunkHash, rank: i + 1 })));
    if (rows.length === 0) return { rows: 0, lastId: 0 };
    // Neither fsynced nor after a read of the other devices' logs (ledger.ts EmitOptions): written for every search.
    insertSharedRows(this.db, "recalls", rows, { durable: false, catchUp: false });
    // This device's own event sorts after everything folded so far: its rows have the highest ids.
    const lastId = (this.db.prepare("SELECT coalesce(max(id), 0) AS id FROM recalls").get() as { id: number }).id;
    return { rows: rows.length, lastId };
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM recalls").get() as { n: number }).n;
  }

  /**
   * Keeps the log bounded: rows older than `olderThan` go, then the oldest beyond `maxRows`.
   * An event with both cut-offs as this device computed them, so every device that folds it
   * removes the same rows whatever its own clock says. Returns how many rows were removed here.
   */
  prune(olderThan: number, maxRows: number): number {
    const before = this.count();
    emit(this.db, "recalls.prune", () => ({ olderThan, maxRows }));
    return before - this.count();
  }

  /**
   * Signals of every chunk recalled since `since` whose path `keep` accepts, most recalled
   * first; `dayOf` names the local day of an instant (the configured zone).
   */
  signals(since: number, dayOf: (at: number) => string, keep: (path: string) => boolean = () => true): RecallSignals[] {
    const rows = this.db
      .prepare(
        `SELECT path, chunk_hash, count(*) AS recalls, min(at) AS first_at, max(at) AS last_at, avg(rank) AS mean_rank
           FROM recalls WHERE at >= ? AND chunk_hash != '' GROUP BY path, chunk_hash ORDER BY recalls DESC, last_at DESC`,
      )
      .all(since) as SignalRow[];
    return rows.filter((r) => keep(r.path)).map((r) => this.detail(r, since, dayOf));
  }

  /** The signals of one chunk, or undefined when it was never recalled since `since`. */
  signalsOf(path: string, chunkHash: string, since: number, dayOf: (at: number) => string): RecallSignals | undefined {
    const r = this.db
      .prepare(
        `SELECT path, chunk_hash, count(*) AS recalls, min(at) AS first_at, max(at) AS last_at, avg(rank) AS mean_rank
           FROM recalls WHERE at >= ? AND path = ? AND chunk_hash = ? GROUP BY path, chunk_hash`,
      )
      .get(since, path, chunkHash) as SignalRow | undefined;
    return r === undefined ? undefined : this.detail(r, since, dayOf);
  }

  private detail(r: SignalRow, since: number, dayOf: (at: number) => string): RecallSignals {
    const distinct = <T>(col: string): T[] =>
      (this.db.prepare(`SELECT DISTINCT ${col} AS v FROM recalls WHERE path = ? AND chunk_hash = ? AND at >= ? ORDER BY ${col}`).all(r.path, r.chunk_hash, since) as { v: T }[]).map((x) => x.v);
    const last = this.db.prepare("SELECT start_line, end_line FROM recalls WHERE path = ? AND chunk_hash = ? ORDER BY at DESC, id DESC LIMIT 1").get(r.path, r.chunk_hash) as { start_line: number; end_line: number };
    return {
      path: r.path,
      chunkHash: r.chunk_hash,
      startLine: last.start_line,
      endLine: last.end_line,
      recalls: r.recalls,
      queries: distinct<string>("query"),
      days: [...new Set(distinct<number>("at").map(dayOf))].sort(),
      fronts: distinct<string>("front"),
      firstAt: r.first_at,
      lastAt: r.last_at,
      meanRank: Math.round(r.mean_rank * 100) / 100,
    };
  }
}

/**
 * The recall log's one writer. Every retrieval the engine answers (search, boot, context,
 * ask, MCP, the daemon) ends in `Engine.search`, which hands what it presented here: one
 * call site, so the signals the nightly dream reads cannot drift between fronts.
 *
 * Privacy: only the person's own (main) sessions are recorded. A group or isolated session
 * is other people asking; their queries must not decide what goes into the person's
 * MEMORY.md, and the files they may see (no daily notes, no transcripts) are never dream
 * sources anyway. So nothing of theirs is recorded at all, rather than a filtered part.
 */
import type { SessionType } from "../context/assemble.js";
import type { DreamConfig } from "../jobs/dream/config.js";
import { RecallStore, type RecalledChunk } from "../store/recalls.js";
import { keptPer } from "../store/data-version.js";
import type { Statement } from "better-sqlite3";
import type { DB } from "../store/open.js";

/** Where a retrieval came from, as recorded. */
export type RecallFront = "cli" | "mcp" | "daemon" | "boot" | "context" | "ask" | "api";

export interface RecallEntry {
  /** The query as asked. */
  query: string;
  /** The query as the search planned it, when the caller has it; else normalised here. */
  normalisedQuery?: string;
  front: RecallFront;
  session: SessionType;
  /** The results presented, in order. */
  chunks: readonly { path: string; startLine: number; endLine: number }[];
  at: number;
}

export interface RecallLogDeps {
  state: () => DB;
  config: () => DreamConfig["recall"];
  /** The index database, whose chunks' text hashes identify what was recalled. */
  index: () => DB;
  /** Told once when the log cannot be written (a locked or damaged state.db); searches go on without it. */
  onFailure?: (message: string) => void;
}

type HashStatement = Statement<[string, number, number], { hash: string }>;

const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNE_EVERY_ROWS = 500;

export class RecallLog {
  private lastPrune = 0;
  private failed = false;
  /** Prepared once per index connection (a recovered index is a new one). */
  private hashStmt: { db: DB; stmt: HashStatement } | null = null;

  constructor(private readonly deps: RecallLogDeps) {}

  /** `record`, for a search: it must never fail because its recall could not be written, so a failure is said once, then quiet. */
  recordQuietly(e: RecallEntry): void {
    try {
      this.record(e);
    } catch (err) {
      if (this.failed) return;
      this.failed = true;
      this.deps.onFailure?.(`the recall log could not be written (${(err as Error).message}); searches go on without it`);
    }
  }

  /** The text hash of the indexed chunk at these lines, "" when there is none. */
  private chunkHash(rel: string, startLine: number, endLine: number): string {
    const db = this.deps.index();
    if (this.hashStmt?.db !== db) {
      this.hashStmt = { db, stmt: db.prepare<[string, number, number], { hash: string }>("SELECT c.hash FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? AND c.start_line = ? AND c.end_line = ?") };
    }
    // The same results come back search after search: their hashes are kept while the index is unchanged.
    const stmt = this.hashStmt.stmt;
    return keptPer(db, "chunk hashes", `${startLine}:${endLine}:${rel}`, { max: 10_000 }, () => stmt.get(rel, startLine, endLine)?.hash ?? "");
  }

  /** Records what one retrieval presented; returns the rows written (0 when off, empty or not main). */
  record(e: RecallEntry): number {
    const cfg = this.deps.config();
    if (!cfg.enabled || e.session !== "main" || e.chunks.length === 0) return 0;
    const query = normaliseQuery(e.normalisedQuery ?? e.query);
    if (query === "") return 0;
    const chunks: RecalledChunk[] = e.chunks.map((c) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine, chunkHash: this.chunkHash(c.path, c.startLine, c.endLine) }));
    const store = new RecallStore(this.deps.state());
    const { rows, lastId } = store.record({ at: e.at, front: e.front, query, chunks });
    // Pruning is a delete and a count: amortised over PRUNE_EVERY_ROWS rows (one-off CLI
    // processes get their turn too), and at most every PRUNE_EVERY_MS in a long-lived host.
    const crossed = Math.floor(lastId / PRUNE_EVERY_ROWS) !== Math.floor((lastId - rows) / PRUNE_EVERY_ROWS);
    if (crossed || (this.lastPrune > 0 && e.at - this.lastPrune >= PRUNE_EVERY_MS)) {
      store.prune(e.at - cfg.retentionDays * 86_400_000, cfg.maxRows);
    }
    if (this.lastPrune === 0 || crossed) this.lastPrune = e.at;
    return rows;
  }
}

/** NFKC, lower case, words only, one space between: "What did we DECIDE?" → "what did we decide". */
export function normaliseQuery(q: string): string {
  return (q.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).join(" ");
}

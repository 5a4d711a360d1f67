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
import { isKept, keptPer } from "../store/data-version.js";
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

type HashStatement = Statement<[string], { p: string; s: number; e: number; hash: string }>;

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

  /** The text hashes of the indexed chunks at these lines ("" where there is none), those not kept read in one query. */
  private chunkHashes(chunks: RecallEntry["chunks"]): string[] {
    const db = this.deps.index();
    if (this.hashStmt?.db !== db) {
      this.hashStmt = {
        db,
        stmt: db.prepare<[string], { p: string; s: number; e: number; hash: string }>(
          `WITH want(p, s, e) AS (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))
           SELECT want.p AS p, want.s AS s, want.e AS e, c.hash AS hash FROM want JOIN files f ON f.path = want.p JOIN chunks c ON c.file_id = f.id AND c.start_line = want.s AND c.end_line = want.e`,
        ),
      };
    }
    // The same results come back search after search: their hashes are kept while the index is unchanged.
    const key = (c: RecallEntry["chunks"][number]) => `${c.startLine}:${c.endLine}:${c.path}`;
    const missing = chunks.filter((c) => !isKept(db, "chunk hashes", key(c)));
    const found = new Map<string, string>();
    if (missing.length > 0) {
      for (const r of this.hashStmt.stmt.all(JSON.stringify(missing.map((c) => [c.path, c.startLine, c.endLine])))) {
        const k = `${r.s}:${r.e}:${r.p}`;
        if (!found.has(k)) found.set(k, r.hash);
      }
    }
    return chunks.map((c) => keptPer(db, "chunk hashes", key(c), { max: 10_000 }, () => found.get(key(c)) ?? ""));
  }

  /** Records what one retrieval presented; returns the rows written (0 when off, empty or not main). */
  record(e: RecallEntry): number {
    const cfg = this.deps.config();
    if (!cfg.enabled || e.session !== "main" || e.chunks.length === 0) return 0;
    const query = normaliseQuery(e.normalisedQuery ?? e.query);
    if (query === "") return 0;
    const hashes = this.chunkHashes(e.chunks);
    const chunks: RecalledChunk[] = e.chunks.map((c, i) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine, chunkHash: hashes[i]! }));
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

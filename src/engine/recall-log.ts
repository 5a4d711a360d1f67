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
import { RecallStore, type NewRecall, type RecalledChunk } from "../store/recalls.js";
import { keptMany } from "../store/data-version.js";
import type { Statement } from "better-sqlite3";
import type { DB } from "../store/open.js";
import { redactSecrets } from "../shared/redact.js";

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
/**
 * Pruning is a delete, two counts and a durable (fsynced) event: once every 500 rows it was a
 * quarter of the log's CPU in a burst of searches (a search presents ~10 rows). Now every
 * twentieth of the cap (10,000 rows at the default 200,000), never under 500: the log stays
 * within its cap plus one step.
 */
const PRUNE_MIN_ROWS = 500;
export const pruneEvery = (maxRows: number): number => Math.max(PRUNE_MIN_ROWS, Math.floor(maxRows / 20));
/**
 * Searches are recorded in batches: a transaction, an event and an append to the device's
 * log per search cost about as much as a keyword search itself. A batch is written once the
 * searches pause for FLUSH_AFTER_MS (each search puts it off again), once it holds FLUSH_AT
 * searches (right after the search that filled it), when the engine closes and before
 * anything reads state.db through the engine (`flush`): so a burst of searches is not
 * interrupted by the writes of its first ones, nothing is lost on a clean exit, and a crash
 * loses at most the one batch not yet written.
 */
export const FLUSH_AT = 256;
/** Searches waiting at most: written at once, on the search's path, by a caller that never lets the event loop turn. */
export const MAX_WAITING = 4 * FLUSH_AT;
export const FLUSH_AFTER_MS = 100;

export class RecallLog {
  private lastPrune = 0;
  private failed = false;
  /** Prepared once per index connection (a recovered index is a new one). */
  private hashStmt: { db: DB; stmt: HashStatement } | null = null;
  /** Retrievals recorded but not written yet, each with its chunks' hashes as they were when presented. */
  private pending: NewRecall[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The write of a full batch, on the event loop's next turn. */
  private soon: ReturnType<typeof setImmediate> | null = null;

  constructor(private readonly deps: RecallLogDeps) {}

  /** `add`, for a search: it must never fail because its recall could not be written, so a failure is said once, then quiet. */
  recordQuietly(e: RecallEntry): void {
    this.quietly(() => this.add(e));
  }

  /** `flush`, quietly: what the engine calls before a reader of state.db and on close. */
  flushQuietly(): void {
    this.quietly(() => this.flush());
  }

  /** Whether retrievals wait to be written. */
  get waiting(): boolean {
    return this.pending.length > 0;
  }

  private quietly(fn: () => unknown): void {
    try {
      fn();
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
    const key = (c: { path: string; startLine: number; endLine: number }) => `${c.startLine}:${c.endLine}:${c.path}`;
    const stmt = this.hashStmt.stmt;
    return keptMany(db, "chunk hashes", chunks.map(key), { max: 10_000 }, (missing) => {
      const found = new Map<string, string>(missing.map((k) => [k, ""]));
      const wanted = chunks.filter((c) => found.get(key(c)) === "");
      for (const r of stmt.all(JSON.stringify(wanted.map((c) => [c.path, c.startLine, c.endLine])))) {
        const k = `${r.s}:${r.e}:${r.p}`;
        // The first chunk at those lines, as before; "" where there is none.
        if (found.get(k) === "") found.set(k, r.hash);
      }
      return found;
    });
  }

  /**
   * Records what one retrieval presented in the next batch (its chunks' hashes read now, from
   * the index it was answered from); returns the rows it will write (0 when off, empty or not main).
   */
  add(e: RecallEntry): number {
    const cfg = this.deps.config();
    if (!cfg.enabled || e.session !== "main" || e.chunks.length === 0) return 0;
    const query = loggedQuery(e);
    if (query === "") return 0;
    const hashes = this.chunkHashes(e.chunks);
    const chunks: RecalledChunk[] = e.chunks.map((c, i) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine, chunkHash: hashes[i]! }));
    this.pending.push({ at: e.at, front: e.front, query, chunks });
    if (this.pending.length >= MAX_WAITING) this.flush();
    // A full batch is written right after the search that filled it has answered (the next
    // turn of the event loop), not on its path; a caller that never lets the loop turn writes
    // at MAX_WAITING. Unref'd: a host with nothing else to do exits, and its close writes it.
    else if (this.pending.length >= FLUSH_AT) this.soon ??= setImmediate(() => this.flushQuietly()).unref();
    // Put off again by each search: written once they pause.
    else if (this.timer !== null) this.timer.refresh();
    else this.timer = setTimeout(() => this.flushQuietly(), FLUSH_AFTER_MS).unref();
    return chunks.length;
  }

  /** Records one retrieval now, with any waiting before it; returns its rows. */
  record(e: RecallEntry): number {
    const rows = this.add(e);
    this.flush();
    return rows;
  }

  /** Writes the waiting retrievals in one event; returns the rows written. */
  flush(): number {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.soon !== null) clearImmediate(this.soon);
    this.timer = null;
    this.soon = null;
    if (this.pending.length === 0) return 0;
    const batch = this.pending;
    this.pending = [];
    // Asking for state.db may flush again (the engine flushes before any reader): nothing waits then.
    const db = this.deps.state();
    if (db.inTransaction) {
      // Not inside someone else's transaction, whose rollback would take the batch with it: the timer writes it.
      this.pending = [...batch, ...this.pending];
      this.timer = setTimeout(() => this.flushQuietly(), FLUSH_AFTER_MS).unref();
      return 0;
    }
    const cfg = this.deps.config();
    const store = new RecallStore(db);
    const { rows, lastId } = store.recordMany(batch);
    // Pruning is a delete and a count: amortised over `pruneEvery` rows (one-off CLI
    // processes get their turn too), and at most every PRUNE_EVERY_MS in a long-lived host.
    const at = batch[batch.length - 1]!.at;
    const every = pruneEvery(cfg.maxRows);
    const crossed = Math.floor(lastId / every) !== Math.floor((lastId - rows) / every);
    if (crossed || (this.lastPrune > 0 && at - this.lastPrune >= PRUNE_EVERY_MS)) {
      store.prune(at - cfg.retentionDays * 86_400_000, cfg.maxRows);
    }
    if (this.lastPrune === 0 || crossed) this.lastPrune = at;
    return rows;
  }
}

/**
 * The query as the log keeps it: normalised, and never with a secret in it (a key pasted
 * into a search is stored as its placeholder's words). The rules read the query as typed:
 * a normalised one has lost the case and the punctuation a key is recognised by.
 */
function loggedQuery(e: RecallEntry): string {
  const typed = redactSecrets(e.query);
  if (typed.count > 0) return normaliseQuery(typed.text);
  return normaliseQuery(redactSecrets(e.normalisedQuery ?? e.query).text);
}

/** NFKC, lower case, words only, one space between: "What did we DECIDE?" → "what did we decide". */
export function normaliseQuery(q: string): string {
  return (q.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).join(" ");
}

import { dataVersion } from "../../store/data-version.js";
import type { DB } from "../../store/open.js";
import { keepStatementsAhead, linksOfChunks } from "../../store/statements.js";
import { lengthsOf } from "./bm25.js";
import { keepWordSets } from "./diversify.js";
import { itemWordsOf, keepCandidateRows } from "./keyword.js";

/**
 * At most this many chunks are read ahead (a 40,000-turn history has ~21,000): under half the
 * smallest bound of the per-chunk values a search keeps (50,000 rows and word sets), so the
 * chunks searches meet under other filters still fit.
 */
export const MAX_CHUNKS_AHEAD = 25_000;
const BATCH = 500;

export interface ChunkDataReport {
  chunks: number;
  ms: number;
  /** The index changed under the pass (a process writing vectors, an edit): it stopped there. */
  changed: boolean;
}

/**
 * What a search derives the first time it meets a chunk (its FTS length, its list items'
 * words, its word set for MMR, and its row, which they are made of), made ahead for the
 * newest chunks of the index, by the same functions a search calls, so it is kept under the
 * same names and dropped with them when the index changes. A warm host's first searches then
 * cost what its later ones do. In batches, the event loop turning between them.
 *
 * A chunk's links are read too (few bytes: only the chunks holding a side of one; a history
 * that says "postponed" often can hold thousands, and a search's first meeting with one
 * otherwise reads it on the search's path).
 *
 * And a chunk's statements, up to MAX_STATEMENTS_AHEAD of them (statements.ts): more memory
 * than all the rest (~17 MB on 15,000 chunks), but read on a search's path they were a quarter
 * of a warm host's CPU on its first distinct queries (the chunks it had not met yet), and its
 * p95. Only while the index stands still: every commit (a host embedding a new history writes
 * vectors every batch, and reads nothing ahead meanwhile) drops all that was kept, so the
 * pass stops at the first one instead of holding memory a search will never read.
 */
export async function keepChunkData(db: DB, signal?: AbortSignal, max = MAX_CHUNKS_AHEAD): Promise<ChunkDataReport> {
  const started = performance.now();
  const read = db.prepare<[number, number], number>("SELECT id FROM chunks WHERE id < ? ORDER BY id DESC LIMIT ?").pluck();
  const version = dataVersion(db);
  let chunks = 0;
  let below = Number.MAX_SAFE_INTEGER;
  // Each batch's rows and what is made of them are read in one snapshot: a write between
  // batches changes the data version, and what was kept before it is dropped with it.
  const batch = db.transaction((limit: number) => {
    if (dataVersion(db) !== version) return -1;
    const ids = read.all(below, limit);
    if (ids.length === 0 || !keepBatch(db, ids)) return 0;
    below = ids[ids.length - 1]!;
    return ids.length;
  });
  let changed = false;
  while (chunks < max && !signal?.aborted) {
    const n = batch.deferred(Math.min(BATCH, max - chunks));
    changed = n < 0;
    if (n <= 0) break;
    chunks += n;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return { chunks, ms: Math.round(performance.now() - started), changed };
}

/**
 * One batch's values, as a search would keep them (an unfiltered search's rows: their text is
 * what the rest is made of); false when the word sets' bound is reached.
 */
function keepBatch(db: DB, ids: number[]): boolean {
  const rows = keepCandidateRows(db, ids);
  lengthsOf(db, ids);
  itemWordsOf(db, rows);
  linksOfChunks(db, ids);
  keepStatementsAhead(db, ids);
  return keepWordSets(db, rows);
}

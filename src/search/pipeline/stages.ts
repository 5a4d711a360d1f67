/**
 * What the stages of the search pipeline (run.ts) hand each other besides their own
 * results: the index they read, and the early exit that ends a search with a reason.
 */
import { readingPinned } from "../../store/data-version.js";
import type { DB } from "../../store/open.js";
import type { VectorStore } from "../../store/vectors.js";
import type { SearchPlan } from "../plan.js";
import type { DateTermExplanation, FloorExplanation } from "../types.js";

/** The index a search reads, and "now". */
export interface SearchIndexes {
  db: DB;
  vectors: VectorStore;
  nowMs: number;
}

/**
 * A stage that finds nothing to hand on ends the search: why, in one line, and what the
 * answer shows of the search so far. The presenter (present.ts) turns it into the answer.
 */
export interface Exit {
  readonly exit: string;
  readonly plan: SearchPlan;
  readonly floor: FloorExplanation;
  readonly dateTerm: DateTermExplanation | null;
}

export function isExit<T extends object>(v: T | Exit): v is Exit {
  return "exit" in v;
}

/**
 * `fn` in one deferred read transaction (or the caller's, when one is open). In its own
 * transaction, which a search's stages only read, the data version is read once (the version
 * read first is also the read that opens the snapshot).
 */
export function snapshot<T>(db: DB, fn: () => T): T {
  if (db.inTransaction) return fn();
  let r = readers.get(db);
  if (!r) readers.set(db, (r = reader(db)));
  r.next = fn;
  return r.run() as T;
}

/**
 * One deferred transaction per connection, run with the work handed in `next`: better-sqlite3's
 * `transaction()` makes four functions and their properties on every call, on every search.
 */
interface Reader {
  next: (() => unknown) | null;
  run: () => unknown;
}
const readers = new WeakMap<DB, Reader>();

function reader(db: DB): Reader {
  const r: Reader = { next: null, run: () => undefined };
  r.run = db.transaction(() => {
    const fn = r.next!;
    r.next = null;
    return readingPinned(db, fn);
  }).deferred;
  return r;
}

export function exitWith(plan: SearchPlan, floor: FloorExplanation, reason: string, dateTerm: DateTermExplanation | null = null): Exit {
  return { exit: reason, plan, floor, dateTerm };
}

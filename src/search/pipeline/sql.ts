import type { Statement } from "better-sqlite3";
import { keptPer, keptWhileUnchanged } from "../../store/data-version.js";
import type { DB } from "../../store/open.js";

/**
 * Statements the search stages run, prepared once per connection: compiling an FTS5 query
 * costs about as much as running it on a small index, and a warm search runs a dozen.
 * (SQLite re-prepares a statement by itself when the schema changes; a connection that is
 * closed takes its statements with it.)
 */
const prepared = new WeakMap<DB, Map<string, Statement>>();
const MAX_STATEMENTS = 500;

export function sql(db: DB, text: string): Statement {
  let m = prepared.get(db);
  if (!m) prepared.set(db, (m = new Map()));
  let s = m.get(text);
  if (!s) {
    // Filter SQL varies with the filters' values: a long-lived host starts over rather than grow.
    if (m.size >= MAX_STATEMENTS) m.clear();
    m.set(text, (s = db.prepare(text)));
  }
  return s;
}

/**
 * `sql(db, text).all(params)`, answered from what an earlier call read while the index is
 * unchanged (store/data-version.ts). The rows are shared between callers: copy a row before
 * changing it. Bounded, so a long-lived host with ever-new queries does not grow.
 */
export function allKept<R>(db: DB, text: string, params: Record<string, unknown>): readonly R[] {
  return keptPer(db, "rows", `${text}\u0000${JSON.stringify(params)}`, { max: 200_000, size: (rows) => rows.length }, () => sql(db, text).all(params) as R[]);
}

/** Document counts per FTS5 expression (and the chunk count), kept while the index is unchanged (evidence.ts docFrequencies). */
export function countsOf(db: DB): { n: number; df: Map<string, number> } {
  return keptWhileUnchanged(db, "counts", () => ({ n: (sql(db, "SELECT count(*) AS n FROM chunks").get() as { n: number }).n, df: new Map<string, number>() }));
}

import type { Statement } from "better-sqlite3";
import { dataVersion } from "../../store/data-version.js";
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
 * Document counts per FTS5 expression, kept between searches while the index is unchanged
 * (the database's data version: another connection committed, or this one wrote). Counting
 * a common word reads its whole posting list; a warm host asks the same words again and
 * again. Each search still takes its counts once, inside its snapshot (evidence.ts
 * docFrequencies), so every stage of one search reads the same numbers.
 */
const counts = new WeakMap<DB, { version: string; n: number; df: Map<string, number> }>();

export function countsOf(db: DB): { n: number; df: Map<string, number> } {
  const version = dataVersion(db);
  let c = counts.get(db);
  if (!c || c.version !== version) {
    const n = (sql(db, "SELECT count(*) AS n FROM chunks").get() as { n: number }).n;
    counts.set(db, (c = { version, n, df: new Map() }));
  }
  return c;
}

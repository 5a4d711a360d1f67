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
 * Values read from the index, kept between searches while it is unchanged (the database's
 * data version: another connection committed, or this one wrote) and dropped all at once
 * when it changes. A warm host (the daemon, an MCP server, the web page) asks the same words
 * again and again: counting a common word, ranking its matches with FTS5's bm25() and
 * reading its frequencies in the candidates each walk the word's whole posting list, and
 * give the same answer until the index changes. Each search still reads them inside its
 * snapshot, so every stage of one search sees the same numbers.
 */
interface Kept {
  version: string;
  values: Map<string, unknown>;
  /** Rows kept by `allKept`, bounded so a long-lived host with ever-new queries does not grow. */
  rows: Map<string, unknown[]>;
  rowCount: number;
}

const kept = new WeakMap<DB, Kept>();
const MAX_KEPT_ROWS = 200_000;

function keptOf(db: DB): Kept {
  const version = dataVersion(db);
  let k = kept.get(db);
  if (!k || k.version !== version) kept.set(db, (k = { version, values: new Map(), rows: new Map(), rowCount: 0 }));
  return k;
}

/** A value computed once per version of the index under `name`. */
export function keptWhileUnchanged<T>(db: DB, name: string, make: () => T): T {
  const k = keptOf(db);
  let v = k.values.get(name) as T | undefined;
  if (v === undefined) k.values.set(name, (v = make()));
  return v;
}

/**
 * `sql(db, text).all(params)`, answered from what an earlier call read while the index is
 * unchanged. The rows are shared between callers: copy a row before changing it.
 */
export function allKept<R>(db: DB, text: string, params: Record<string, unknown>): readonly R[] {
  const k = keptOf(db);
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let rows = k.rows.get(key) as R[] | undefined;
  if (!rows) {
    rows = sql(db, text).all(params) as R[];
    if (k.rowCount + rows.length > MAX_KEPT_ROWS) {
      k.rows.clear();
      k.rowCount = 0;
    }
    k.rows.set(key, rows);
    k.rowCount += rows.length;
  }
  return rows;
}

/** Document counts per FTS5 expression (and the chunk count), kept while the index is unchanged (evidence.ts docFrequencies). */
export function countsOf(db: DB): { n: number; df: Map<string, number> } {
  return keptWhileUnchanged(db, "counts", () => ({ n: (sql(db, "SELECT count(*) AS n FROM chunks").get() as { n: number }).n, df: new Map<string, number>() }));
}

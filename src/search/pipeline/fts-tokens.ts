/**
 * The tokens FTS5 searches for a quoted query term, as the index's own tokenizer makes them
 * ("reading" and "read" are both the token read). Two terms with the same tokens match the
 * same chunks with the same bm25() terms, so a warm host keeps one posting list for both and
 * can read the index's most frequent words before anyone asks (postings.ts).
 *
 * The tokenizer runs in a private in-memory database: writing to a temporary table of the
 * index's connection would move its data version and drop everything kept for it.
 */
import Database from "better-sqlite3";
import type { DB } from "../../store/open.js";

/** chunks_fts's tokenizer in schema.sql (test/search/fts-tokens.test.ts checks they agree). */
export const INDEX_TOKENIZER = "porter unicode61 remove_diacritics 2";

let probe: { db: Database.Database; put: Database.Statement; read: Database.Statement; clear: Database.Statement } | null = null;
const known = new Map<string, string | null>();
const MAX_KNOWN = 100_000;

/**
 * `"word"` (a quoted term as query.ts writes it) → its tokens, space-separated, or null for
 * anything else (a column filter, CJK bigrams, a term without a token): such a phrase is
 * kept under its own text.
 */
export function ftsTokens(phrase: string): string | null {
  let t = known.get(phrase);
  if (t !== undefined) return t;
  t = tokenize(phrase);
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(phrase, t);
  return t;
}

function tokenize(phrase: string): string | null {
  const m = /^"((?:[^"]|"")*)"$/.exec(phrase);
  if (!m) return null;
  if (!probe) {
    const db = new Database(":memory:");
    db.exec(`CREATE VIRTUAL TABLE probe USING fts5(t, tokenize = '${INDEX_TOKENIZER}');
             CREATE VIRTUAL TABLE probe_tokens USING fts5vocab(probe, 'instance');`);
    probe = { db, put: db.prepare("INSERT INTO probe(rowid, t) VALUES (1, ?)"), read: db.prepare("SELECT term FROM probe_tokens ORDER BY offset"), clear: db.prepare("DELETE FROM probe") };
  }
  probe.put.run(m[1]!.replace(/""/g, '"'));
  const terms = (probe.read.all() as { term: string }[]).map((r) => r.term);
  probe.clear.run();
  return terms.length > 0 ? terms.join(" ") : null;
}

/** Connections whose kept values are keyed by tokens (a warm host that read words ahead). */
const byTokens = new WeakSet<DB>();

export function keyByTokens(db: DB): void {
  byTokens.add(db);
}

/** The column filter of a word's evidence term (evidence.ts): words live in heading and body. */
export const WORD_COLUMNS = "{heading body} : ";

/**
 * The key under which a value kept for an FTS5 expression is stored: in a host that read
 * words ahead, a quoted term's tokens ("=read" for "reading" and "read"; with the word
 * columns' filter before it, "{heading body} : =read"), else the expression.
 */
export function exprKey(db: DB, expr: string): string {
  if (!byTokens.has(db)) return expr;
  const filtered = expr.startsWith(WORD_COLUMNS);
  const tokens = ftsTokens(filtered ? expr.slice(WORD_COLUMNS.length) : expr);
  return tokens === null ? expr : `${filtered ? WORD_COLUMNS : ""}=${tokens}`;
}

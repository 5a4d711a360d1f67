import { dataVersion } from "../store/data-version.js";
import type { DB } from "../store/open.js";
import type { ParsedQuery } from "./query.js";

/**
 * What makes a result evidence, in absolute terms that mean the same across queries:
 *
 * - keyword coverage: the share of the query's information the chunk contains, where each
 *   content word weighs its inverse document frequency over the whole index (a word in
 *   every note says nothing; a rare word says a lot). 1 = every content word is there. A
 *   word no note contains still counts in the total, so a query about something the notes
 *   never mention cannot reach a high coverage through its common words alone.
 * - vector: the cosine of the best window, compared with a level calibrated per model
 *   (VECTOR_FLOORS), never a min-max over this query's candidates.
 */

export interface TermStat {
  term: string;
  /** Chunks containing the term (as FTS5 matches it: stemmed, phrase for "e-mail"). */
  df: number;
  idf: number;
}

export interface TermStats {
  /** Chunks in the index. */
  n: number;
  terms: TermStat[];
  /** Sum of the terms' idf: the coverage denominator. */
  total: number;
}

/**
 * Lucene's BM25 idf, ln(1 + (N − df + 0.5)/(df + 0.5)): always positive, unlike FTS5's,
 * which gives 0 to a word in half the chunks and so would call a tiny workspace's every
 * shared word worthless.
 */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The query's evidence terms: its content words, and CJK bigrams against their column. */
export interface EvidenceTerm {
  term: string;
  /** FTS5 MATCH expression for this one term. */
  expr: string;
  /**
   * For a term that stands for several words (an irregular verb's forms, a word's spellings), each word as a term
   * of its own: BM25 counts their occurrences together, as one term.
   */
  forms?: EvidenceTerm[];
}

export function evidenceTerms(q: ParsedQuery): EvidenceTerm[] {
  if (q.stopWordsOnly) return [];
  return [
    ...q.terms.map((t) => {
      const forms = q.formsOf(t);
      const term: EvidenceTerm = { term: t, expr: `{heading body} : ${q.ftsOf(t)}` };
      // The forms are single plain words (forms.ts), quoted as every term is.
      if (forms.length > 1) term.forms = forms.map((f) => ({ term: f, expr: `{heading body} : "${f}"` }));
      return term;
    }),
    ...q.cjk.map((b) => ({ term: b, expr: `cjk : "${b.replace(/"/g, '""')}"` })),
  ];
}

// Document frequencies change only when the index does: cached per connection until any
// connection commits (data_version) or this one writes (total_changes()).
const dfCache = new WeakMap<DB, { key: string; n: number; df: Map<string, number> }>();

export function termStats(db: DB, terms: EvidenceTerm[]): TermStats {
  const key = dataVersion(db);
  let cached = dfCache.get(db);
  if (!cached || cached.key !== key) {
    const n = (db.prepare("SELECT count(*) AS n FROM chunks").get() as { n: number }).n;
    cached = { key, n, df: new Map() };
    dfCache.set(db, cached);
  }
  const c = cached;
  const count = db.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
  const stats = terms.map(({ term, expr }) => {
    let df = c.df.get(expr);
    if (df === undefined) c.df.set(expr, (df = (count.get(expr) as { n: number }).n));
    return { term, df, idf: idf(c.n, df) };
  });
  return { n: c.n, terms: stats, total: stats.reduce((s, t) => s + t.idf, 0) };
}

/** For each chunk id, the query terms it contains. One FTS5 lookup per term. */
export function matchedTerms(db: DB, terms: EvidenceTerm[], ids: number[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  if (ids.length === 0 || terms.length === 0) return out;
  const idList = JSON.stringify(ids);
  // "rowid + 0": FTS5 would take a bare rowid IN as one lookup (and one MATCH) per id; as
  // an expression it is tested against a set built once while the term's postings stream.
  const stmt = db.prepare("SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND (rowid + 0) IN (SELECT value FROM json_each(?))");
  for (const { term, expr } of terms) {
    for (const r of stmt.all(expr, idList) as { id: number }[]) {
      let s = out.get(r.id);
      if (!s) out.set(r.id, (s = new Set()));
      s.add(term);
    }
  }
  return out;
}

export function coverage(stats: TermStats, matched: Set<string> | undefined): number {
  if (!matched || stats.total <= 0) return 0;
  let got = 0;
  for (const t of stats.terms) if (matched.has(t.term)) got += t.idf;
  return got / stats.total;
}

/**
 * Cosine levels above which a chunk counts as evidence by meaning alone, per embedding
 * provider. use-lite, calibrated with `npm run eval -- --dump` and scripts/eval-floor.mjs:
 * its cosines barely separate on LoCoMo (median 0.41 for gold chunks, 0.35 for other
 * candidates, 0.50 for the best chunk of a no-answer query), so vectors can admit little
 * on their own there. 0.5 keeps hybrid recall@5 within a point of no floor (0.6 does too)
 * and still admits a plain paraphrase ("a kitten resting on a rug" → "the cat sat on the
 * mat": 0.54, where unrelated notes score under 0.4), which 0.6 would not. The others are
 * not measured here (no such model installs on the build machines); they are set high so
 * that an uncalibrated model's vectors rank results but rarely admit one on their own.
 */
export const VECTOR_FLOORS: Record<string, number> = {
  "use-lite": 0.5,
  transformers: 0.75,
  ollama: 0.75,
  gguf: 0.75,
};

/** "use-lite@0.2.0" → "use-lite"; "transformers:Xenova/..." → "transformers". */
export function providerOf(modelId: string | null | undefined): string | null {
  if (!modelId) return null;
  const m = /^[a-z0-9-]+/.exec(modelId);
  return m ? m[0] : null;
}

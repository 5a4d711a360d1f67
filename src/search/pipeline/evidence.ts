import { cosine } from "../../embed/vector.js";
import type { DB } from "../../store/open.js";
import { exprKey, WORD_COLUMNS } from "./fts-tokens.js";
import { countsOf, sql } from "./sql.js";
import { keptPer } from "../../store/data-version.js";
import type { ParsedQuery } from "../query/query.js";
import { formWeight } from "../query/forms.js";

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
  /**
   * The idf of the word as written, when it has forms weighed less (the noun of its act):
   * read from the chunks of its full-weight forms only (wordDf). The stages that compare
   * the statements' own words with the query's (twins, slots, denials: queryStems) weigh it
   * by this; matching and BM25, which search the partner too, by `idf`.
   */
  wordIdf?: number;
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
  /** As one of `forms`: how much an occurrence counts for the term (forms.ts formWeight); 1 when absent. */
  weight?: number;
  /**
   * When some of `forms` weigh less than 1: the expression of those that count fully (the
   * word, its inflections, spellings and people): the word's own document frequency (wordDf).
   */
  fullExpr?: string;
}

/**
 * The document frequency of the word as written: the chunks holding a form that counts fully
 * (the word, its inflections, spellings and people), not those holding only a form weighed
 * less (the noun of a verb's act, forms.ts). A word no chunk holds but its partners do counts
 * their chunks at the partners' weight, so it is neither absent nor the rarest word.
 */
export function wordDf(df: DocFrequencies, t: EvidenceTerm): number {
  const all = df.of(t.expr);
  if (t.fullExpr === undefined || !t.forms) return all;
  const full = df.of(t.fullExpr);
  if (full > 0) return full;
  return Math.min(...t.forms.map((f) => f.weight ?? 1)) * all;
}

function withWeight(t: EvidenceTerm, weight: number): EvidenceTerm {
  return weight === 1 ? t : { ...t, weight };
}

export function evidenceTerms(q: ParsedQuery): EvidenceTerm[] {
  if (q.stopWordsOnly) return [];
  return [
    ...q.terms.map((t) => {
      const forms = q.formsOf(t);
      const term: EvidenceTerm = { term: t, expr: `${WORD_COLUMNS}${q.ftsOf(t)}` };
      // The forms are plain words (forms.ts) or a phrase the notes write (ordinal-forms.ts), quoted as every term is.
      if (forms.length > 1) {
        term.forms = forms.map((f) => withWeight({ term: f, expr: `${WORD_COLUMNS}"${f}"` }, formWeight(t, f)));
        const full = term.forms.filter((f) => (f.weight ?? 1) === 1).map((f) => `"${f.term}"`);
        if (full.length < forms.length) term.fullExpr = `${WORD_COLUMNS}${full.length === 1 ? full[0] : `(${full.join(" OR ")})`}`;
      }
      return term;
    }),
    ...q.cjk.map((b) => ({ term: b, expr: `cjk : "${b.replace(/"/g, '""')}"` })),
  ];
}

/** For each chunk id, the query terms it contains. One FTS5 lookup per term. */
export function matchedTerms(db: DB, terms: EvidenceTerm[], ids: number[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  if (ids.length === 0 || terms.length === 0) return out;
  const idList = JSON.stringify(ids);
  // "rowid + 0": FTS5 would take a bare rowid IN as one lookup (and one MATCH) per id; as
  // an expression it is tested against a set built once while the term's postings stream.
  const stmt = sql(db, "SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND (rowid + 0) IN (SELECT value FROM json_each(?))");
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

/** The best cosine between any window of one text and any of the other. */
export function bestPairCosine(a: Float32Array[], b: Float32Array[]): number {
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, cosine(x, y));
  return best;
}

/** Document frequencies by FTS5 expression, counted on first ask, within one snapshot. */
export interface DocFrequencies {
  /** Chunks in the index. */
  readonly n: number;
  of(expr: string): number;
  /**
   * Whether any chunk matches: `of(expr) > 0`, for an expression most searches ask once (two of
   * the query's words joined, joined-words.ts). Kept under its own text, not its tokens: in a
   * host keyed by tokens, the tokenizer's probe that makes the key cost more than the look-up.
   */
  any(expr: string): boolean;
}

/** Counts each FTS5 expression's matching chunks once (sql.ts keeps the counts while the index is unchanged); call it inside the search's snapshot. */
export function docFrequencies(db: DB): DocFrequencies {
  const { n, df: known } = countsOf(db);
  const count = sql(db, "SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
  return {
    n,
    of(expr) {
      const key = exprKey(db, expr);
      let d = known.get(key);
      if (d === undefined) known.set(key, (d = (count.get(expr) as { n: number }).n));
      return d;
    },
    any(expr) {
      // Counted already under its text (a host not keyed by tokens): that count answers.
      const d = known.get(expr);
      if (d !== undefined) return d > 0;
      return keptPer(db, "any match", expr, { max: 100_000 }, () => sql(db, "SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT 1").get(expr) !== undefined);
    },
  };
}

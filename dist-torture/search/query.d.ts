export interface ParsedQuery {
    /** Lower-cased content words, in order, without duplicates. */
    terms: string[];
    /** CJK bigrams of the query, matched against the bigram column. */
    cjk: string[];
    /** FTS5 MATCH expression; empty when the query has nothing searchable. */
    match: string;
    /** True when the query had no content words and `terms` are its stop words. */
    stopWordsOnly: boolean;
    /** The FTS5 expression of one of `terms` (a quoted word, or a phrase for "e-mail"). */
    ftsOf: (term: string) => string;
}
/**
 * A natural-language query → an OR of its content words. OR, not AND: a question shares
 * only some words with the note that answers it, and BM25 already ranks notes matching
 * more terms higher (AND measured nDCG@10 0.05 vs 0.68 on SciFact). Every term is quoted,
 * so user text can never be read as FTS5 syntax.
 */
export declare function parseQuery(q: string): ParsedQuery;

/**
 * How text is shaped for the FTS5 tables, shared by the indexer (writing) and search
 * (querying) so both sides always agree.
 */
export declare function mayContainCjk(text: string): boolean;
/**
 * Overlapping character bigrams of every CJK run ("記憶検索" → "記憶 憶検 検索"), plus
 * single characters for runs of length one. Bigrams find 2-character words, the most
 * common CJK word length, which a trigram index cannot.
 */
export declare function cjkBigrams(text: string): string[];
export declare function hasCjk(text: string): boolean;
/**
 * Rough token count for sizing chunks: about 4 characters per token for Latin text (the
 * usual BPE/WordPiece ratio), one token per CJK character.
 */
export declare function estimateTokens(text: string): number;

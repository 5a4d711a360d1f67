/**
 * English function words dropped from keyword queries. Natural-language questions are
 * mostly these; OR-ing them in would rank by "the" and "did". Kept short on purpose:
 * content words like "decide" or "first" must survive.
 */
export declare const STOP_WORDS: ReadonlySet<string>;

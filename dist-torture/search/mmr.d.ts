/**
 * Maximal marginal relevance: pick results one by one, each time the candidate with the
 * best  lambda * relevance - (1 - lambda) * (max similarity to what is already picked),
 * so five overlapping chunks of one note do not crowd out everything else.
 */
export interface MmrItem {
    id: number;
    relevance: number;
}
export interface MmrPick {
    id: number;
    /** (1 - lambda) * max similarity to earlier picks; 0 for the first. */
    penalty: number;
    /** lambda * relevance - penalty: the value the pick was chosen by. */
    mmr: number;
}
export declare function mmrRerank(items: MmrItem[], k: number, lambda: number, similarity: (a: number, b: number) => number): MmrPick[];
/** Word-set Jaccard similarity: the fallback when chunks have no vectors. */
export declare function jaccard(a: Set<string>, b: Set<string>): number;
export declare function wordSet(text: string): Set<string>;

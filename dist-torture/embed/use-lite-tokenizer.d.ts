/**
 * USE-lite's SentencePiece tokenizer, the same algorithm as @energetic-ai/embeddings' (itself
 * the tfjs-models one), reimplemented so counting tokens for windows needs neither TF.js nor
 * the model in the calling thread: the model runs on worker threads (use-lite-pool.ts). The
 * library's version copies the rest of the text at every position (quadratic); this one walks
 * the trie from an index. test/embed/use-lite.test.ts checks it against the library's output.
 */
export type Vocabulary = [piece: string, score: number][];
export declare class UseLiteTokenizer {
    private readonly vocabulary;
    private readonly root;
    constructor(vocabulary: Vocabulary);
    encode(input: string): number[];
}

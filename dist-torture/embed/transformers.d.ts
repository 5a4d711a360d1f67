import { type Embedder } from "./types.js";
/**
 * Sentence-embedding models run by transformers.js (ONNX Runtime, CPU), loaded from a folder on
 * this machine. Hugging Face is only contacted by `pullTransformersModel` (`agent models pull`)
 * or when the caller opts in with `allowDownload`: a search must never stall on a download.
 *
 * The library (about 0.25 s to import, plus the native ONNX runtime) is imported on first use,
 * so commands that never embed with it do not pay for it.
 */
export declare const DEFAULT_TRANSFORMERS_MODEL = "Xenova/bge-small-en-v1.5";
export type Pooling = "mean" | "cls";
export type TransformersDtype = "fp32" | "fp16" | "q8" | "int8" | "uint8" | "q4" | "q4f16" | "bnb4";
export declare function defaultPooling(model: string): Pooling;
/**
 * Where pulled models live, shared by every workspace (they are large): AGENT_MODELS_DIR, else
 * $XDG_CACHE_HOME/agent/models, else ~/.cache/agent/models. A model sits at `<dir>/<org>/<name>/`.
 */
export declare function defaultModelsDir(env?: NodeJS.ProcessEnv): string;
export interface LocateOptions {
    /** Root holding `<org>/<name>/` folders (what `pullTransformersModel` writes). Default `defaultModelsDir()`. */
    cacheDir?: string;
    /** A model folder itself (holding config.json), or a root like `cacheDir`. */
    modelPath?: string;
    dtype?: TransformersDtype;
}
export interface LocalModel {
    /** The model's folder, whether or not it is complete. */
    dir: string;
    /** Files the pipeline needs that are not there; empty when the model can load. */
    missing: string[];
    /** True when `dir` came from `modelPath` pointing at the folder itself. */
    explicitFolder: boolean;
}
/** Finds a model's files on disk without loading anything (used by "auto" selection too). */
export declare function locateTransformersModel(model: string, opts?: LocateOptions): LocalModel;
export interface TransformersOptions extends LocateOptions {
    /** Hugging Face id; default Xenova/bge-small-en-v1.5. */
    model?: string;
    /** Default per model: cls for bge, mean otherwise. */
    pooling?: Pooling;
    /** Download a missing model from Hugging Face while opening (never later). Default false. */
    allowDownload?: boolean;
    batchSize?: number;
    maxInputTokens?: number;
}
export declare class TransformersEmbedder implements Embedder {
    private readonly lib;
    private readonly tokenizer;
    readonly provider = "transformers";
    readonly modelId: string;
    readonly model: string;
    readonly modelDir: string;
    readonly pooling: Pooling;
    readonly dtype: TransformersDtype;
    readonly maxInputTokens: number;
    readonly batchSize: number;
    private dim;
    private readonly specialTokens;
    private extracting;
    private constructor();
    /**
     * Finds the model on disk and loads its tokenizer (cheap, so `windows()` counts exactly); the
     * ONNX session starts on the first `embed`. Throws EmbedError "model-missing" saying where it
     * looked and how to get the model, unless `allowDownload` lets it fetch the model now.
     */
    static open(opts?: TransformersOptions): Promise<TransformersEmbedder>;
    /** From config.json's hidden_size; checked against (and set by) the first real output. */
    get dimension(): number;
    windows(text: string): string[];
    init(): Promise<void>;
    embed(texts: string[]): Promise<Float32Array[]>;
    close(): Promise<void>;
    private extractor;
}
export interface PullOptions {
    dtype?: TransformersDtype;
    /** A Hugging Face mirror, e.g. "https://hf-mirror.example/"; default the library's (huggingface.co). */
    remoteHost?: string;
    onProgress?: (info: {
        file?: string;
        status: string;
        progress?: number;
    }) => void;
}
/**
 * Downloads a model from Hugging Face into `<cacheDir>/<org>/<name>/` (what `agent models pull`
 * runs), then checks it loads. Already-present files are not fetched again.
 */
export declare function pullTransformersModel(model: string, cacheDir?: string, opts?: PullOptions): Promise<{
    dir: string;
}>;

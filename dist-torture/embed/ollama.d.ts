import { type Embedder } from "./types.js";
/**
 * Embeddings from a local Ollama daemon (`POST /api/embed`). Nothing is loaded in-process; the
 * daemon must be running and have the model pulled.
 */
export declare const DEFAULT_OLLAMA_EMBED_MODEL = "nomic-embed-text";
export interface OllamaEmbedderOptions {
    model?: string;
    /** Defaults to OLLAMA_HOST, then http://127.0.0.1:11434. */
    host?: string;
    batchSize?: number;
    /** Override the model's input limit in tokens (see KNOWN_CONTEXT). */
    maxInputTokens?: number;
    timeoutMs?: number;
}
/** "localhost", ":11434", "0.0.0.0:11434" or "http://h:1/" as a full base URL, so errors name the address dialled. */
export declare function resolveOllamaEmbedHost(host?: string): string;
export declare class OllamaEmbedder implements Embedder {
    readonly provider = "ollama";
    readonly modelId: string;
    readonly model: string;
    readonly host: string;
    readonly maxInputTokens: number;
    readonly batchSize: number;
    private dim;
    private readonly client;
    constructor(opts?: OllamaEmbedderOptions);
    /** 0 until the first reply (or `init()`): only the daemon knows the model's width. */
    get dimension(): number;
    windows(text: string): string[];
    /** One tiny request: checks the daemon and the model, and learns the dimension. */
    init(): Promise<void>;
    embed(texts: string[]): Promise<Float32Array[]>;
    close(): Promise<void>;
    private toError;
}

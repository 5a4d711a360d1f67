/**
 * The part of node-llama-cpp's API the engine uses, declared here because the package is an
 * optional runtime (`agent runtime add gguf`), absent when the engine is built. The names and
 * shapes are the library's own (3.x); declare a member here before using it.
 */

/** A token id, as the library brands it: only passed back to it, counted and sliced. */
export type Token = number & { __token: never };

/** Compiled once per JSON schema, then only passed back to the library. */
export interface LlamaGrammar {
  readonly grammar: string;
}

export type ChatHistoryItem = { type: "system"; text: string } | { type: "user"; text: string } | { type: "model"; response: string[] };

export interface LlamaContextSequence {
  readonly tokenMeter: { readonly usedInputTokens: number; readonly usedOutputTokens: number };
  dispose(): void;
}

export interface LlamaContext {
  readonly contextSize: number;
  getSequence(): LlamaContextSequence;
  dispose(): Promise<void>;
}

export interface LlamaEmbeddingContext {
  calculateInputLength(text: string): number;
  getEmbeddingFor(input: string | Token[]): Promise<{ readonly vector: readonly number[] }>;
  dispose(): Promise<void>;
}

export interface LlamaRankingContext {
  rank(query: string, document: string, options?: { onOverflow?: "throw" | "maxChunk" }): Promise<number>;
  dispose(): Promise<void>;
}

interface ContextOptions {
  contextSize?: number;
  threads?: number;
}

export interface LlamaModel {
  readonly trainContextSize: number;
  readonly embeddingVectorSize: number;
  readonly fileInfo: { readonly metadata: { readonly general: { readonly architecture?: string; readonly name?: string } } };
  readonly fileInsights: { readonly supportsRanking: boolean };
  tokenize(text: string): Token[];
  createContext(options: ContextOptions & { sequences?: number }): Promise<LlamaContext>;
  createEmbeddingContext(options: ContextOptions): Promise<LlamaEmbeddingContext>;
  createRankingContext(options: ContextOptions): Promise<LlamaRankingContext>;
  dispose(): Promise<void>;
}

export interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  /** The library validates the schema's supported subset at run time. */
  createGrammarForJsonSchema(schema: Readonly<Record<string, unknown>>): Promise<LlamaGrammar>;
  dispose(): Promise<void>;
}

export interface LlamaChatSession {
  setChatHistory(history: ChatHistoryItem[]): void;
  promptWithMeta(
    prompt: string,
    options: { maxTokens?: number; temperature?: number; grammar?: LlamaGrammar; signal?: AbortSignal },
  ): Promise<{ responseText: string; stopReason: string }>;
  dispose(): void;
}

export interface LlamaLib {
  getLlama(options: { gpu: false; build: "never"; logLevel: unknown }): Promise<Llama>;
  readonly LlamaLogLevel: { readonly error: unknown };
  readonly LlamaChatSession: new (options: { contextSequence: LlamaContextSequence }) => LlamaChatSession;
}

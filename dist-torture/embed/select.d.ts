import type { Embedder } from "./types.js";
import type { EmbedConfig, EmbedConfigInput } from "./config.js";
export type { EmbedConfig, EmbedConfigInput } from "./config.js";
export interface SelectOptions {
    /** Base for a relative `modelPath` (the workspace). Default cwd. */
    baseDir?: string;
    /** Root of pulled transformers models. Default `defaultModelsDir()`. */
    modelsDir?: string;
}
export interface Selection {
    /** null: keyword-only search. */
    embedder: Embedder | null;
    /** One line on what was chosen and why, for `agent status` and logs. */
    reason: string;
    /** Set when search runs without vectors, to show the user. */
    warning?: string;
}
export declare const KEYWORD_ONLY_WARNING = "semantic search is off: search is keyword-only (FTS5), so matches by meaning (synonyms, paraphrases) are missed";
/** `chooseEmbedder` for a config not validated yet (the library's direct callers). */
export declare function selectEmbedder(config: EmbedConfigInput | undefined, opts?: SelectOptions): Promise<Selection>;
/**
 * Picks the embedder a validated config asks for. Nothing heavy loads here except a
 * transformers tokenizer; model weights load on first embed. An explicitly named provider that
 * cannot work throws an EmbedError saying how to fix it; "auto" falls back instead and says
 * why in `reason`.
 */
export declare function chooseEmbedder(c: EmbedConfig, opts?: SelectOptions): Promise<Selection>;

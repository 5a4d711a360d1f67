import { type LLMConfigInput } from "./llm/index.js";
export interface ModelsReport {
    llm: {
        provider: string;
        model: string;
        reachable: boolean;
        detail: string;
    };
    embedder: {
        provider: string | null;
        modelId: string | null;
        dimension: number | null;
        reason: string;
        warning?: string;
        /** Loaded and produced a vector just now. */
        working: boolean;
        detail: string;
        /** Share of the vector list in hybrid search for this model. */
        vectorWeight: number;
    };
}
/**
 * What `agent models` shows: the configured LLM and whether it answers, and the embedder
 * the config selects, why, and whether it really embeds. Never throws for an unreachable
 * model; it reports it.
 */
export declare function modelsReport(workspace: string, overrides?: Partial<LLMConfigInput>): Promise<ModelsReport>;
/** `agent models pull`: fetch a transformers.js model into the local models folder (needs network). */
export declare function pullEmbeddingModel(model?: string, dir?: string): Promise<{
    dir: string;
}>;

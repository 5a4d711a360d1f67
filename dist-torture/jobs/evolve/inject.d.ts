import { type Memory, type Valence } from "./types.js";
export declare const INJECT_WEIGHTS: {
    readonly relevance: 0.6;
    readonly vividness: 0.2;
    readonly significance: 0.2;
};
export declare const DOMAIN_BONUS = 0.2;
/**
 * Default `evolution.minRelevance`. Measured with USE-lite: a memory about the task scores
 * 0.45–0.65 against it, unrelated sentences up to about 0.37 (shared words like "new").
 */
export declare const MIN_RELEVANCE = 0.4;
/** A memory with its vividness at the moment of ranking (see fade.ts vividnessAt). */
export interface MemoryView extends Memory {
    /** Vividness now. */
    vividNow: number;
}
export interface RankOptions {
    query: string;
    /** The query's vector and the memories' vectors by id; absent = word overlap. */
    queryVector?: Float32Array | null;
    vectors?: ReadonlyMap<number, Float32Array>;
    limit: number;
    minRelevance?: number;
}
export interface RankedMemory {
    memory: MemoryView;
    relevance: number;
    /** Cosine to the query, or null when word overlap was used. */
    cosine: number | null;
    domainMatch: boolean;
    score: number;
}
export declare function stem(word: string): string;
/** Content words of a text, stemmed. */
export declare function contentWords(text: string): Set<string>;
export declare function domainMatches(domain: string, queryWords: ReadonlySet<string>): boolean;
export declare function rankMemories(memories: readonly MemoryView[], opts: RankOptions): RankedMemory[];
/** "vivid" (≥ 0.7), "clear" (≥ 0.4) or "faint". */
export declare function vividnessMark(v: number): "vivid" | "clear" | "faint";
export declare function valenceMark(v: Valence): "+" | "−" | "·";
/** One line of the "## Memories" section: "- [vivid −] failure (deploys): I deployed…". */
export declare function memoryLine(m: MemoryView): string;
/** The legend printed under the section heading. */
export declare const MEMORY_LEGEND = "vivid / clear / faint = how fresh the memory is; + positive, \u2212 negative, \u00B7 neutral";

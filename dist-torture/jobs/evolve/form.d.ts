import { type MemorySignals, type MemoryType, type Valence } from "./types.js";
export declare const DUPLICATE_COSINE = 0.8;
/** At most this many candidates are read from one reflection. */
export declare const MAX_CANDIDATES = 8;
export interface MemoryCandidate {
    type: MemoryType;
    content: string;
    /** Lower-case topic, e.g. "deploys"; "general" when the model gave none. */
    domain: string;
    valence: Valence;
    /** Each 0..1; a signal the model did not give counts as 0 (a memory needs evidence). */
    signals: MemorySignals;
    data?: Record<string, unknown>;
}
/** significance = Σ weight × signal, in 0..1 (rounded to 4 decimals). */
export declare function significanceOf(signals: Partial<MemorySignals>): number;
/**
 * Reads the `memories` list of a reflection reply. Lenient about shapes (type aliases,
 * "+"/"-" valences, 0–10 ratings); items without a known type or without content are
 * dropped and counted, never guessed.
 */
export declare function parseMemoryCandidates(value: unknown): {
    candidates: MemoryCandidate[];
    dropped: number;
};
/** Text as compared without an embedder: lower case, letters and digits only, single spaces. */
export declare function normalizeText(s: string): string;
export interface ExistingMemory {
    id: number;
    type: MemoryType;
    content: string;
    valence: Valence;
}
export type FormationTarget = {
    kind: "memory";
    id: number;
} | {
    kind: "candidate";
    index: number;
};
export type FormationDecision = {
    action: "reject";
    candidate: MemoryCandidate;
    significance: number;
    threshold: number;
    reason: string;
} | {
    action: "create";
    candidate: MemoryCandidate;
    significance: number;
    threshold: number;
} | {
    action: "reinforce";
    candidate: MemoryCandidate;
    significance: number;
    threshold: number;
    target: FormationTarget;
    /** Cosine to the target, or 1 for an exact (normalised) text match. */
    similarity: number;
};
export interface PlanOptions {
    /** Candidate vectors (same order as the candidates) and vectors of existing memories by id. */
    vectors?: {
        candidates: (Float32Array | null)[];
        existing: ReadonlyMap<number, Float32Array>;
    };
    duplicateCosine?: number;
}
/**
 * Decides, for each candidate in order, reject / create / reinforce. Existing memories are
 * the active (not archived) ones. The best match above the threshold wins; ties go to the
 * older memory (lower id), then to an existing memory over an earlier candidate.
 */
export declare function planFormation(candidates: readonly MemoryCandidate[], existing: readonly ExistingMemory[], opts?: PlanOptions): FormationDecision[];
/** Significance after a repeat: the larger of the two, plus a little for the repetition. */
export declare const REINFORCE_BONUS = 0.05;
export declare function reinforcedSignificance(current: number, candidate: number): number;

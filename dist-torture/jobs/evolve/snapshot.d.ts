import type { MemoryView } from "./inject.js";
import { type MemoryType, type Valence } from "./types.js";
export declare const TRAIT_NAMES: readonly ["workStyle", "riskTolerance", "socialOrientation", "learningStyle", "stressResponse"];
export type TraitName = (typeof TRAIT_NAMES)[number];
export declare const TRAIT_TITLES: Record<TraitName, string>;
export interface Trait {
    label: string;
    /** 0..1 (see the rules above). */
    score: number;
    /** The numbers the rule used; drift compares them. */
    inputs: Record<string, number>;
    /** Sentences a person can check. */
    evidence: string[];
}
export type Traits = Record<TraitName, Trait>;
export declare const PRIOR = 1;
export declare const HIGH = 0.6;
export declare const LOW = 0.4;
export declare const CUE_WEIGHT = 0.25;
export declare const CUE_CAP = 1;
export declare const VIVID = 0.7;
export declare const FADING = 0.3;
/** Memory types feeding each trait (drift uses this to point at the memories that moved it). */
export declare const TRAIT_TYPES: Record<TraitName, readonly MemoryType[]>;
export interface MemoryStats {
    active: number;
    vivid: number;
    fading: number;
    pinned: number;
    byType: Record<MemoryType, number>;
    byValence: Record<Valence, number>;
    weightByType: Record<MemoryType, number>;
    totalWeight: number;
    /** Top five domains by weight (ties alphabetical). */
    topDomains: {
        domain: string;
        weight: number;
    }[];
}
export interface DefiningMemory {
    id: number;
    type: MemoryType;
    content: string;
    domain: string;
    valence: Valence;
    significance: number;
    vividness: number;
    weight: number;
}
export interface SnapshotInput {
    /** Active memories with their vividness now. */
    memories: readonly MemoryView[];
    /** SOUL.md's text, or null when there is none. */
    soul: string | null;
}
export interface PersonalitySnapshot {
    traits: Traits;
    stats: MemoryStats;
    defining: DefiningMemory[];
    /** The narrative by the rules (the model may write another, see narrative.ts). */
    narrative: string;
}
export declare function weightOf(m: MemoryView): number;
/** The text of SOUL.md that cues are read from (see the rules above). */
export declare function soulCueText(soul: string | null): {
    text: string;
    from: string;
};
export declare function memoryStats(ms: readonly MemoryView[]): MemoryStats;
export declare function definingMemories(ms: readonly MemoryView[], n?: number): DefiningMemory[];
export declare function deriveTraits(ms: readonly MemoryView[], soul: string | null): Traits;
/** The identity narrative by the rules: traits, experience, defining memories. */
export declare function narrativeFromRules(traits: Traits, stats: MemoryStats, defining: readonly DefiningMemory[]): string;
export declare function takeSnapshot(input: SnapshotInput): PersonalitySnapshot;

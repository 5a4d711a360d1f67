/**
 * Memory types and their per-type behaviour: how much evidence a candidate needs to become a
 * memory (formation threshold), how fast it fades (daily decay), and whether sessions other
 * than the person's own may see it. One table, documented here and in the README.
 *
 * Significance (0..1) comes from five signals the model rates for each candidate (0..1 each),
 * weighted (see SIGNAL_WEIGHTS; the weights sum to 1, so significance stays in 0..1):
 *
 *   emotionalWeight 0.25   how much it mattered to the person or to me
 *   novelty         0.20   new information vs a repeat of the familiar
 *   failure         0.20   something went wrong (failures are worth remembering)
 *   userInvolved    0.20   the person was directly involved
 *   complexity      0.15   how involved the situation was
 *
 * Thresholds (a candidate is kept when significance ≥ threshold) and daily decay (the share
 * of vividness lost per day before the slowing factors of fade.ts):
 *
 *   type                threshold  decay/day  shareable  why
 *   user_preference       0.25      0.010       no       learned quickly: one clear statement is enough
 *   failure               0.30      0.008       yes      sticks easily and fades slowly
 *   system_knowledge      0.35      0.025       yes      facts about tools and systems; refreshed by use
 *   process_note          0.40      0.050       yes      how-tos go stale fastest
 *   decision_record       0.40      0.012       yes      why something was decided stays useful
 *   lesson_learned        0.45      0.012       yes
 *   relationship_event    0.45      0.015       no       about people: private
 *   pattern_recognized    0.50      0.020       no       patterns are mostly the person's habits: private
 *   triumph               0.50      0.020       yes
 *   personality_moment    0.75      0.001       yes      only defining events; almost never fade
 *
 * "Shareable" decides what group and isolated sessions may be shown (see recall.ts): the
 * person's preferences, relationships and habits stay in main sessions, like MEMORY.md.
 */
export { MEMORY_TYPES, VALENCES } from "../../store/memory-types.js";
export type { Memory, MemorySource, MemoryType, Valence } from "../../store/memory-types.js";
import { type MemoryType, type Valence } from "../../store/memory-types.js";
export interface MemoryTypeConfig {
    /** Minimum significance (0..1) for a candidate of this type to become a memory. */
    threshold: number;
    /** Share of vividness lost per day at significance 0 with no recalls (see fade.ts). */
    dailyDecay: number;
    /** Whether group and isolated sessions may see memories of this type. */
    shareable: boolean;
    /** For the model's prompt and `agent memories --help`. */
    description: string;
}
export declare const MEMORY_TYPE_CONFIG: Readonly<Record<MemoryType, MemoryTypeConfig>>;
export declare const SIGNALS: readonly ["complexity", "novelty", "failure", "userInvolved", "emotionalWeight"];
export type SignalName = (typeof SIGNALS)[number];
export type MemorySignals = Record<SignalName, number>;
/** Weights of the signals in a candidate's significance; they sum to 1. */
export declare const SIGNAL_WEIGHTS: Readonly<MemorySignals>;
export declare function isMemoryType(t: unknown): t is MemoryType;
export declare function isValence(v: unknown): v is Valence;
/** "lesson_learned" → "lesson learned". */
export declare function typeLabel(t: MemoryType): string;
export declare const DAY_MS = 86400000;
/** Rounds to `digits` decimals, so stored and exported numbers are short and stable. */
export declare function round(x: number, digits?: number): number;
export declare function clip01(x: number): number;

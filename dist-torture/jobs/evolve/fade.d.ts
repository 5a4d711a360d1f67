/**
 * Fading, as pure functions of time. A memory stores its vividness with the instant it was
 * computed at (`vividAt`); its vividness at any later instant is
 *
 *   v(now) = v(vividAt) × (1 − r)^days,   days = (now − vividAt) / 24 h
 *   r = dailyDecay(type) × (1 − 0.5 × significance) / (1 + 0.5 × ln(1 + recallCount))
 *
 * so significance slows fading (a memory of significance 1 fades at half the rate) and so
 * does frequent recall (10 recalls: about half the rate again). Because r only changes when
 * a memory is recalled, reinforced or pinned — and the stored value is brought up to date
 * at exactly those moments — applying decay lazily gives the same result as applying it
 * every day: a 90-day simulation is a loop over `now`, not real time.
 *
 * Pinned memories never fade. A memory whose vividness falls below FADE_OUT is moved to the
 * archive (with the reason) by the next fade pass; it is never deleted.
 *
 * Recall refreshes: vividness moves half of the way back to 1 (RECALL_REFRESH) and the
 * recall count, which slows later fading, goes up. A candidate that repeats a memory
 * (reinforcement) is a new experience of it: vividness back to 1.
 */
import { type Memory, type MemoryType } from "./types.js";
export declare const SIGNIFICANCE_SLOWING = 0.5;
export declare const RECALL_SLOWING = 0.5;
/** Below this vividness a memory has faded out and goes to the archive. */
export declare const FADE_OUT = 0.05;
/** Share of the way back to vividness 1 that one recall restores. */
export declare const RECALL_REFRESH = 0.5;
export interface FadeInputs {
    type: MemoryType;
    significance: number;
    recallCount: number;
    pinned: boolean;
}
/** The share of vividness this memory loses per day now. */
export declare function effectiveDailyDecay(m: Omit<FadeInputs, "pinned">): number;
/** Vividness `days` days after it was `v0`. Negative days (a clock set back) count as 0. */
export declare function vividnessAfter(v0: number, days: number, m: FadeInputs): number;
/** A memory's vividness at `now`. */
export declare function vividnessAt(m: Memory, now: number): number;
/** Vividness after one recall. */
export declare function refreshOnRecall(v: number): number;
export declare function isFaded(v: number): boolean;
/** Days until a memory that is vivid now (1) fades out without recall; Infinity when pinned. */
export declare function daysToFade(m: FadeInputs, from?: number): number;
/** The archive reason for a memory that faded out at `now`. */
export declare function fadeReason(m: Memory, v: number, now: number): string;
/** Memories (not pinned, not archived) that have faded out by `now`, with their reasons. */
export declare function fadedOut(memories: readonly Memory[], now: number): {
    memory: Memory;
    vividness: number;
    reason: string;
}[];

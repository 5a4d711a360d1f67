/**
 * Recency decay for dated notes: factor = floor + (1 - floor) * 0.5^(age / halfLife).
 * MEMORY.md, SOUL.md and undated notes are evergreen (factor 1). The floor keeps an old
 * but clearly relevant note findable: pure exponential decay would bury a year-old
 * decision under yesterday's small talk. Dates in the future count as age 0.
 */
export interface RecencyOptions {
    enabled: boolean;
    halfLifeDays: number;
    floor: number;
}
export declare function ageDays(date: string, nowMs: number): number;
export declare function decayFactor(date: string | null, kind: string, nowMs: number, opts: RecencyOptions): number;

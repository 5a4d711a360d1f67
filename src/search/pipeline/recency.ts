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

const DAY_MS = 86_400_000;

export function ageDays(date: string, nowMs: number): number {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return 0;
  // Compare calendar days: "now" as its UTC calendar date, so the age is whole days.
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return Math.max(0, (today - t) / DAY_MS);
}

export function decayFactor(date: string | null, kind: string, nowMs: number, opts: RecencyOptions): number {
  if (!opts.enabled || date === null) return 1;
  if (kind === "soul" || kind === "memory" || kind === "bootstrap") return 1;
  const age = ageDays(date, nowMs);
  return opts.floor + (1 - opts.floor) * Math.pow(0.5, age / opts.halfLifeDays);
}

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
import { DAY_MS, MEMORY_TYPE_CONFIG, clip01 } from "./types.js";
export const SIGNIFICANCE_SLOWING = 0.5;
export const RECALL_SLOWING = 0.5;
/** Below this vividness a memory has faded out and goes to the archive. */
export const FADE_OUT = 0.05;
/** Share of the way back to vividness 1 that one recall restores. */
export const RECALL_REFRESH = 0.5;
/** The share of vividness this memory loses per day now. */
export function effectiveDailyDecay(m) {
    const base = MEMORY_TYPE_CONFIG[m.type].dailyDecay;
    const bySignificance = 1 - SIGNIFICANCE_SLOWING * clip01(m.significance);
    const byRecall = 1 / (1 + RECALL_SLOWING * Math.log1p(Math.max(0, m.recallCount)));
    return base * bySignificance * byRecall;
}
/** Vividness `days` days after it was `v0`. Negative days (a clock set back) count as 0. */
export function vividnessAfter(v0, days, m) {
    if (m.pinned || !(days > 0))
        return clip01(v0);
    return clip01(v0 * Math.pow(1 - effectiveDailyDecay(m), days));
}
/** A memory's vividness at `now`. */
export function vividnessAt(m, now) {
    return vividnessAfter(m.vividness, (now - m.vividAt) / DAY_MS, m);
}
/** Vividness after one recall. */
export function refreshOnRecall(v) {
    return clip01(v + (1 - v) * RECALL_REFRESH);
}
export function isFaded(v) {
    return v < FADE_OUT;
}
/** Days until a memory that is vivid now (1) fades out without recall; Infinity when pinned. */
export function daysToFade(m, from = 1) {
    if (m.pinned)
        return Infinity;
    const r = effectiveDailyDecay(m);
    if (r <= 0 || from < FADE_OUT)
        return r <= 0 ? Infinity : 0;
    return Math.log(FADE_OUT / from) / Math.log(1 - r);
}
/** The archive reason for a memory that faded out at `now`. */
export function fadeReason(m, v, now) {
    const last = m.lastRecalledAt ?? m.createdAt;
    const days = Math.max(0, Math.floor((now - last) / DAY_MS));
    const recalled = m.recallCount === 0 ? "never recalled" : `last recalled ${days} day(s) ago (${m.recallCount} recall(s))`;
    return `faded: vividness ${v.toFixed(3)} < ${FADE_OUT} (${recalled}; ${m.type} fades ${(effectiveDailyDecay(m) * 100).toFixed(2)}%/day)`;
}
/** Memories (not pinned, not archived) that have faded out by `now`, with their reasons. */
export function fadedOut(memories, now) {
    const out = [];
    for (const m of memories) {
        if (m.archivedAt !== null || m.pinned)
            continue;
        const v = vividnessAt(m, now);
        if (isFaded(v))
            out.push({ memory: m, vividness: v, reason: fadeReason(m, v, now) });
    }
    return out;
}
//# sourceMappingURL=fade.js.map
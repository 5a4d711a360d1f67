const DAY_MS = 86_400_000;
export function ageDays(date, nowMs) {
    const t = Date.parse(`${date}T00:00:00Z`);
    if (Number.isNaN(t))
        return 0;
    // Compare calendar days: "now" as its UTC calendar date, so the age is whole days.
    const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
    return Math.max(0, (today - t) / DAY_MS);
}
export function decayFactor(date, kind, nowMs, opts) {
    if (!opts.enabled || date === null)
        return 1;
    if (kind === "soul" || kind === "memory" || kind === "bootstrap")
        return 1;
    const age = ageDays(date, nowMs);
    return opts.floor + (1 - opts.floor) * Math.pow(0.5, age / opts.halfLifeDays);
}
//# sourceMappingURL=recency.js.map
const UNIT_MS = {
    s: 1000,
    m: 60_000,
    min: 60_000,
    h: 3_600_000,
    d: 86_400_000,
    w: 7 * 86_400_000,
};
/** "24h", "3d", "90m", "45s", "2w", "1.5h" → milliseconds; undefined when it does not parse. */
export function parseDuration(text) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d|w)\s*$/i.exec(text);
    if (!m)
        return undefined;
    const ms = Number(m[1]) * UNIT_MS[m[2].toLowerCase()];
    return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
//# sourceMappingURL=duration.js.map
/**
 * What a workspace file is, from its path alone. Kind drives recency (dated vs evergreen),
 * context assembly and filters; source separates hand-written markdown from transcripts.
 */
export const BOOTSTRAP_FILES = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"];
const DAILY = /^memory\/(\d{4})-(\d{2})-(\d{2})\.md$/;
/** Whether a relative path is one the indexer reads at all. */
export function isIndexable(rel) {
    if (rel.endsWith(".md"))
        return true;
    return /^sessions\/[^/]+\.jsonl$/.test(rel);
}
export function isRealDate(y, m, d) {
    if (m < 1 || m > 12 || d < 1)
        return false;
    const dt = new Date(Date.UTC(y, m - 1, d));
    return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
export function classify(rel) {
    if (/^sessions\/[^/]+\.jsonl$/.test(rel))
        return { kind: "session", source: "sessions", date: null };
    if (rel === "SOUL.md")
        return { kind: "soul", source: "memory", date: null };
    if (rel === "MEMORY.md")
        return { kind: "memory", source: "memory", date: null };
    if (BOOTSTRAP_FILES.includes(rel))
        return { kind: "bootstrap", source: "memory", date: null };
    if (rel.startsWith("reflections/"))
        return { kind: "reflection", source: "reflections", date: null };
    const m = DAILY.exec(rel);
    if (m) {
        const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
        if (isRealDate(y, mo, d))
            return { kind: "daily", source: "memory", date: `${m[1]}-${m[2]}-${m[3]}` };
        return {
            kind: "note",
            source: "memory",
            date: null,
            problem: `${rel}: ${m[1]}-${m[2]}-${m[3]} is not a real date; indexed as an undated note (rename it to memory/YYYY-MM-DD.md to date it)`,
        };
    }
    return { kind: "note", source: "memory", date: null };
}
//# sourceMappingURL=kinds.js.map
/**
 * Session transcripts: `sessions/<id>.jsonl`, one JSON object per line:
 *   {"role":"user"|"assistant"|"system"|"tool", "content":"...", "ts":"2026-11-21T09:14:03.120Z",
 *    "thread":"optional thread or channel name"}
 * plus marker lines the engine understands:
 *   {"type":"compaction","ts":"..."}   the assistant compacted its context here
 * Unknown fields are kept and ignored. A line that is not valid JSON is reported, never fatal.
 */
const ROLES = new Set(["user", "assistant", "system", "tool"]);
export function parseSessionText(id, text) {
    const turns = [];
    const markers = [];
    const problems = [];
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
        const raw = lines[i].trim();
        if (raw === "")
            continue;
        const line = i + 1;
        let obj;
        try {
            obj = JSON.parse(raw);
        }
        catch {
            problems.push({ line, reason: "not valid JSON" });
            continue;
        }
        if (typeof obj !== "object" || obj === null) {
            problems.push({ line, reason: "not a JSON object" });
            continue;
        }
        const o = obj;
        const ts = typeof o.ts === "string" ? o.ts : typeof o.timestamp === "string" ? o.timestamp : "";
        if (o.type === "compaction") {
            markers.push({ type: "compaction", ts, line });
            continue;
        }
        if (typeof o.role !== "string" || !ROLES.has(o.role)) {
            problems.push({ line, reason: "missing or unknown \"role\"" });
            continue;
        }
        if (typeof o.content !== "string") {
            problems.push({ line, reason: "missing \"content\" string" });
            continue;
        }
        const turn = { role: o.role, content: o.content, ts, line };
        if (typeof o.thread === "string" && o.thread !== "")
            turn.thread = o.thread;
        turns.push(turn);
    }
    return { id, turns, markers, problems };
}
/** One transcript line for `agent log`; the inverse of parseSessionText for a turn. */
export function formatSessionTurn(turn) {
    const o = { role: turn.role, content: turn.content, ts: turn.ts };
    if (turn.thread)
        o.thread = turn.thread;
    return JSON.stringify(o) + "\n";
}
/** Session ids become file names, so they are restricted to a safe alphabet. */
export function isValidSessionId(id) {
    return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) && !id.includes("..");
}
//# sourceMappingURL=sessions.js.map
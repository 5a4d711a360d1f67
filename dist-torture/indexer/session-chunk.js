import { estimateTokens } from "../store/fts-text.js";
import { parseSessionText } from "../workspace/sessions.js";
/** Local YYYY-MM-DD of an ISO timestamp; null when it does not parse. */
export function localDate(ts) {
    const d = new Date(ts);
    if (Number.isNaN(d.getTime()))
        return null;
    const p = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
/**
 * A transcript → chunks of consecutive turns of one thread, about `targetTokens` each.
 * The chunk text is "role: content" per turn (what people search for), while the line
 * range still points into the .jsonl file, one turn per line.
 */
export function chunkSession(id, text, opts) {
    const parsed = parseSessionText(id, text);
    const chunks = [];
    let cur = null;
    const flush = () => {
        if (!cur)
            return;
        const body = cur.lines.join("\n");
        chunks.push({
            startLine: cur.start,
            endLine: cur.end,
            heading: cur.thread ? `session ${id} > ${cur.thread}` : `session ${id}`,
            text: body,
            tokens: estimateTokens(body),
            date: cur.date,
        });
        cur = null;
    };
    for (const turn of parsed.turns) {
        const line = `${turn.role}: ${turn.content.replace(/\s*\n\s*/g, " ")}`;
        const t = estimateTokens(line) + 1;
        const thread = turn.thread ?? "";
        if (cur && (cur.thread !== thread || cur.tokens + t > opts.targetTokens))
            flush();
        if (!cur)
            cur = { thread, lines: [], start: turn.line, end: turn.line, tokens: 0, date: localDate(turn.ts) };
        cur.lines.push(line);
        cur.end = turn.line;
        cur.tokens += t;
    }
    flush();
    return { chunks, problems: parsed.problems.map((p) => `line ${p.line}: ${p.reason}`) };
}
//# sourceMappingURL=session-chunk.js.map
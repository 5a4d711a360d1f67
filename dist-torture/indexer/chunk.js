import { estimateTokens } from "../store/fts-text.js";
import { isBoilerplate } from "./boilerplate.js";
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Splits lines into sections at ATX headings (ignoring `#` lines inside code fences). */
function sections(lines) {
    const out = [];
    const stack = [];
    let fence = null;
    let cur = { heading: "", from: 0, to: 0 };
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        const f = FENCE.exec(line);
        if (f) {
            if (fence === null)
                fence = f[1][0];
            else if (f[1][0] === fence)
                fence = null;
        }
        const h = fence === null ? ATX.exec(line) : null;
        if (h) {
            cur.to = i;
            // A section that is only its heading ("# Passport" right before "## Part 1") has no
            // content of its own: its line joins the next section instead of becoming a chunk
            // that matches every query on its title and says nothing.
            const headingOnly = i > 0 && ATX.test(lines[cur.from]) && lines.slice(cur.from + 1, i).every((l) => l.trim() === "");
            const from = headingOnly ? cur.from : i;
            if (!headingOnly && cur.to > cur.from)
                out.push(cur);
            const level = h[1].length;
            while (stack.length > 0 && stack[stack.length - 1].level >= level)
                stack.pop();
            stack.push({ level, title: h[2].trim() });
            cur = { heading: stack.map((s) => s.title).join(" > "), from, to: i };
        }
    }
    cur.to = lines.length;
    if (cur.to > cur.from)
        out.push(cur);
    return out;
}
/**
 * Markdown → chunks of about `targetTokens`, cut only between lines and at headings, with
 * `overlapTokens` worth of trailing lines repeated at the start of the next chunk of the
 * same section, so a fact that straddles a cut is still whole in one chunk. A single line
 * longer than the target becomes a chunk of its own; lines are never split.
 */
export function chunkMarkdown(text, opts) {
    const lines = text.split("\n");
    // A trailing newline does not start another (empty) line.
    if (lines.length > 0 && lines[lines.length - 1] === "")
        lines.pop();
    const lineTokens = lines.map((l) => estimateTokens(l) + 1);
    const chunks = [];
    const emit = (from, to, heading) => {
        // Trim blank lines at both ends so ranges point at content.
        while (from < to && lines[from].trim() === "")
            from++;
        while (to > from && lines[to - 1].trim() === "")
            to--;
        if (to <= from)
            return;
        const body = lines.slice(from, to).join("\n");
        if (opts.boilerplate && isBoilerplate(body, opts.boilerplate))
            return;
        chunks.push({ startLine: from + 1, endLine: to, heading, text: body, tokens: estimateTokens(body) });
    };
    for (const sec of sections(lines)) {
        let start = sec.from;
        let tokens = 0;
        let i = sec.from;
        while (i < sec.to) {
            const t = lineTokens[i];
            if (tokens + t > opts.targetTokens && i > start) {
                emit(start, i, sec.heading);
                // Step back over whole lines for the overlap, but always make progress.
                let back = i;
                let overlap = 0;
                while (back - 1 > start && overlap + lineTokens[back - 1] <= opts.overlapTokens) {
                    back--;
                    overlap += lineTokens[back];
                }
                start = back;
                tokens = overlap;
            }
            tokens += t;
            i++;
        }
        emit(start, sec.to, sec.heading);
    }
    return chunks;
}
//# sourceMappingURL=chunk.js.map
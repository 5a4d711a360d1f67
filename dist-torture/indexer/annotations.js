/**
 * Inline annotations: `ctx::`, `project::`, `meeting::` and `mode::` markers written anywhere
 * on a line of a note or a transcript turn:
 *
 *   - called the wholesaler about the fridge project:: Pharmacy App  mode:: deep work
 *   ## Standup <!-- meeting:: weekly sync -->
 *   [ctx:: home office]
 *
 * A marker's value runs to the end of the line or to the next marker. Values keep their
 * display form (trimmed); matching uses the normalised form (NFKC, lower case, collapsed
 * space, wiki-link brackets and a leading `#` removed). Pure: no I/O, used by the indexer
 * (per chunk, stored in chunk_annotations), search filters, boot and the MCP tools.
 */
export const ANNOTATION_KEYS = ["ctx", "project", "meeting", "mode"];
// A key directly followed by "::", not glued to a preceding letter/digit ("subproject::" is not a marker).
const MARKER = /(?<![\p{L}\p{N}_])(ctx|project|meeting|mode)::/giu;
export function isAnnotationKey(key) {
    return ANNOTATION_KEYS.includes(key);
}
/** The markers on one line, in order. Empty values are ignored. */
export function parseAnnotationLine(line, lineNo = 1) {
    if (!line.includes("::"))
        return [];
    const found = [];
    for (const m of line.matchAll(MARKER)) {
        found.push({ key: m[1].toLowerCase(), start: m.index, end: m.index + m[0].length });
    }
    const out = [];
    found.forEach((f, i) => {
        let stop = i + 1 < found.length ? found[i + 1].start : line.length;
        // A bracketed field ("[project:: pharmacy]", "(ctx:: train)") ends at its bracket.
        const open = line[f.start - 1];
        if (open === "[" || open === "(") {
            const close = line.indexOf(open === "[" ? "]" : ")", f.end);
            if (close >= 0 && close < stop)
                stop = close;
        }
        const raw = line.slice(f.end, stop);
        const value = cleanValue(raw);
        if (value === "")
            return;
        const norm = normalizeAnnotationValue(value);
        if (norm === "")
            return;
        out.push({ key: f.key, value, norm, line: lineNo });
    });
    return out;
}
/** Every marker in a text, line by line. */
export function parseAnnotations(text) {
    if (!text.includes("::"))
        return [];
    const out = [];
    text.split("\n").forEach((line, i) => out.push(...parseAnnotationLine(line, i + 1)));
    return out;
}
/** Distinct (key, normalised value) pairs, first display form kept, in order of appearance. */
export function uniqueAnnotations(anns) {
    const seen = new Set();
    return anns.filter((a) => {
        const k = `${a.key}\u0000${a.norm}`;
        if (seen.has(k))
            return false;
        seen.add(k);
        return true;
    });
}
/** { project: ["Pharmacy App"], mode: ["deep work"] }: the shape results carry. */
export function groupAnnotations(anns) {
    const out = {};
    for (const a of anns) {
        const list = (out[a.key] ??= []);
        if (!list.includes(a.value))
            list.push(a.value);
    }
    return out;
}
/**
 * Separators, comment ends and unbalanced closing brackets around a value are markup, not
 * part of it: "pharmacy," → "pharmacy", "[project:: pharmacy]" → "pharmacy",
 * "<!-- meeting:: sync -->" → "sync".
 */
function cleanValue(raw) {
    let v = raw.trim();
    for (;;) {
        const before = v;
        v = v.replace(/-->\s*$/, "").replace(/[\s,;|]+$/, "").replace(/^[\s,;|]+/, "");
        for (const [open, close] of [["(", ")"], ["[", "]"], ["{", "}"]]) {
            if (v.endsWith(close) && count(v, open) < count(v, close))
                v = v.slice(0, -1);
        }
        if (v === before)
            break;
    }
    return v.trim();
}
function count(s, ch) {
    let n = 0;
    for (const c of s)
        if (c === ch)
            n++;
    return n;
}
/** Lower case, NFKC, single spaces; `[[Pharmacy]]` and `#pharmacy` match "pharmacy". */
export function normalizeAnnotationValue(value) {
    return value
        .normalize("NFKC")
        .toLowerCase()
        .replace(/\[\[|\]\]/g, "")
        .replace(/^#(?=\S)/, "")
        .replace(/\s+/g, " ")
        .trim();
}
/** Edits allowed for a query of this length: none for short words, where one edit is another word. */
function allowedEdits(len) {
    if (len <= 3)
        return 0;
    if (len <= 6)
        return 1;
    return 2;
}
/**
 * Fuzzy match of a filter (`--project pharmacy`) against a stored value: case-insensitive
 * substring either way (for values and queries of 3+ characters), or a small edit distance
 * (1 for 4–6 characters, 2 from 7) to the whole value or to one of its words, so
 * "pharmcy", "Pharmacy" and "pharmacy-app" all find "Pharmacy App".
 */
export function annotationMatches(query, value) {
    const q = normalizeAnnotationValue(query);
    const v = normalizeAnnotationValue(value);
    if (q === "" || v === "")
        return false;
    if (v.includes(q))
        return true;
    if (v.length >= 3 && q.includes(v))
        return true;
    const max = allowedEdits(q.length);
    if (max === 0)
        return false;
    const candidates = new Set([v, ...v.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== "")]);
    const qs = new Set([q, q.replace(/[^\p{L}\p{N}]+/gu, " ").trim()]);
    for (const c of candidates)
        for (const x of qs)
            if (editDistance(x, c, max) <= max)
                return true;
    return false;
}
/** Levenshtein distance, giving up (returning max + 1) once it must exceed `max`. */
export function editDistance(a, b, max = Infinity) {
    if (a === b)
        return 0;
    const A = Array.from(a);
    const B = Array.from(b);
    if (Math.abs(A.length - B.length) > max)
        return max + 1;
    let prev = Array.from({ length: B.length + 1 }, (_, j) => j);
    for (let i = 1; i <= A.length; i++) {
        const cur = [i];
        let rowMin = i;
        for (let j = 1; j <= B.length; j++) {
            const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (A[i - 1] === B[j - 1] ? 0 : 1));
            cur.push(v);
            if (v < rowMin)
                rowMin = v;
        }
        if (rowMin > max)
            return max + 1;
        prev = cur;
    }
    return prev[B.length];
}
//# sourceMappingURL=annotations.js.map
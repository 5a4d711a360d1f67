/**
 * A small line diff (Myers' O(ND) algorithm) and unified-diff output, for `agent reflect
 * --dry-run`, `agent soul diff` and the change budget. Pure: strings in, strings out.
 */
/**
 * Above this many edit-graph cells kept for backtracking the diff gives up on finding the
 * shortest script and reports the differing middle as removed-then-added. SOUL files are
 * a few hundred lines; the cap only keeps a pathological input from eating memory.
 */
const MAX_TRACE_CELLS = 20_000_000;
/** The shortest edit script turning `a` into `b`, as a list of line operations in order. */
export function diffLines(a, b) {
    let pre = 0;
    while (pre < a.length && pre < b.length && a[pre] === b[pre])
        pre++;
    let suf = 0;
    while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf])
        suf++;
    const ops = [];
    for (let i = 0; i < pre; i++)
        ops.push({ kind: "equal", line: a[i], a: i, b: i });
    const midA = a.slice(pre, a.length - suf);
    const midB = b.slice(pre, b.length - suf);
    for (const op of myers(midA, midB)) {
        ops.push({
            kind: op.kind,
            line: op.line,
            ...(op.a !== undefined ? { a: op.a + pre } : {}),
            ...(op.b !== undefined ? { b: op.b + pre } : {}),
        });
    }
    for (let i = 0; i < suf; i++) {
        const ai = a.length - suf + i;
        const bi = b.length - suf + i;
        ops.push({ kind: "equal", line: a[ai], a: ai, b: bi });
    }
    return ops;
}
function myers(a, b) {
    const n = a.length;
    const m = b.length;
    if (n === 0)
        return b.map((line, i) => ({ kind: "insert", line, b: i }));
    if (m === 0)
        return a.map((line, i) => ({ kind: "delete", line, a: i }));
    const max = n + m;
    const off = max + 1;
    const width = 2 * max + 3;
    const v = new Int32Array(width);
    const trace = [];
    let found = -1;
    outer: for (let d = 0; d <= max; d++) {
        if ((d + 1) * width > MAX_TRACE_CELLS)
            break;
        trace.push(v.slice());
        for (let k = -d; k <= d; k += 2) {
            let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
            let y = x - k;
            while (x < n && y < m && a[x] === b[y]) {
                x++;
                y++;
            }
            v[off + k] = x;
            if (x >= n && y >= m) {
                found = d;
                break outer;
            }
        }
    }
    if (found < 0) {
        return [
            ...a.map((line, i) => ({ kind: "delete", line, a: i })),
            ...b.map((line, i) => ({ kind: "insert", line, b: i })),
        ];
    }
    const rev = [];
    let x = n;
    let y = m;
    for (let d = found; d >= 0; d--) {
        const vd = trace[d];
        const k = x - y;
        const prevK = k === -d || (k !== d && vd[off + k - 1] < vd[off + k + 1]) ? k + 1 : k - 1;
        const prevX = vd[off + prevK];
        const prevY = prevX - prevK;
        while (x > prevX && y > prevY) {
            x--;
            y--;
            rev.push({ kind: "equal", line: a[x], a: x, b: y });
        }
        if (d > 0) {
            if (x === prevX)
                rev.push({ kind: "insert", line: b[prevY], b: prevY });
            else
                rev.push({ kind: "delete", line: a[prevX], a: prevX });
        }
        x = prevX;
        y = prevY;
    }
    return rev.reverse();
}
/** Text → lines; a final line without "\n" is kept distinct so "a" and "a\n" still differ. */
function toLines(text) {
    if (text === "")
        return { lines: [], keys: [] };
    const lines = text.replace(/\r\n/g, "\n").split("\n");
    const endsWithNewline = lines[lines.length - 1] === "";
    if (endsWithNewline)
        lines.pop();
    const keys = lines.map((l, i) => (i === lines.length - 1 && !endsWithNewline ? `${l}\u0000no-eol` : l));
    return { lines, keys };
}
export function diffStats(oldText, newText) {
    const ops = diffLines(toLines(oldText).keys, toLines(newText).keys);
    return {
        added: ops.filter((o) => o.kind === "insert").length,
        removed: ops.filter((o) => o.kind === "delete").length,
    };
}
/**
 * A unified diff (`diff -u` / `git diff` style) of two texts; "" when they are identical.
 * A last line without a newline is marked "\ No newline at end of file", as diff does.
 */
export function unifiedDiff(oldText, newText, opts = {}) {
    const ctx = opts.context ?? 3;
    const A = toLines(oldText);
    const B = toLines(newText);
    const ops = diffLines(A.keys, B.keys);
    if (ops.every((o) => o.kind === "equal"))
        return "";
    // Group changes into hunks: runs of changes closer than 2*ctx equal lines share a hunk.
    const hunks = [];
    for (let i = 0; i < ops.length; i++) {
        if (ops[i].kind === "equal")
            continue;
        const start = Math.max(0, i - ctx);
        let j = i;
        while (j + 1 < ops.length && ops[j + 1].kind !== "equal")
            j++;
        const end = Math.min(ops.length - 1, j + ctx);
        const last = hunks[hunks.length - 1];
        if (last && start <= last.end + 1)
            last.end = end;
        else
            hunks.push({ start, end });
        i = j;
    }
    const out = [`--- ${opts.fromFile ?? "a"}`, `+++ ${opts.toFile ?? "b"}`];
    for (const h of hunks) {
        const slice = ops.slice(h.start, h.end + 1);
        // Where the hunk starts in each file: lines of that file before the hunk's first op.
        let aBefore = 0;
        let bBefore = 0;
        for (let i = 0; i < h.start; i++) {
            if (ops[i].kind !== "insert")
                aBefore++;
            if (ops[i].kind !== "delete")
                bBefore++;
        }
        const aLen = slice.filter((o) => o.kind !== "insert").length;
        const bLen = slice.filter((o) => o.kind !== "delete").length;
        out.push(`@@ -${range(aBefore, aLen)} +${range(bBefore, bLen)} @@`);
        for (const op of slice) {
            const sign = op.kind === "equal" ? " " : op.kind === "delete" ? "-" : "+";
            const noEol = op.kind === "insert"
                ? B.keys[op.b].endsWith("\u0000no-eol")
                : A.keys[op.a].endsWith("\u0000no-eol");
            out.push(sign + (op.kind === "insert" ? B.lines[op.b] : A.lines[op.a]));
            if (noEol)
                out.push("\\ No newline at end of file");
        }
    }
    return out.join("\n") + "\n";
}
/** GNU diff's range: "start,len", with start = the line before the hunk when len is 0. */
function range(before, len) {
    if (len === 0)
        return `${before},0`;
    if (len === 1)
        return `${before + 1}`;
    return `${before + 1},${len}`;
}
//# sourceMappingURL=diff.js.map
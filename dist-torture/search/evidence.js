import { dataVersion } from "../store/open.js";
/**
 * Lucene's BM25 idf, ln(1 + (N − df + 0.5)/(df + 0.5)): always positive, unlike FTS5's,
 * which gives 0 to a word in half the chunks and so would call a tiny workspace's every
 * shared word worthless.
 */
export function idf(n, df) {
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}
export function evidenceTerms(q) {
    if (q.stopWordsOnly)
        return [];
    return [
        ...q.terms.map((t) => ({ term: t, expr: `{heading body} : ${q.ftsOf(t)}` })),
        ...q.cjk.map((b) => ({ term: b, expr: `cjk : "${b.replace(/"/g, '""')}"` })),
    ];
}
// Document frequencies change only when the index does: cached per connection until any
// connection commits (data_version) or this one writes (total_changes()).
const dfCache = new WeakMap();
export function termStats(db, terms) {
    const key = dataVersion(db);
    let cached = dfCache.get(db);
    if (!cached || cached.key !== key) {
        const n = db.prepare("SELECT count(*) AS n FROM chunks").get().n;
        cached = { key, n, df: new Map() };
        dfCache.set(db, cached);
    }
    const c = cached;
    const count = db.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?");
    const stats = terms.map(({ term, expr }) => {
        let df = c.df.get(expr);
        if (df === undefined)
            c.df.set(expr, (df = count.get(expr).n));
        return { term, df, idf: idf(c.n, df) };
    });
    return { n: c.n, terms: stats, total: stats.reduce((s, t) => s + t.idf, 0) };
}
/** For each chunk id, the query terms it contains. One FTS5 lookup per term. */
export function matchedTerms(db, terms, ids) {
    const out = new Map();
    if (ids.length === 0 || terms.length === 0)
        return out;
    const idList = JSON.stringify(ids);
    // "rowid + 0": FTS5 would take a bare rowid IN as one lookup (and one MATCH) per id; as
    // an expression it is tested against a set built once while the term's postings stream.
    const stmt = db.prepare("SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH ? AND (rowid + 0) IN (SELECT value FROM json_each(?))");
    for (const { term, expr } of terms) {
        for (const r of stmt.all(expr, idList)) {
            let s = out.get(r.id);
            if (!s)
                out.set(r.id, (s = new Set()));
            s.add(term);
        }
    }
    return out;
}
export function coverage(stats, matched) {
    if (!matched || stats.total <= 0)
        return 0;
    let got = 0;
    for (const t of stats.terms)
        if (matched.has(t.term))
            got += t.idf;
    return got / stats.total;
}
/**
 * Cosine levels above which a chunk counts as evidence by meaning alone, per embedding
 * provider. use-lite, calibrated with `npm run eval -- --dump` and scripts/eval-floor.mjs:
 * its cosines barely separate on LoCoMo (median 0.41 for gold chunks, 0.35 for other
 * candidates, 0.50 for the best chunk of a no-answer query), so vectors can admit little
 * on their own there. 0.5 keeps hybrid recall@5 within a point of no floor (0.6 does too)
 * and still admits a plain paraphrase ("a kitten resting on a rug" → "the cat sat on the
 * mat": 0.54, where unrelated notes score under 0.4), which 0.6 would not. The others are
 * not measured here (no such model installs on the build machines); they are set high so
 * that an uncalibrated model's vectors rank results but rarely admit one on their own.
 */
export const VECTOR_FLOORS = {
    "use-lite": 0.5,
    transformers: 0.75,
    ollama: 0.75,
};
/** "use-lite@0.2.0" → "use-lite"; "transformers:Xenova/..." → "transformers". */
export function providerOf(modelId) {
    if (!modelId)
        return null;
    const m = /^[a-z0-9-]+/.exec(modelId);
    return m ? m[0] : null;
}
//# sourceMappingURL=evidence.js.map
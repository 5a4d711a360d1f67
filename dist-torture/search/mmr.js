export function mmrRerank(items, k, lambda, similarity) {
    if (lambda >= 1) {
        return [...items]
            .sort((a, b) => b.relevance - a.relevance)
            .slice(0, k)
            .map((it) => ({ id: it.id, penalty: 0, mmr: it.relevance }));
    }
    const left = [...items];
    const picked = [];
    const maxSim = new Map(items.map((it) => [it.id, 0]));
    while (picked.length < k && left.length > 0) {
        let best = 0;
        let bestVal = -Infinity;
        for (let i = 0; i < left.length; i++) {
            const it = left[i];
            const val = lambda * it.relevance - (1 - lambda) * maxSim.get(it.id);
            if (val > bestVal + 1e-12) {
                bestVal = val;
                best = i;
            }
        }
        const chosen = left.splice(best, 1)[0];
        picked.push({ id: chosen.id, penalty: (1 - lambda) * maxSim.get(chosen.id), mmr: bestVal });
        for (const it of left)
            maxSim.set(it.id, Math.max(maxSim.get(it.id), similarity(chosen.id, it.id)));
    }
    return picked;
}
/** Word-set Jaccard similarity: the fallback when chunks have no vectors. */
export function jaccard(a, b) {
    if (a.size === 0 && b.size === 0)
        return 0;
    let inter = 0;
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    for (const w of small)
        if (large.has(w))
            inter++;
    return inter / (a.size + b.size - inter);
}
export function wordSet(text) {
    return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}
//# sourceMappingURL=mmr.js.map
import { TRAIT_NAMES, TRAIT_TITLES, TRAIT_TYPES, weightOf } from "./snapshot.js";
import { round, typeLabel } from "./types.js";
export const DRIFT_MIN_DELTA = 0.1;
export const INPUT_MIN_DELTA = 0.05;
export function detectDrift(input) {
    const { previous, next } = input;
    if (previous === null)
        return [];
    const out = [];
    for (const name of TRAIT_NAMES) {
        const a = previous[name];
        const b = next[name];
        if (a === undefined || b === undefined)
            continue;
        const delta = round(b.score - a.score, 3);
        if (a.label === b.label && Math.abs(delta) < DRIFT_MIN_DELTA)
            continue;
        const evidence = [];
        const keys = [...new Set([...Object.keys(a.inputs), ...Object.keys(b.inputs)])].sort();
        for (const k of keys) {
            const x = a.inputs[k] ?? 0;
            const y = b.inputs[k] ?? 0;
            if (Math.abs(y - x) >= INPUT_MIN_DELTA)
                evidence.push(`${k} ${x.toFixed(2)} → ${y.toFixed(2)}`);
        }
        if (input.memories && input.since !== undefined) {
            const since = input.since;
            const fresh = input.memories
                .filter((m) => m.createdAt > since && TRAIT_TYPES[name].includes(m.type))
                .sort((p, q) => weightOf(q) - weightOf(p) || p.id - q.id)
                .slice(0, 3);
            for (const m of fresh)
                evidence.push(`new ${typeLabel(m.type)} #${m.id}: ${m.content}`);
        }
        if (evidence.length === 0)
            evidence.push(`${TRAIT_TITLES[name]} moved as memories faded or were recalled`);
        out.push({ trait: name, from: { label: a.label, score: a.score }, to: { label: b.label, score: b.score }, delta, evidence });
    }
    return out;
}
/** "risk tolerance: measured (0.52) → cautious (0.31)". */
export function driftLine(d) {
    return `${TRAIT_TITLES[d.trait]}: ${d.from.label} (${d.from.score.toFixed(2)}) → ${d.to.label} (${d.to.score.toFixed(2)})`;
}
//# sourceMappingURL=drift.js.map
/**
 * Memory formation, pure: candidate → significance from its signals → kept or rejected by
 * its type's threshold (types.ts) → new memory, or reinforcement of an existing one it
 * repeats.
 *
 * A candidate repeats a memory when both have the same type, their valences are not
 * opposite (positive vs negative: "Sam likes X" and "Sam dislikes X" embed almost alike but
 * are a change, not a repeat), and their texts are similar: cosine of their embeddings ≥
 * DUPLICATE_COSINE (0.8, measured on USE-lite: close paraphrases score 0.80–0.87, the same
 * topic said differently 0.6, unrelated sentences under 0.5; configurable as
 * `evolution.duplicateCosine` for other embedders). Without an embedder the texts must be
 * equal after normalisation (case, punctuation and spacing ignored), which only catches
 * verbatim repeats. Candidates are also checked against the ones before them in the same
 * batch, so one night cannot create the same memory twice.
 */
import { cosine } from "../../embed/vector.js";
import { MEMORY_TYPE_CONFIG, SIGNALS, SIGNAL_WEIGHTS, clip01, isMemoryType, round, } from "./types.js";
export const DUPLICATE_COSINE = 0.8;
/** At most this many candidates are read from one reflection. */
export const MAX_CANDIDATES = 8;
const MAX_CONTENT_CHARS = 400;
const MAX_DOMAIN_CHARS = 40;
/** significance = Σ weight × signal, in 0..1 (rounded to 4 decimals). */
export function significanceOf(signals) {
    let s = 0;
    for (const k of SIGNALS)
        s += SIGNAL_WEIGHTS[k] * clip01(signals[k] ?? 0);
    return round(clip01(s));
}
const TYPE_ALIASES = {
    lesson: "lesson_learned",
    learned: "lesson_learned",
    pattern: "pattern_recognized",
    relationship: "relationship_event",
    mistake: "failure",
    error: "failure",
    success: "triumph",
    win: "triumph",
    preference: "user_preference",
    knowledge: "system_knowledge",
    fact: "system_knowledge",
    decision: "decision_record",
    process: "process_note",
    howto: "process_note",
    personality: "personality_moment",
};
function normalizeType(t) {
    if (typeof t !== "string")
        return undefined;
    const k = t.trim().toLowerCase().replace(/[\s-]+/g, "_");
    if (isMemoryType(k))
        return k;
    return TYPE_ALIASES[k] ?? TYPE_ALIASES[k.split("_")[0] ?? ""];
}
function normalizeValence(v) {
    if (typeof v === "number")
        return v > 0 ? "positive" : v < 0 ? "negative" : "neutral";
    if (typeof v !== "string")
        return "neutral";
    const k = v.trim().toLowerCase();
    if (k === "positive" || k === "+" || k === "good" || k === "pos")
        return "positive";
    if (k === "negative" || k === "-" || k === "bad" || k === "neg")
        return "negative";
    return "neutral";
}
/**
 * A signal as the model gave it: 0..1, or true/false, or (models often do this) a 0–10 or
 * 0–100 rating, scaled down. Anything else is 0.
 */
function normalizeSignal(v) {
    if (typeof v === "boolean")
        return v ? 1 : 0;
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)))
        return normalizeSignal(Number(v));
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
        return 0;
    if (v <= 1)
        return v;
    if (v <= 10)
        return v / 10;
    if (v <= 100)
        return v / 100;
    return 1;
}
function oneLine(s, max) {
    const t = s.replace(/\s+/g, " ").trim();
    return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}
/**
 * Reads the `memories` list of a reflection reply. Lenient about shapes (type aliases,
 * "+"/"-" valences, 0–10 ratings); items without a known type or without content are
 * dropped and counted, never guessed.
 */
export function parseMemoryCandidates(value) {
    const candidates = [];
    let dropped = 0;
    if (!Array.isArray(value))
        return { candidates, dropped };
    for (const item of value) {
        if (candidates.length >= MAX_CANDIDATES) {
            dropped++;
            continue;
        }
        if (typeof item !== "object" || item === null || Array.isArray(item)) {
            dropped++;
            continue;
        }
        const o = item;
        const type = normalizeType(o.type ?? o.kind);
        const text = typeof o.content === "string" ? o.content : typeof o.text === "string" ? o.text : "";
        const content = oneLine(text, MAX_CONTENT_CHARS);
        if (type === undefined || content === "") {
            dropped++;
            continue;
        }
        const rawSignals = typeof o.signals === "object" && o.signals !== null && !Array.isArray(o.signals) ? o.signals : {};
        const signals = {};
        for (const k of SIGNALS)
            signals[k] = round(normalizeSignal(rawSignals[k] ?? o[k]));
        const domainRaw = typeof o.domain === "string" ? o.domain.trim().toLowerCase() : "";
        const c = {
            type,
            content,
            domain: oneLine(domainRaw, MAX_DOMAIN_CHARS) || "general",
            valence: normalizeValence(o.valence),
            signals,
        };
        if (typeof o.data === "object" && o.data !== null && !Array.isArray(o.data))
            c.data = o.data;
        candidates.push(c);
    }
    return { candidates, dropped };
}
/** Text as compared without an embedder: lower case, letters and digits only, single spaces. */
export function normalizeText(s) {
    return s
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
}
function oppositeValence(a, b) {
    return (a === "positive" && b === "negative") || (a === "negative" && b === "positive");
}
/**
 * Decides, for each candidate in order, reject / create / reinforce. Existing memories are
 * the active (not archived) ones. The best match above the threshold wins; ties go to the
 * older memory (lower id), then to an existing memory over an earlier candidate.
 */
export function planFormation(candidates, existing, opts = {}) {
    const threshold = opts.duplicateCosine ?? DUPLICATE_COSINE;
    const vec = opts.vectors;
    const decisions = [];
    const created = [];
    const similar = (ci, c, otherText, otherVec) => {
        const mine = vec?.candidates[ci];
        if (vec && mine && otherVec && mine.length === otherVec.length)
            return cosine(mine, otherVec);
        return normalizeText(c.content) === normalizeText(otherText) ? 1 : 0;
    };
    candidates.forEach((c, i) => {
        const significance = significanceOf(c.signals);
        const typeThreshold = MEMORY_TYPE_CONFIG[c.type].threshold;
        if (significance < typeThreshold) {
            decisions.push({
                action: "reject",
                candidate: c,
                significance,
                threshold: typeThreshold,
                reason: `significance ${significance.toFixed(2)} is under the ${c.type} threshold ${typeThreshold.toFixed(2)}`,
            });
            return;
        }
        let best;
        const consider = (target, s) => {
            if (s >= threshold && (best === undefined || s > best.similarity))
                best = { target, similarity: s };
        };
        for (const m of [...existing].sort((a, b) => a.id - b.id)) {
            if (m.type !== c.type || oppositeValence(m.valence, c.valence))
                continue;
            consider({ kind: "memory", id: m.id }, similar(i, c, m.content, vec?.existing.get(m.id)));
        }
        for (const prev of created) {
            if (prev.c.type !== c.type || oppositeValence(prev.c.valence, c.valence))
                continue;
            consider({ kind: "candidate", index: prev.index }, similar(i, c, prev.c.content, vec?.candidates[prev.index]));
        }
        if (best !== undefined) {
            decisions.push({ action: "reinforce", candidate: c, significance, threshold: typeThreshold, target: best.target, similarity: round(best.similarity) });
        }
        else {
            decisions.push({ action: "create", candidate: c, significance, threshold: typeThreshold });
            created.push({ index: i, c });
        }
    });
    return decisions;
}
/** Significance after a repeat: the larger of the two, plus a little for the repetition. */
export const REINFORCE_BONUS = 0.05;
export function reinforcedSignificance(current, candidate) {
    return round(clip01(Math.max(current, candidate) + REINFORCE_BONUS));
}
//# sourceMappingURL=form.js.map
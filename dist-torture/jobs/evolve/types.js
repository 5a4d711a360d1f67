/**
 * Memory types and their per-type behaviour: how much evidence a candidate needs to become a
 * memory (formation threshold), how fast it fades (daily decay), and whether sessions other
 * than the person's own may see it. One table, documented here and in the README.
 *
 * Significance (0..1) comes from five signals the model rates for each candidate (0..1 each),
 * weighted (see SIGNAL_WEIGHTS; the weights sum to 1, so significance stays in 0..1):
 *
 *   emotionalWeight 0.25   how much it mattered to the person or to me
 *   novelty         0.20   new information vs a repeat of the familiar
 *   failure         0.20   something went wrong (failures are worth remembering)
 *   userInvolved    0.20   the person was directly involved
 *   complexity      0.15   how involved the situation was
 *
 * Thresholds (a candidate is kept when significance ≥ threshold) and daily decay (the share
 * of vividness lost per day before the slowing factors of fade.ts):
 *
 *   type                threshold  decay/day  shareable  why
 *   user_preference       0.25      0.010       no       learned quickly: one clear statement is enough
 *   failure               0.30      0.008       yes      sticks easily and fades slowly
 *   system_knowledge      0.35      0.025       yes      facts about tools and systems; refreshed by use
 *   process_note          0.40      0.050       yes      how-tos go stale fastest
 *   decision_record       0.40      0.012       yes      why something was decided stays useful
 *   lesson_learned        0.45      0.012       yes
 *   relationship_event    0.45      0.015       no       about people: private
 *   pattern_recognized    0.50      0.020       no       patterns are mostly the person's habits: private
 *   triumph               0.50      0.020       yes
 *   personality_moment    0.75      0.001       yes      only defining events; almost never fade
 *
 * "Shareable" decides what group and isolated sessions may be shown (see recall.ts): the
 * person's preferences, relationships and habits stay in main sessions, like MEMORY.md.
 */
export { MEMORY_TYPES, VALENCES } from "../../store/memory-types.js";
import { MEMORY_TYPES, VALENCES } from "../../store/memory-types.js";
export const MEMORY_TYPE_CONFIG = {
    user_preference: { threshold: 0.25, dailyDecay: 0.01, shareable: false, description: "what the person likes, dislikes or wants done a certain way" },
    failure: { threshold: 0.3, dailyDecay: 0.008, shareable: true, description: "something I got wrong or that went badly" },
    system_knowledge: { threshold: 0.35, dailyDecay: 0.025, shareable: true, description: "a fact about a tool, system or setup" },
    process_note: { threshold: 0.4, dailyDecay: 0.05, shareable: true, description: "how a recurring task is done" },
    decision_record: { threshold: 0.4, dailyDecay: 0.012, shareable: true, description: "a decision that was made, and why" },
    lesson_learned: { threshold: 0.45, dailyDecay: 0.012, shareable: true, description: "what I learned and will do differently" },
    relationship_event: { threshold: 0.45, dailyDecay: 0.015, shareable: false, description: "something that happened with or between people" },
    pattern_recognized: { threshold: 0.5, dailyDecay: 0.02, shareable: false, description: "a recurring pattern (requests, moods, timing)" },
    triumph: { threshold: 0.5, dailyDecay: 0.02, shareable: true, description: "something that went notably well" },
    personality_moment: { threshold: 0.75, dailyDecay: 0.001, shareable: true, description: "a defining moment for who I am (rare)" },
};
export const SIGNALS = ["complexity", "novelty", "failure", "userInvolved", "emotionalWeight"];
/** Weights of the signals in a candidate's significance; they sum to 1. */
export const SIGNAL_WEIGHTS = {
    complexity: 0.15,
    novelty: 0.2,
    failure: 0.2,
    userInvolved: 0.2,
    emotionalWeight: 0.25,
};
export function isMemoryType(t) {
    return typeof t === "string" && MEMORY_TYPES.includes(t);
}
export function isValence(v) {
    return typeof v === "string" && VALENCES.includes(v);
}
/** "lesson_learned" → "lesson learned". */
export function typeLabel(t) {
    return t.replace(/_/g, " ");
}
export const DAY_MS = 86_400_000;
/** Rounds to `digits` decimals, so stored and exported numbers are short and stable. */
export function round(x, digits = 4) {
    const f = 10 ** digits;
    return Math.round(x * f) / f;
}
export function clip01(x) {
    return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
//# sourceMappingURL=types.js.map
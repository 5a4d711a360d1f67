/**
 * Personality snapshot, pure and deterministic: traits from documented rules over memory
 * statistics and the SOUL layers. The same memories (at the same instant) and the same
 * SOUL.md always give the same snapshot, whatever order the memories come in.
 *
 * Weight of a memory = significance × vividness now (0..1): vivid, significant experience
 * counts most; faint memories barely count. W(types) = sum of weights of the active
 * memories of those types.
 *
 * SOUL cues: words in SOUL.md's stable layers (Core Identity and Active Values when the file
 * has the three layers, else the whole file; Recent Growth is left out because memories
 * already carry recent experience). Each occurrence of a cue counts CUE_WEIGHT (0.25), at
 * most CUE_CAP (1) per side, so SOUL.md leans a trait and experience moves it.
 *
 * Two-sided traits: score = (a + PRIOR) / (a + b + 2 × PRIOR), PRIOR = 1, so no evidence
 * gives 0.5; score ≥ 0.6 names side a, ≤ 0.4 side b, else the middle label.
 *
 *   workStyle          a = W(process_note, decision_record, system_knowledge) + cues (plan, checklist, write down, document, careful, routine...)
 *                      b = W(pattern_recognized, triumph) + cues (curious, experiment, explore, try new, prototype, improvise)
 *                      labels: methodical / exploratory / balanced
 *   riskTolerance      a = W(triumph) + cues (bold, decisive, move fast, ship it, take risks)
 *                      b = W(failure) + cues (ask before, irreversible, double-check, confirm, backup, safe, cautious)
 *                      labels: bold / cautious / measured
 *   socialOrientation  a = W(relationship_event, user_preference) + cues (warm, empathy, listen, people, together, kind)
 *                      b = W(system_knowledge, process_note, decision_record) + cues (efficient, results, deliver, precise, focus, brief)
 *                      labels: people-oriented / task-oriented / balanced
 *   stressResponse     a = recovery: W(lesson_learned, triumph not negative, in the domain of an
 *                          earlier-or-same-time negative memory) + cues (calm, patient, steady, composed, without drama)
 *                      b = setbacks: W(memories of negative valence) + cues (anxious, worried, overwhelmed, panic)
 *                      labels: resilient / shaken / steady
 *   learningStyle      the largest of: mistakes = W(failure, lesson_learned) + cues (mistake, wrong, do differently);
 *                      patterns = W(pattern_recognized) + cues (pattern, recurring, habit);
 *                      notes = W(system_knowledge, process_note) + cues (write down, notes, document).
 *                      Ties go in that order; score = its share of the three; nothing at all = "still forming".
 *                      labels: learns from mistakes / learns by spotting patterns / learns by writing things down
 *
 * Defining memories: the three with the highest weight; ties by significance, then older,
 * then lower id.
 */
import { findSection, ACTIVE_VALUES, CORE_IDENTITY, RECENT_GROWTH } from "../reflect/soul-safety.js";
import { MEMORY_TYPES, VALENCES, round, typeLabel } from "./types.js";
export const TRAIT_NAMES = ["workStyle", "riskTolerance", "socialOrientation", "learningStyle", "stressResponse"];
export const TRAIT_TITLES = {
    workStyle: "work style",
    riskTolerance: "risk tolerance",
    socialOrientation: "social orientation",
    learningStyle: "learning style",
    stressResponse: "stress response",
};
export const PRIOR = 1;
export const HIGH = 0.6;
export const LOW = 0.4;
export const CUE_WEIGHT = 0.25;
export const CUE_CAP = 1;
export const VIVID = 0.7;
export const FADING = 0.3;
/** Memory types feeding each trait (drift uses this to point at the memories that moved it). */
export const TRAIT_TYPES = {
    workStyle: ["process_note", "decision_record", "system_knowledge", "pattern_recognized", "triumph"],
    riskTolerance: ["triumph", "failure"],
    socialOrientation: ["relationship_event", "user_preference", "system_knowledge", "process_note", "decision_record"],
    learningStyle: ["failure", "lesson_learned", "pattern_recognized", "system_knowledge", "process_note"],
    stressResponse: ["lesson_learned", "triumph", "failure"],
};
const CUES = {
    structured: /\b(plans?|planning|checklists?|step by step|methodical(?:ly)?|careful(?:ly)?|write (?:it |things |them )?down|document(?:s|ed|ing)?|routines?)\b/gi,
    exploratory: /\b(curious|curiosity|experiment(?:s|ing)?|explor(?:e|es|ing|ation)|try (?:new|things|out)|prototyp(?:e|es|ing)|improvis(?:e|es|ing))\b/gi,
    bold: /\b(bold(?:ly)?|decisive(?:ly)?|move fast|ship (?:it|early|fast)|take risks?|risk-taking)\b/gi,
    cautious: /\b(ask before|irreversible|double[- ]check|confirm(?:s|ing)?|backups?|safe(?:ty|ly)?|caution|cautious(?:ly)?)\b/gi,
    people: /\b(warm(?:th|ly)?|empath(?:y|etic)|listen(?:s|ing)?|relationships?|people|together|kind(?:ness)?)\b/gi,
    task: /\b(efficien(?:t|cy|tly)|results?|deliver(?:s|y|ing)?|precise(?:ly)?|precision|focus(?:ed)?|brief(?:ly)?)\b/gi,
    mistakes: /\b(mistakes?|wrong|do differently)\b/gi,
    patterns: /\b(patterns?|recurring|habits?)\b/gi,
    notes: /\b(write (?:it |things |them )?down|notes?|document(?:s|ed|ing)?)\b/gi,
    recovery: /\b(calm(?:ly)?|patien(?:t|ce)|steady|composed|without drama)\b/gi,
    setback: /\b(anxious|worr(?:y|ied)|overwhelm(?:ed)?|panic(?:ked)?)\b/gi,
};
export function weightOf(m) {
    return Math.max(0, m.significance) * Math.max(0, m.vividNow);
}
/** The text of SOUL.md that cues are read from (see the rules above). */
export function soulCueText(soul) {
    if (soul === null || soul.trim() === "")
        return { text: "", from: "no SOUL.md" };
    const core = findSection(soul, CORE_IDENTITY);
    const values = findSection(soul, ACTIVE_VALUES);
    const growth = findSection(soul, RECENT_GROWTH);
    if (core && values && growth)
        return { text: `${core.text}\n${values.text}`, from: "SOUL.md Core Identity and Active Values" };
    return { text: soul, from: "SOUL.md" };
}
function cues(text, name) {
    const counts = new Map();
    for (const m of text.matchAll(CUES[name])) {
        const w = m[0].toLowerCase().replace(/\s+/g, " ");
        counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const hits = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w, n]) => (n > 1 ? `"${w}" ×${n}` : `"${w}"`));
    return { weight: Math.min(CUE_CAP, total * CUE_WEIGHT), hits };
}
function sumWeight(ms, types) {
    let weight = 0;
    let count = 0;
    for (const m of ms) {
        if (!types.includes(m.type))
            continue;
        weight += weightOf(m);
        count++;
    }
    return { weight, count };
}
function typesText(types) {
    return types.map(typeLabel).join(", ");
}
function twoSided(name, a, b, middle, cueFrom) {
    const sa = a.weight + a.cue.weight;
    const sb = b.weight + b.cue.weight;
    const score = round((sa + PRIOR) / (sa + sb + 2 * PRIOR), 3);
    const label = score >= HIGH ? a.label : score <= LOW ? b.label : middle;
    const evidence = [];
    for (const side of [a, b]) {
        if (side.count > 0)
            evidence.push(`${side.label}: ${side.count} ${side.types} memor${side.count === 1 ? "y" : "ies"} weighing ${side.weight.toFixed(2)}`);
        if (side.cue.hits.length > 0)
            evidence.push(`${side.label}: ${cueFrom} says ${side.cue.hits.join(", ")}`);
    }
    if (evidence.length === 0)
        evidence.push(`no experience yet for ${TRAIT_TITLES[name]}`);
    return {
        label,
        score,
        inputs: {
            [a.key]: round(a.weight, 3),
            [`${a.key}Cues`]: round(a.cue.weight, 3),
            [b.key]: round(b.weight, 3),
            [`${b.key}Cues`]: round(b.cue.weight, 3),
        },
        evidence,
    };
}
export function memoryStats(ms) {
    const byType = Object.fromEntries(MEMORY_TYPES.map((t) => [t, 0]));
    const weightByType = Object.fromEntries(MEMORY_TYPES.map((t) => [t, 0]));
    const byValence = Object.fromEntries(VALENCES.map((v) => [v, 0]));
    const domains = new Map();
    let vivid = 0;
    let fading = 0;
    let pinned = 0;
    let total = 0;
    for (const m of ms) {
        const w = weightOf(m);
        byType[m.type]++;
        weightByType[m.type] += w;
        byValence[m.valence]++;
        if (m.vividNow >= VIVID)
            vivid++;
        if (m.vividNow < FADING)
            fading++;
        if (m.pinned)
            pinned++;
        total += w;
        domains.set(m.domain, (domains.get(m.domain) ?? 0) + w);
    }
    for (const t of MEMORY_TYPES)
        weightByType[t] = round(weightByType[t], 3);
    const topDomains = [...domains.entries()]
        .map(([domain, weight]) => ({ domain, weight: round(weight, 3) }))
        .sort((a, b) => b.weight - a.weight || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0))
        .slice(0, 5);
    return { active: ms.length, vivid, fading, pinned, byType, byValence, weightByType, totalWeight: round(total, 3), topDomains };
}
export function definingMemories(ms, n = 3) {
    return [...ms]
        .sort((a, b) => weightOf(b) - weightOf(a) || b.significance - a.significance || a.createdAt - b.createdAt || a.id - b.id)
        .slice(0, n)
        .map((m) => ({
        id: m.id,
        type: m.type,
        content: m.content,
        domain: m.domain,
        valence: m.valence,
        significance: round(m.significance, 3),
        vividness: round(m.vividNow, 3),
        weight: round(weightOf(m), 3),
    }));
}
export function deriveTraits(ms, soul) {
    const { text, from } = soulCueText(soul);
    const c = (n) => cues(text, n);
    const side = (key, label, types, cue) => ({ key, label, types: typesText(types), cue, ...sumWeight(ms, types) });
    const workStyle = twoSided("workStyle", side("structured", "methodical", ["process_note", "decision_record", "system_knowledge"], c("structured")), side("exploratory", "exploratory", ["pattern_recognized", "triumph"], c("exploratory")), "balanced", from);
    const riskTolerance = twoSided("riskTolerance", side("boldness", "bold", ["triumph"], c("bold")), side("caution", "cautious", ["failure"], c("cautious")), "measured", from);
    const socialOrientation = twoSided("socialOrientation", side("people", "people-oriented", ["relationship_event", "user_preference"], c("people")), side("task", "task-oriented", ["system_knowledge", "process_note", "decision_record"], c("task")), "balanced", from);
    // Stress: recovery = lessons and non-negative triumphs in the domain of an earlier (or same-time) setback.
    const negatives = ms.filter((m) => m.valence === "negative");
    const recovering = ms.filter((m) => (m.type === "lesson_learned" || m.type === "triumph") &&
        m.valence !== "negative" &&
        negatives.some((n) => n.domain === m.domain && n.createdAt <= m.createdAt));
    const recoveryW = recovering.reduce((s, m) => s + weightOf(m), 0);
    const setbackW = negatives.reduce((s, m) => s + weightOf(m), 0);
    const stressResponse = twoSided("stressResponse", { key: "recovery", label: "resilient", types: "lesson or triumph after a setback in its domain", cue: c("recovery"), weight: recoveryW, count: recovering.length }, { key: "setbacks", label: "shaken", types: "negative", cue: c("setback"), weight: setbackW, count: negatives.length }, "steady", from);
    // Learning style: the largest of three groups.
    const groups = [
        { key: "mistakes", label: "learns from mistakes", types: ["failure", "lesson_learned"], cue: c("mistakes") },
        { key: "patterns", label: "learns by spotting patterns", types: ["pattern_recognized"], cue: c("patterns") },
        { key: "notes", label: "learns by writing things down", types: ["system_knowledge", "process_note"], cue: c("notes") },
    ].map((g) => {
        const w = sumWeight(ms, g.types);
        return { ...g, ...w, total: w.weight + g.cue.weight };
    });
    const sum = groups.reduce((s, g) => s + g.total, 0);
    let best = groups[0];
    for (const g of groups)
        if (g.total > best.total)
            best = g;
    const learningEvidence = [];
    for (const g of groups) {
        if (g.count > 0)
            learningEvidence.push(`${g.label}: ${g.count} ${typesText(g.types)} memor${g.count === 1 ? "y" : "ies"} weighing ${g.weight.toFixed(2)}`);
        if (g.cue.hits.length > 0)
            learningEvidence.push(`${g.label}: ${from} says ${g.cue.hits.join(", ")}`);
    }
    const learningStyle = {
        label: sum > 0 ? best.label : "still forming",
        score: sum > 0 ? round(best.total / sum, 3) : 0,
        inputs: Object.fromEntries(groups.flatMap((g) => [[g.key, round(g.weight, 3)], [`${g.key}Cues`, round(g.cue.weight, 3)]])),
        evidence: learningEvidence.length > 0 ? learningEvidence : ["no experience yet for learning style"],
    };
    return { workStyle, riskTolerance, socialOrientation, learningStyle, stressResponse };
}
const NARRATIVE_PHRASES = {
    workStyle: { methodical: "I work methodically", exploratory: "I work by exploring", balanced: "I balance structure and exploration in my work" },
    riskTolerance: { bold: "I am bold with risk", cautious: "I am cautious with risk", measured: "I take measured risks" },
    socialOrientation: { "people-oriented": "I am oriented towards people", "task-oriented": "I am oriented towards the task", balanced: "I care about people and results alike" },
    learningStyle: {
        "learns from mistakes": "I learn most from my mistakes",
        "learns by spotting patterns": "I learn by spotting patterns",
        "learns by writing things down": "I learn by writing things down",
        "still forming": "How I learn is still taking shape",
    },
    stressResponse: { resilient: "under pressure I recover and turn setbacks into lessons", shaken: "setbacks still weigh on me", steady: "under pressure I stay steady" },
};
/** The identity narrative by the rules: traits, experience, defining memories. */
export function narrativeFromRules(traits, stats, defining) {
    const p = (t) => NARRATIVE_PHRASES[t][traits[t].label] ?? `${TRAIT_TITLES[t]}: ${traits[t].label}`;
    const parts = [
        `${p("workStyle")}, ${lower(p("riskTolerance"))}, and ${lower(p("socialOrientation"))}.`,
        `${p("learningStyle")}; ${p("stressResponse")}.`,
        stats.active === 0
            ? "I have no lasting memories yet."
            : `I carry ${stats.active} memor${stats.active === 1 ? "y" : "ies"}, ${stats.vivid} of them vivid.`,
    ];
    if (defining.length > 0) {
        parts.push(`What shaped me most: ${defining.map((d) => d.content.replace(/[.!?]+$/, "")).join("; ")}.`);
    }
    return parts.join(" ");
}
/** Lower-cases the first letter for use mid-sentence ("I" stays "I"). */
function lower(s) {
    return /^I\b/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}
export function takeSnapshot(input) {
    // Sorted by id first, so floating-point sums come out the same whatever the input order.
    const ms = [...input.memories].sort((a, b) => a.id - b.id);
    const traits = deriveTraits(ms, input.soul);
    const stats = memoryStats(ms);
    const defining = definingMemories(ms);
    return { traits, stats, defining, narrative: narrativeFromRules(traits, stats, defining) };
}
//# sourceMappingURL=snapshot.js.map
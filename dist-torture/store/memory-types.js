/**
 * The shape of a memory as the state database stores it: its types, valences, where it came
 * from. Kept in the store layer so the repository (memories.ts) needs nothing from the jobs
 * that form and fade memories; their per-type behaviour lives in jobs/evolve/types.ts.
 */
export const MEMORY_TYPES = [
    "lesson_learned",
    "pattern_recognized",
    "relationship_event",
    "failure",
    "triumph",
    "user_preference",
    "system_knowledge",
    "decision_record",
    "process_note",
    "personality_moment",
];
export const VALENCES = ["positive", "neutral", "negative"];
//# sourceMappingURL=memory-types.js.map
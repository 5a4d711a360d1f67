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
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const VALENCES = ["positive", "neutral", "negative"] as const;
export type Valence = (typeof VALENCES)[number];

/** Where a memory came from. */
export interface MemorySource {
  kind: "reflection" | "session" | "note" | "manual";
  /** reflection_runs.id of the reflection that formed it. */
  runId?: number;
  /** Session transcripts it was drawn from. */
  sessions?: string[];
  /** A workspace-relative note. */
  path?: string;
  /** Notes a reflection read (memory/*.md, "MEMORY.md"): a notes-only day forms memories too. */
  notes?: string[];
}

/** A memory as stored in state.db (vividness as of `vividAt`; see fade.ts for "now"). */
export interface Memory {
  id: number;
  type: MemoryType;
  content: string;
  data: Record<string, unknown>;
  significance: number;
  valence: Valence;
  domain: string;
  createdAt: number;
  lastRecalledAt: number | null;
  recallCount: number;
  reinforceCount: number;
  lastReinforcedAt: number | null;
  vividness: number;
  vividAt: number;
  pinned: boolean;
  source: MemorySource;
  archivedAt: number | null;
  archiveReason: string | null;
}

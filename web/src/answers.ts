/**
 * The daemon's answers, as the engine types them: imported with `import type` (the bundler
 * erases it, so no engine code reaches the page), never copied, so they cannot drift.
 */
import type { ApiAnswers } from "../../src/daemon/web-api.js";
import type { TraitDrift } from "../../src/jobs/evolve/drift.js";
import type { Trait } from "../../src/jobs/evolve/snapshot.js";

export type { ApiAnswers };
export type SearchAnswer = ApiAnswers["search"];
export type SearchHit = SearchAnswer["results"][number];
export type Explanation = NonNullable<SearchHit["explain"]>;
export type NotesAnswer = ApiAnswers["notes"];
export type NoteLines = ApiAnswers["note"];
export type SoulAnswer = ApiAnswers["soul"];
export type SoulVersionRow = SoulAnswer["log"]["versions"][number];
export type ProposalAnswer = NonNullable<SoulAnswer["proposal"]>;
export type MemoriesAnswer = ApiAnswers["memories"];
export type MemoryRowData = MemoriesAnswer["memories"][number];
export type StrengthAnswer = ApiAnswers["memories/strength"];
export type PersonalityAnswer = ApiAnswers["personality"];
/** A snapshot as the page reads it: its traits and drift as the evolution job wrote them (stored as JSON). */
export type SnapshotData = Omit<PersonalityAnswer["snapshots"][number], "traits" | "drift"> & { traits: Record<string, Trait>; drift: TraitDrift[] };
export type JobsAnswer = ApiAnswers["jobs"];
export type JobRunRow = JobsAnswer["runs"][number];
export type ReflectionRunAnswer = ApiAnswers["jobs/reflection"];
export type HealthAnswer = ApiAnswers["health"];
export type TruthAnswer = ApiAnswers["truth"];
export type TruthSide = TruthAnswer["stale"][number]["old"];

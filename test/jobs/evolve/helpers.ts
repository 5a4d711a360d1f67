/** Shared fixtures for the evolution tests: memories in a state database, views at an instant. */
import { MemoryStore, type NewMemory } from "../../../src/store/memories.js";
import { evolutionTimeZone } from "../../../src/jobs/evolve/config.js";
import { runEvolution, takePersonalitySnapshot, type EvolutionResult, type RunEvolutionInput, type SnapshotResult } from "../../../src/jobs/evolve/cycle.js";
import type { DB } from "../../../src/store/open.js";
import { jobsConfig, stateDb } from "../deps.js";
import type { MemoryView } from "../../../src/jobs/evolve/inject.js";
import type { MemorySignals, MemoryType, Valence } from "../../../src/jobs/evolve/types.js";
import type { MemoryCandidate } from "../../../src/jobs/evolve/form.js";

export const DAY = 86_400_000;
export const T0 = Date.parse("2026-11-02T12:00:00Z"); // a Monday

export function signals(over: Partial<MemorySignals> = {}): MemorySignals {
  return { complexity: 0, novelty: 0, failure: 0, userInvolved: 0, emotionalWeight: 0, ...over };
}

/** Signals that add up to exactly `significance` (spread evenly: the weights sum to 1). */
export function signalsFor(significance: number): MemorySignals {
  return { complexity: significance, novelty: significance, failure: significance, userInvolved: significance, emotionalWeight: significance };
}

export function candidate(type: MemoryType, content: string, significance: number, over: Partial<MemoryCandidate> = {}): MemoryCandidate {
  return { type, content, domain: "general", valence: "neutral", signals: signalsFor(significance), ...over };
}

let nextId = 1;
/** A memory view for pure tests (no database). */
export function view(over: Partial<MemoryView> & { type: MemoryType; content?: string }): MemoryView {
  const id = over.id ?? nextId++;
  return {
    id,
    content: `memory ${id}`,
    data: {},
    significance: 0.5,
    valence: "neutral" as Valence,
    domain: "general",
    createdAt: T0,
    lastRecalledAt: null,
    recallCount: 0,
    reinforceCount: 0,
    lastReinforcedAt: null,
    vividness: 1,
    vividAt: T0,
    pinned: false,
    source: { kind: "manual" },
    archivedAt: null,
    archiveReason: null,
    vividNow: over.vividNow ?? over.vividness ?? 1,
    ...over,
  };
}

export function insertMemory(store: MemoryStore, m: Partial<NewMemory> & { type: MemoryType; content: string }): number {
  return store.insert({ significance: 0.5, valence: "neutral", domain: "general", createdAt: T0, source: { kind: "manual" }, ...m });
}

export interface MemoryDb {
  db: DB;
  store: MemoryStore;
  close(): void;
}

/** The workspace's state database with its memory repository; close() closes it. */
export function openMemoryDb(ws: string): MemoryDb {
  const db = stateDb(ws);
  return { db, store: new MemoryStore(db), close: () => db.close() };
}

export function withDb<T>(ws: string, fn: (db: MemoryDb) => T): T {
  const db = openMemoryDb(ws);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** What the engine passes runEvolution for `ws` at `now`, over a state database closed after. */
async function withEvolutionInput<T>(ws: string, now: number, over: Partial<RunEvolutionInput>, fn: (input: RunEvolutionInput) => Promise<T>): Promise<T> {
  const db = stateDb(ws);
  const cfg = jobsConfig(ws);
  try {
    return await fn({ workspace: ws, db, config: cfg.evolution, timeZone: evolutionTimeZone(cfg), now: () => now, ...over });
  } finally {
    db.close();
  }
}

export function runEvolutionIn(ws: string, now: number, over: Partial<RunEvolutionInput> = {}): Promise<EvolutionResult> {
  return withEvolutionInput(ws, now, over, runEvolution);
}

export function takeSnapshotIn(ws: string, now: number, over: Partial<RunEvolutionInput> = {}): Promise<SnapshotResult> {
  return withEvolutionInput(ws, now, over, takePersonalitySnapshot);
}

/** A reflection reply (call 1) with insights and memory candidates. */
export function reflectionWithMemories(memories: unknown[], insights = [{ content: "The deploy went badly.", topics: ["went-badly"] }]): string {
  return JSON.stringify({ insights, principles: ["Do: keep a rollback plan."], memories });
}


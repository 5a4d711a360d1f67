/**
 * Drift between two snapshots, pure: a trait drifted when its label changed or its score
 * moved by at least DRIFT_MIN_DELTA (0.1). Each drift carries its evidence: the rule inputs
 * that moved (by at least INPUT_MIN_DELTA), and the memories formed since the previous
 * snapshot that feed that trait (heaviest first, at most three).
 */
import type { MemoryView } from "./inject.js";
import { TRAIT_NAMES, TRAIT_TITLES, TRAIT_TYPES, weightOf, type TraitName, type Traits } from "./snapshot.js";
import { round, typeLabel } from "./types.js";

export const DRIFT_MIN_DELTA = 0.1;
export const INPUT_MIN_DELTA = 0.05;

export interface TraitDrift {
  trait: TraitName;
  from: { label: string; score: number };
  to: { label: string; score: number };
  /** to.score − from.score. */
  delta: number;
  evidence: string[];
}

export interface DriftInput {
  previous: Traits | null;
  next: Traits;
  /** Active memories (with vividness now), to point at the new ones behind a drift. */
  memories?: readonly MemoryView[];
  /** When the previous snapshot was taken: memories created after it are "new". */
  since?: number;
}

export function detectDrift(input: DriftInput): TraitDrift[] {
  const { previous, next } = input;
  if (previous === null) return [];
  const out: TraitDrift[] = [];
  for (const name of TRAIT_NAMES) {
    const a = previous[name];
    const b = next[name];
    if (a === undefined || b === undefined) continue;
    const delta = round(b.score - a.score, 3);
    if (a.label === b.label && Math.abs(delta) < DRIFT_MIN_DELTA) continue;
    const evidence: string[] = [];
    const keys = [...new Set([...Object.keys(a.inputs), ...Object.keys(b.inputs)])].sort();
    for (const k of keys) {
      const x = a.inputs[k] ?? 0;
      const y = b.inputs[k] ?? 0;
      if (Math.abs(y - x) >= INPUT_MIN_DELTA) evidence.push(`${k} ${x.toFixed(2)} → ${y.toFixed(2)}`);
    }
    if (input.memories && input.since !== undefined) {
      const since = input.since;
      const fresh = input.memories
        .filter((m) => m.createdAt > since && TRAIT_TYPES[name].includes(m.type))
        .sort((p, q) => weightOf(q) - weightOf(p) || p.id - q.id)
        .slice(0, 3);
      for (const m of fresh) evidence.push(`new ${typeLabel(m.type)} #${m.id}: ${m.content}`);
    }
    if (evidence.length === 0) evidence.push(`${TRAIT_TITLES[name]} moved as memories faded or were recalled`);
    out.push({ trait: name, from: { label: a.label, score: a.score }, to: { label: b.label, score: b.score }, delta, evidence });
  }
  return out;
}

/** "risk tolerance: measured (0.52) → cautious (0.31)". */
export function driftLine(d: TraitDrift): string {
  return `${TRAIT_TITLES[d.trait]}: ${d.from.label} (${d.from.score.toFixed(2)}) → ${d.to.label} (${d.to.score.toFixed(2)})`;
}

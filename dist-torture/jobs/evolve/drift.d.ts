/**
 * Drift between two snapshots, pure: a trait drifted when its label changed or its score
 * moved by at least DRIFT_MIN_DELTA (0.1). Each drift carries its evidence: the rule inputs
 * that moved (by at least INPUT_MIN_DELTA), and the memories formed since the previous
 * snapshot that feed that trait (heaviest first, at most three).
 */
import type { MemoryView } from "./inject.js";
import { type TraitName, type Traits } from "./snapshot.js";
export declare const DRIFT_MIN_DELTA = 0.1;
export declare const INPUT_MIN_DELTA = 0.05;
export interface TraitDrift {
    trait: TraitName;
    from: {
        label: string;
        score: number;
    };
    to: {
        label: string;
        score: number;
    };
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
export declare function detectDrift(input: DriftInput): TraitDrift[];
/** "risk tolerance: measured (0.52) → cautious (0.31)". */
export declare function driftLine(d: TraitDrift): string;

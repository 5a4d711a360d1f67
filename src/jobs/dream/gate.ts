/**
 * Whether a distilled line may be proposed: pure checks, each with its reason. The model's
 * word is never enough: the line must be a sentence (not junk, lines.ts), short, grounded in
 * the source lines, and new (not a paraphrase of MEMORY.md, a rejected or a waiting proposal).
 */
import { groundedShare, keywordOverlap, lineProblem } from "./lines.js";

export interface GateContext {
  maxChars: number;
  minGrounded: number;
  /** dream.duplicate.keywordOverlap */
  overlap: number;
  /** MEMORY.md's fact lines. */
  existing: string[];
  rejected: { id: number; text: string }[];
  pending: { id: number; text: string }[];
}

export function judgeLine(line: string, source: readonly string[], g: GateContext): string | null {
  const junk = lineProblem(line, g.maxChars);
  if (junk !== null) return junk;
  const share = groundedShare(line, source.join("\n"));
  if (share < g.minGrounded) return `not grounded: only ${Math.round(share * 100)}% of its words come from the source lines (needs ${Math.round(g.minGrounded * 100)}%)`;
  const known = g.existing.find((l) => keywordOverlap(line, l) >= g.overlap);
  if (known !== undefined) return `a paraphrase of MEMORY.md's "${known}"`;
  const rejected = g.rejected.find((r) => keywordOverlap(line, r.text) >= g.overlap);
  if (rejected !== undefined) return `like proposal #${rejected.id}, which was rejected`;
  const pending = g.pending.find((p) => keywordOverlap(line, p.text) >= g.overlap);
  if (pending !== undefined) return `the same as proposal #${pending.id}, which waits for review`;
  return null;
}

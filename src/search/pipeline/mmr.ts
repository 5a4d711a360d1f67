/**
 * Maximal marginal relevance: pick results one by one, each time the candidate with the
 * best  lambda * relevance - (1 - lambda) * (max similarity to what is already picked),
 * so five overlapping chunks of one note do not crowd out everything else.
 */
import { l2norm } from "../../embed/vector.js";

export interface MmrItem {
  id: number;
  relevance: number;
}

export interface MmrPick {
  id: number;
  /** (1 - lambda) * max similarity to earlier picks; 0 for the first. */
  penalty: number;
  /** lambda * relevance - penalty: the value the pick was chosen by. */
  mmr: number;
}

export function mmrRerank(items: MmrItem[], k: number, lambda: number, similarity: (a: number, b: number) => number): MmrPick[] {
  if (lambda >= 1) {
    return [...items]
      .sort((a, b) => b.relevance - a.relevance)
      .slice(0, k)
      .map((it) => ({ id: it.id, penalty: 0, mmr: it.relevance }));
  }
  // Positions in `items`, in their order; each item's greatest similarity to the picks by
  // position (ids are distinct): plain arrays, on a path every search runs.
  const left = items.map((_, i) => i);
  const maxSim = new Float64Array(items.length);
  const picked: MmrPick[] = [];
  while (picked.length < k && left.length > 0) {
    let best = 0;
    let bestVal = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const j = left[i]!;
      const val = lambda * items[j]!.relevance - (1 - lambda) * maxSim[j]!;
      if (val > bestVal + 1e-12) {
        bestVal = val;
        best = i;
      }
    }
    const chosen = left.splice(best, 1)[0]!;
    const id = items[chosen]!.id;
    picked.push({ id, penalty: (1 - lambda) * maxSim[chosen]!, mmr: bestVal });
    // Similarities are asked only of candidates a later round can still pick.
    const rounds = k - picked.length;
    if (rounds === 0) break;
    dropUnreachable(left, items, maxSim, lambda, rounds);
    for (const j of left) maxSim[j] = Math.max(maxSim[j]!, similarity(id, items[j]!.id));
  }
  return picked;
}

/**
 * A similarity is at most 1 (a cosine, clamped at 0, a Jaccard, sameFileSimilarity); the slack
 * covers a cosine's last-bit rounding above 1.
 */
const SIM_CEILING = 1 + 1e-6;
/** Far above the 1e-12 the pick's comparison allows for ties, so a dropped one never mattered. */
const UNREACHABLE_MARGIN = 1e-9;

/**
 * Removes from `left` the candidates no later round can pick: a candidate's value only falls as
 * picks come (its greatest similarity only grows), and one whose value now is below the worst
 * value `rounds` others can ever fall to loses every remaining round to them. Neither it nor its
 * similarities could change a pick, so the picks are the same as without this; the page's last
 * rounds no longer compare each pick with the tail of the pool.
 */
function dropUnreachable(left: number[], items: MmrItem[], maxSim: Float64Array, lambda: number, rounds: number): void {
  if (left.length <= rounds) return;
  const floors = left.map((j) => lambda * items[j]!.relevance - (1 - lambda) * SIM_CEILING);
  // A relevance that is not a number compares false with everything: left to the rounds as it was.
  if (!floors.every(Number.isFinite)) return;
  floors.sort((a, b) => b - a);
  const bar = floors[rounds - 1]! - UNREACHABLE_MARGIN;
  let kept = 0;
  for (const j of left) if (lambda * items[j]!.relevance - (1 - lambda) * maxSim[j]! >= bar) left[kept++] = j;
  left.length = kept;
}

/** A text's windows with each one's length worked out once, for many cosines against it. */
export interface NormedWindows {
  vecs: readonly Float32Array[];
  norms: Float64Array;
}

export function normedWindows(vecs: readonly Float32Array[]): NormedWindows {
  return { vecs, norms: Float64Array.from(vecs, (v) => l2norm(v)) };
}

/**
 * bestPairCosine (evidence.ts) with the lengths read from `a` and `b` instead of summed again
 * for every pair: the same operations on the same values in the same order, so the same bits,
 * in one pass over the two vectors instead of three.
 */
export function bestPairCosineNormed(a: NormedWindows, b: NormedWindows): number {
  let best = -1;
  for (let i = 0; i < a.vecs.length; i++) {
    for (let j = 0; j < b.vecs.length; j++) {
      const n = a.norms[i]! * b.norms[j]!;
      best = Math.max(best, n > 0 ? dotF32(a.vecs[i]!, b.vecs[j]!) / n : 0);
    }
  }
  return best;
}

function dotF32(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector lengths differ: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Word-set Jaccard similarity: the fallback when chunks have no vectors. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const w of small) if (large.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

export function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/**
 * A text's word set as sorted word numbers (`numbers` gives each word one, the same for
 * every text given the same map): `jaccardOfSorted` of two such is `jaccard` of their word
 * sets, a merge of two arrays instead of a look-up per word.
 */
export function wordNumbers(text: string, numbers: Map<string, number>): Uint32Array {
  const words = wordSet(text);
  const out = new Uint32Array(words.size);
  let i = 0;
  for (const w of words) {
    let n = numbers.get(w);
    if (n === undefined) numbers.set(w, (n = numbers.size));
    out[i++] = n;
  }
  return out.sort();
}

/** `jaccard` of two word sets given as sorted word numbers (`wordNumbers`). */
export function jaccardOfSorted(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 0;
  let inter = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      inter++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return inter / (a.length + b.length - inter);
}

/**
 * `jaccardOfSorted` of one set against many (MMR compares each pick with every candidate
 * left): the one set's words as bits, each other set's words tested against them, where a
 * merge of the two arrays branches on every word. The same counts, so the same quotients.
 * One buffer per process: a search's comparisons run to the end before the next search's.
 */
export function jaccardFrom(a: Uint32Array): (b: Uint32Array) => number {
  setBits(a);
  return (b) => {
    if (a.length === 0 && b.length === 0) return 0;
    const bits = jaccardBits;
    let inter = 0;
    for (let i = 0; i < b.length; i++) {
      const w = b[i]!;
      const word = w >>> 5;
      if (word < bits.length) inter += (bits[word]! >>> (w & 31)) & 1;
    }
    return inter / (a.length + b.length - inter);
  };
}

let jaccardBits = new Uint32Array(1024);
/** The set whose bits are in jaccardBits (cleared word by word when another takes its place). */
let bitsOf: Uint32Array | null = null;

function setBits(a: Uint32Array): void {
  if (bitsOf === a) return;
  const bits = jaccardBits;
  if (bitsOf) for (let i = 0; i < bitsOf.length; i++) bits[bitsOf[i]! >>> 5] = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) if (a[i]! > max) max = a[i]!;
  if (max >>> 5 >= bits.length) jaccardBits = new Uint32Array(Math.max((max >>> 5) + 1, bits.length * 2));
  const b = jaccardBits;
  for (let i = 0; i < a.length; i++) b[a[i]! >>> 5]! |= 1 << (a[i]! & 31);
  bitsOf = a;
}

/**
 * The picks in MMR's order, except that none stays above a pick whose relevance is higher by
 * more than `gap`: at each place the next pick in MMR's order is taken unless a remaining one
 * outscores it by more than `gap`; then the best remaining is. MMR still chooses which
 * results are shown; this only bounds how far diversity may move them against their scores.
 */
export function boundByScore<T extends { relevance: number }>(picks: readonly T[], gap: number): T[] {
  const left = [...picks];
  const out: T[] = [];
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (left[i]!.relevance > left[best]!.relevance) best = i;
    const take = left[best]!.relevance - left[0]!.relevance > gap ? best : 0;
    out.push(left.splice(take, 1)[0]!);
  }
  return out;
}

/**
 * Two statements that give the slot a query names two different values ("my Zotero library
 * has 45 sources" / "I've added 52 sources to my Zotero library"): the pure test behind the
 * newer-twin stage (newer-twin.ts). Looser than the indexer's linker (src/indexer/supersede.ts)
 * on purpose, because the query says which slot is meant: the words the two share must be
 * the query's own words, weighted by rarity, not merely words the two happen to share. It
 * records nothing: a guess made for one query orders that query's results, and no more.
 * Pure: statements and query terms in, a verdict out.
 */
import type { StatedValue } from "../../indexer/statements.js";
import { apartBy } from "../../indexer/slot-guards.js";

/** What the test reads of a statement: its content words (stemmed) and its values. */
export interface ValueStatement {
  words: readonly string[];
  values: readonly StatedValue[];
}

export interface TwinOptions {
  /** Share of the query's term weight (idf) the two statements must both carry. */
  minSharedQuery: number;
  /** At least this many query terms both carry. */
  minSharedTerms: number;
}

export const DEFAULT_TWIN_OPTIONS: TwinOptions = { minSharedQuery: 0.3, minSharedTerms: 2 };

/**
 * Two values of one kind: the same type and, for counts and measures, the same unit — or two
 * counts whose units the query names both ("how many women have I highlighted as mentees":
 * "those 5 women" and "the number of mentees has increased to 7" count the same people).
 */
export function sameKind(a: StatedValue, b: StatedValue, query: ReadonlyMap<string, number> = new Map()): boolean {
  if (a.type !== b.type) return false;
  if (a.type !== "count" && a.type !== "measure") return true;
  return a.unit === b.unit || (a.type === "count" && query.has(a.unit) && query.has(b.unit));
}

/**
 * The query terms (stemmed, with their weight) both statements carry, when the newer one
 * gives one of the older one's kinds of value a value the older did not have; null when they
 * are not twins. A newer value the older statement also held is no change (the same fact said
 * again, or a comparison), and two values a slot guard keeps apart (a plan and what was done,
 * a start and an end, one occasion) are two facts.
 */
export function twinSlot(older: ValueStatement, newer: ValueStatement, query: ReadonlyMap<string, number>, opts: TwinOptions = DEFAULT_TWIN_OPTIONS): string[] | null {
  const total = [...query.values()].reduce((s, w) => s + w, 0);
  if (total <= 0) return null;
  const newerWords = new Set(newer.words);
  const shared = [...new Set([...older.words.filter((w) => newerWords.has(w)), ...namedUnits(older, newer, query)])].filter((w) => query.has(w));
  if (shared.length < Math.min(opts.minSharedTerms, query.size)) return null;
  const weight = shared.reduce((s, w) => s + (query.get(w) ?? 0), 0);
  if (weight / total < opts.minSharedQuery) return null;
  const oldNorms = new Set(older.values.map((v) => v.norm));
  const changed = newer.values.some((n) => !oldNorms.has(n.norm) && older.values.some((o) => sameKind(o, n, query) && apartBy(o, n) === null));
  return changed ? shared : null;
}

/**
 * The units of two counts, one in each statement, that the query names both ("women" and
 * "mentees" in "how many women have I highlighted as mentees"): the query says they are one
 * slot, so they count as words the two share. Empty when the units are one word already.
 */
function namedUnits(older: ValueStatement, newer: ValueStatement, query: ReadonlyMap<string, number>): string[] {
  const units = (s: ValueStatement) => new Set(s.values.filter((v) => v.type === "count" && query.has(v.unit)).map((v) => v.unit));
  const a = units(older);
  const b = units(newer);
  if (a.size === 0 || b.size === 0 || [...a].some((u) => b.has(u))) return [];
  return [...a, ...b];
}

/** A question that opens with a helping verb ("have I ever…", "did I…", "is the…"). */
const WHETHER = /^\s*(?:have|has|had|did|do|does|is|are|was|were|am)\b/i;

/**
 * Whether the query may ask for a value: not a yes-or-no question. "Have I ever completed a
 * draft?" asks whether, and the twins of a value it happens to share words with only push
 * the two sides it needs apart.
 */
export function mayAskForValue(query: string): boolean {
  return !WHETHER.test(query);
}

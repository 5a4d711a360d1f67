/**
 * The alternatives a text joins with "or" ("have I attended any webinars or workshops?", "I've
 * never taken any courses or training programs"): a statement that says one of them answers
 * the question, or goes against the denial, as fully as one that says both. So a test that
 * weighs the words (the search's denial pairing, denial-pair.ts, and the linker's,
 * supersede.ts) counts such a group once, at the weight of its heaviest alternative, and
 * counts it as said when one alternative is said whole. The groups are read with the
 * statements (statements.ts, `eitherOr`). Pure; no index, no model.
 */
import type { EitherOr } from "./statements.js";

/** A share of a question's weight: the units asked, each a word or an "or" group. */
interface Unit {
  alternatives: readonly (readonly string[])[];
}

function unitsOf(asked: readonly string[], groups: readonly EitherOr[]): Unit[] {
  const left = new Set(asked);
  const units: Unit[] = [];
  for (const g of groups) {
    const alternatives = g.map((alt) => alt.filter((w) => left.has(w))).filter((alt) => alt.length > 0);
    if (alternatives.length < 2) continue;
    for (const alt of alternatives) for (const w of alt) left.delete(w);
    units.push({ alternatives });
  }
  for (const w of left) units.push({ alternatives: [[w]] });
  return units;
}

/**
 * The weight of `asked` (the question's words among some set) and how much of it `said`
 * covers: a word counts its weight; an "or" group counts its heaviest alternative's weight,
 * all of it when one alternative is said whole, else the most any one alternative has said.
 */
export function weighAsked(asked: readonly string[], said: ReadonlySet<string>, query: ReadonlyMap<string, number>, groups: readonly EitherOr[] = []): { total: number; covered: number } {
  const weight = (ws: readonly string[]) => ws.reduce((s, w) => s + (query.get(w) ?? 0), 0);
  let total = 0;
  let covered = 0;
  for (const u of unitsOf(asked, groups)) {
    const full = Math.max(...u.alternatives.map(weight));
    total += full;
    if (u.alternatives.some((alt) => alt.every((w) => said.has(w)))) covered += full;
    else covered += Math.max(...u.alternatives.map((alt) => weight(alt.filter((w) => said.has(w)))));
  }
  return { total, covered };
}

/**
 * The share of `asked`'s weight that `said` covers, read both ways: with the "or" groups and
 * word by word. "Or" is read by a rule of thumb ("never used Zotero or managed citations" joins
 * two doings, not "Zotero" and "managed citations"), so the groups may only help a pair, never
 * weaken one that every word already carries.
 */
export function askedShare(asked: readonly string[], said: ReadonlySet<string>, query: ReadonlyMap<string, number>, groups: readonly EitherOr[] = []): number {
  const ratio = (g: readonly EitherOr[]) => {
    const { total, covered } = weighAsked(asked, said, query, g);
    return total > 0 ? covered / total : 0;
  };
  return groups.length === 0 ? ratio([]) : Math.max(ratio(groups), ratio([]));
}

/**
 * The alternatives a question joins with "or" ("have I attended any webinars or workshops?",
 * "courses or training programs"): a statement that says one of them answers the question as
 * fully as one that says both, so a test weighing the question's words (the denial pairing,
 * denial-pair.ts) counts such a group once, at the weight of its heaviest alternative, and
 * counts it as said when one alternative is said whole. Pure: the query's text in, groups of
 * stemmed words out; no index, no model.
 */
import { contentWords } from "../../indexer/statements.js";

/** One "X or Y": each alternative's content words, stemmed as statements' words are. */
export type EitherOr = readonly (readonly string[])[];

/** Content words after "or" read as its right-hand alternative ("or professional development events"). */
const MAX_RIGHT = 4;

/**
 * The "or" groups of a query. The left alternative is the one word before "or" (the words
 * before it modify both sides: "patent-related webinars or workshops"), the right one the
 * run of content words after it, up to a stop word ("or training programs on ATS" → training
 * programs). A side that is no content word ("or been to …", "or any other …") makes no group.
 */
export function eitherOr(query: string): EitherOr[] {
  const tokens = query.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((t) => t !== "");
  const word = (t: string | undefined): string | null => (t === undefined ? null : (contentWords(t)[0] ?? null));
  const out: EitherOr[] = [];
  tokens.forEach((t, i) => {
    if (t !== "or") return;
    const left = word(tokens[i - 1]);
    const right: string[] = [];
    for (let j = i + 1; j < tokens.length && right.length < MAX_RIGHT; j++) {
      const w = word(tokens[j]);
      if (w === null) break;
      right.push(w);
    }
    if (left !== null && right.length > 0) out.push([[left], right]);
  });
  return out;
}

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

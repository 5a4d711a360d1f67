/**
 * Stage 6c, the two sides of a denial together: when a result says "I've never attended any
 * patent webinars" and another candidate of this search says the thing happened ("the April
 * 5 webinar about patent claims"), or the other way round, the other side goes right below
 * it — moved up, or brought in when the floor or the limit left it out. The indexer's linker
 * (src/indexer/supersede.ts) pairs denials too, conservatively, by the words the two share;
 * here the query says which words matter, so the two need only share enough of the query's
 * words among the denied ones. Nothing is recorded or marked (`contradicts` stays the
 * links'): it orders this query's results only. Never a model.
 */
import type { Statement } from "../../indexer/statements.js";
import { markedStatementsOfChunks, statementData, statementsOfChunks } from "../../store/statements.js";
import { pickOrCandidate, type Picked, type Picks } from "./diversify.js";
import type { SearchIndexes } from "./stages.js";
import { queryStems } from "./newer-twin.js";
import { askedShare } from "../../indexer/either-or.js";
import { affirms, eitherOr, type EitherOr, type StatedValue } from "../../indexer/statements.js";
import { recordsThing } from "../../indexer/value-record.js";
import { mayAskForValue } from "./twin-values.js";
import { holdsAtLeast } from "./holds.js";

/** What the test reads of a statement. */
export interface Claim {
  words: readonly string[];
  negated: boolean;
  /** The content words (stemmed) of what a "never …" clause denies. */
  denied: readonly string[];
}

/** What a pair found without the denied verb counts for against one that says it (deniedAndSaid). */
const OTHER_VERB = 0.5;
/** Share of the query's weight among the denied words that the other statement must carry. */
const MIN_SHARE = 0.5;
/**
 * Other sides placed below one result, counting none already shown above it: the one that
 * most says the denied thing. For a question that asks for a value one is enough: two pushed
 * a knowledge update's newer value below its original in hybrid mode (updated above original
 * 0.838 against 0.865). A question that asks whether ("have I ever…") asks for the record
 * itself, both sides of it: there the person's second saying is placed too, since the saying
 * a denial goes against is often not the one with the most of the question's words.
 */
const MAX_PARTNERS = 1;
const MAX_PARTNERS_WHETHER = 2;

/**
 * The query's words the denial denies and the other statement says, weighted by the query
 * (at least two, and MIN_SHARE of the denied query words' weight); null when `other` does not
 * say the denied thing happened (it denies something too, or shares too little).
 */
export function deniedAndSaid(denial: Claim, other: Claim, query: ReadonlyMap<string, number>, either: readonly EitherOr[] = []): { shared: string[]; share: number } | null {
  if (denial.denied.length === 0 || !affirms(other, denial.denied.filter((w) => query.has(w)))) return null;
  const said = new Set(other.words);
  // The denied words whole, or without the verb that opens them: "never attended any
  // production meetings" is answered by "I met Heather at a production meeting", where the
  // thing is said with another verb. A statement that says the verb too is the likelier other
  // side, so the reading without it counts for less when partners are ranked.
  const whole = sharedShare(denial.denied, said, query, either);
  if (whole) return whole;
  const thing = sharedShare(denial.denied.slice(1), said, query, either);
  return thing ? { shared: thing.shared, share: thing.share * OTHER_VERB } : null;
}

/** Share of the query's weight a denial must deny to be the question's denial at all. */
const MIN_QUERY_DENIED = 0.5;

/**
 * Whether a denial is about what the query asks: it denies at least MIN_QUERY_DENIED of the
 * query's weight ("or" groups once), and more of the words it denies are asked than not.
 * "I've never completed any permutation problems" shares "completed" and "problems" with
 * "have I completed any coin toss problems?", but denies nothing of the coin toss: it is no
 * side of that question's contradiction. Asked only of a question asking whether
 * (denialsBeside): one asking for a value or a span of days asks about several things, and a
 * denial of one of them may be one of its answers.
 */
export function deniesTheQuestion(denial: Pick<Claim, "denied">, query: ReadonlyMap<string, number>, either: readonly EitherOr[] = []): boolean {
  if (query.size === 0) return false;
  // Mostly another thing: more of what it denies is not asked than is ("permutation or combination problems").
  const asked = denial.denied.filter((w) => query.has(w)).length;
  if (asked <= denial.denied.length - asked) return false;
  return askedShare([...query.keys()], new Set(denial.denied), query, either) >= MIN_QUERY_DENIED;
}

/**
 * The query's words among `denied` that `said` holds, and their share of the denied query
 * words' weight; null below the bar. Words the query joins with "or" count once, as one
 * group (either-or.ts): "never attended any webinars or workshops" is answered by a webinar.
 */
function sharedShare(denied: readonly string[], said: ReadonlySet<string>, query: ReadonlyMap<string, number>, either: readonly EitherOr[]): { shared: string[]; share: number } | null {
  const asked = denied.filter((w) => query.has(w));
  if (asked.length < 2) return null;
  const share = askedShare(asked, said, query, either);
  const shared = asked.filter((w) => said.has(w));
  return shared.length >= 2 && share >= MIN_SHARE ? { shared, share } : null;
}

interface Placed extends Claim {
  chunkId: number;
  ord: number;
  values: readonly StatedValue[];
}

/** The candidates' statements carrying two of the query's words; only the denials with `deniedOnly`. */
function claimsOf(ix: SearchIndexes, chunkIds: readonly number[], until: number, query: ReadonlyMap<string, number>, deniedOnly = false): Placed[] {
  const out: Placed[] = [];
  // A denial's words are written `"denied":["…` (indexer/truth.ts): a row without them denies nothing, found without parsing it.
  for (const r of deniedOnly ? markedStatementsOfChunks(ix.db, chunkIds, "denied") : statementsOfChunks(ix.db, chunkIds)) {
    if (r.ord > until) continue;
    const st = statementData<Partial<Pick<Statement, "words" | "negated" | "denied" | "values">>>(r);
    if (deniedOnly && !(Array.isArray(st.denied) && st.denied.length > 0)) continue;
    if (!Array.isArray(st.words)) continue;
    // Either side of a pair carries two of the query's words at least (deniedAndSaid).
    if (!holdsAtLeast(st.words, 2, (w) => query.has(w))) continue;
    out.push({ chunkId: r.chunkId, ord: r.ord, words: st.words, negated: st.negated === true, denied: Array.isArray(st.denied) ? st.denied : [], values: Array.isArray(st.values) ? st.values : [] });
  }
  return out;
}

/** The chunks whose statements pair with one of `own` (a denial and what it denies), best first, all of them. */
function partners(own: readonly Placed[], all: readonly Placed[], query: ReadonlyMap<string, number>, either: readonly EitherOr[], whether: boolean): number[] {
  const best = new Map<number, { share: number; record: number }>();
  // For a question asking whether, only a denial of what it asks pairs (deniesTheQuestion).
  const pairs = (d: Placed, o: Placed) => (whether && !deniesTheQuestion(d, query, either) ? null : deniedAndSaid(d, o, query, either));
  for (const a of own) {
    for (const b of all) {
      if (b.chunkId === a.chunkId) continue;
      const said = pairs(a, b);
      const pair = said ?? pairs(b, a);
      if (!pair) continue;
      // Asked whether it happened: a saying with a number or date of the thing (value-record.ts) first among equals.
      const record = whether && said && recordsThing(b, said.shared) ? 1 : 0;
      const was = best.get(b.chunkId);
      if (!was || pair.share > was.share || (pair.share === was.share && record > was.record)) best.set(b.chunkId, { share: pair.share, record });
    }
  }
  return [...best.entries()].sort((x, y) => y[1].share - x[1].share || y[1].record - x[1].record).map(([id]) => id);
}

/**
 * The best partners not already shown above `shown`, at most MAX_PARTNERS: one shown above
 * it already stands as the pair's other side in plain sight, so the next best is the one to
 * bring beside it (a person says the thing happened more than once, and the saying the
 * denial goes against is often not the one with the most of the question's words).
 */
export function partnersToPlace(ranked: readonly number[], list: readonly Picked[], shown: Picked, max = MAX_PARTNERS): number[] {
  const above = new Set(list.slice(0, list.indexOf(shown)).map((p) => p.s.cand.chunkId));
  return ranked.filter((id) => !above.has(id)).slice(0, max);
}

/** How many other sides to place below a denial for this query (MAX_PARTNERS). */
export function partnersFor(query: string): number {
  return mayAskForValue(query) ? MAX_PARTNERS : MAX_PARTNERS_WHETHER;
}

export function denialsBeside(ix: SearchIndexes, picks: Picks): Picks {
  if (!picks.facts.plan.config.twins.enabled || picks.picks.length === 0 || picks.facts.listing) return picks;
  const query = queryStems(picks.facts.stats.terms);
  if (query.size < 2) return picks;
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  const dateTo = picks.facts.plan.filters.dateTo;
  const until = dateTo ? Date.parse(`${dateTo}T23:59:59.999Z`) : Infinity;
  const upTo = Number.isNaN(until) ? Infinity : until;
  // Most searches' candidates hold no denial: found without weighing every statement's words against the query.
  if (claimsOf(ix, [...candidates.keys()], upTo, query, true).length === 0) return picks;
  const all = claimsOf(ix, [...candidates.keys()], upTo, query);
  const either = eitherOr(picks.facts.plan.query);
  const max = partnersFor(picks.facts.plan.query);
  const whether = !mayAskForValue(picks.facts.plan.query);
  if (!all.some((c) => c.denied.length > 0)) return picks;
  const byChunk = new Map<number, Placed[]>();
  for (const c of all) (byChunk.get(c.chunkId) ?? byChunk.set(c.chunkId, []).get(c.chunkId)!).push(c);
  let list: Picked[] = [...picks.picks];
  const pickOf = (chunkId: number): Picked | undefined => pickOrCandidate(list, candidates, chunkId);
  for (const shown of [...list]) {
    const own = byChunk.get(shown.s.cand.chunkId);
    if (!own) continue;
    // Best last, so the best partner ends right below the result.
    for (const id of partnersToPlace(partners(own, all, query, either, whether), list, shown, max).reverse()) {
      const other = pickOf(id);
      if (!other) continue;
      const at = list.indexOf(other);
      if (at >= 0 && at < list.indexOf(shown)) continue;
      list = list.filter((p) => p !== other);
      list.splice(list.indexOf(shown) + 1, 0, other);
    }
  }
  return { ...picks, picks: list.slice(0, Math.max(picks.picks.length, picks.facts.plan.limit)) };
}

/**
 * Stage 6f, a replaced value's echo below its replacement: a result that is not the person's
 * own statement (an assistant's reply, a summary) and restates the values of a statement a
 * later one replaced ("here's a plan to manage the $3,500 for filing fees and $5,000 for
 * attorney fees", after the person wrote "I've allocated $4,000 for filing fees and $5,500
 * for attorney fees") gets the replacement right above it. Such replies repeat the query's
 * words at length, so keyword scoring puts them first, and the person's shorter newer
 * statement of the slot lands below every copy of the old sums. The first such echo and the
 * replacement trade places: every other result keeps its rank.
 *
 * The pairs are the indexer's update links (src/indexer/supersede.ts) whose two sides are both
 * candidates of this search: the query says the slot is the one asked about, the links say
 * which value replaced which. An echo holds every value of the older side the newer one
 * changed and none of the newer side's new values (a reply restating the new sums is current,
 * not an echo). Nothing is hidden or marked; with the date filter's end, a replacement said
 * after it is no replacement yet. Never a model.
 */
import { contentWords, findValues } from "../../indexer/statements.js";
import { linksOfChunks, statementsOfChunks, type StoredLink } from "../../store/statements.js";
import { newestOf, untilOf } from "./current.js";
import { pickOrCandidate, type Picked, type Picks } from "./diversify.js";
import { queryStems } from "./newer-twin.js";
import type { SearchIndexes } from "./stages.js";
import { DEFAULT_TWIN_OPTIONS, mayAskForValue, type TwinOptions } from "./twin-values.js";


/**
 * Whether two sentences both carry the query's words as twins must (twin-values.ts: two of
 * them at least, and `minSharedQuery` of its weight): the pair is the slot asked about, not
 * another of the conversation's sums that an echo happens to hold ("the timeline: April 10,
 * prior art search" for a question about the search's dates also restates the fees).
 */
export function sameAskedSlot(older: string, newer: string, query: ReadonlyMap<string, number>, opts: TwinOptions = DEFAULT_TWIN_OPTIONS): boolean {
  const total = [...query.values()].reduce((s, w) => s + w, 0);
  if (total <= 0) return false;
  const theirs = new Set(contentWords(newer));
  const shared = [...new Set(contentWords(older))].filter((w) => theirs.has(w) && query.has(w));
  const weight = shared.reduce((s, w) => s + (query.get(w) ?? 0), 0);
  return shared.length >= Math.min(opts.minSharedTerms, query.size) && weight / total >= opts.minSharedQuery;
}

/** The values of a text as comparable keys (type, unit and normal form: "money::$3500"). */
export function valueKeys(text: string): Set<string> {
  return new Set(findValues(text).map((v) => `${v.type}:${v.unit}:${v.norm}`));
}

/**
 * Whether `text` echoes the older of two statements: it holds every value the older gave
 * that the newer changed (at least one) and none of the values the newer brought.
 */
export function echoesOlder(text: string, older: string, newer: string): boolean {
  const o = valueKeys(older);
  const n = valueKeys(newer);
  const changed = [...o].filter((k) => !n.has(k));
  const brought = [...n].filter((k) => !o.has(k));
  if (changed.length === 0 || brought.length === 0) return false;
  const said = valueKeys(text);
  return changed.every((k) => said.has(k)) && !brought.some((k) => said.has(k));
}

/** The update links of this search whose two sides are both its candidates, strongest first. */
function candidateUpdates(ix: SearchIndexes, candidates: ReadonlySet<number>, until: number, query: ReadonlyMap<string, number>, opts: TwinOptions): StoredLink[] {
  return linksOfChunks(ix.db, [...candidates])
    .filter((l) => l.kind === "update" && l.newer.ord <= until && candidates.has(l.older.chunkId) && candidates.has(l.newer.chunkId))
    .filter((l) => sameAskedSlot(l.older.text, l.newer.text, query, opts))
    .sort((a, b) => b.strength - a.strength);
}

export function echoesBelowReplacement(ix: SearchIndexes, picks: Picks): Picks {
  const plan = picks.facts.plan;
  if (!plan.config.twins.enabled || picks.picks.length === 0 || picks.facts.listing || !mayAskForValue(plan.query)) return picks;
  const query = queryStems(picks.facts.stats.terms);
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  const until = untilOf(plan.filters.dateTo);
  const links = candidateUpdates(ix, new Set(candidates.keys()), until, query, plan.config.twins);
  if (links.length === 0) return picks;
  // The person's own statements are the sides of the links, never echoes.
  const stating = new Set(statementsOfChunks(ix.db, picks.picks.map((p) => p.s.cand.chunkId)).map((r) => r.chunkId));
  let list: Picked[] = [...picks.picks];
  const moved = new Set<number>();
  for (const l of links) {
    const newest = newestOf(ix, l, until);
    if (moved.has(newest.chunkId) || newest.chunkId === l.older.chunkId) continue;
    const newer = pickOrCandidate(list, candidates, newest.chunkId);
    if (!newer) continue;
    const at = list.indexOf(newer);
    const above = at < 0 ? list : list.slice(0, at);
    const echo = above.find((p) => !stating.has(p.s.cand.chunkId) && echoesOlder(p.s.cand.text, l.older.text, newest.text));
    if (!echo) continue;
    moved.add(newest.chunkId);
    // The two trade places, so every other result keeps its rank: the replacement takes the
    // echo's, the echo the replacement's (the end of the list when it came from the pool).
    const from = list.indexOf(echo);
    if (at < 0) list = [...list.slice(0, from), newer, ...list.slice(from + 1), echo];
    else [list[from], list[at]] = [newer, echo];
  }
  return { ...picks, picks: list.slice(0, Math.max(picks.picks.length, plan.limit)) };
}

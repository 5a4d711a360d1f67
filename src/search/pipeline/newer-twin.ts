/**
 * Stage 6d, the newer of two twins first: when two candidates of this search give the slot
 * the query names two different values (twin-values.ts), the newer goes right above the
 * older — moved up when it is a pick further down, brought in when it is a candidate the
 * floor or the limit left out (a replacement often lacks a word of the question the
 * original had: "the deadline was extended to May 20" against "the application deadline for
 * the senior producer role at Montserrat Media Corp is May 10").
 *
 * The links stage before it (current.ts) follows what the indexer's linker recorded, which
 * is conservative and marks the older result superseded. This stage needs no link and marks
 * nothing: it only orders this query's results, since the query, not a stored guess, says
 * which slot is meant. Only candidates of this search are brought in (they passed its
 * filters and privacy scope in SQL); with the date filter's end, a statement said after it is
 * no twin yet. Never a model.
 */
import type { Statement } from "../../indexer/statements.js";
import { stem } from "../../indexer/statements.js";
import { markedStatementsOfChunks, statementData } from "../../store/statements.js";
import { pickOrCandidate, type Picked, type Picks } from "./diversify.js";
import type { SearchIndexes } from "./stages.js";
import { mayAskForValue, twinSlot, type TwinOptions, type ValueStatement } from "./twin-values.js";
import { atAnotherPlace, placesAsked } from "./other-place.js";
import { holdsAtLeast } from "./holds.js";

interface Said extends ValueStatement {
  chunkId: number;
  ord: number;
}

/** The end of the search's date filter as ms (the end of that day), or Infinity. */
function untilOf(dateTo: string | undefined): number {
  if (!dateTo) return Infinity;
  const t = Date.parse(`${dateTo}T23:59:59.999Z`);
  return Number.isNaN(t) ? Infinity : t;
}

/**
 * The query's terms as the statements' words are written (stemmed), each with its weight. A
 * hyphenated term ("peer-reviewed", one term of the keyword index) is its parts, as in a
 * statement, sharing its weight: "the peer review" then meets it. A statement holds the word
 * itself, never its act partner, so the weight is the word's own rarity (`wordIdf`): counted
 * with the partner's chunks, "classification" (with "classify") looked common and a question's
 * twins shared more of its weight than they do.
 */
export function queryStems(terms: readonly { term: string; idf: number; wordIdf?: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of terms) {
    const parts = t.term.split("-").map(stem).filter((w) => w.length >= 3);
    const weight = t.wordIdf ?? t.idf;
    for (const w of parts) out.set(w, Math.max(out.get(w) ?? 0, weight / parts.length));
  }
  return out;
}

/** The candidates' statements that hold a value, said no later than `until`, by chunk. */
function valueStatements(ix: SearchIndexes, chunkIds: readonly number[], until: number, query: ReadonlyMap<string, number>, minTerms: number): Map<number, Said[]> {
  const out = new Map<number, Said[]>();
  // Values are written `"values":[{…` (as valueStatementsOfChunks reads them): a row without one is skipped unparsed.
  for (const r of markedStatementsOfChunks(ix.db, chunkIds, "values")) {
    if (r.ord > until) continue;
    const st = statementData<Pick<Statement, "words" | "values">>(r);
    if (!Array.isArray(st.values) || st.values.length === 0 || !Array.isArray(st.words)) continue;
    // One that carries too few of the query's words is nobody's twin: the pairs below stay few.
    if (!holdsAtLeast(st.words, minTerms, (w) => query.has(w))) continue;
    const list = out.get(r.chunkId) ?? [];
    list.push({ chunkId: r.chunkId, ord: r.ord, words: st.words, values: st.values });
    out.set(r.chunkId, list);
  }
  return out;
}

/** How many newer twins of one result are placed above it: a chain of changes, not every later mention. */
const MAX_TWINS = 5;

/**
 * The chunks of the statements that are twins of one of `older`'s and said after it: the
 * MAX_TWINS sharing most of the query's weight with it (a later mention that shares only
 * the question's people or verbs is the weakest twin), newest first.
 */
function newerTwins(older: readonly Said[], all: readonly Said[], query: ReadonlyMap<string, number>, opts: TwinOptions, places: readonly string[], textOf: (chunkId: number) => string): number[] {
  const found = new Map<number, { ord: number; weight: number }>();
  for (const o of older) {
    for (const n of all) {
      if (n.chunkId === o.chunkId || n.ord <= o.ord) continue;
      // The count at Cwm is no change of the count at Cefn the question asks about (other-place.ts).
      if (atAnotherPlace(places, o, n, textOf(n.chunkId))) continue;
      const shared = twinSlot(o, n, query, opts);
      if (shared === null) continue;
      const weight = shared.reduce((s, w) => s + (query.get(w) ?? 0), 0);
      const had = found.get(n.chunkId);
      if (!had || weight > had.weight) found.set(n.chunkId, { ord: Math.max(n.ord, had?.ord ?? -Infinity), weight });
    }
  }
  const strongest = [...found.entries()].sort((a, b) => b[1].weight - a[1].weight || b[1].ord - a[1].ord).slice(0, MAX_TWINS);
  return strongest.sort((a, b) => b[1].ord - a[1].ord).map(([chunkId]) => chunkId);
}

/**
 * The date ends the span a value covers ("the budget for fees through August", "saved by
 * June"): what the value is now, not a time gone by to look back at.
 */
export function spanEnd(query: string, dateText: string): boolean {
  const at = query.toLowerCase().indexOf(dateText.toLowerCase());
  return at > 0 && /\b(?:through|thru|until|till|by)\s+(?:the\s+end\s+of\s+)?$/i.test(query.slice(0, at));
}

export function newerTwinsFirst(ix: SearchIndexes, picks: Picks): Picks {
  const opts = picks.facts.plan.config.twins;
  const plan = picks.facts.plan;
  // A question about a time gone by ("in November 2022") asks what was so then, not what is so
  // now; one about a time that holds today ("this year") is about now.
  const past = plan.dates.range !== null && plan.dates.range.to < new Date(ix.nowMs).toISOString().slice(0, 10) && !spanEnd(plan.query, plan.dates.range.text);
  if (!opts.enabled || picks.picks.length === 0 || picks.facts.listing || past || !mayAskForValue(plan.query)) return picks;
  const query = queryStems(picks.facts.stats.terms);
  if (query.size === 0) return picks;
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  const said = valueStatements(ix, [...candidates.keys()], untilOf(picks.facts.plan.filters.dateTo), query, Math.min(opts.minSharedTerms, query.size));
  if (said.size < 2) return picks;
  const all = [...said.values()].flat();
  const places = placesAsked(plan.query);
  const textOf = (chunkId: number): string => candidates.get(chunkId)?.cand.text ?? "";
  let list: Picked[] = [...picks.picks];
  const pickOf = (chunkId: number): Picked | undefined => pickOrCandidate(list, candidates, chunkId);
  for (const older of [...list]) {
    const own = said.get(older.s.cand.chunkId);
    if (!own) continue;
    // Newest first, each right above the older one: the order of the changes, latest on top.
    for (const twin of newerTwins(own, all, query, opts, places, textOf)) {
      const newer = pickOf(twin);
      if (!newer) continue;
      const at = list.indexOf(newer);
      if (at >= 0 && at < list.indexOf(older)) continue;
      list = list.filter((p) => p !== newer);
      list.splice(list.indexOf(older), 0, newer);
    }
  }
  return { ...picks, picks: list.slice(0, Math.max(picks.picks.length, picks.facts.plan.limit)) };
}

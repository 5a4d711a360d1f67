/**
 * Stage 6a, statements by slot: the statements the indexer read (subject words, values, the
 * words right next to each value) are looked up with the query's own words, so a statement
 * that gives the asked slot a value joins this search's candidates even when BM25 or the
 * vectors left it out of the pool (a replacement said in few words: "52 sources in Zotero
 * now", among many longer notes about the library). It only joins the candidates: the
 * stages after it (current.ts, newer-twin.ts) decide whether it is shown, right above the
 * older value it replaces; a looked-up statement that is no one's newer twin stays out.
 *
 * Conservative: the value's own slot words (what it counts, the words next to it) must be two
 * of the query's words, and its sentence must carry a share of the query's weight as the
 * twins do. Chunks come through the keyword index (two of the query's rarest terms), then
 * the search's filters and privacy scope in SQL (loadCandidates), as every candidate does.
 * Never a model.
 */
import type { StatedValue, Statement } from "../../indexer/statements.js";
import type { DB } from "../../store/open.js";
import { valueStatementsOfChunks } from "../../store/statements.js";
import type { Entry } from "./candidates.js";
import type { Picks } from "./diversify.js";
import type { EvidenceTerm, TermStats } from "./evidence.js";
import { loadCandidates } from "./keyword.js";
import { queryStems } from "./newer-twin.js";
import { scoreCandidates } from "./score.js";
import { keptMatches, matchesOf } from "./bm25.js";
import { allKept } from "./sql.js";
import { keptPer } from "../../store/data-version.js";
import type { SearchIndexes } from "./stages.js";
import { mayAskForValue, type TwinOptions } from "./twin-values.js";
import { holdsAtLeast } from "./holds.js";

/** What the test reads of a statement: its words and its values. */
export interface SlotStatement {
  words: readonly string[];
  values: readonly Pick<StatedValue, "type" | "unit" | "near">[];
}

/** Query words a value's own slot words must hold: one shared word is too often a generic one ("budget", "date"). */
const MIN_SLOT_WORDS = 2;
/** Chunks read from the keyword index at most: the lookup stays a small read whatever the workspace's size. */
const MAX_CHUNKS = 200;
/** The query's rarest terms paired for the keyword index: a long question's common words find everything. */
const MAX_TERMS = 4;
/** Statements added at most: candidates for the twin stages, not results of their own. */
const MAX_ADDED = 20;

/** A value's slot words: what it counts or measures, and the content words right next to it. */
function slotWords(v: SlotStatement["values"][number]): Set<string> {
  const out = new Set(v.near);
  if ((v.type === "count" || v.type === "measure") && v.unit !== "") out.add(v.unit);
  return out;
}

/**
 * The query words one of the statement's values is of (at least MIN_SLOT_WORDS of them, and
 * the sentence carrying `minSharedQuery` of the query's weight); null when the statement gives
 * no value to the slot the query asks about.
 */
export function asksSlot(st: SlotStatement, query: ReadonlyMap<string, number>, opts: Pick<TwinOptions, "minSharedQuery">): string[] | null {
  const total = [...query.values()].reduce((s, w) => s + w, 0);
  if (total <= 0 || st.values.length === 0) return null;
  const carried = [...new Set(st.words)].filter((w) => query.has(w)).reduce((s, w) => s + query.get(w)!, 0);
  if (carried / total < opts.minSharedQuery) return null;
  let best: string[] | null = null;
  for (const v of st.values) {
    const hits = [...slotWords(v)].filter((w) => query.has(w));
    if (hits.length >= MIN_SLOT_WORDS && (best === null || hits.length > best.length)) best = hits;
  }
  return best;
}

/**
 * The chunks holding two of the query's rarest terms, latest first (FTS5, so an index read,
 * not a scan): a replacement often lacks a word of the question the original had, and is
 * the later of the two.
 */
function chunksWithTwoTerms(ix: SearchIndexes, terms: readonly EvidenceTerm[], stats: TermStats): number[] {
  const weight = new Map(stats.terms.map((t) => [t.term, t.idf]));
  const rarest = [...terms].sort((a, b) => (weight.get(b.term) ?? 0) - (weight.get(a.term) ?? 0)).slice(0, MAX_TERMS);
  if (rarest.length < 2) return [];
  // Each pair read on its own and kept while the index is unchanged: distinct queries share
  // their pairs of words far more often than their whole set. The newest MAX_CHUNKS of the
  // union are among the newest MAX_CHUNKS of each pair, so the merge is the one query's answer.
  const ids = new Set<number>();
  for (let i = 0; i < rarest.length; i++) {
    for (let j = i + 1; j < rarest.length; j++) {
      const [a, b] = [rarest[i]!.expr, rarest[j]!.expr].sort();
      for (const id of newestWithBoth(ix.db, a!, b!)) ids.add(id);
    }
  }
  return [...ids].sort((x, y) => y - x).slice(0, MAX_CHUNKS);
}

const PAIR_SQL = `SELECT rowid AS id FROM chunks_fts WHERE chunks_fts MATCH @match ORDER BY rowid DESC LIMIT ${MAX_CHUNKS}`;

/**
 * The newest MAX_CHUNKS chunks matching both expressions, newest first. When a warm host
 * keeps one word's postings at least (every match of it), the AND is the intersection of its
 * matches with the other's (read once, ids only, and kept): FTS5 would walk the kept word's
 * long list again for each pair. Otherwise one FTS5 query, which can stop at the newest
 * MAX_CHUNKS, kept while the index is unchanged.
 */
function newestWithBoth(db: DB, a: string, b: string): readonly number[] {
  if (keptMatches(db, a) === null && keptMatches(db, b) === null) return allKept<{ id: number }>(db, PAIR_SQL, { match: `(${a}) AND (${b})` }).map((r) => r.id);
  // The intersection walks both lists from their newest end: kept per pair, as the SQL's rows are.
  return keptPer(db, "newest with both", `${a}\u0000${b}`, { max: 200_000, size: (ids) => ids.length + 1 }, () => newestCommon(matchesOf(db, a), matchesOf(db, b), MAX_CHUNKS));
}

/** The `max` largest ids in both ascending lists, largest first. */
export function newestCommon(x: ArrayLike<number>, y: ArrayLike<number>, max: number): number[] {
  const out: number[] = [];
  let i = x.length - 1;
  let j = y.length - 1;
  while (i >= 0 && j >= 0 && out.length < max) {
    const u = x[i]!;
    const v = y[j]!;
    if (u === v) {
      out.push(u);
      i--;
      j--;
    } else if (u > v) i--;
    else j--;
  }
  return out;
}

/** The chunks, not yet candidates, with a statement giving the asked slot a value. */
function slotChunks(ix: SearchIndexes, picks: Picks, known: ReadonlySet<number>): number[] {
  const { facts } = picks;
  const query = queryStems(facts.stats.terms);
  const ids = chunksWithTwoTerms(ix, facts.terms, facts.stats).filter((id) => !known.has(id));
  const out: number[] = [];
  const quoted = [...query.keys()].map((w) => `"${w}"`);
  for (const r of valueStatementsOfChunks(ix.db, ids)) {
    if (out.includes(r.chunkId)) continue;
    // Parse only what may pass: two of the query's words, as the statement's JSON writes them.
    if (!holdsAtLeast(quoted, MIN_SLOT_WORDS, (w) => r.data.includes(w))) continue;
    const st = JSON.parse(r.data) as Partial<Pick<Statement, "words" | "values">>;
    if (!Array.isArray(st.words) || !Array.isArray(st.values)) continue;
    if (asksSlot({ words: st.words, values: st.values }, query, facts.plan.config.twins) !== null) out.push(r.chunkId);
    if (out.length >= MAX_ADDED) break;
  }
  return out;
}

export function slotStatements(ix: SearchIndexes, picks: Picks): Picks {
  const { facts } = picks;
  const plan = facts.plan;
  if (!plan.config.twins.enabled || facts.listing || picks.picks.length === 0 || !mayAskForValue(plan.query) || plan.mode === "vector") return picks;
  const known = new Set(picks.scoring.scored.map((s) => s.cand.chunkId));
  const ids = slotChunks(ix, picks, known);
  if (ids.length === 0) return picks;
  // The search's filters and privacy scope, in SQL, as for every other candidate.
  const rows = loadCandidates(ix.db, ids, plan.filters);
  const entries: Entry[] = ids.flatMap((id) => (rows.has(id) ? [{ cand: rows.get(id)!, cosine: null }] : []));
  if (entries.length === 0) return picks;
  const added = scoreCandidates(ix, facts, { entries }).scored;
  return { ...picks, scoring: { ...picks.scoring, scored: [...picks.scoring.scored, ...added] } };
}

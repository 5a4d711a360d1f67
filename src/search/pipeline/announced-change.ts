/**
 * Stage 6d′, a change announced without its new value: when a result gives the slot the query
 * names a value ("the webinar on AI ethics in hiring is on March 20") and a later statement of
 * this search's candidates says that thing was moved, put off or called off without saying the
 * new value ("can you remind me what date the webinar on AI ethics in hiring has been
 * rescheduled to?"), the later one goes right above the older: the older value may be out of
 * date, and the announcement is the newest word on it. The newer-twin stage (newer-twin.ts)
 * needs a new value to compare; this one needs only the announcing words (statements.ts,
 * `announced`) and the query's words the two share, weighed as the twin test weighs them.
 * Nothing is hidden or marked: it orders this query's results only. Never a model.
 */
import type { Statement } from "../../indexer/statements.js";
import { markedStatementsOfChunks, statementData } from "../../store/statements.js";
import { pickOrCandidate, type Picked, type Picks } from "./diversify.js";
import { queryStems, spanEnd } from "./newer-twin.js";
import type { SearchIndexes } from "./stages.js";
import { mayAskForValue, type TwinOptions } from "./twin-values.js";
import { holdsAtLeast } from "./holds.js";
import { toldApart, type Told } from "../../indexer/told-apart.js";

/** What the test reads of a statement: its words, and what tells its thing apart from another of one name ("Flat A", "Sam's"). */
export interface Said extends Told {
  words: readonly string[];
  /** It gives a value (the older side must). */
  valued: boolean;
  /** It announces a move, a delay or a cancellation (the newer side must). */
  announced: boolean;
  negated: boolean;
}

/**
 * The query's words (stemmed) both carry when `newer` announces a change of what `older`
 * gave a value for; null when it does not. The two must share the query's words as twins
 * do (at least `minSharedTerms`, and `minSharedQuery` of the query's weight): the subject is
 * the query's, so "the webinar on AI ethics in hiring" must be in both, not merely "moved".
 */
export function announcesChange(older: Said, newer: Said, query: ReadonlyMap<string, number>, opts: TwinOptions): string[] | null {
  // "Flat A's boiler service is two days later" announces nothing of Flat B's gas check, whatever words they share.
  if (!older.valued || !newer.announced || newer.negated || toldApart(older, newer)) return null;
  const total = [...query.values()].reduce((s, w) => s + w, 0);
  if (total <= 0) return null;
  const theirs = new Set(newer.words);
  const shared = [...new Set(older.words)].filter((w) => theirs.has(w) && query.has(w));
  if (shared.length < Math.min(opts.minSharedTerms, query.size)) return null;
  const weight = shared.reduce((s, w) => s + query.get(w)!, 0);
  return weight / total >= opts.minSharedQuery ? shared : null;
}

interface Placed extends Said {
  chunkId: number;
  ord: number;
}

/** The candidates' statements that give a value or announce a change (only the announcing ones with `announcedOnly`) and carry two of the query's words. */
function placedOf(ix: SearchIndexes, chunkIds: readonly number[], until: number, query: ReadonlyMap<string, number>, announcedOnly = false): Placed[] {
  const out: Placed[] = [];
  // An announcement is written `"announced":true`, a value `"values":[{` (indexer/truth.ts): a row with neither is skipped unparsed.
  for (const r of markedStatementsOfChunks(ix.db, chunkIds, announcedOnly ? "announced" : "announcedOrValues")) {
    if (r.ord > until) continue;
    const st = statementData<Partial<Pick<Statement, "words" | "values" | "negated" | "announced" | "change" | "owned" | "numbered" | "lettered">>>(r);
    // The cheap tests first: most statements neither give a value nor announce anything.
    const valued = Array.isArray(st.values) && st.values.length > 0;
    if (st.announced !== true && (announcedOnly || !valued)) continue;
    if (!Array.isArray(st.words) || !holdsAtLeast(st.words, 2, (w) => query.has(w))) continue;
    // Read from stored JSON that older rules may have written without them: checked, not trusted.
    const told: Told = { ...(st.change === true ? { change: true } : {}), ...(Array.isArray(st.owned) ? { owned: st.owned } : {}), ...(Array.isArray(st.numbered) ? { numbered: st.numbered } : {}), ...(Array.isArray(st.lettered) ? { lettered: st.lettered } : {}) };
    out.push({ chunkId: r.chunkId, ord: r.ord, words: st.words, valued, announced: st.announced === true, negated: st.negated === true, ...told });
  }
  return out;
}

/** The latest announcement after one of `own`'s values, or null. */
function latestAnnouncement(own: readonly Placed[], all: readonly Placed[], query: ReadonlyMap<string, number>, opts: TwinOptions): number | null {
  let best: Placed | null = null;
  for (const o of own) {
    for (const n of all) {
      if (n.chunkId === o.chunkId || n.ord <= o.ord || (best && n.ord <= best.ord)) continue;
      if (announcesChange(o, n, query, opts)) best = n;
    }
  }
  return best?.chunkId ?? null;
}

export function announcedChangesFirst(ix: SearchIndexes, picks: Picks): Picks {
  const opts = picks.facts.plan.config.twins;
  const plan = picks.facts.plan;
  // As for twins: a question about a time gone by asks what was so then; one asking whether
  // something happened wants both sides, not the newest.
  const past = plan.dates.range !== null && plan.dates.range.to < new Date(ix.nowMs).toISOString().slice(0, 10) && !spanEnd(plan.query, plan.dates.range.text);
  if (!opts.enabled || picks.picks.length === 0 || picks.facts.listing || past || !mayAskForValue(plan.query)) return picks;
  const query = queryStems(picks.facts.stats.terms);
  if (query.size < 2) return picks;
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  const dateTo = plan.filters.dateTo ? Date.parse(`${plan.filters.dateTo}T23:59:59.999Z`) : Infinity;
  const until = Number.isNaN(dateTo) ? Infinity : dateTo;
  // Nothing to place without an announcement among the candidates: the values are read only when there is one.
  const announcements = placedOf(ix, [...candidates.keys()], until, query, true);
  if (announcements.length === 0) return picks;
  const all = placedOf(ix, [...candidates.keys()], until, query);
  let list: Picked[] = [...picks.picks];
  for (const older of [...list]) {
    const own = all.filter((p) => p.chunkId === older.s.cand.chunkId && p.valued);
    if (own.length === 0) continue;
    const id = latestAnnouncement(own, announcements, query, opts);
    const newer = id === null ? undefined : pickOrCandidate(list, candidates, id);
    if (!newer) continue;
    const at = list.indexOf(newer);
    if (at >= 0 && at < list.indexOf(older)) continue;
    list = list.filter((p) => p !== newer);
    list.splice(list.indexOf(older), 0, newer);
  }
  return { ...picks, picks: list.slice(0, Math.max(picks.picks.length, plan.limit)) };
}

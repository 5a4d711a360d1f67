/**
 * Stage 6b, newest first: what a later statement replaced never ranks above it, and the two
 * sides of a contradiction come together. Reads the statement links the indexer found
 * (src/indexer/truth.ts, supersede.ts) for the picks:
 *
 *   - an update whose older side is a pick: its replacement goes right above it (moved up
 *     when it is a pick further down, brought in when it is a candidate of this search that
 *     the floor or the limit left out), and the older result carries `supersededBy`;
 *     A result that lists several things (MEMORY.md's bullets) is replaced only where the
 *     question asks: an item the query shares no word with, or fewer than another item does
 *     (or as many, when what replaced it shares none), does not mark the list, nor pull in
 *     what replaced it ("when does the green bin go out" is not about the gym's price);
 *   - a contradiction with one side picked: the other side goes right below it (when it is a
 *     candidate, and for a value clash when the query shares a word with what the two
 *     disagree on, or it is a pick already), and both carry `contradicts`.
 *
 * Only candidates of this search are ever brought in: they passed its filters and privacy
 * scope in SQL, so nothing a session may not see comes in by a link. With the date filter's
 * end (`--to`, `--as-of`), a replacement said after it is no replacement yet. Never a model.
 */
import { contentWords, stem } from "../../indexer/statements.js";
import { linksOfChunks, updatesFrom, type StatementPlace, type StoredLink } from "../../store/statements.js";
import { pickOrCandidate, type Picked, type Picks } from "./diversify.js";
import { listItems } from "./list-items.js";
import { movedDate } from "../../indexer/moved-by.js";
import type { SearchIndexes } from "./stages.js";
import type { StatementRef } from "../types.js";
import type { Candidate } from "./keyword.js";

const refOf = (p: StatementPlace): StatementRef => ({ path: p.path, line: p.line, date: p.date });

/** How many replacements are followed from one statement to the newest (a chain of updates). */
const MAX_CHAIN = 5;

/** The newest statement an update chain leads to from `link.newer`, said no later than `until`. */
export function newestOf(ix: SearchIndexes, link: StoredLink, until: number): StatementPlace {
  let cur = link.newer;
  for (let i = 0; i < MAX_CHAIN; i++) {
    const next = updatesFrom(ix.db, cur).filter((l) => l.newer.ord <= until && l.newer.ord > cur.ord);
    if (next.length === 0) break;
    cur = next.sort((a, b) => b.newer.ord - a.newer.ord)[0]!.newer;
  }
  return cur;
}

/** The end of the search's date filter as ms (the end of that day), or Infinity. */
export function untilOf(dateTo: string | undefined): number {
  if (!dateTo) return Infinity;
  const t = Date.parse(`${dateTo}T23:59:59.999Z`);
  return Number.isNaN(t) ? Infinity : t;
}

/** The query's terms as statements write their words (stemmed; a hyphenated term is its parts). */
function queryStems(terms: readonly string[]): Set<string> {
  return new Set(terms.flatMap((t) => t.split("-")).map(stem).filter((w) => w.length >= 3));
}

/** How many of the query's words a text holds. */
function asked(text: string, query: ReadonlySet<string>): number {
  let n = 0;
  for (const w of distinctWords(text)) if (query.has(w)) n++;
  return n;
}

/**
 * A text's content words, each once, kept per process: the same list items, slots and
 * statements are asked about search after search (a function of the text alone), and reading
 * their words again was the most of this stage's own work. Bounded as list-items.ts bounds
 * its words.
 */
const wordsOfText = new Map<string, readonly string[]>();
function distinctWords(text: string): readonly string[] {
  let words = wordsOfText.get(text);
  if (words === undefined) {
    words = [...new Set(contentWords(text))];
    if (wordsOfText.size >= 20_000) wordsOfText.clear();
    wordsOfText.set(text, words);
  }
  return words;
}

/**
 * A list of two or more items whose replaced item is not the one the query asks about: it
 * shares no word with the query, or fewer than another item does ("who is Arlo's teacher"
 * asks about "Arlo is 7, …, teacher Mrs Patel", not "Arlo swimming: Saturdays 9am", though
 * both name Arlo).
 */
export function otherItemAsked(cand: Pick<Candidate, "text">, replaced: Pick<StatementPlace, "text">, query: ReadonlySet<string>, replacement?: Pick<StatementPlace, "text">): boolean {
  // Two items make a list here: only which item the question asks about is told, not how a list scores.
  const items = listItems(cand.text, 2);
  if (items === null) return false;
  const mine = asked(replaced.text, query);
  if (mine === 0 || items.some((line) => asked(line, query) > mine)) return true;
  // Another item asks as much ("which are my long days": the shifts line and the childminder's "on my long days"):
  // the question is about the replaced one only if what replaced it says something asked too.
  const tied = items.some((line) => !line.includes(replaced.text) && asked(line, query) === mine);
  return tied && replacement !== undefined && asked(replacement.text, query) === 0;
}

/** For each chunk with replaced statements, how many query words the most asked of them shares. */
function mostAskedPerChunk(updates: readonly StoredLink[], query: ReadonlySet<string>, said: (p: StatementPlace) => Pick<StatementPlace, "text">): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of updates) out.set(l.older.chunkId, Math.max(out.get(l.older.chunkId) ?? 0, asked(said(l.older).text, query)));
  return out;
}

/**
 * A table row as its table says it: the header's words with the row's ("| Flat | Tenant | Rent |"
 * over "| A, Sharrow Vale Rd | Jake Morton | £725 |"), since a row names what its cells are only
 * there. Any other line as it is.
 */
export function withTableHead(chunkText: string | undefined, line: string): string {
  if (chunkText === undefined || !line.trimStart().startsWith("|")) return line;
  const lines = chunkText.split("\n");
  let i = lines.findIndex((l) => l.trim() === line.trim());
  if (i < 0) return line;
  while (i > 0 && lines[i - 1]!.trimStart().startsWith("|")) i--;
  return lines[i]!.trim() === line.trim() ? line : `${lines[i]!.trim()} ${line}`;
}

export function newestFirst(ix: SearchIndexes, picks: Picks): Picks {
  if (picks.picks.length === 0) return picks;
  const links = linksOfChunks(ix.db, picks.picks.map((p) => p.s.cand.chunkId));
  if (links.length === 0) return picks;
  const until = untilOf(picks.facts.plan.filters.dateTo);
  const query = queryStems(picks.facts.plan.parsed.terms);
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  let list: Picked[] = [...picks.picks];
  const limit = list.length;
  const pickOf = (chunkId: number): Picked | undefined => pickOrCandidate(list, candidates, chunkId);
  const place = (moving: Picked, anchor: Picked, after: boolean) => {
    list = list.filter((p) => p !== moving);
    const at = list.indexOf(anchor);
    list.splice(after ? at + 1 : at, 0, moving);
  };
  const updates = links.filter((x) => x.kind === "update" && x.newer.ord <= until).sort((a, b) => b.strength - a.strength);
  const said = (p: StatementPlace): Pick<StatementPlace, "text"> => ({ text: withTableHead(candidates.get(p.chunkId)?.cand.text, p.text) });
  const mostAsked = mostAskedPerChunk(updates, query, said);
  for (const l of updates) {
    const older = list.find((p) => p.s.cand.chunkId === l.older.chunkId);
    if (!older || older.supersededBy) continue;
    // A note holding several replaced statements is replaced where the question asks, not by its strongest link.
    if (asked(said(l.older).text, query) < (mostAsked.get(l.older.chunkId) ?? 0)) continue;
    const newest = newestOf(ix, l, until);
    if (otherItemAsked(older.s.cand, said(l.older), query, said(newest))) continue;
    if (newest.chunkId === l.older.chunkId) continue;
    // "Pushed back a week": the replacement names no date, so the date it moved to is the old one shifted.
    const movedTo = newest.id === l.newer.id ? movedDate(l.older.text, l.older.ord, l.newer.text) : null;
    older.supersededBy = movedTo === null ? refOf(newest) : { ...refOf(newest), movedTo };
    const newer = pickOf(newest.chunkId);
    if (!newer) continue;
    // Up to just above the statement it replaced, never down.
    const at = list.indexOf(newer);
    if (at < 0 || at > list.indexOf(older)) place(newer, older, false);
  }
  for (const l of links.filter((x) => x.kind === "contradiction" && x.newer.ord <= until)) {
    const a = list.find((p) => p.s.cand.chunkId === l.older.chunkId);
    const b = list.find((p) => p.s.cand.chunkId === l.newer.chunkId);
    const shown = a ?? b;
    if (!shown) continue;
    const other = a ? pickOf(l.newer.chunkId) : pickOf(l.older.chunkId);
    // A value clash's other side is brought in only when the question is about what the two disagree on: a note that
    // names a passport's expiry in passing ("no worries for Lisbon") does not pull the other expiry above the Lisbon
    // notes. A denial's other side still comes (it is what a "have I ever" question needs, in whatever words).
    if (!other || (!list.includes(other) && l.rule === "value-clash" && asked(l.slot, query) === 0)) continue;
    (shown.contradicts ??= []).push(refOf(a ? l.newer : l.older));
    (other.contradicts ??= []).push(refOf(a ? l.older : l.newer));
    if (!list.includes(other)) place(other, shown, true);
  }
  return { ...picks, picks: list.slice(0, Math.max(limit, picks.facts.plan.limit)) };
}

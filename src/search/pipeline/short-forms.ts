/**
 * Stage 6e, the short form beside the long one: when the query says a thing in full
 * ("two-factor authentication") and the workspace itself defines its short form ("Two-Factor
 * Authentication (2FA)"), a candidate of this search that says only the short form ("I'll
 * enable 2FA for all platforms") goes right below the first result that says it in full: the
 * two are often the two sides of one question (what was set up, and what was said of it
 * later), and BM25 cannot see that they share the query's subject.
 *
 * General, not a word list: the short form is the long form's initials (a number word as its
 * digit: "two-factor" → "2F"), and it counts only when some note of the workspace writes the
 * long form followed by the short one in brackets (one phrase query of the keyword index).
 * Only the person's words are brought (chunks holding statements: their transcript turns and
 * notes; an assistant's reply echoes both forms), and only candidates of this search
 * (filters and privacy scope held in their SQL); nothing is marked. Never a model.
 */
import type { Picked, Picks } from "./diversify.js";
import { pickOrCandidate } from "./diversify.js";
import { statementsOfChunks } from "../../store/statements.js";
import { keptPer } from "../../store/data-version.js";
import { sql } from "./sql.js";
import type { SearchIndexes } from "./stages.js";

const DIGITS: Record<string, string> = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10" };
/** Small words an initialism skips ("Department of Energy" → DOE keeps "of"; most skip it): both forms are tried. */
const SKIPPABLE = new Set(["of", "and", "for", "the", "to", "in", "on", "a", "an", "&"]);
/** Letters of a short form, at least: two-letter ones ("AI", "HR") are too often a word or another thing's initials. */
const MIN_SHORT = 3;
/** Words of a long form, at least two and at most this many. */
const MAX_WORDS = 5;
/** Short forms placed beside one result: the candidate that most says the query's words. */
const MAX_PLACED = 1;

/** A short form and the long form it stands for, as the query writes it. */
export interface ShortForm {
  short: string;
  /** The long form's words, lower case, hyphen parts apart ("two", "factor", "authentication"). */
  words: string[];
}

/** The initialisms of a run of words: the first letters (a number word as its digit), upper case, small words kept and skipped. */
export function initialisms(words: readonly string[]): string[] {
  const letter = (w: string) => DIGITS[w] ?? w[0]!.toUpperCase();
  const all = words.map(letter).join("");
  const skipped = words.filter((w) => !SKIPPABLE.has(w)).map(letter).join("");
  return [...new Set([all, skipped])].filter((s) => s.length >= MIN_SHORT && /[A-Z]/.test(s));
}

/** Every run of 2..MAX_WORDS words of the query (hyphen parts apart) with its initialisms, longest runs first. */
export function longForms(query: string): ShortForm[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}&]+/u).filter((w) => w !== "");
  const out: ShortForm[] = [];
  for (let n = Math.min(MAX_WORDS, words.length); n >= 2; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const run = words.slice(i, i + n);
      // A run that starts or ends with a small word is the same thing said with a word around it.
      if (SKIPPABLE.has(run[0]!) || SKIPPABLE.has(run[n - 1]!) || run.some((w) => /^\d+$/.test(w))) continue;
      for (const short of initialisms(run)) out.push({ short, words: run });
    }
  }
  return out;
}

/**
 * The short forms the workspace defines: a note writes the long form and then the short one
 * ("… authentication (2FA)"). One keyword-index read asks whether any of the query's
 * initialisms is a word of the workspace at all (most are not, and then that is all); the
 * phrase of each that is, is counted through the search's document frequencies, kept while the
 * index is unchanged.
 */
function definedForms(ix: SearchIndexes, picks: Picks): ShortForm[] {
  const forms = longForms(picks.facts.plan.query);
  const shorts = [...new Set(forms.map((f) => f.short.toLowerCase()))];
  if (shorts.length === 0) return [];
  if (!anyInIndex(ix, shorts.map((t) => `"${t}"`).join(" OR "))) return [];
  const out: ShortForm[] = [];
  const { df } = picks.facts;
  for (const f of forms) {
    if (out.some((o) => o.short === f.short) || df.of(`"${f.short.toLowerCase()}"`) === 0) continue;
    if (df.of(`"${[...f.words, f.short.toLowerCase()].join(" ").replace(/"/g, "")}"`) > 0) out.push(f);
  }
  return out;
}

/**
 * Whether the keyword index holds any of the short forms (`or`: their phrases joined by OR),
 * kept while the index is unchanged: a query asked again (an assistant's prompt, a page
 * refreshed) skips the read. Asked short by short instead, a host's distinct queries, whose
 * initials are mostly new, paid one read for each where the OR pays one.
 */
function anyInIndex(ix: SearchIndexes, or: string): boolean {
  return keptPer(ix.db, "short forms in index", or, { max: 100_000 }, () => sql(ix.db, "SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT 1").get(or) !== undefined);
}

/** Whether a text says the long form (words apart by spaces or hyphens, any case). */
export function saysLong(text: string, f: ShortForm): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${f.words.map(escape).join("[\\s-]+")}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

/** Whether a text says the short form as written (upper case, a word of its own). */
export function saysShort(text: string, f: ShortForm): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(f.short)}s?(?![\\p{L}\\p{N}])`, "u").test(text);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function shortFormsBeside(ix: SearchIndexes, picks: Picks): Picks {
  if (!picks.facts.plan.config.twins.enabled || picks.picks.length === 0 || picks.facts.listing) return picks;
  const forms = definedForms(ix, picks).filter((f) => !picks.facts.plan.query.includes(f.short));
  if (forms.length === 0) return picks;
  const candidates = new Map(picks.scoring.scored.map((s) => [s.cand.chunkId, s]));
  let list: Picked[] = [...picks.picks];
  for (const f of forms) {
    const anchor = list.find((p) => saysLong(p.s.cand.text, f));
    if (!anchor) continue;
    const at = list.indexOf(anchor);
    // The candidates that say only the short form, best scored first; one already above the anchor stands beside it in plain sight.
    // Only the person's words (chunks holding statements: their turns and notes, not an assistant's echo).
    const said = [...candidates.values()].filter((s) => saysShort(s.cand.text, f) && !saysLong(s.cand.text, f));
    const persons = new Set(statementsOfChunks(ix.db, said.map((s) => s.cand.chunkId)).map((r) => r.chunkId));
    const shortOnly = said.filter((s) => persons.has(s.cand.chunkId)).sort((a, b) => b.final - a.final);
    if (shortOnly.some((s) => list.slice(0, at).some((p) => p.s.cand.chunkId === s.cand.chunkId))) continue;
    for (const s of shortOnly.slice(0, MAX_PLACED)) {
      const other = pickOrCandidate(list, candidates, s.cand.chunkId);
      if (!other) continue;
      list = list.filter((p) => p !== other);
      list.splice(list.indexOf(anchor) + 1, 0, other);
    }
  }
  return { ...picks, picks: list.slice(0, Math.max(picks.picks.length, picks.facts.plan.limit)) };
}

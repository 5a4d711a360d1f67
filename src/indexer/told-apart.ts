/**
 * Two sentences about things of one name that are still two things, told apart by how each
 * names its own (stored with the statement, so linking reads no text):
 *
 * - Whose it is: "my flight … 29 October" and "Sam's flight … 30 October" are two people's
 *   flights; the second is added beside the first, it replaces nothing. "My" and "our" are the
 *   person's own; "Sam's", "the kids'" someone else's. A chain ("my mum's birthday") belongs
 *   to its last holder (mum), so it still meets "Mum's birthday".
 * - Which of a numbered series: "Chapter 4 draft by 21 September" and "Chapter 5 draft by
 *   5 October" are two chapters, unless the newer says something changed.
 *
 * Pure.
 */
import { contentWords, type Statement } from "./statements.js";

/** A thing named with its holder: the holder ("self" for my/our) and the content words after it. */
export interface Owned {
  owner: string;
  words: string[];
}

/** The person's own: what "my" and "our" hold. */
export const SELF = "self";

/**
 * "my flight", "our landlord", "Sam's Dutch number", "the kids' dentist": a holder and up to
 * three words after it. His, her and their are left out: whose they are is not said here.
 */
const POSSESSIVE = /(?<![\p{L}'’])([Mm]y|[Oo]ur|[\p{L}][\p{L}-]*['’]s|[\p{L}]+s['’](?![\p{L}]))(?=\s+((?:[\p{L}'’-]+[ \t]*){1,3}))/gu;
/** Words with "'s" that say when, not whose ("today's flight", "Monday's meeting"). */
const WHEN_OWNER = /^(?:today|tomorrow|yesterday|tonight|mon|tues|wednes|thurs|fri|satur|sun|week|month|year|last|next|this)(?:day)?$/i;
/** "It's", "That's", "Let's": a word and its verb, no holder. */
const NO_HOLDER = /^(?:it|that|there|here|what|let|he|she|who|where|how|this|everyone|everything|nothing|one|today|when|why|which|somebody|someone|anyone)$/i;

/** The things a sentence names with their holders. */
export function ownedOf(text: string): Owned[] {
  const out: Owned[] = [];
  for (const m of text.matchAll(POSSESSIVE)) {
    const after = m[2]!;
    // "my mum's birthday": the thing is mum's; the match at "mum's" names it.
    if (/^[\p{L}-]+['’]/u.test(after)) continue;
    const raw = m[1]!.replace(/['’]s?$/u, "");
    if (WHEN_OWNER.test(raw) || NO_HOLDER.test(raw)) continue;
    const owner = /^(?:my|our)$/i.test(raw) ? SELF : raw.toLowerCase();
    const words = contentWords(after);
    if (words.length > 0) out.push({ owner, words });
  }
  return out;
}

/**
 * The things of a series a sentence names by their number ("Chapter 4", "lesson 12", "Part II"):
 * the series' word and the number. Places ("Room 4", "Gate 12") are left out: where a thing is
 * said to be is its value, and it moves.
 */
const NUMBERED = /\b(chapter|section|part|episode|season|lesson|module|level|stage|phase|step|task|question|exercise|volume|issue|figure|appendix|draft|version)\s+(\d{1,3}|[IVX]{1,4})\b/giu;

export function numberedOf(text: string): string[] {
  return [...new Set([...text.matchAll(NUMBERED)].map((m) => `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`))];
}

/**
 * Homes and plots a person tells apart by a capital letter ("Flat A", "Flat B", "House C"): a
 * landlord's two flats each have their own rent, insurance and tenants, "Flat B's" as much as
 * "Flat B". Case matters: "flat a week" is no name.
 */
const LETTERED = /\b(flat|apartment|house|cottage|plot|block|barn|field|paddock)\s+([A-Z])\b(?![’'.](?!s\b)\w)/giu;

export function letteredOf(text: string): string[] {
  return [...new Set([...text.matchAll(LETTERED)].filter((m) => /^[A-HJ-Z]$/u.test(m[2]!)).map((m) => `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`))];
}

/** A statement with what it names with a holder, a number or a letter (as it was, when it names none). */
export function withToldApart<T extends Statement>(st: T): T {
  const owned = ownedOf(st.text);
  const numbered = numberedOf(st.text);
  const lettered = letteredOf(st.text);
  if (owned.length === 0 && numbered.length === 0 && lettered.length === 0) return st;
  return { ...st, ...(owned.length > 0 ? { owned } : {}), ...(numbered.length > 0 ? { numbered } : {}), ...(lettered.length > 0 ? { lettered } : {}) };
}

/** What telling two things apart reads of a statement (stored with it, so a search stage may read it too). */
export type Told = Partial<Pick<Statement, "owned" | "numbered" | "lettered" | "change">>;

/** Each names a thing of one word with another holder, and neither names it with the other's: two people's things. */
function heldApart(o: Told, n: Told): boolean {
  const a = Array.isArray(o.owned) ? o.owned : [];
  const b = Array.isArray(n.owned) ? n.owned : [];
  const meets = (x: Owned, y: Owned) => x.words.some((w) => y.words.includes(w));
  const other = a.some((x) => b.some((y) => x.owner !== y.owner && meets(x, y)));
  const same = a.some((x) => b.some((y) => x.owner === y.owner && meets(x, y)));
  return other && !same;
}

/** Both name a thing of one series by its number, none the same, and the newer says nothing changed. */
function numberedApart(o: Told, n: Told): boolean {
  const a = Array.isArray(o.numbered) ? o.numbered : [];
  const b = Array.isArray(n.numbered) ? n.numbered : [];
  const series = (x: string) => x.split(" ")[0];
  return !n.change && a.some((x) => b.some((y) => series(x) === series(y))) && !a.some((x) => b.includes(x));
}

/**
 * Each names a home of one kind by another letter, neither naming the other's: two homes, even
 * when the newer says something changed ("actually Flat B's renewal is £412" changes Flat B's).
 */
function letteredApart(o: Told, n: Told): boolean {
  const a = Array.isArray(o.lettered) ? o.lettered : [];
  const b = Array.isArray(n.lettered) ? n.lettered : [];
  const kind = (x: string) => x.split(" ")[0];
  return a.some((x) => b.some((y) => kind(x) === kind(y))) && !a.some((x) => b.includes(x));
}

/** Whether two statements speak of two things: another holder's, another of a numbered series, or another lettered home. */
export function toldApart(o: Told, n: Told): boolean {
  return heldApart(o, n) || numberedApart(o, n) || letteredApart(o, n);
}
